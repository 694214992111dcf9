// Parts of the pages behind invitation links (a story's /public-access, a catalog's invitation): checking the code, a failed check, and sign-in or registration that come back to the page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';
import { rememberOriginalPath } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { AuthCard } from './auth-card';

export function Checking() {
  const { t } = useTranslation('storyTeam');
  return (
    <AuthCard title={t('access.checking')} icon={<LinkOutlinedIcon />}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{t('access.checkingHint')}</Typography>
      </Box>
    </AuthCard>
  );
}

export function CheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('storyTeam');
  const problemMessage = useProblemMessage();
  // RATE_LIMITED (the code check is limited per address) and outages say why in their own words.
  const text = problemMessage(error instanceof ApiError ? error.code : 'SERVICE_UNAVAILABLE');
  return (
    <AuthCard title={t('access.failedTitle')} icon={<ErrorOutlineIcon />} tone="error">
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('retry')}
      </Button>
    </AuthCard>
  );
}

export function SignedOutChoices() {
  const { t } = useTranslation('storyTeam');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Sign-in (and a sign-in after registering and confirming, in this tab) returns here.
  const rememberThisPage = () => rememberOriginalPath(`${pathname}${search}`);
  return (
    <>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('access.signedOutHint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            rememberThisPage();
            // As the guard does: /login starts the redirect to the sign-in service.
            void navigate(paths.login());
          }}
        >
          {t('access.signIn')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.registration()}
          variant="outlined"
          size="large"
          onClick={rememberThisPage}
        >
          {t('access.register')}
        </Button>
      </Stack>
    </>
  );
}
