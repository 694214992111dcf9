// Calls of the login form to the sign-in service's interaction (decision 0009): what it asks, and the e-mail and password.
import { queryOptions } from '@tanstack/react-query';
import {
  interactionDetailsSchema,
  loginResultSchema,
  type Login,
  type LoginResult,
} from '@costory/shared';
import { createApiClient } from '@/lib/api-client';

// The service's own endpoints, beside /api; its interaction cookie must travel with every call.
const interactionClient = createApiClient({ baseUrl: '/auth/interaction', credentials: 'include' });

export function getInteractionDetailsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['sign-in-interaction', uid],
    queryFn: ({ signal }) =>
      interactionClient.get(`/${encodeURIComponent(uid)}/details`, {
        schema: interactionDetailsSchema,
        signal,
      }),
    staleTime: Infinity,
    // An expired interaction (404) stays expired.
    retry: false,
  });
}

export function submitLogin(uid: string, login: Login): Promise<LoginResult> {
  return interactionClient.post(`/${encodeURIComponent(uid)}/login`, login, {
    schema: loginResultSchema,
  });
}
