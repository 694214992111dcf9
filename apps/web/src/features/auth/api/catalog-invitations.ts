// Catalog invitation links: GET /catalog-invitations/:code (public, rate-limited) says what a code offers; POST …/acceptance joins.
import { queryOptions } from '@tanstack/react-query';
import {
  catalogInvitationAcceptanceSchema,
  catalogInvitationSchema,
  type CatalogInvitationAcceptance,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';

function codePath(code: string): string {
  return `/catalog-invitations/${encodeURIComponent(code)}`;
}

export function getCatalogInvitationQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['catalog-invitation', code],
    queryFn: ({ signal }) =>
      apiClient.get(codePath(code), { schema: catalogInvitationSchema, signal }),
    // The page shows its own progress; a rate-limited answer must not be asked again on its own.
    meta: { globalLoading: false },
    retry: false,
  });
}

/** Makes the signed-in user (the invited address) a member of the code's catalog. */
export function acceptCatalogInvitation(code: string): Promise<CatalogInvitationAcceptance> {
  return apiClient.post(`${codePath(code)}/acceptance`, undefined, {
    schema: catalogInvitationAcceptanceSchema,
  });
}
