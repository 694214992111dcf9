// Shown inside the shell when a page fails to render, instead of a blank screen.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '@/components/not-found-page';

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('routes');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('error.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('error.description')}</Typography>
        <Button
          variant="contained"
          startIcon={<ReplayIcon />}
          onClick={() => window.location.reload()}
        >
          {t('error.reload')}
        </Button>
      </Paper>
    </Box>
  );
}
