// Lineups of a story; a placeholder until the lineups issue builds it.
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { StoryParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function StoryLineupsPage(params: StoryParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.lineups')}
      view={t('view.lineupList')}
      icon={<RequestQuoteOutlinedIcon />}
      params={params}
    />
  );
}
