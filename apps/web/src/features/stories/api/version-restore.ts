// Restoring a story version (decision 0042, fourth slice): POST …/versions/:id/restore puts the story back to the version, POST …/versions/:id/copy starts a new story from it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  storySchema,
  storyVersionRestoredSchema,
  type StoryVersionCopy,
  type StoryVersionRestore,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

/** Everything of the story changes (instances, labels, totals, versions, history): its whole scope is refetched. */
export function useRestoreVersion(storyId: number) {
  const invalidate = useInvalidateStory();
  return useMutation({
    mutationFn: ({ versionId, ...body }: StoryVersionRestore & { versionId: number }) =>
      apiClient.post(`/stories/${storyId}/versions/${versionId}/restore`, body, {
        schema: storyVersionRestoredSchema,
      }),
    onSuccess: () => invalidate(storyId),
  });
}

/** A new story from the version; answers it. The story lists gain it. */
export function useCopyVersion(storyId: number, versionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryVersionCopy) =>
      apiClient.post(`/stories/${storyId}/versions/${versionId}/copy`, body, {
        schema: storySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
  });
}
