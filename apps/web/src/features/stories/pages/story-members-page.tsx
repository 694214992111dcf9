// Members and invites of a story; a placeholder until the story members issue builds it.
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryMembersPage(params: StoryParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.storyMembers')}
      view={t('view.storyMembers')}
      icon={<GroupOutlinedIcon />}
      params={params}
    />
  );
}
