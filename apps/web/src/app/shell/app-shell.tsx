// The page frame: skip link, header (banner), story navigation, and the main landmark with the routed page.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ThemeName } from '@costory/shared';
import { Header } from './header';
import { NavigationDrawer } from './navigation-drawer';

const MAIN_ID = 'main-content';

export function AppShell({ themeName }: { themeName: ThemeName }) {
  const { t } = useTranslation('shell');
  return (
    <Box data-theme={themeName} sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={(theme) => ({
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          boxShadow: 3,
          '&:focus': { top: 8 },
        })}
      >
        {t('skipToContent')}
      </Link>
      <Header themeName={themeName} />
      <NavigationDrawer />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, pb: 6, outline: 'none' }}
      >
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
