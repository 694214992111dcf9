// Overview of one catalogue; a placeholder until the catalogues issue builds it.
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogOverviewPage(params: CatalogParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogues')}
      view={t('view.catalogueOverview')}
      icon={<MenuBookOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
