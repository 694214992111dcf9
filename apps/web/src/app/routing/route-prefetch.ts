// Route loaders that ask for a page's first data while its code downloads, into the query client the app renders with.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { hasFreshAccessToken } from '@/lib/session';

/** Fills the client with what the page's first render asks for (its own query options). */
export type RoutePrefetch = (client: QueryClient, url: URL) => Promise<void>;

let routeClient: QueryClient | null = null;

/** The app's query client, for the routes' loaders: set before the router is created. */
export function setRouteQueryClient(client: QueryClient | null): void {
  routeClient = client;
}

/**
 * A loader that starts the page's first query (its module loads beside the page's code) and lets
 * the page render without waiting: the page's own query then finds the answer on its way, instead
 * of asking only once its code has arrived and rendered. Only with a token that needs no renewal:
 * the app, which renews one after a 401, is not running yet.
 */
export function prefetching(load: () => Promise<RoutePrefetch>) {
  return ({ request }: LoaderFunctionArgs): null => {
    const client = routeClient;
    if (client === null || !hasFreshAccessToken()) return null;
    const url = new URL(request.url);
    load().then(
      (prefetch) => prefetch(client, url),
      () => {
        // Offline or after a new release: the page loads its code again and asks itself.
      },
    );
    return null;
  };
}
