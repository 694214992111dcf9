// Czech texts of the summaries: the story summaries by roles, phases, catalog groups and instances, their charts and the formula errors dialog.
import type { Resource } from '../../resource-types';

export default {
  title: 'Souhrn',
} satisfies Resource;
