// Route loaders that ask for a page's first data while its code downloads, into the query client the app renders with.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params, RouteObject } from 'react-router';
import { hasFreshAccessToken } from '@/lib/session';

/** Where the route was matched: its address and its parameters. */
export interface RouteMatchAt {
  readonly url: URL;
  readonly params: Params;
}

/** Fills the client with what the page's first render asks for (its own query options). */
export type RoutePrefetch = (client: QueryClient, at: RouteMatchAt) => Promise<void>;

let routeClient: QueryClient | null = null;

/** The app's query client, for the routes' loaders: set before the router is created. */
export function setRouteQueryClient(client: QueryClient | null): void {
  routeClient = client;
}

/**
 * A loader that starts the page's first query (its module loads beside the page's code) and lets
 * the page render without waiting: the page's own query then finds the answer on its way, instead
 * of asking only once its code has arrived and rendered. Only with a token that needs no renewal:
 * the app, which renews one after a 401, is not running yet. Only on arrival: a change of the
 * page's own address (a filter in its query string) is the page's to load, and stays synchronous.
 */
export function prefetching(
  load: () => Promise<RoutePrefetch>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request, params }: LoaderFunctionArgs): null => {
      const client = routeClient;
      if (client === null || !hasFreshAccessToken()) return null;
      const at: RouteMatchAt = { url: new URL(request.url), params };
      load().then(
        (prefetch) => prefetch(client, at),
        () => {
          // Offline or after a new release: the page loads its code again and asks itself.
        },
      );
      return null;
    },
    shouldRevalidate: () => false,
  };
}
