// The 404 page: for unknown addresses and for known routes whose parameters are not valid.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('routes');
  const { t: tCommon } = useTranslation();
  const { pathname } = useLocation();

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: { xs: 3, md: 8 } }}>
      <title>{`${t('notFound.title')} · ${tCommon('appName')}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
            mb: 2,
          })}
        >
          <TravelExploreOutlinedIcon sx={{ fontSize: 38 }} />
        </Box>
        <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
          {t('notFound.code')}
        </Typography>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4, overflowWrap: 'anywhere' }}>
          {t('notFound.description', { path: pathname })}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlinedIcon />}>
          {tCommon('actions.goHome')}
        </Button>
      </Paper>
    </Box>
  );
}
