// Company registration; a placeholder until the registration issue builds it.
import AppRegistrationOutlinedIcon from '@mui/icons-material/AppRegistrationOutlined';
import { useTranslation } from 'react-i18next';

import { ComingSoonPage } from '../../../components/coming-soon-page';

export function RegistrationPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.registration')}
      view={t('view.registration')}
      icon={<AppRegistrationOutlinedIcon />}
    />
  );
}
