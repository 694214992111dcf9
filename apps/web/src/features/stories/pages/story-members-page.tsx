// /story-detail/{id}/members: who works on the story in which role, and (for its admins) invitations and invite links.
import { useTranslation } from 'react-i18next';
import type { StoryParams } from '@/lib/routing/route-params';
import { StoryFrame } from '../components/story-frame';
import { StoryTeam } from '../members/story-team';

export function StoryMembersPage({ storyId }: StoryParams) {
  const { t } = useTranslation('storyTeam');
  return (
    <StoryFrame storyId={storyId} title={t('title')}>
      {(story) => <StoryTeam story={story} />}
    </StoryFrame>
  );
}
