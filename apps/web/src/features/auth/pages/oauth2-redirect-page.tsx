// Return from the sign-in provider; a placeholder until the sign-in issue completes the code exchange.
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import { useTranslation } from 'react-i18next';

import { ComingSoonPage } from '../../../components/coming-soon-page';

export function OAuth2RedirectPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.signIn')}
      view={t('view.oauth2Redirect')}
      icon={<LoginOutlinedIcon />}
    />
  );
}
