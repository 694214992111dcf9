// Overview of one story; a placeholder until the stories issue builds it.
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryOverviewPage(params: StoryParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.stories')}
      view={t('view.storyOverview')}
      icon={<AutoStoriesOutlinedIcon />}
      params={params}
    />
  );
}
