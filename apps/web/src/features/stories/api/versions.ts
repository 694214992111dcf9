// Story versions (decision 0042): GET and POST …/versions, GET and DELETE …/versions/:id, a version's lineups, and the comparison of two sides.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  lineupSchema,
  storyVersionComparisonSchema,
  storyVersionDetailSchema,
  storyVersionSchema,
  type StoryVersionCreate,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import type { ComparisonSide } from '@/lib/routing/paths';
import { storyKeys } from './query-keys';
import { useInvalidateStory } from './story';

export function getVersionsQueryOptions(storyId: number) {
  return queryOptions({
    queryKey: storyKeys.versions(storyId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/versions`, {
        schema: z.array(storyVersionSchema),
        signal,
      }),
  });
}

/** A version never changes once frozen, so its detail is fresh for as long as it is cached. */
export function getVersionQueryOptions(storyId: number, versionId: number) {
  return queryOptions({
    queryKey: storyKeys.version(storyId, versionId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/versions/${versionId}`, {
        schema: storyVersionDetailSchema,
        signal,
      }),
    staleTime: Infinity,
  });
}

export function getVersionLineupsQueryOptions(storyId: number, versionId: number) {
  return queryOptions({
    queryKey: storyKeys.versionLineups(storyId, versionId),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/versions/${versionId}/lineups`, {
        schema: z.array(lineupSchema),
        signal,
      }),
    staleTime: Infinity,
  });
}

/**
 * GET …/versions/compare?from=…&to=…: what differs between two versions, or a version and the
 * live story. While another pair loads, the last answer stays on screen (no skeleton flash).
 */
export function getVersionComparisonQueryOptions(
  storyId: number,
  from: ComparisonSide,
  to: ComparisonSide,
) {
  return queryOptions({
    queryKey: storyKeys.versionComparison(storyId, String(from), String(to)),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/versions/compare`, {
        query: { from: String(from), to: String(to) },
        schema: storyVersionComparisonSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Freezing and deleting move the story's last activity and history, so its whole scope is refetched. */
export function useVersionMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const queryClient = useQueryClient();
  return {
    freeze: useMutation({
      mutationFn: (body: StoryVersionCreate) =>
        apiClient.post(`/stories/${storyId}/versions`, body, { schema: storyVersionSchema }),
      onSuccess: () => invalidate(storyId),
    }),
    remove: useMutation({
      mutationFn: (versionId: number) =>
        apiClient.delete(`/stories/${storyId}/versions/${versionId}`),
      onSuccess: (_answer, versionId) => {
        queryClient.removeQueries({ queryKey: storyKeys.version(storyId, versionId) });
        return invalidate(storyId);
      },
    }),
  };
}
