// After a grid row is saved: the row in the loaded pages is the server's, the subtotal and the story's totals move by the change at once (no jump while they are refetched), and everything else of the story is refreshed except the pages the grid is typing in.
import { useMemo } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Instance, InstanceSubtotal, Story } from '@costory/shared';
import { storyKeys, type InstanceListFilters } from '../api/query-keys';

interface InstancePage {
  items: Instance[];
  nextCursor: string | null;
}

/** What an instance adds to the story's totals (an optional one adds nothing). */
function counted(instance: Instance | undefined) {
  if (!instance || instance.optional) return { price: 0, mandays: 0 };
  return { price: Number(instance.price ?? 0), mandays: instance.mandays };
}

function moneyPlus(value: string | null, delta: number): string | null {
  return value === null ? null : (Number(value) + delta).toFixed(2);
}

function isInstanceList(queryKey: readonly unknown[]): boolean {
  return queryKey[2] === 'instances' && queryKey[3] === 'list';
}

export interface GridCache {
  /**
   * A row was saved: `before` is what the server had until then; `inFilter` says whether the row is one
   * the filters list (a row just added may not be).
   */
  saved: (instance: Instance, before: Instance, inFilter: boolean) => void;
  /** A row was added from the grid; it is shown below the loaded pages until they are reloaded. */
  added: (instance: Instance, inFilter: boolean) => void;
}

export function useGridCache(storyId: number, filters: InstanceListFilters): GridCache {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const shift = (
      before: Instance | undefined,
      after: Instance | undefined,
      inFilter: boolean,
    ) => {
      const was = counted(before);
      const now = counted(after);
      const price = now.price - was.price;
      const mandays = now.mandays - was.mandays;
      const count = (after ? 1 : 0) - (before ? 1 : 0);
      // Whether a row the filters may not list belongs to the subtotal only the server can say: the
      // refetch below tells.
      if (inFilter) {
        queryClient.setQueryData<InstanceSubtotal>(
          storyKeys.instanceSubtotal(storyId, filters),
          (subtotal) =>
            subtotal && {
              ...subtotal,
              count: subtotal.count + count,
              optionalCount:
                subtotal.optionalCount + (after?.optional ? 1 : 0) - (before?.optional ? 1 : 0),
              price: moneyPlus(subtotal.price, price),
              mandays: subtotal.mandays + mandays,
            },
        );
      }
      queryClient.setQueryData<Story>(
        storyKeys.detail(storyId),
        (story) =>
          story && {
            ...story,
            price: moneyPlus(story.price, price),
            estimatedMandays: story.estimatedMandays + mandays,
            instanceCount: story.instanceCount + count,
          },
      );
      void queryClient.invalidateQueries({
        queryKey: storyKeys.scope(storyId),
        predicate: (query) => !isInstanceList(query.queryKey),
      });
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    };
    return {
      saved: (instance, before, inFilter) => {
        queryClient.setQueriesData<InfiniteData<InstancePage>>(
          { queryKey: storyKeys.instances(storyId), predicate: (q) => isInstanceList(q.queryKey) },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === instance.id ? instance : item)),
              })),
            },
        );
        shift(before, instance, inFilter);
      },
      added: (instance, inFilter) => shift(undefined, instance, inFilter),
    };
  }, [queryClient, storyId, filters]);
}
