// The whole app: providers around the router.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient, AppProviders } from './providers';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
