// Test helpers that render the real route table or a component inside the real shell services.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient, ShellProviders } from '@/app/providers';
import { setRouteQueryClient } from '@/app/routing/route-prefetch';
import { routes } from '@/app/routing/routes';
import { setSessionValues } from '@/lib/session';
import { i18n, initI18n } from '@/i18n';
import { PAGE_NAMESPACES } from '@/i18n/namespaces';
import { resources } from '@/i18n/resources';

export { createAccessToken } from './tokens';

async function loadPages(list: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadPages(route.children);
    }),
  );
}

// The app loads each page's code when its route is first matched. Tests load them all once, as
// the route table did before pages were split, so a test's first render does not wait for a
// transform; navigations still wait for the router, as in the browser. The texts are here first,
// so no route loads them.
initI18n(resources);
await loadPages(routes);

export interface RenderAppOptions {
  /** Signed in unless false. */
  signedIn?: boolean;
  username?: string;
  accessToken?: string;
  /** `startup`: only the texts a first visit to a sign-in page has (the pages' texts come later). */
  texts?: 'all' | 'startup';
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.signedIn !== false) {
    setSessionValues({
      isLogged: 'true',
      username: options.username ?? 'Jana Nováková',
      accessToken: options.accessToken ?? null,
    });
  }
  initI18n(resources);
  if (options.texts === 'startup') {
    for (const locale of Object.keys(resources)) {
      for (const namespace of PAGE_NAMESPACES) i18n.removeResourceBundle(locale, namespace);
    }
  }
  const queryClient = createQueryClient();
  setRouteQueryClient(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/** Renders `ui` inside the shell's providers (theme, toasts, snackbar, confirm, loading). */
export function renderInShell(ui: ReactNode) {
  initI18n(resources);
  const router = createMemoryRouter([
    { path: '/', element: <ShellProviders themeName="ict">{ui}</ShellProviders> },
  ]);
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
