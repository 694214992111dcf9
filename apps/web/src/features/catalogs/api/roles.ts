// Roles of a catalog (unit and price): GET and POST /catalogs/:id/roles, PUT with version and DELETE /roles/:roleId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { roleSchema, type LocalizedText, type Role, type UnitOfMeasure } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

/** The body of POST (the shared roleFieldsSchema); PUT adds the version it edits. */
export interface RoleBody {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
  unit: UnitOfMeasure;
  price: string;
}

export function getRolesQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.roles(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/roles`, { schema: listSchema(roleSchema), signal }),
  });
}

function useRefreshRoles(catalogId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.roles(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
}

export function useCreateRole(catalogId: number) {
  const refresh = useRefreshRoles(catalogId);
  return useMutation({
    mutationFn: (body: RoleBody): Promise<Role> =>
      apiClient.post(`/catalogs/${catalogId}/roles`, body, { schema: roleSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateRole(catalogId: number) {
  const refresh = useRefreshRoles(catalogId);
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: number; body: RoleBody & { version: number } }) =>
      apiClient.put(`/catalogs/${catalogId}/roles/${roleId}`, body, { schema: roleSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteRole(catalogId: number) {
  const refresh = useRefreshRoles(catalogId);
  return useMutation({
    mutationFn: (roleId: number) => apiClient.delete(`/catalogs/${catalogId}/roles/${roleId}`),
    onSuccess: refresh,
  });
}
