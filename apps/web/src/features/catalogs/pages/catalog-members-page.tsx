// Members of a catalogue; a placeholder until the catalogue members issue builds it.
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogMembersPage(params: CatalogParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogueMembers')}
      view={t('view.memberList')}
      icon={<GroupOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
