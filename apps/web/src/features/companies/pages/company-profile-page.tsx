// /company-profile/:userId: the company of the user (the header opens the signed-in user's own), to view and edit.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DomainDisabledOutlinedIcon from '@mui/icons-material/DomainDisabledOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyProfileParams } from '@/lib/routing/route-params';
import { ApiError } from '@/lib/api-client';
import { getCompanyProfileQueryOptions } from '../api/company-profile';
import { CompanyLogo } from '../components/company-logo';
import { CompanyProfileForm } from '../components/company-profile-form';

function ProfileFrame({
  title,
  subtitle,
  icon = <BusinessOutlinedIcon />,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', py: { xs: 3, md: 6 } }}>
      <title>{`${title} · ${t('appName')}`}</title>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4, md: 5 } }}>
        <Box
          sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, mb: 3 }}
        >
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 48,
              height: 48,
              borderRadius: 3,
              color: 'primary.main',
              bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
              '& svg': { fontSize: 28 },
            })}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.45rem', sm: '1.75rem' } }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}

function LoadingFields() {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} />
      ))}
    </Box>
  );
}

export function CompanyProfilePage({ userId }: CompanyProfileParams) {
  const { t } = useTranslation('companies');
  const { t: tCommon } = useTranslation();
  const profile = useQuery(getCompanyProfileQueryOptions(userId));

  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.code === 'NOT_FOUND') {
      return (
        <ProfileFrame
          title={t('profile.notFoundTitle')}
          subtitle={t('profile.notFoundMessage')}
          icon={<DomainDisabledOutlinedIcon />}
        >
          <Button
            component={RouterLink}
            to="/"
            variant="contained"
            startIcon={<HomeOutlinedIcon />}
          >
            {tCommon('actions.goHome')}
          </Button>
        </ProfileFrame>
      );
    }
    return (
      <ProfileFrame title={t('profile.title')}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          }
        >
          {t('profile.loadFailed')}
        </Alert>
      </ProfileFrame>
    );
  }
  if (profile.isPending) {
    return (
      <ProfileFrame title={t('profile.title')} subtitle={t('profile.intro')}>
        <Box role="status" aria-label={tCommon('loading')}>
          <LoadingFields />
        </Box>
      </ProfileFrame>
    );
  }
  return (
    <ProfileFrame title={t('profile.title')} subtitle={t('profile.intro')}>
      <CompanyLogo userId={userId} profile={profile.data} />
      <CompanyProfileForm key={userId} userId={userId} profile={profile.data} />
    </ProfileFrame>
  );
}
