// Item formulas (decision 0021): GET the list with its issues, PUT the whole list with the item revision, and DELETE
// every formula of one role; every answer is the list as stored now with the item's new revision.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { itemFormulasSchema, type FormulasBulk, type ItemFormulas } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

export function getItemFormulasQueryOptions(catalogId: number, itemId: number) {
  return queryOptions({
    queryKey: catalogKeys.formulas(catalogId, itemId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/items/${itemId}/formulas`, {
        schema: itemFormulasSchema,
        signal,
      }),
    // The formulas tab shows its own skeleton.
    meta: { globalLoading: false },
  });
}

/** After a formula write: the stored list, and the item (its revision) and its history. */
function useFormulasChanged(catalogId: number, itemId: number) {
  const queryClient = useQueryClient();
  return async (formulas: ItemFormulas) => {
    queryClient.setQueryData(catalogKeys.formulas(catalogId, itemId), formulas);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.item(catalogId, itemId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
  };
}

export function useSaveFormulas(catalogId: number, itemId: number) {
  const changed = useFormulasChanged(catalogId, itemId);
  return useMutation({
    mutationFn: (body: FormulasBulk): Promise<ItemFormulas> =>
      apiClient.put(`/catalogs/${catalogId}/items/${itemId}/formulas`, body, {
        schema: itemFormulasSchema,
      }),
    onSuccess: changed,
  });
}

export function useDeleteRoleFormulas(catalogId: number, itemId: number) {
  const changed = useFormulasChanged(catalogId, itemId);
  return useMutation({
    mutationFn: (query: { roleId: number; revision: number }): Promise<ItemFormulas> =>
      apiClient.delete(`/catalogs/${catalogId}/items/${itemId}/formulas`, {
        query,
        schema: itemFormulasSchema,
      }),
    onSuccess: changed,
  });
}
