// Catalog items: the paged list (state, group, labels, text), one item, create, update and attributes with the
// revision, and workflow transitions.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  itemSchema,
  itemSummarySchema,
  pageSchema,
  type AttributeFields,
  type Item,
  type itemCreateSchema,
  type itemFieldsSchema,
  type ItemState,
  type ItemTransitionAction,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { PAGE_SIZE } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

export interface ItemListFilters {
  state: ItemState | null;
  groupId: number | null;
  labelIds: readonly number[];
  q: string;
}

export type ItemFieldsBody = z.output<typeof itemFieldsSchema>;
export type ItemCreateBody = z.output<typeof itemCreateSchema>;

const itemPageSchema = pageSchema(itemSummarySchema);

export function getItemListQueryOptions(catalogId: number, filters: ItemListFilters) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.itemList(catalogId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/catalogs/${catalogId}/items`, {
        query: {
          state: filters.state ?? undefined,
          groupId: filters.groupId ?? undefined,
          labelIds: filters.labelIds.length > 0 ? filters.labelIds.join(',') : undefined,
          q: filters.q.trim() || undefined,
          cursor: pageParam,
          limit: PAGE_SIZE,
        },
        schema: itemPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The list shows its own progress bar; filtering must not cover the page.
    meta: { globalLoading: false },
  });
}

export function getItemQueryOptions(catalogId: number, itemId: number) {
  return queryOptions({
    queryKey: catalogKeys.item(catalogId, itemId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/items/${itemId}`, { schema: itemSchema, signal }),
  });
}

/** After any change to an item: the item itself, the lists, the counts and the history. */
async function itemChanged(queryClient: QueryClient, catalogId: number, item?: Item) {
  if (item) queryClient.setQueryData(catalogKeys.item(catalogId, item.id), item);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...catalogKeys.items(catalogId), 'list'] }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.detail(catalogId) }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.groups(catalogId) }),
  ]);
}

export function useCreateItem(catalogId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemCreateBody): Promise<Item> =>
      apiClient.post(`/catalogs/${catalogId}/items`, body, { schema: itemSchema }),
    onSuccess: (item) => itemChanged(queryClient, catalogId, item),
  });
}

export function useUpdateItem(catalogId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemFieldsBody & { revision: number }): Promise<Item> =>
      apiClient.put(`/catalogs/${catalogId}/items/${itemId}`, body, { schema: itemSchema }),
    onSuccess: (item) => itemChanged(queryClient, catalogId, item),
  });
}

export function useSaveAttributes(catalogId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { revision: number; attributes: AttributeFields[] }): Promise<Item> =>
      apiClient.put(`/catalogs/${catalogId}/items/${itemId}/attributes`, body, {
        schema: itemSchema,
      }),
    onSuccess: (item) => itemChanged(queryClient, catalogId, item),
  });
}

export function useItemTransition(catalogId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: ItemTransitionAction; revision: number }) =>
      apiClient.post(`/catalogs/${catalogId}/items/${itemId}/transitions`, body, {
        // A deprecated item may come back as it is now, or as nothing at all (204).
        schema: itemSchema.optional(),
      }),
    onSuccess: async (item, { action }) => {
      // A retired item is gone from the lists; its own page is left, so it is not asked for again.
      if (action === 'DEPRECATE') return itemChanged(queryClient, catalogId);
      await itemChanged(queryClient, catalogId, item);
      if (!item) {
        await queryClient.invalidateQueries({ queryKey: catalogKeys.item(catalogId, itemId) });
      }
    },
  });
}
