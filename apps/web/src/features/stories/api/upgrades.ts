// Deliberate catalog upgrades (decision 0043): GET …/upgrades, PUT …/pinning and POST …/upgrades of one story.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storyUpgradesSchema, type StoryPinning, type StoryUpgrade } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

/** Whether the story pins its item versions, and the items waiting for an upgrade. */
export function getStoryUpgradesQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.upgrades(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/upgrades`, { schema: storyUpgradesSchema, signal }),
  });
}

/**
 * Both writes answer the new list, shown at once. Unpinning and upgrading change the figures of
 * the story, its instances, summaries and comparisons, and pinning its history and the list's
 * marker: the whole scope of the story is refetched, and the story lists.
 */
function useUpgradesWrite<Body>(storyId: number, path: string, method: 'put' | 'post') {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStory();
  return useMutation({
    mutationFn: (body: Body) =>
      apiClient[method](`/stories/${storyId}/${path}`, body, { schema: storyUpgradesSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(storyKeys.upgrades(storyId), answer);
      return invalidate(storyId);
    },
  });
}

/** PUT …/pinning: pin the item versions the story calculates with now, or drop the pins. */
export function useStoryPinning(storyId: number) {
  return useUpgradesWrite<StoryPinning>(storyId, 'pinning', 'put');
}

/** POST …/upgrades: these items (every waiting one without `itemIds`) to their latest version. */
export function useUpgradeItems(storyId: number) {
  return useUpgradesWrite<StoryUpgrade>(storyId, 'upgrades', 'post');
}
