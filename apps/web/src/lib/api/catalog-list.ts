// The catalog list, GET /catalogs (mine, q, sort, cursor): the catalogs page and the new-story dialog read it.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { catalogSchema, pageSchema, type CATALOG_SORTS } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { PAGE_SIZE } from './list-schema';

export type CatalogSort = (typeof CATALOG_SORTS)[number];

export interface CatalogListParams {
  /** Only catalogs the user is a member of ("My catalogs"). */
  mine: boolean;
  q: string;
  sort: CatalogSort;
}

/** Query keys of the list; the catalogue's own keys (features/catalogs/api/query-keys.ts) reuse them. */
export const catalogListKeys = {
  all: () => ['catalogs', 'list'] as const,
  list: (params: CatalogListParams) => ['catalogs', 'list', params] as const,
};

const catalogPageSchema = pageSchema(catalogSchema);

export function getCatalogListQueryOptions(params: CatalogListParams) {
  return infiniteQueryOptions({
    queryKey: catalogListKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/catalogs', {
        // `mine` is sent only when on: the server reads any value of it as true.
        query: {
          mine: params.mine ? true : undefined,
          q: params.q.trim() || undefined,
          sort: params.sort,
          cursor: pageParam,
          limit: PAGE_SIZE,
        },
        schema: catalogPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The list shows its own progress bar; typing in the search box must not cover the page.
    meta: { globalLoading: false },
  });
}

/** What the catalogs page shows on arrival: every catalog, no search, by name. */
export const FIRST_CATALOG_LIST: CatalogListParams = { mine: false, q: '', sort: 'name' };

/** The list's first page as the catalogs page asks for it on arrival: for /ctl's route, while the page's code downloads. */
export function prefetchCatalogList(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(getCatalogListQueryOptions(FIRST_CATALOG_LIST));
}
