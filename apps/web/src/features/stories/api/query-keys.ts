// Query keys of the story context: everything of one story sits under ['story', id], so one call can refresh it.
import type { StoryFilter, StorySort, StoryStatus } from '@costory/shared';

export interface StoryListParams {
  filter: StoryFilter;
  q: string;
  sort: StorySort;
  /** One status; undefined: every status but archived (a search finds archived ones too). */
  status?: StoryStatus | undefined;
}

export interface InstanceListFilters {
  groupId: number | undefined;
  labelIds: readonly number[];
  roleId: number | undefined;
  phaseId: number | undefined;
  q: string;
}

export const storyKeys = {
  lists: () => ['stories', 'list'] as const,
  list: (params: StoryListParams) => ['stories', 'list', params] as const,
  scope: (storyId: number) => ['story', storyId] as const,
  detail: (storyId: number) => ['story', storyId, 'detail'] as const,
  catalog: (storyId: number) => ['story', storyId, 'catalog'] as const,
  instances: (storyId: number) => ['story', storyId, 'instances'] as const,
  instanceList: (storyId: number, filters: InstanceListFilters) =>
    ['story', storyId, 'instances', 'list', filters] as const,
  instanceSubtotal: (storyId: number, filters: InstanceListFilters) =>
    ['story', storyId, 'instances', 'subtotal', filters] as const,
  instance: (storyId: number, instanceId: number) =>
    ['story', storyId, 'instances', 'detail', instanceId] as const,
  calculation: (storyId: number) => ['story', storyId, 'calculation'] as const,
  labels: (storyId: number) => ['story', storyId, 'labels'] as const,
  members: (storyId: number) => ['story', storyId, 'members'] as const,
  invites: (storyId: number) => ['story', storyId, 'invites'] as const,
  events: (storyId: number) => ['story', storyId, 'events'] as const,
  lineups: (storyId: number) => ['story', storyId, 'lineups'] as const,
  lineup: (storyId: number, lineupId: number) =>
    ['story', storyId, 'lineups', 'detail', lineupId] as const,
  lineupPartners: (storyId: number, kind: string, q: string) =>
    ['story', storyId, 'lineup-partners', kind, q] as const,
  versions: (storyId: number) => ['story', storyId, 'versions'] as const,
  version: (storyId: number, versionId: number) =>
    ['story', storyId, 'versions', 'detail', versionId] as const,
  versionLineups: (storyId: number, versionId: number) =>
    ['story', storyId, 'versions', 'detail', versionId, 'lineups'] as const,
  /** Under the versions, so freezing or deleting one refetches it; a live side moves with the story's scope. */
  versionComparison: (storyId: number, from: string, to: string) =>
    ['story', storyId, 'versions', 'compare', from, to] as const,
  /** Under the story's scope: any write in the story (an instance added, a restore) refetches it. */
  upgrades: (storyId: number) => ['story', storyId, 'upgrades'] as const,
  eventList: (storyId: number, instanceId: number | undefined) =>
    ['story', storyId, 'events', instanceId ?? 'story'] as const,
};
