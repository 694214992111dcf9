// Labels of a catalog: GET and POST /catalogs/:id/labels, PUT and DELETE /labels/:labelId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { labelSchema, type Label } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import type { LabelBody } from '@/components/label-dialog';
import { catalogKeys } from './query-keys';

export function getLabelsQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.labels(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/labels`, { schema: listSchema(labelSchema), signal }),
  });
}

function useRefreshLabels(catalogId: number, itemsToo: boolean) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.labels(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
      // A deleted label disappears from the items it was applied to.
      itemsToo
        ? queryClient.invalidateQueries({ queryKey: catalogKeys.items(catalogId) })
        : undefined,
    ]);
}

export function useCreateLabel(catalogId: number) {
  const refresh = useRefreshLabels(catalogId, false);
  return useMutation({
    mutationFn: (body: LabelBody): Promise<Label> =>
      apiClient.post(`/catalogs/${catalogId}/labels`, body, { schema: labelSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateLabel(catalogId: number) {
  const refresh = useRefreshLabels(catalogId, false);
  return useMutation({
    mutationFn: ({ labelId, body }: { labelId: number; body: LabelBody }): Promise<Label> =>
      apiClient.put(`/catalogs/${catalogId}/labels/${labelId}`, body, { schema: labelSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteLabel(catalogId: number) {
  const refresh = useRefreshLabels(catalogId, true);
  return useMutation({
    mutationFn: (labelId: number) => apiClient.delete(`/catalogs/${catalogId}/labels/${labelId}`),
    onSuccess: refresh,
  });
}
