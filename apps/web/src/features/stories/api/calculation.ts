// The story's calculation: GET /stories/:id/calculation (totals by role, phase, group, label and instance, and the formula errors).
import { queryOptions } from '@tanstack/react-query';
import { storyCalculationSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';

export function getStoryCalculationQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.calculation(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/calculation`, { schema: storyCalculationSchema, signal }),
  });
}
