// The root route's element: picks the theme by context, keeps the sign-in alive and wraps the shell in its UI services.
import { useLocation } from 'react-router';
import { ShellProviders } from '../providers';
import { useSessionKeeper } from '@/lib/session';
import { themeNameForPath } from '../theme/themes';
import { AppShell } from './app-shell';

export function RootLayout() {
  const themeName = themeNameForPath(useLocation().pathname);
  useSessionKeeper();
  return (
    <ShellProviders themeName={themeName}>
      <AppShell themeName={themeName} />
    </ShellProviders>
  );
}
