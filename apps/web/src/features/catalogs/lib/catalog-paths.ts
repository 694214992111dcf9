// Addresses of the catalogue pages, built the way the route table matches them (optional segments left out).

export interface ItemListLocation {
  itemId?: number | undefined;
  groupId?: number | undefined;
  labelIds?: readonly number[] | undefined;
}

function join(segments: readonly (string | number | undefined)[]): string {
  return `/${segments.filter((segment) => segment !== undefined).join('/')}`;
}

function detail(catalogId: number): string {
  return `/ctl/catalog-detail/${catalogId}`;
}

export const catalogPaths = {
  list: () => '/ctl',
  overview: (catalogId: number) => detail(catalogId),
  items: (catalogId: number, { itemId, groupId, labelIds = [] }: ItemListLocation = {}) =>
    join([
      'ctl',
      'catalog-detail',
      catalogId,
      'item-list',
      itemId,
      'groups',
      groupId,
      'itemsLabels',
      labelIds.length > 0 ? labelIds.join(',') : undefined,
    ]),
  itemCreate: (catalogId: number, groupId?: number) =>
    join(['ctl', 'catalog-detail', catalogId, 'item-list', 'create', groupId]),
  /** The item editor; `tab` opens one of its tabs first (`?tab=formulas`). */
  itemEdit: (catalogId: number, itemId: number, tab?: 'formulas') =>
    `${detail(catalogId)}/item-list/edit/${itemId}${tab ? `?tab=${tab}` : ''}`,
  members: (catalogId: number) => `${detail(catalogId)}/member-list`,
  roles: (catalogId: number) => `${detail(catalogId)}/role-list`,
  phases: (catalogId: number) => `${detail(catalogId)}/phase-list`,
  labels: (catalogId: number) => `${detail(catalogId)}/labels`,
  /** The workbook's export and import (issue 20). */
  workbook: (catalogId: number) => `${detail(catalogId)}/import`,
} as const;

/** Where the clients of a PUBLIC_PAID catalog are managed: a section of the member page. */
export const CLIENTS_SECTION_ID = 'clients';
