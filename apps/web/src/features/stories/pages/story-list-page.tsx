// The home page, the story dashboard; a placeholder until the stories issue builds it.
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryListPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.stories')}
      view={t('view.storyList')}
      icon={<SpaceDashboardOutlinedIcon />}
    />
  );
}
