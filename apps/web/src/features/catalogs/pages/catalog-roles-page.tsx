// Roles of a catalogue with their units and prices; a placeholder until the roles issue builds it.
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogRolesPage(params: CatalogParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.roles')}
      view={t('view.roleList')}
      icon={<BadgeOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
