// The story's history: GET /stories/:id/events (optionally of one instance), newest first, cursor paging.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { pageSchema, storyEventSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';

const eventPageSchema = pageSchema(storyEventSchema);

export function getStoryEventsQueryOptions(storyId: number, instanceId?: number) {
  return infiniteQueryOptions({
    queryKey: storyKeys.eventList(storyId, instanceId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/stories/${storyId}/events`, {
        query: { instanceId, cursor: pageParam, limit: 20 },
        schema: eventPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { globalLoading: false },
  });
}
