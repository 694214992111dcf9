// Stories: GET /stories (filter, q, sort, status, cursor), POST, PUT with version, DELETE, PUT …/favourite, PUT …/status, POST …/copies.
import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  pageSchema,
  storySchema,
  storyStatusSchema,
  type Story,
  type StoryCopy,
  type StoryCreate,
  type StoryStatus,
  type StoryStatusUpdate,
  type StoryUpdate,
} from '@costory/shared';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { storyKeys, type StoryListParams } from './query-keys';
import { useInvalidateStory } from './story';

const STORY_PAGE_SIZE = 50;
const storyPageSchema = pageSchema(storySchema);
type StoryPage = z.infer<typeof storyPageSchema>;

export function getStoryListQueryOptions(params: StoryListParams) {
  return infiniteQueryOptions({
    queryKey: storyKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/stories', {
        query: {
          filter: params.filter,
          q: params.q.trim() || undefined,
          sort: params.sort,
          status: params.status,
          cursor: pageParam,
          limit: STORY_PAGE_SIZE,
        },
        schema: storyPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The list shows its own progress bar; typing in the search box must not cover the page.
    meta: { globalLoading: false },
  });
}

/** `?status=ARCHIVED`: one status; absent (or unknown) every status but archived. */
export const STORY_STATUS_PARAM = 'status';

export function storyStatusOfParam(value: string | null): StoryStatus | undefined {
  const parsed = storyStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What the list shows on arrival: every story, no search, the latest activity first. */
export const FIRST_STORY_LIST = {
  filter: 'all',
  q: '',
  sort: 'lastActivity',
} as const satisfies Omit<StoryListParams, 'status'>;

/** The list's first page as the page asks for it on arrival at `url`: for /'s route, while the page's code downloads. */
export function prefetchStoryList(queryClient: QueryClient, { url }: { url: URL }): Promise<void> {
  const status = storyStatusOfParam(url.searchParams.get(STORY_STATUS_PARAM));
  return queryClient.prefetchInfiniteQuery(
    getStoryListQueryOptions({ ...FIRST_STORY_LIST, status }),
  );
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryCreate) => apiClient.post('/stories', body, { schema: storySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
  });
}

export function useUpdateStory(storyId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStory();
  return useMutation({
    mutationFn: (body: StoryUpdate) =>
      apiClient.put(`/stories/${storyId}`, body, { schema: storySchema }),
    onSuccess: (story) => {
      queryClient.setQueryData(storyKeys.detail(storyId), story);
      return invalidate(storyId);
    },
  });
}

/** Sets the story's status with its version; the story's scope and the lists refresh. */
export function useSetStoryStatus(storyId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStory();
  return useMutation({
    mutationFn: (body: StoryStatusUpdate) =>
      apiClient.put(`/stories/${storyId}/status`, body, { schema: storySchema }),
    onSuccess: (story) => {
      queryClient.setQueryData(storyKeys.detail(storyId), story);
      return invalidate(storyId);
    },
  });
}

/** Copies the story as a new one (POST …/copies); answers the copy. */
export function useCopyStory(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryCopy) =>
      apiClient.post(`/stories/${storyId}/copies`, body, { schema: storySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
  });
}

export function useDeleteStory(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(`/stories/${storyId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: storyKeys.scope(storyId) });
      return queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    },
  });
}

function withFavourite(story: Story, storyId: number, favourite: boolean): Story {
  return story.id === storyId ? { ...story, favourite } : story;
}

/**
 * The star of a story: shown at once in the lists and the detail, put back if the server refuses.
 * The "Favourite" filter is refetched afterwards, since the story enters or leaves it.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, favourite }: { storyId: number; favourite: boolean }) =>
      apiClient.put(`/stories/${storyId}/favourite`, { favourite }),
    onMutate: async ({ storyId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: storyKeys.lists() });
      const lists = queryClient.getQueriesData<InfiniteData<StoryPage>>({
        queryKey: storyKeys.lists(),
      });
      const detail = queryClient.getQueryData<Story>(storyKeys.detail(storyId));
      queryClient.setQueriesData<InfiniteData<StoryPage>>(
        { queryKey: storyKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((story) => withFavourite(story, storyId, favourite)),
            })),
          },
      );
      if (detail) {
        queryClient.setQueryData(
          storyKeys.detail(storyId),
          withFavourite(detail, storyId, favourite),
        );
      }
      return { lists, detail };
    },
    onError: (_error, { storyId }, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.detail) queryClient.setQueryData(storyKeys.detail(storyId), context.detail);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storyKeys.lists() }),
  });
}
