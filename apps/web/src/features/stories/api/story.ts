// One story and its catalog as the story's members read them: GET /stories/:id and GET /stories/:id/catalog.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { storyCatalogSchema, storySchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';

export function getStoryQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.detail(storyId),
    queryFn: ({ signal }) => apiClient.get(`/stories/${storyId}`, { schema: storySchema, signal }),
  });
}

/** Groups, phases, roles with the story's unit prices and published items: changes rarely. */
export function getStoryCatalogQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.catalog(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/catalog`, { schema: storyCatalogSchema, signal }),
    staleTime: 60_000,
  });
}

/**
 * After any write inside a story: its totals, last activity, calculation and events change, so
 * everything under the story's scope is refetched (the list's totals too).
 */
export function useInvalidateStory() {
  const queryClient = useQueryClient();
  return (storyId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storyKeys.scope(storyId) }),
      queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
    ]);
}
