// The login form's card while its code or the interaction's details are on their way: the same size as the form's start.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';

export function LoginFormLoading() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('login.title')} icon={<LockOutlinedIcon />}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 160 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{t('login.loadingForm')}</Typography>
      </Box>
    </AuthCard>
  );
}
