// Invitations of a story (admins only): GET and POST /stories/:id/invites, DELETE /invites/:inviteId revokes one.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { pageSchema, storyInviteSchema, type StoryInviteCreate } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

const inviteListSchema = z.union([
  z.array(storyInviteSchema),
  pageSchema(storyInviteSchema).transform((page) => page.items),
]);

/** The server answers 403 to anyone but the story's admins: call it only for them. */
export function getStoryInvitesQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.invites(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/invites`, { schema: inviteListSchema, signal }),
  });
}

export function useStoryInviteMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const base = `/stories/${storyId}/invites`;
  const onSuccess = () => invalidate(storyId);
  return {
    /** With `email` the server mails the link; without, it is an invite link to share. */
    create: useMutation({
      mutationFn: (body: StoryInviteCreate) =>
        apiClient.post(base, body, { schema: storyInviteSchema }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (inviteId: number) => apiClient.delete(`${base}/${inviteId}`),
      onSuccess,
    }),
  };
}
