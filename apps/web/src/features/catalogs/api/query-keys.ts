// Query keys of the catalogue context: everything of one catalog sits under ['catalog', id], so one call can refresh it.
import { catalogListKeys } from '@/lib/api/catalog-list';
import { languagesQueryKey } from '@/lib/api/languages';
import type { ItemListFilters } from './items';

export const catalogKeys = {
  lists: catalogListKeys.all,
  list: catalogListKeys.list,
  languages: languagesQueryKey,
  scope: (catalogId: number) => ['catalog', catalogId] as const,
  detail: (catalogId: number) => ['catalog', catalogId, 'detail'] as const,
  usage: (catalogId: number) => ['catalog', catalogId, 'usage'] as const,
  groups: (catalogId: number) => ['catalog', catalogId, 'groups'] as const,
  group: (catalogId: number, groupId: number) =>
    ['catalog', catalogId, 'groups', 'detail', groupId] as const,
  phases: (catalogId: number) => ['catalog', catalogId, 'phases'] as const,
  roles: (catalogId: number) => ['catalog', catalogId, 'roles'] as const,
  labels: (catalogId: number) => ['catalog', catalogId, 'labels'] as const,
  members: (catalogId: number) => ['catalog', catalogId, 'members'] as const,
  clients: (catalogId: number) => ['catalog', catalogId, 'clients'] as const,
  items: (catalogId: number) => ['catalog', catalogId, 'items'] as const,
  itemList: (catalogId: number, filters: ItemListFilters) =>
    ['catalog', catalogId, 'items', 'list', filters] as const,
  item: (catalogId: number, itemId: number) =>
    ['catalog', catalogId, 'items', 'detail', itemId] as const,
  formulas: (catalogId: number, itemId: number) =>
    ['catalog', catalogId, 'items', 'formulas', itemId] as const,
  events: (catalogId: number) => ['catalog', catalogId, 'events'] as const,
  eventList: (catalogId: number, itemId: number | undefined) =>
    ['catalog', catalogId, 'events', itemId ?? 'catalog'] as const,
};
