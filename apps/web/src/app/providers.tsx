// Providers of the app: data and language outside the router; theme and feedback services inside it.
import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ThemeName } from '@costory/shared';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialogProvider } from '@/components/feedback/confirm-dialog';
import { GlobalLoadingProvider } from '@/components/feedback/global-loading';
import { SnackbarNoticeProvider } from '@/components/feedback/snackbar-notice';
import { ToastProvider } from '@/components/feedback/toast';
import { NavigationProvider } from '@/components/navigation';
import { createStyleCache } from './theme/emotion-cache';
import { themeFor } from './theme/themes';

const MAX_QUERY_RETRIES = 2;

// One for the page: every style is then serialized and inserted once, whichever provider renders it.
const styleCache = createStyleCache();

// Client errors (4xx) will not heal by repeating the call; network and server errors might.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // A refetch on every window focus would raise the global overlay for no visible reason.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={styleCache}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}

export function ShellProviders({
  themeName,
  children,
}: {
  themeName: ThemeName;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={themeFor(themeName)}>
      <CssBaseline />
      <ToastProvider>
        <SnackbarNoticeProvider>
          <GlobalLoadingProvider>
            <ConfirmDialogProvider>
              <NavigationProvider>{children}</NavigationProvider>
            </ConfirmDialogProvider>
          </GlobalLoadingProvider>
        </SnackbarNoticeProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
