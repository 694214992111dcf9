// What a story's pages ask for first, asked for by their routes while the pages' code downloads.
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { parseId } from '@/lib/routing/route-params';
import { getStoryCalculationQueryOptions } from './calculation';
import { getStoryCatalogQueryOptions, getStoryQueryOptions } from './story';

/** The story itself, which every story page's frame shows first. */
export async function prefetchStory(queryClient: QueryClient, { params }: { params: Params }) {
  const storyId = parseId(params.storyId);
  if (storyId !== null) await queryClient.prefetchQuery(getStoryQueryOptions(storyId));
}

/**
 * A summary's data: the story, and its calculation and catalog, which the summary would
 * otherwise ask for only once the story has arrived.
 */
export async function prefetchStorySummary(
  queryClient: QueryClient,
  { params }: { params: Params },
) {
  const storyId = parseId(params.storyId);
  if (storyId === null) return;
  await Promise.all([
    queryClient.prefetchQuery(getStoryQueryOptions(storyId)),
    queryClient.prefetchQuery(getStoryCalculationQueryOptions(storyId)),
    queryClient.prefetchQuery(getStoryCatalogQueryOptions(storyId)),
  ]);
}
