// Suggesting a new catalogue item, optionally in a group; a placeholder until the catalogue items issue.
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogItemCreateParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogItemCreatePage(params: CatalogItemCreateParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogueItems')}
      view={t('view.itemCreate')}
      icon={<AddBoxOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
