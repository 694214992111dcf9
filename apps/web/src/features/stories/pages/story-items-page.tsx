// Item instances of a story, filtered by group and labels; a placeholder until the story items issue.
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryItemsParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryItemsPage(params: StoryItemsParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.storyItems')}
      view={t('view.storyItems')}
      icon={<ListAltOutlinedIcon />}
      params={params}
    />
  );
}
