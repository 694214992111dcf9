// /oauth2-redirect: the return from the sign-in service; exchanges the code and opens the page the user wanted.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';
import { AuthCard } from '../components/auth-card';
import { completeSignIn, SignInError, type SignInFailure } from '../lib/sign-in';

function failureText(t: TFunction<'auth'>, failure: SignInFailure): string {
  switch (failure.reason) {
    case 'provider':
      return t('redirect.provider', { error: failure.error });
    case 'cancelled':
      return t('redirect.cancelled');
    case 'state':
      return t('redirect.state');
    case 'exchange':
      return t('redirect.exchange');
  }
}

function SignInFailed({ failure }: { failure: SignInFailure }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('redirect.failedTitle')} icon={<ErrorOutlineIcon />} tone="error">
      <Typography sx={{ mb: 3 }}>{failureText(t, failure)}</Typography>
      <Button variant="contained" onClick={() => void navigate(paths.login(), { replace: true })}>
        {t('redirect.signInAgain')}
      </Button>
    </AuthCard>
  );
}

export function OAuth2RedirectPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  // A query, so the one-time code is exchanged once even when React mounts the page twice.
  const completion = useQuery({
    queryKey: ['sign-in-completion', search],
    queryFn: () => completeSignIn(new URLSearchParams(search)),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { globalLoading: false },
  });

  if (completion.isSuccess) return <Navigate to={completion.data} replace />;
  if (completion.isError) {
    const failure: SignInFailure =
      completion.error instanceof SignInError ? completion.error.failure : { reason: 'exchange' };
    return <SignInFailed failure={failure} />;
  }
  return (
    <AuthCard title={t('redirect.completing')} icon={<LoginOutlinedIcon />}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{t('signIn.redirectingHint')}</Typography>
      </Box>
    </AuthCard>
  );
}
