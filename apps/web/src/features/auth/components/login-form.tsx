// The sign-in service's login form in the product's look (/login?interaction=…): e-mail and password, demo hint, help links.
import { useDeferredValue, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema, type InteractionDetails, type Login } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { FormTextField } from '@/components/form-text-field';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { leavePage } from '@/lib/browser-location';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { resendConfirmation } from '../api/accounts';
import { getInteractionDetailsQueryOptions, submitLogin } from '../api/interaction';
import { AuthCard } from './auth-card';
import { LoginFormLoading } from './login-form-loading';
import { PasswordField } from './password-field';
import { ResendConfirmationForm } from './resend-confirmation-form';

function ExpiredInteraction() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('login.expiredTitle')}
      icon={<HistoryToggleOffIcon />}
      tone="warning"
      subtitle={t('login.expiredMessage')}
    >
      {/* /login without an interaction starts a fresh sign-in (the remembered path is kept). */}
      <Button variant="contained" onClick={() => void navigate(paths.login(), { replace: true })}>
        {t('login.signInAgain')}
      </Button>
    </AuthCard>
  );
}

function NotVerifiedAlert({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const problemMessage = useProblemMessage();
  const resend = useMutation({ mutationFn: resendConfirmation, meta: { globalLoading: false } });
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Box>{t('login.emailNotVerified')}</Box>
      {/* Resends are limited per address (429): say so rather than fail silently. */}
      {resend.isError ? (
        <Box sx={{ mt: 1, fontWeight: 600 }}>
          {problemMessage(
            resend.error instanceof ApiError ? resend.error.code : 'SERVICE_UNAVAILABLE',
          )}
        </Box>
      ) : null}
      {resend.isSuccess ? (
        <Box role="status" sx={{ mt: 1, fontWeight: 600 }}>
          {t('resend.sent')}
        </Box>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={resend.isPending}
          onClick={() => resend.mutate(email)}
          sx={{ mt: 1 }}
        >
          {t('login.resendConfirmation')}
        </Button>
      )}
    </Alert>
  );
}

function LoginFormView({ uid, details }: { uid: string; details: InteractionDetails }) {
  const { t } = useTranslation('auth');
  const resendPanelId = useId();
  const problemMessage = useProblemMessage();
  const [resendOpen, setResendOpen] = useState(false);
  // The address the last attempt used: a resend goes there, not to whatever is typed since.
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const form = useLocalizedForm(loginSchema, {
    defaultValues: { email: details.loginHint ?? '', password: '' },
    fieldLabels: (locale) => ({
      email: t('fieldName.email', { lng: locale }),
      password: t('fieldName.password', { lng: locale }),
    }),
  });
  const login = useMutation({
    mutationFn: (values: Login) => submitLogin(uid, values),
    meta: { globalLoading: false },
    onSuccess: ({ redirectTo }) => leavePage(redirectTo),
    onError: (error) => {
      if (error instanceof ApiError) {
        applyServerFieldErrors(form.setError, error.errors, ['email', 'password']);
      }
    },
  });

  const error = login.error instanceof ApiError ? login.error : null;
  if (error?.code === 'NOT_FOUND') return <ExpiredInteraction />;

  const message =
    error === null || error.code === 'VALIDATION_FAILED' || error.code === 'EMAIL_NOT_VERIFIED'
      ? null
      : error.code === 'INVALID_CREDENTIALS'
        ? t('login.invalidCredentials')
        : error.code === 'RATE_LIMITED'
          ? t('login.rateLimited')
          : problemMessage(error.code);
  const demoUser = details.demoUser;

  return (
    <AuthCard title={t('login.title')} icon={<LockOutlinedIcon />} subtitle={t('login.subtitle')}>
      {demoUser ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          <Box>{t('login.demo', { email: demoUser.email, password: demoUser.password })}</Box>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => {
              form.setValue('email', demoUser.email);
              form.setValue('password', demoUser.password);
            }}
            sx={{ mt: 1 }}
          >
            {t('login.useDemo')}
          </Button>
        </Alert>
      ) : null}
      {message ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      ) : null}
      {error?.code === 'EMAIL_NOT_VERIFIED' ? <NotVerifiedAlert email={attemptedEmail} /> : null}
      <Box
        component="form"
        noValidate
        aria-label={t('login.title')}
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            setAttemptedEmail(values.email);
            login.mutate(values);
          })(event)
        }
      >
        <Stack spacing={0.5}>
          <FormTextField
            control={form.control}
            name="email"
            label={t('login.email')}
            type="email"
            autoComplete="username"
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            // Stays busy after success too: the browser is leaving for the sign-in service.
            loading={login.isPending || login.isSuccess}
          >
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          {t('login.newHere')}{' '}
          <Link component={RouterLink} to={paths.registration()} sx={{ fontWeight: 600 }}>
            {t('login.register')}
          </Link>
        </Typography>
        <Link
          component="button"
          type="button"
          aria-expanded={resendOpen}
          aria-controls={resendOpen ? resendPanelId : undefined}
          onClick={() => setResendOpen((open) => !open)}
          sx={{ fontSize: '1rem', textAlign: 'left' }}
        >
          {t('login.noConfirmation')}
        </Link>
      </Stack>
      <Collapse in={resendOpen} unmountOnExit>
        <Box id={resendPanelId} sx={{ pt: 2 }}>
          <ResendConfirmationForm defaultEmail={form.getValues('email')} showHeading={false} />
        </Box>
      </Collapse>
    </AuthCard>
  );
}

export function LoginForm({ uid }: { uid: string }) {
  const { t } = useTranslation('auth');
  const details = useQuery(getInteractionDetailsQueryOptions(uid));
  // The form is built in a transition once its details arrive: React yields to a slow phone's browser while it
  // renders, instead of building the whole card in the task that received the answer.
  const loadedDetails = useDeferredValue(details.data);

  if (details.isError) {
    if (details.error instanceof ApiError && details.error.code === 'NOT_FOUND') {
      return <ExpiredInteraction />;
    }
    return (
      <AuthCard title={t('login.title')} icon={<LockOutlinedIcon />}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('login.loadFailed')}
        </Alert>
        <Button variant="contained" onClick={() => void details.refetch()}>
          {t('signIn.retry')}
        </Button>
      </AuthCard>
    );
  }
  if (!loadedDetails) return <LoginFormLoading />;
  return <LoginFormView uid={uid} details={loadedDetails} />;
}
