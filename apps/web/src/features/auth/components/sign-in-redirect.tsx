// /login without an interaction: goes on with signing in (the service's login form, or the browser sent to the service) and says so meanwhile.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InsecureContextError } from '@/lib/oidc';
import { isLeavingPage, leavePage } from '@/lib/browser-location';
import { takeSignIn } from '../lib/sign-in';
import { AuthCard } from './auth-card';

type Failure = 'insecure' | 'failed';

export function SignInRedirect() {
  const { t, i18n } = useTranslation('auth');
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    // Read here, not as a dependency: switching the language must not start a second redirect.
    const language = i18n.resolvedLanguage ?? i18n.language;
    takeSignIn(language).then(
      (next) => {
        // A page already gone (strict mode's first mount, a link followed) leaves it to the next.
        if (!current || isLeavingPage()) return;
        if ('page' in next) void navigate(next.page, { replace: true });
        else leavePage(next.leave);
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof InsecureContextError ? 'insecure' : 'failed');
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, i18n, navigate]);

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
