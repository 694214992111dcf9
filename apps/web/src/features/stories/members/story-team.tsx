// The members page's content: members for everyone, invitations only for the story's admins (others get 403 there).
import { storyRoleAllows, type Story } from '@costory/shared';
import { InvitesSection } from './invites-section';
import { MembersSection } from './members-section';

export function StoryTeam({ story }: { story: Story }) {
  return (
    <>
      <MembersSection story={story} />
      {storyRoleAllows(story.myRole, 'MANAGE_STORY') ? <InvitesSection story={story} /> : null}
    </>
  );
}
