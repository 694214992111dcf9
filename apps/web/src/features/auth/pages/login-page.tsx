// Sign-in page the guard sends visitors to; a placeholder until the sign-in issue starts the provider redirect.
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import { useTranslation } from 'react-i18next';

import { ComingSoonPage } from '../../../components/coming-soon-page';

export function LoginPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.signIn')}
      view={t('view.login')}
      icon={<LockOpenOutlinedIcon />}
    />
  );
}
