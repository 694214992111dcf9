// The personal API token calls (decision 0044): GET and POST /api/v1/me/api-tokens, DELETE /api/v1/me/api-tokens/{id}.
import { queryOptions } from '@tanstack/react-query';
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';

export const API_TOKENS_QUERY_KEY = ['api-tokens'] as const;

export function getApiTokensQueryOptions() {
  return queryOptions({
    queryKey: API_TOKENS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get('/me/api-tokens', { schema: apiTokenListSchema, signal }),
  });
}

export function createApiToken(input: ApiTokenCreate): Promise<ApiTokenCreated> {
  return apiClient.post('/me/api-tokens', input, { schema: apiTokenCreatedSchema });
}

export async function revokeApiToken(id: number): Promise<void> {
  await apiClient.delete(`/me/api-tokens/${id}`);
}
