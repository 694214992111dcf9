// GET /catalogs/:id/events (?itemId=): who changed what and when, newest first, paged by cursor.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { catalogEventSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { PAGE_SIZE, pagedSchema } from '@/lib/api/list-schema';
import { catalogKeys } from './query-keys';

const eventPageSchema = pagedSchema(catalogEventSchema);

export function getCatalogEventsQueryOptions(catalogId: number, itemId?: number) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.eventList(catalogId, itemId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/catalogs/${catalogId}/events`, {
        query: { itemId, cursor: pageParam, limit: PAGE_SIZE },
        schema: eventPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // A side list below the main content: it has its own placeholder.
    meta: { globalLoading: false },
  });
}
