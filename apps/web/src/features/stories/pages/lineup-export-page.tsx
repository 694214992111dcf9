// PDF export of one lineup; a placeholder until the lineups issue builds it.
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { useShowNavigation } from '../../../app/navigation';
import type { LineupExportParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function LineupExportPage(params: LineupExportParams) {
  useShowNavigation();
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.lineups')}
      view={t('pdfExport', { view: t('view.lineup') })}
      icon={<PictureAsPdfOutlinedIcon />}
      params={params}
    />
  );
}
