// Members of a story: GET /stories/:id/members, and for its admins PUT and DELETE /members/:memberId.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { pageSchema, storyMemberSchema, type storyMemberUpdateSchema } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

export type StoryMemberUpdate = z.input<typeof storyMemberUpdateSchema>;

// A story has a handful of members: read as a plain array, a single page accepted as well.
const memberListSchema = z.union([
  z.array(storyMemberSchema),
  pageSchema(storyMemberSchema).transform((page) => page.items),
]);

export function getStoryMembersQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.members(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/members`, { schema: memberListSchema, signal }),
  });
}

/** Role and description changes and removals; each is a story event, so the whole story is refetched. */
export function useStoryMemberMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const base = `/stories/${storyId}/members`;
  const onSuccess = () => invalidate(storyId);
  return {
    update: useMutation({
      mutationFn: ({ memberId, body }: { memberId: number; body: StoryMemberUpdate }) =>
        apiClient.put(`${base}/${memberId}`, body, { schema: storyMemberSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (memberId: number) => apiClient.delete(`${base}/${memberId}`),
      onSuccess,
    }),
  };
}
