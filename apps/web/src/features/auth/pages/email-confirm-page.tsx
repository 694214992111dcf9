// /email-confirm (public): confirms the address from the mail's link, or by the one-time code, and offers a new mail.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { EmailConfirmationResult } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { confirmEmail } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { OneTimeCodeForm } from '../components/one-time-code-form';
import { ResendConfirmationForm } from '../components/resend-confirmation-form';

function Confirmed({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('emailConfirm.successTitle')}
      icon={<MarkEmailReadOutlinedIcon />}
      tone="success"
      focusTitle
    >
      <Typography sx={{ mb: 3 }}>
        <Trans
          t={t}
          i18nKey="emailConfirm.successMessage"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Button component={RouterLink} to={paths.login()} variant="contained" size="large">
        {t('emailConfirm.signIn')}
      </Button>
    </AuthCard>
  );
}

/** The two ways forward when the link did not work: the code from the mail, or a new mail. */
function OtherWays({ onConfirmed }: { onConfirmed: (result: EmailConfirmationResult) => void }) {
  return (
    <>
      <OneTimeCodeForm onConfirmed={onConfirmed} />
      <Divider sx={{ my: 3 }} />
      <ResendConfirmationForm />
    </>
  );
}

function ConfirmByLink({
  code,
  onConfirmed,
}: {
  code: string;
  onConfirmed: (result: EmailConfirmationResult) => void;
}) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const problemMessage = useProblemMessage();
  // A query, so the single-use code is sent once even when React mounts the page twice.
  const confirmation = useQuery({
    queryKey: ['email-confirmation', code],
    queryFn: () => confirmEmail({ code }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { globalLoading: false },
  });

  if (confirmation.isPending) {
    return (
      <AuthCard title={t('emailConfirm.confirming')} icon={<MarkEmailReadOutlinedIcon />}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 64 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography sx={{ color: 'text.secondary' }}>{t('signIn.redirectingHint')}</Typography>
        </Box>
      </AuthCard>
    );
  }
  if (confirmation.isSuccess) return <Confirmed email={confirmation.data.email} />;

  const error = confirmation.error instanceof ApiError ? confirmation.error : null;
  // A wrong, used or expired code; anything else (no connection, too many tries) may pass on retry.
  const transient =
    error !== null && ['SERVICE_UNAVAILABLE', 'INTERNAL', 'RATE_LIMITED'].includes(error.code);
  return (
    <AuthCard
      title={tErrors('emailConfirm.failed')}
      icon={<ErrorOutlineIcon />}
      tone="error"
      width="medium"
      subtitle={transient ? undefined : t('emailConfirm.failedHint')}
    >
      {transient && error ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void confirmation.refetch()}>
              {t('signIn.retry')}
            </Button>
          }
        >
          {problemMessage(error.code)}
        </Alert>
      ) : null}
      <OtherWays onConfirmed={onConfirmed} />
    </AuthCard>
  );
}

export function EmailConfirmPage() {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const onConfirmed = (result: EmailConfirmationResult) => setConfirmedEmail(result.email);

  if (confirmedEmail !== null) return <Confirmed email={confirmedEmail} />;
  if (code !== '') return <ConfirmByLink code={code} onConfirmed={onConfirmed} />;
  return (
    <AuthCard
      title={tErrors('emailConfirm.missingCode')}
      icon={<LinkOffOutlinedIcon />}
      tone="warning"
      width="medium"
      subtitle={t('emailConfirm.missingHint')}
    >
      <OtherWays onConfirmed={onConfirmed} />
    </AuthCard>
  );
}
