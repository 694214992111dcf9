// The whole app: providers around the router.
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/** `queryClient` is the one the router's loaders fill (createAppRouter). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
