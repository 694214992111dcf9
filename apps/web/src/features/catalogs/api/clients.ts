// Clients of a PUBLIC_PAID catalog (companies that may build stories on it): GET and POST /clients, DELETE /clients/:companyId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { clientSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

export type CatalogClient = z.output<typeof clientSchema>;

export function getClientsQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.clients(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/clients`, { schema: listSchema(clientSchema), signal }),
  });
}

function useRefreshClients(catalogId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.clients(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
}

export function useInviteClient(catalogId: number) {
  const refresh = useRefreshClients(catalogId);
  return useMutation({
    mutationFn: (companyId: number): Promise<CatalogClient> =>
      apiClient.post(`/catalogs/${catalogId}/clients`, { companyId }, { schema: clientSchema }),
    onSuccess: refresh,
  });
}

export function useRemoveClient(catalogId: number) {
  const refresh = useRefreshClients(catalogId);
  return useMutation({
    mutationFn: (companyId: number) =>
      apiClient.delete(`/catalogs/${catalogId}/clients/${companyId}`),
    onSuccess: refresh,
  });
}
