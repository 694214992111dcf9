// Test data of the catalogue context (createX(overrides)) and a stubbed catalogue API answering from that data.
import type {
  Catalog,
  CatalogEvent,
  Formula,
  Group,
  Item,
  ItemFormulas,
  ItemSummary,
  Label,
  Member,
  Phase,
  Role,
} from '@costory/shared';
import { CATALOG_LANGUAGES } from '@costory/shared';
import { jsonResponse, type Handler } from '@/test/fetch-stub';

export const API = '/api/v1';

export function createCatalog(overrides: Partial<Catalog> = {}): Catalog {
  return {
    id: 1,
    name: 'Office fit-out',
    code: 'OFFICE',
    companyCode: 'ACME',
    type: 'BDT',
    defaultLanguage: 'en',
    supportedLanguages: ['en'],
    description: { en: 'Everything for fitting out an office.' },
    currency: 'EUR',
    visibility: 'PRIVATE',
    ownerCompany: { id: 3, name: 'Acme Builders' },
    myRole: 'CTL_ADMIN',
    canBuildStories: true,
    itemCount: 2,
    version: 4,
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-02-01T12:30:00.000Z',
    ...overrides,
  };
}

export function createGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 10,
    name: { en: 'Walls' },
    code: 'WALLS',
    description: {},
    parentId: null,
    itemCount: 1,
    ...overrides,
  };
}

export function createPhase(overrides: Partial<Phase> = {}): Phase {
  return {
    id: 20,
    name: { en: 'Delivery' },
    code: 'DELIVERY',
    description: {},
    position: 1,
    ...overrides,
  };
}

export function createRole(overrides: Partial<Role> = {}): Role {
  return {
    id: 30,
    name: { en: 'Developer' },
    code: 'DEV',
    description: { en: 'Writes the code.' },
    unit: 'MANDAYS',
    price: '1200.5000',
    version: 2,
    ...overrides,
  };
}

export function createLabel(overrides: Partial<Label> = {}): Label {
  return {
    id: 40,
    title: 'Optional',
    description: 'Can be left out',
    color: '#1e88e5',
    usageCount: 0,
    ...overrides,
  };
}

export function createMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 50,
    email: 'jana@acme.test',
    name: 'Jana Nováková',
    companyName: 'Acme Builders',
    role: 'CTL_ADMIN',
    description: '',
    pending: false,
    ...overrides,
  };
}

export function createItemSummary(overrides: Partial<ItemSummary> = {}): ItemSummary {
  return {
    id: 100,
    code: 'PARTITION',
    name: { en: 'Partition wall' },
    groupId: 10,
    phaseId: 20,
    icon: 'Construction',
    state: 'PENDING',
    deprecated: false,
    version: 0,
    revision: 7,
    repeatable: false,
    labelIds: [],
    maxLevel: 1,
    createdByUserId: 5,
    updatedAt: '2025-02-01T12:30:00.000Z',
    ...overrides,
  };
}

export function createItem(overrides: Partial<Item> = {}): Item {
  return {
    ...createItemSummary(),
    description: { en: 'A light partition wall.' },
    attributes: [],
    availableActions: ['MOVE_TO_INSPECT', 'DEPRECATE'],
    ...overrides,
  };
}

export function createFormula(overrides: Partial<Formula> = {}): Formula {
  return {
    id: 700,
    roleId: 30,
    level: 1,
    name: 'DEV – level 1',
    expression: '2',
    issues: [],
    ...overrides,
  };
}

export function createEvent(overrides: Partial<CatalogEvent> = {}): CatalogEvent {
  return {
    id: 900,
    at: '2025-02-01T12:30:00.000Z',
    type: 'ITEM_STATE_CHANGED',
    itemId: 100,
    user: { id: 5, name: 'Petr Svoboda' },
    changes: [{ field: 'state', old: 'PENDING', new: 'TO_INSPECT' }],
    ...overrides,
  };
}

export interface CatalogApiData {
  catalog?: Catalog;
  groups?: Group[];
  phases?: Phase[];
  roles?: Role[];
  labels?: Label[];
  members?: Member[];
  items?: ItemSummary[];
  item?: Item;
  /** The item's formulas (GET …/items/:itemId/formulas); none by default. */
  formulas?: ItemFormulas;
  events?: CatalogEvent[];
}

/** Read answers for one catalog's pages; a test adds or replaces routes for what it writes. */
export function catalogApi(data: CatalogApiData = {}): Record<string, Handler> {
  const catalog = data.catalog ?? createCatalog();
  const base = `${API}/catalogs/${catalog.id}`;
  const item = data.item;
  const groups = data.groups ?? [createGroup()];
  return {
    [`GET ${API}/languages`]: () => jsonResponse(CATALOG_LANGUAGES),
    [`GET ${base}`]: () => jsonResponse(catalog),
    [`GET ${base}/groups`]: () => jsonResponse(groups),
    ...Object.fromEntries(
      groups.map((group) => [`GET ${base}/groups/${group.id}`, () => jsonResponse(group)]),
    ),
    [`GET ${base}/phases`]: () => jsonResponse(data.phases ?? [createPhase()]),
    [`GET ${base}/roles`]: () => jsonResponse(data.roles ?? [createRole()]),
    [`GET ${base}/labels`]: () => jsonResponse(data.labels ?? [createLabel()]),
    [`GET ${base}/members`]: () => jsonResponse(data.members ?? [createMember()]),
    [`GET ${base}/items`]: () =>
      jsonResponse({ items: data.items ?? [createItemSummary()], nextCursor: null }),
    [`GET ${base}/events`]: () =>
      jsonResponse({ items: data.events ?? [createEvent()], nextCursor: null }),
    ...(item
      ? {
          [`GET ${base}/items/${item.id}`]: () => jsonResponse(item),
          [`GET ${base}/items/${item.id}/formulas`]: () =>
            jsonResponse(data.formulas ?? { revision: item.revision, formulas: [] }),
        }
      : {}),
  };
}

/** A problem+json answer with the server's own explanation in `detail`. */
export function problemWithDetail(status: number, code: string, detail: string): Response {
  return new Response(
    JSON.stringify({ type: `urn:costory:problem:${code}`, title: code, status, code, detail }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}
