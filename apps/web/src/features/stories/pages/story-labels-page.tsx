// Labels of a story; a placeholder until the story labels issue builds it.
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryLabelsPage(params: StoryParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.storyLabels')}
      view={t('view.storyLabels')}
      icon={<LabelOutlinedIcon />}
      params={params}
    />
  );
}
