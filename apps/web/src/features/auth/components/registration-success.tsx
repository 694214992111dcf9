// After registering: where the confirmation e-mail went, how to sign in, and (outside production) the development mailbox.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import { getMetaQueryOptions } from '@/lib/meta';

/** The server lists the mails it would send here whenever it does not run in production. */
const DEV_MAILBOX_PATH = '/dev/mailbox';

function useShowsDevMailbox(): boolean {
  const meta = useQuery(getMetaQueryOptions());
  // The demo credentials are offered only outside production, exactly when the mailbox exists.
  return import.meta.env.DEV || meta.data?.demoUser !== undefined;
}

export function RegistrationSuccess({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const showsDevMailbox = useShowsDevMailbox();
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        <Trans
          t={t}
          i18nKey="registration.successMessage"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('registration.linkValidity', { count: EMAIL_CONFIRMATION_TTL_HOURS })}
      </Typography>
      <Button component={RouterLink} to={paths.login()} variant="contained" size="large">
        {t('registration.signIn')}
      </Button>
      {showsDevMailbox ? (
        <Box
          sx={{
            mt: 3,
            p: 2,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        >
          {/* A server page, not a route of the app: a plain link loads it in full. */}
          <Link
            href={DEV_MAILBOX_PATH}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
          >
            <MarkEmailUnreadOutlinedIcon fontSize="small" aria-hidden />
            {t('registration.devMailbox')}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('registration.devMailboxHint')}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}
