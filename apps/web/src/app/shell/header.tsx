// The header bar (spec "Header bar"): drawer toggle, logo, environment labels, context buttons, account, language.
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { Link as RouterLink, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ThemeName } from '@costory/shared';
import { useAppNavigation } from '@/components/navigation';
import { paths } from '@/lib/routing/paths';
import { someMatchHas } from '@/lib/routing/route-handle';
import { useSession } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

interface HeaderLinkButtonProps {
  to: string;
  label: string;
  icon: ReactNode;
  current?: boolean;
}

function HeaderLinkButton({ to, label, icon, current = false }: HeaderLinkButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to={to}
        color="inherit"
        aria-label={label}
        sx={{ bgcolor: current ? 'rgba(255, 255, 255, 0.16)' : undefined }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function EnvironmentLabels() {
  const { t } = useTranslation('shell');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.25, sm: 1 }}
      sx={{ alignItems: 'flex-start', ml: { xs: 0.5, sm: 1 } }}
    >
      <Chip
        label={t('header.alpha')}
        size="small"
        variant="outlined"
        sx={{
          color: 'inherit',
          borderColor: 'rgba(255, 255, 255, 0.7)',
          fontWeight: 700,
          letterSpacing: '0.04em',
          height: { xs: 18, sm: 24 },
          fontSize: { xs: '0.65rem', sm: '0.75rem' },
        }}
      />
      <Chip
        label={
          <>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('header.testingEnvironment')}
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {t('header.testingEnvironmentShort')}
            </Box>
          </>
        }
        title={t('header.testingEnvironment')}
        size="small"
        sx={{
          bgcolor: '#ffc94d',
          color: '#3d2c00',
          fontWeight: 600,
          height: { xs: 18, sm: 24 },
          fontSize: { xs: '0.65rem', sm: '0.75rem' },
        }}
      />
    </Stack>
  );
}

function NavigationToggle() {
  const { t } = useTranslation('shell');
  const { drawerOpen, compact, overlayOpen, toggleDrawer } = useAppNavigation();
  const expanded = compact ? overlayOpen : drawerOpen;
  const label = compact
    ? overlayOpen
      ? t('header.closeNavigation')
      : t('header.openNavigation')
    : drawerOpen
      ? t('header.collapseNavigation')
      : t('header.expandNavigation');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls="app-navigation"
        onClick={toggleDrawer}
        sx={{ mr: { xs: 0, sm: 0.5 } }}
      >
        {expanded ? <MenuOpenIcon /> : <MenuIcon />}
      </IconButton>
    </Tooltip>
  );
}

export function Header({ themeName }: { themeName: ThemeName }) {
  const { t } = useTranslation('shell');
  const { appBarIconShown } = useAppNavigation();
  const hideContextButtons = someMatchHas(useMatches(), 'hideContextButtons');
  const { isLogged, userId } = useSession();
  const homePath = themeName === 'ict' ? paths.home() : paths.catalogues();

  return (
    <AppBar position="fixed" sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1 })}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {appBarIconShown ? <NavigationToggle /> : null}
        <Link
          component={RouterLink}
          to={homePath}
          aria-label={t('header.home')}
          color="inherit"
          sx={{ display: 'flex', borderRadius: 1, flexShrink: 0 }}
        >
          <Logo />
        </Link>
        <EnvironmentLabels />
        <Box sx={{ flexGrow: 1 }} />
        {hideContextButtons ? null : (
          <>
            <HeaderLinkButton
              to={paths.home()}
              label={t('header.stories')}
              icon={<SpaceDashboardOutlinedIcon />}
              current={themeName === 'ict'}
            />
            <HeaderLinkButton
              to={paths.catalogues()}
              label={t('header.catalogs')}
              icon={<LibraryBooksOutlinedIcon />}
              current={themeName === 'ctl'}
            />
          </>
        )}
        {themeName === 'ict' && userId !== null ? (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <HeaderLinkButton
              to={paths.companyProfile(userId)}
              label={t('header.companyProfile')}
              icon={<BusinessOutlinedIcon />}
            />
          </Box>
        ) : null}
        {isLogged ? <AccountMenu /> : null}
        <LanguageSwitcher />
      </Toolbar>
    </AppBar>
  );
}
