// Item groups of a catalog (a tree by parentId): GET and POST /catalogs/:id/groups, GET, PUT and DELETE /groups/:groupId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { groupSchema, type Group, type LocalizedText } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

/** The body of POST and PUT (the shared groupFieldsSchema). */
export interface GroupBody {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
  parentId: number | null;
}

export function getGroupsQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.groups(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/groups`, { schema: listSchema(groupSchema), signal }),
  });
}

/** One group as the server holds it now: read before it is changed, so the edit starts current. */
export function getGroupQueryOptions(catalogId: number, groupId: number) {
  return queryOptions({
    queryKey: catalogKeys.group(catalogId, groupId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/groups/${groupId}`, { schema: groupSchema, signal }),
    staleTime: 0,
  });
}

function useRefreshGroups(catalogId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.groups(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
}

export function useCreateGroup(catalogId: number) {
  const refresh = useRefreshGroups(catalogId);
  return useMutation({
    mutationFn: (body: GroupBody): Promise<Group> =>
      apiClient.post(`/catalogs/${catalogId}/groups`, body, { schema: groupSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateGroup(catalogId: number) {
  const refresh = useRefreshGroups(catalogId);
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: number; body: GroupBody }): Promise<Group> =>
      apiClient.put(`/catalogs/${catalogId}/groups/${groupId}`, body, { schema: groupSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteGroup(catalogId: number) {
  const refresh = useRefreshGroups(catalogId);
  return useMutation({
    mutationFn: (groupId: number) => apiClient.delete(`/catalogs/${catalogId}/groups/${groupId}`),
    onSuccess: refresh,
  });
}
