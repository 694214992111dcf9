// Phases of a catalog: GET and POST /catalogs/:id/phases, PUT and DELETE /phases/:phaseId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { phaseSchema, type LocalizedText, type Phase } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

/** The body of POST and PUT (the shared phaseFieldsSchema). */
export interface PhaseBody {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
}

export function getPhasesQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.phases(catalogId),
    queryFn: async ({ signal }) => {
      const phases = await apiClient.get(`/catalogs/${catalogId}/phases`, {
        schema: listSchema(phaseSchema),
        signal,
      });
      return phases.toSorted((a, b) => a.position - b.position);
    },
  });
}

function useRefreshPhases(catalogId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.phases(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
}

export function useCreatePhase(catalogId: number) {
  const refresh = useRefreshPhases(catalogId);
  return useMutation({
    mutationFn: (body: PhaseBody): Promise<Phase> =>
      apiClient.post(`/catalogs/${catalogId}/phases`, body, { schema: phaseSchema }),
    onSuccess: refresh,
  });
}

export function useUpdatePhase(catalogId: number) {
  const refresh = useRefreshPhases(catalogId);
  return useMutation({
    mutationFn: ({ phaseId, body }: { phaseId: number; body: PhaseBody }): Promise<Phase> =>
      apiClient.put(`/catalogs/${catalogId}/phases/${phaseId}`, body, { schema: phaseSchema }),
    onSuccess: refresh,
  });
}

export function useDeletePhase(catalogId: number) {
  const refresh = useRefreshPhases(catalogId);
  return useMutation({
    mutationFn: (phaseId: number) => apiClient.delete(`/catalogs/${catalogId}/phases/${phaseId}`),
    onSuccess: refresh,
  });
}
