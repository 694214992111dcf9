// Labels of a catalogue; a placeholder until the catalogue labels issue builds it.
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogLabelsPage(params: CatalogParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogueLabels')}
      view={t('view.labelList')}
      icon={<LabelOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
