// Czech texts of the storyTeam: the story's labels and members pages, invites and the public access page.
import type { Resource } from '../../resource-types';

export default {
  title: 'Členové',
} satisfies Resource;
