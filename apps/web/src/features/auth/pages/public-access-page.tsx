// Opening a shared story link by its access code; a placeholder until the invites issue builds it.
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import type { PublicAccessParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function PublicAccessPage(params: PublicAccessParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.publicAccess')}
      view={t('view.publicAccess')}
      icon={<LinkOutlinedIcon />}
      params={params}
    />
  );
}
