// Reads the summaries need besides the calculation: every instance of the story (for names), page by page.
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Instance } from '@costory/shared';
import { getInstanceListQueryOptions } from './instances';
import type { InstanceListFilters } from './query-keys';

// The same filters as the items page without a filter, so both share one cached list.
const ALL_INSTANCES: InstanceListFilters = {
  groupId: undefined,
  labelIds: [],
  roleId: undefined,
  phaseId: undefined,
  q: '',
};

export interface StoryInstanceIndex {
  /** Instances by id; complete once `loading` is false. */
  byId: ReadonlyMap<number, Instance>;
  loading: boolean;
  failed: boolean;
}

/**
 * The calculation names instances by id only; the summaries show their names, so the whole list
 * is read (100 a page) when `enabled`, e.g. on the instance summary or in the errors dialog.
 */
export function useStoryInstanceIndex(storyId: number, enabled: boolean): StoryInstanceIndex {
  const query = useInfiniteQuery({
    ...getInstanceListQueryOptions(storyId, ALL_INSTANCES),
    enabled,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (enabled && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const byId = useMemo(
    () =>
      new Map(
        (pages ?? []).flatMap((page) => page.items.map((instance) => [instance.id, instance])),
      ),
    [pages],
  );
  return {
    byId,
    loading: enabled && !isError && (query.isPending || hasNextPage),
    failed: isError,
  };
}
