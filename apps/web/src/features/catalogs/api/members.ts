// Members of a catalog: GET and POST /catalogs/:id/members (invite by e-mail), PUT (role, description), DELETE (remove or cancel) and POST …/resend /members/:memberId.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  memberSchema,
  type CATALOG_INVITABLE_ROLES,
  type Member,
  type memberInviteSchema,
  type memberUpdateSchema,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { listSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

export type InvitableRole = (typeof CATALOG_INVITABLE_ROLES)[number];
export type MemberInvite = z.output<typeof memberInviteSchema>;
/** A description left out keeps the stored one: the role select sends the role alone. */
export type MemberUpdate = z.output<typeof memberUpdateSchema>;

export function getMembersQueryOptions(catalogId: number) {
  return queryOptions({
    queryKey: catalogKeys.members(catalogId),
    queryFn: ({ signal }) =>
      apiClient.get(`/catalogs/${catalogId}/members`, { schema: listSchema(memberSchema), signal }),
  });
}

function useRefreshMembers(catalogId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.members(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.events(catalogId) }),
    ]);
}

export function useInviteMember(catalogId: number) {
  const refresh = useRefreshMembers(catalogId);
  return useMutation({
    mutationFn: (invite: MemberInvite): Promise<Member> =>
      apiClient.post(`/catalogs/${catalogId}/members`, invite, { schema: memberSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateMember(catalogId: number) {
  const refresh = useRefreshMembers(catalogId);
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: number; body: MemberUpdate }): Promise<Member> =>
      apiClient.put(`/catalogs/${catalogId}/members/${memberId}`, body, { schema: memberSchema }),
    onSuccess: refresh,
  });
}

/** Mails a pending invitation again, with a new link. */
export function useResendInvitation(catalogId: number) {
  const refresh = useRefreshMembers(catalogId);
  return useMutation({
    mutationFn: (memberId: number): Promise<Member> =>
      apiClient.post(`/catalogs/${catalogId}/members/${memberId}/resend`, undefined, {
        schema: memberSchema,
      }),
    onSuccess: refresh,
  });
}

export function useRemoveMember(catalogId: number) {
  const refresh = useRefreshMembers(catalogId);
  return useMutation({
    mutationFn: (memberId: number) =>
      apiClient.delete(`/catalogs/${catalogId}/members/${memberId}`),
    onSuccess: refresh,
  });
}
