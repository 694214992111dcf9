// Catalogs: GET /catalogs (mine, q, sort, cursor), GET /catalogs/:id, POST, PUT with version, the stories on one, DELETE.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  catalogSchema,
  catalogUsageSchema,
  pageSchema,
  type Catalog,
  type CatalogFields,
  type CatalogUpdate,
  type CATALOG_SORTS,
} from '@costory/shared';
import { apiClient } from '../../../lib/api-client';
import { PAGE_SIZE } from './list-schema';
import { catalogKeys } from './query-keys';

export type CatalogSort = (typeof CATALOG_SORTS)[number];

export interface CatalogListParams {
  /** Only catalogs the user is a member of ("My catalogs"). */
  mine: boolean;
  q: string;
  sort: CatalogSort;
}

const catalogPageSchema = pageSchema(catalogSchema);

export function getCatalogListQueryOptions(params: CatalogListParams) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.list(params),
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

export function getCatalogQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.detail(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}`, { schema: catalogSchema, signal }),
  });
}

export function useCreateCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CatalogFields): Promise<Catalog> =>
      apiClient.post('/catalogs', fields, { schema: catalogSchema }),
    onSuccess: async (catalog) => {
      queryClient.setQueryData(catalogKeys.detail(catalog.id), catalog);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
    },
  });
}

export function useUpdateCatalog(catalogId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CatalogUpdate): Promise<Catalog> =>
      apiClient.put(`/catalogs/${catalogId}`, update, { schema: catalogSchema }),
    onSuccess: async (catalog) => {
      queryClient.setQueryData(catalogKeys.detail(catalogId), catalog);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
      ]);
    },
  });
}

/** The stories on the catalog, read fresh each time: a delete confirms exactly what it affects. */
export function getCatalogUsageQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.usage(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/usage`, { schema: catalogUsageSchema, signal }),
    staleTime: 0,
  });
}

/** `confirmStories`: the number of stories on the catalog the user was shown (decision 0029). */
export function useDeleteCatalog(catalogId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmStories: number) =>
      apiClient.delete(`/catalogs/${catalogId}`, {
        query: confirmStories > 0 ? { confirmStories } : {},
      }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: catalogKeys.scope(catalogId) });
      await queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
    },
  });
}
