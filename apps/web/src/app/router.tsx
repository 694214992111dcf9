// The browser router of the app, built from the route table.
import { createBrowserRouter } from 'react-router';
import { routes } from './routing/routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
