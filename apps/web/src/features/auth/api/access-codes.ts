// Shared story links: GET /access-codes/:code (public, rate-limited) says what a code leads to; POST …/acceptance joins.
import { queryOptions } from '@tanstack/react-query';
import {
  accessCodeAcceptanceSchema,
  accessCodeSchema,
  type AccessCodeAcceptance,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';

function codePath(code: string): string {
  return `/access-codes/${encodeURIComponent(code)}`;
}

export function getAccessCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['access-code', code],
    queryFn: ({ signal }) => apiClient.get(codePath(code), { schema: accessCodeSchema, signal }),
    // The page shows its own progress; a rate-limited answer must not be asked again on its own.
    meta: { globalLoading: false },
    retry: false,
  });
}

/** Adds the signed-in user to the code's story (never lowering a role they already have). */
export function acceptAccessCode(code: string): Promise<AccessCodeAcceptance> {
  return apiClient.post(`${codePath(code)}/acceptance`, undefined, {
    schema: accessCodeAcceptanceSchema,
  });
}
