// Items of a catalogue by group and labels, with one item open; a placeholder until the catalogue items issue.
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import type { CatalogItemsParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogItemsPage(params: CatalogItemsParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogueItems')}
      view={t('view.itemList')}
      icon={<Inventory2OutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
