// Item instances of a story: GET …/instances (group, labels, q, cursor) and its subtotal, POST one or a batch, PUT with revision, DELETE, copy and verification.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import {
  instanceBatchSchema,
  instanceSchema,
  instanceSubtotalSchema,
  pageSchema,
  type InstanceBatchCreate,
  type InstanceCreate,
  type InstanceUpdate,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { storyKeys, type InstanceListFilters } from './query-keys';
import { useInvalidateStory } from './story';

const INSTANCE_PAGE_SIZE = 100;
const instancePageSchema = pageSchema(instanceSchema);

/** The filters as the list and its subtotal take them in the query string. */
function filterQuery(filters: InstanceListFilters) {
  return {
    groupId: filters.groupId,
    labelIds: filters.labelIds.length > 0 ? filters.labelIds.join(',') : undefined,
    roleId: filters.roleId,
    phaseId: filters.phaseId,
    q: filters.q.trim() || undefined,
  };
}

export function getInstanceListQueryOptions(storyId: number, filters: InstanceListFilters) {
  return infiniteQueryOptions({
    queryKey: storyKeys.instanceList(storyId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/stories/${storyId}/instances`, {
        query: { ...filterQuery(filters), cursor: pageParam, limit: INSTANCE_PAGE_SIZE },
        schema: instancePageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { globalLoading: false },
  });
}

/** The sums of every instance the filters take, over all the list's pages (decision 0039). */
export function getInstanceSubtotalQueryOptions(storyId: number, filters: InstanceListFilters) {
  return queryOptions({
    queryKey: storyKeys.instanceSubtotal(storyId, filters),
    queryFn: ({ signal }) =>
      apiClient.get(`/stories/${storyId}/instances/subtotal`, {
        query: filterQuery(filters),
        schema: instanceSubtotalSchema,
        signal,
      }),
    meta: { globalLoading: false },
  });
}

/** Every write answers the instance with the server's totals; the story's figures are refetched. */
export function useInstanceMutations(storyId: number) {
  const invalidate = useInvalidateStory();
  const base = `/stories/${storyId}/instances`;
  const onSuccess = () => invalidate(storyId);
  return {
    create: useMutation({
      mutationFn: (body: InstanceCreate) => apiClient.post(base, body, { schema: instanceSchema }),
      onSuccess,
    }),
    /** Pasted rows, added all or nothing; answers the instances in the order given. */
    createBatch: useMutation({
      mutationFn: (body: InstanceBatchCreate) =>
        apiClient.post(`${base}/batch`, body, { schema: instanceBatchSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: InstanceUpdate }) =>
        apiClient.put(`${base}/${id}`, body, { schema: instanceSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.delete(`${base}/${id}`),
      onSuccess,
    }),
    copy: useMutation({
      mutationFn: (id: number) =>
        apiClient.post(`${base}/${id}/copy`, undefined, { schema: instanceSchema }),
      onSuccess,
    }),
    verify: useMutation({
      mutationFn: ({
        id,
        verified,
        revision,
      }: {
        id: number;
        verified: boolean;
        revision: number;
      }) =>
        apiClient.put(
          `${base}/${id}/verification`,
          { verified, revision },
          { schema: instanceSchema },
        ),
      onSuccess,
    }),
  };
}
