// Catalogs: GET /catalogs/:id, POST, PUT with version, the stories on one, DELETE.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogSchema,
  catalogUsageSchema,
  type Catalog,
  type CatalogFields,
  type CatalogUpdate,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

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
