// Placeholder page for a route whose screen a later issue builds: names the area and shows the parsed parameters.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { describeRouteParams, type RouteParamValues } from './route-params-summary';

export interface ComingSoonPageProps {
  /** Translated name of the product area, e.g. "Summaries". */
  area: string;
  /** Translated name of this page within the area, e.g. "Summary by roles". */
  view: string;
  icon: ReactNode;
  params?: RouteParamValues;
  /** Where "home" is for this context: the story dashboard or the catalogue list. */
  homePath?: string;
}

export function ComingSoonPage({
  area,
  view,
  icon,
  params = {},
  homePath = '/',
}: ComingSoonPageProps) {
  const { t } = useTranslation('routes');
  const { t: tCommon } = useTranslation();
  const hasParams = Object.keys(params).length > 0;

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', py: { xs: 3, md: 6 } }}>
      <title>{`${view} · ${tCommon('appName')}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center', mb: 3 }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 56,
              height: 56,
              borderRadius: 3,
              color: 'primary.main',
              bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
              '& svg': { fontSize: 30 },
            })}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="overline"
              component="p"
              sx={{ color: 'primary.main', lineHeight: 1.6 }}
            >
              {area}
            </Typography>
            <Typography variant="h1">{view}</Typography>
          </Box>
        </Stack>

        <Chip label={t('comingSoon.badge')} size="small" color="primary" variant="outlined" />
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mt: 2, mb: 1 }}>
          {t('comingSoon.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {t('comingSoon.description', { area })}
        </Typography>

        <Divider sx={{ my: 3 }} />

        <Typography variant="h3" sx={{ fontSize: '0.95rem', mb: 1 }}>
          {t('comingSoon.parameters')}
        </Typography>
        {hasParams ? (
          <>
            <Typography sx={{ fontWeight: 600 }}>{describeRouteParams(t, params)}</Typography>
            <Box
              component="code"
              data-testid="route-params"
              sx={{
                display: 'inline-block',
                mt: 1,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                color: 'text.secondary',
                fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
                fontSize: '0.8rem',
                wordBreak: 'break-all',
              }}
            >
              {JSON.stringify(params)}
            </Box>
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('comingSoon.noParameters')}</Typography>
        )}

        <Box sx={{ mt: 4 }}>
          <Button
            component={RouterLink}
            to={homePath}
            variant="contained"
            startIcon={<HomeOutlinedIcon />}
          >
            {tCommon('actions.goHome')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
