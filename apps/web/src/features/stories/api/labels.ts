// Story labels: GET …/labels (with usage counts), POST, PUT, DELETE.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { storyLabelSchema, type storyLabelFieldsSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

export type StoryLabelFields = z.input<typeof storyLabelFieldsSchema>;

export function getStoryLabelsQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.labels(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/labels`, { schema: z.array(storyLabelSchema), signal }),
  });
}

export function useStoryLabelMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const base = `/stories/${storyId}/labels`;
  const onSuccess = () => invalidate(storyId);
  return {
    create: useMutation({
      mutationFn: (body: StoryLabelFields) =>
        apiClient.post(base, body, { schema: storyLabelSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StoryLabelFields }) =>
        apiClient.put(`${base}/${id}`, body, { schema: storyLabelSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.delete(`${base}/${id}`),
      onSuccess,
    }),
  };
}
