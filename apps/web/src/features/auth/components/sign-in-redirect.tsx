// /login without an interaction: starts the redirect to the sign-in service and says so while the browser leaves.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { InsecureContextError } from '@/lib/oidc';
import { startSignIn } from '../lib/sign-in';
import { AuthCard } from './auth-card';

type Failure = 'insecure' | 'failed';

export function SignInRedirect() {
  const { t, i18n } = useTranslation('auth');
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let current = true;
    // Read here, not as a dependency: switching the language must not start a second redirect.
    const language = i18n.resolvedLanguage ?? i18n.language;
    startSignIn(language, () => current).catch((error: unknown) => {
      if (current) setFailure(error instanceof InsecureContextError ? 'insecure' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [attempt, i18n]);

  if (failure) {
    return (
      <AuthCard title={t('signIn.failedTitle')} icon={<ErrorOutlineIcon />} tone="error">
        <Typography sx={{ mb: 3 }}>{t(`signIn.${failure}`)}</Typography>
        <Button
          variant="contained"
          onClick={() => {
            setFailure(null);
            setAttempt((count) => count + 1);
          }}
        >
          {t('signIn.retry')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signIn.redirecting')} icon={<LockOutlinedIcon />}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{t('signIn.redirectingHint')}</Typography>
      </Box>
    </AuthCard>
  );
}
