// /registration (public): registers a company with its first user, then tells where the confirmation e-mail went.
import { useState } from 'react';
import AppRegistrationOutlinedIcon from '@mui/icons-material/AppRegistrationOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationSuccess } from '../components/registration-success';

export function RegistrationPage() {
  const { t } = useTranslation('auth');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail !== null) {
    return (
      <AuthCard
        title={t('registration.successTitle')}
        icon={<MarkEmailUnreadOutlinedIcon />}
        tone="success"
        focusTitle
      >
        <RegistrationSuccess email={registeredEmail} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('registration.title')}
      icon={<AppRegistrationOutlinedIcon />}
      subtitle={t('registration.intro')}
      width="wide"
    >
      <RegistrationForm onRegistered={(result) => setRegisteredEmail(result.email)} />
    </AuthCard>
  );
}
