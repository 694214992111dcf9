// The browser router of the app, built from the route table, its loaders filling the app's query client.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setRouteQueryClient } from './routing/route-prefetch';
import { routes } from './routing/routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router, whose loaders fill `queryClient`, the one the app renders with. */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  setRouteQueryClient(queryClient);
  return createBrowserRouter(routes);
}
