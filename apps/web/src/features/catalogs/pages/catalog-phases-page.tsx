// Phases of a catalogue; a placeholder until the phases issue builds it.
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogPhasesPage(params: CatalogParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.phases')}
      view={t('view.phaseList')}
      icon={<TimelineOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
