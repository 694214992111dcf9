// Test data of the story context (createX(overrides)) and a stubbed story API answering from that data.
import type {
  Instance,
  Story,
  StoryCalculationDto,
  StoryCatalog,
  StoryCatalogItem,
  StoryInvite,
  StoryLabel,
  StoryMember,
  StoryUpgrades,
  StoryVersion,
  StoryVersionComparison,
  StoryVersionDetail,
  WaitingUpgrade,
} from '@costory/shared';
import { jsonResponse, type Handler } from '@/test/fetch-stub';

export function createStory(overrides: Partial<Story> = {}): Story {
  return {
    id: 12,
    name: 'Office fit-out, Brno',
    description: 'Two floors, open space.',
    catalog: {
      id: 1,
      name: 'Office fit-out',
      code: 'OFFICE',
      type: 'BDT',
      currency: 'EUR',
      defaultLanguage: 'en',
      deleted: false,
    },
    ownerCompany: { id: 3, name: 'Acme Builders' },
    createdBy: { id: 42, name: 'Jana Nováková' },
    createdAt: '2025-03-01T09:00:00.000Z',
    lastActivityAt: '2025-03-02T10:00:00.000Z',
    price: '6262.00',
    estimatedMandays: 7.5,
    instanceCount: 1,
    errorCount: 0,
    favourite: false,
    myRole: 'ICT_ADMIN',
    status: 'DRAFT',
    statusChangedAt: '2025-03-01T09:00:00.000Z',
    statusChangedBy: { id: 42, name: 'Jana Nováková' },
    version: 1,
    contentVersion: 7,
    pinsItemVersions: false,
    upgradesWaiting: 0,
    ...overrides,
  };
}

export function createStoryCatalog(overrides: Partial<StoryCatalog> = {}): StoryCatalog {
  return {
    groups: [{ id: 3, parentId: null, code: 'EARTH', name: { en: 'Earthworks' } }],
    phases: [{ id: 4, code: 'BUILD', name: { en: 'Build' }, position: 1 }],
    roles: [
      {
        id: 5,
        code: 'DIGGER',
        name: { en: 'Digger' },
        unit: 'HOUR',
        price: '85.50',
        unitPrice: '85.50',
      },
    ],
    items: [],
    ...overrides,
  };
}

export function createStoryLabel(overrides: Partial<StoryLabel> = {}): StoryLabel {
  return {
    id: 1,
    title: 'Phase one',
    description: '',
    color: '#1976d2',
    usageCount: 0,
    ...overrides,
  };
}

export function createStoryMember(overrides: Partial<StoryMember> = {}): StoryMember {
  return {
    id: 1,
    userId: 42,
    name: 'Jana Nováková',
    email: 'jana@acme.example',
    companyName: 'Acme Builders',
    role: 'ICT_ADMIN',
    description: '',
    ...overrides,
  };
}

export function createStoryInvite(overrides: Partial<StoryInvite> = {}): StoryInvite {
  return {
    id: 1,
    role: 'ICT_MODELER',
    email: null,
    url: 'http://localhost:3000/public-access/Zx-81_qAbCdEfGhIjKlMnOp',
    status: 'ACTIVE',
    createdAt: '2025-03-01T09:00:00.000Z',
    expiresAt: '2025-03-15T09:00:00.000Z',
    createdBy: { id: 42, name: 'Jana Nováková' },
    acceptedCount: 0,
    ...overrides,
  };
}

export function createStoryCatalogItem(
  overrides: Partial<StoryCatalogItem> = {},
): StoryCatalogItem {
  return {
    id: 30,
    code: 'TRENCH',
    name: { en: 'Trench', cs: 'Výkop' },
    description: {},
    groupId: 3,
    phaseId: 4,
    icon: '',
    version: 1,
    maxLevel: 1,
    repeatable: true,
    deprecated: false,
    addable: true,
    inStory: false,
    attributes: [
      {
        code: 'length',
        name: { en: 'Length', cs: 'Délka' },
        level: 1,
        type: 'NUMBER',
        mandatory: true,
        defaultValue: null,
        enumValues: [],
        minimum: null,
        maximum: null,
      },
    ],
    formulas: [{ roleId: 5, level: 1, expression: 'length * 2' }],
    ...overrides,
  };
}

export function createInstance(overrides: Partial<Instance> = {}): Instance {
  return {
    id: 21,
    itemId: 30,
    item: {
      code: 'TRENCH',
      name: { en: 'Trench', cs: 'Výkop' },
      groupId: 3,
      phaseId: 4,
      icon: '',
      version: 1,
      latestVersion: 1,
      maxLevel: 1,
      repeatable: true,
      deprecated: false,
    },
    name: 'Main trench',
    description: '',
    optional: false,
    level: 1,
    values: { length: 30 },
    labelIds: [],
    verified: false,
    verifiedBy: null,
    revision: 1,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    price: '5130.00',
    mandays: 7.5,
    errorCount: 0,
    ...overrides,
  };
}

/** An item of a pinned story waiting for an upgrade: TRENCH, version 1 in the story, 2 in the catalog. */
export function createWaitingUpgrade(overrides: Partial<WaitingUpgrade> = {}): WaitingUpgrade {
  return {
    itemId: 30,
    code: 'TRENCH',
    name: { en: 'Trench', cs: 'Výkop' },
    icon: '',
    version: 1,
    latestVersion: 2,
    instanceCount: 3,
    deprecated: false,
    ...overrides,
  };
}

/**
 * GET /stories/{id}/calculation of one instance (21) of a 30 m trench: 60 h of the digger at
 * 85.50, in group 3 and phase 4; no optional instances, no errors.
 */
export function createCalculation(
  overrides: Partial<StoryCalculationDto> = {},
): StoryCalculationDto {
  const totals = { price: '5130.00', mandays: 7.5 };
  return {
    total: totals,
    optional: { price: '0.00', mandays: 0 },
    byRole: [{ roleId: 5, amount: 60, unitPrice: '85.50', ...totals }],
    byPhase: [{ phaseId: 4, ...totals }],
    byGroup: [{ groupId: 3, ...totals }],
    byLabel: [],
    byInstance: [{ instanceId: 21, optional: false, errorCount: 0, ...totals }],
    errors: [],
    ...overrides,
  };
}

export interface StoryApiData {
  story?: Story;
  catalog?: StoryCatalog;
  labels?: StoryLabel[];
  instances?: Instance[];
  members?: StoryMember[];
  invites?: StoryInvite[];
  calculation?: StoryCalculationDto;
  versions?: StoryVersion[];
  /** The items waiting for an upgrade; the answer is pinned as the story says. */
  upgrades?: StoryUpgrades['items'];
}

/** Handlers for the reads every story page makes. */
export function storyApi(data: StoryApiData = {}): Record<string, Handler> {
  const story = data.story ?? createStory();
  const base = `/api/v1/stories/${story.id}`;
  return {
    [`GET ${base}`]: () => jsonResponse(story),
    [`GET ${base}/catalog`]: () => jsonResponse(data.catalog ?? createStoryCatalog()),
    [`GET ${base}/labels`]: () => jsonResponse(data.labels ?? []),
    [`GET ${base}/instances`]: () =>
      jsonResponse({ items: data.instances ?? [], nextCursor: null }),
    [`GET ${base}/instances/subtotal`]: () =>
      jsonResponse({ count: 0, optionalCount: 0, mandays: 0, price: '0.00', errorCount: 0 }),
    [`GET ${base}/members`]: () => jsonResponse(data.members ?? [createStoryMember()]),
    [`GET ${base}/invites`]: () => jsonResponse(data.invites ?? []),
    [`GET ${base}/calculation`]: () => jsonResponse(data.calculation ?? createCalculation()),
    [`GET ${base}/versions`]: () => jsonResponse(data.versions ?? []),
    [`GET ${base}/upgrades`]: () =>
      jsonResponse({ pinned: story.pinsItemVersions, items: data.upgrades ?? [] }),
  };
}

/**
 * A version of story 12 frozen while the digger cost 71.25 (the live story's createCalculation
 * prices it at 85.50): 4,275.00 EUR, 7.5 MD, one instance.
 */
export function createStoryVersion(overrides: Partial<StoryVersion> = {}): StoryVersion {
  return {
    id: 7,
    name: 'Quote for Novák, 25 Nov',
    note: 'Sent by e-mail',
    createdAt: '2025-11-25T14:30:00.000Z',
    createdBy: { id: 42, name: 'Jana Nováková' },
    currency: 'EUR',
    total: { price: '4275.00', mandays: 7.5 },
    optional: { price: '0.00', mandays: 0 },
    instanceCount: 1,
    errorCount: 0,
    ...overrides,
  };
}

/** The detail of createStoryVersion: its frozen calculation and the names it froze. */
export function createStoryVersionDetail(
  overrides: Partial<StoryVersionDetail> = {},
): StoryVersionDetail {
  return {
    ...createStoryVersion(),
    calculation: createCalculation({
      total: { price: '4275.00', mandays: 7.5 },
      byRole: [{ roleId: 5, amount: 60, unitPrice: '71.25', price: '4275.00', mandays: 7.5 }],
      byPhase: [{ phaseId: 4, price: '4275.00', mandays: 7.5 }],
      byGroup: [{ groupId: 3, price: '4275.00', mandays: 7.5 }],
      byInstance: [
        { instanceId: 21, optional: false, errorCount: 0, price: '4275.00', mandays: 7.5 },
      ],
    }),
    legend: {
      roles: [{ id: 5, code: 'DIGGER', name: { en: 'Digger', cs: 'Bagrista' }, unit: 'HOUR' }],
      groups: [{ id: 3, parentId: null, code: 'EARTH', name: { en: 'Earthworks' } }],
      phases: [{ id: 4, code: 'BUILD', name: { en: 'Build' }, position: 1 }],
      items: [
        {
          id: 30,
          code: 'TRENCH',
          name: { en: 'Trench', cs: 'Výkop' },
          icon: '',
          groupId: 3,
          phaseId: 4,
          version: 1,
        },
      ],
      labels: [],
      instances: [{ id: 21, itemId: 30, name: 'North trench', description: '' }],
    },
    ...overrides,
  };
}

/**
 * GET …/versions/compare?from=7&to=live: since createStoryVersion the digger went from 71.25 to
 * 85.50, item 30 has a version 2, North trench grew from 30 to 40 m (60 → 80 h) and South trench
 * (10 h) was added: 4,275.00 EUR and 7.5 MD then, 7,695.00 EUR and 11.25 MD now.
 */
export function createVersionComparison(
  overrides: Partial<StoryVersionComparison> = {},
): StoryVersionComparison {
  const state = { level: 1, optional: false, labelIds: [], errorCount: 0 };
  const names = { itemId: 30, itemCode: 'TRENCH', itemName: { en: 'Trench', cs: 'Výkop' } };
  return {
    from: {
      versionId: 7,
      upgraded: false,
      name: 'Quote for Novák, 25 Nov',
      createdAt: '2025-11-25T14:30:00.000Z',
      currency: 'EUR',
      instanceCount: 1,
      errorCount: 0,
    },
    to: {
      versionId: null,
      upgraded: false,
      name: null,
      createdAt: null,
      currency: 'EUR',
      instanceCount: 2,
      errorCount: 1,
    },
    total: {
      from: { price: '4275.00', mandays: 7.5 },
      to: { price: '7695.00', mandays: 11.25 },
      difference: { price: '3420.00', mandays: 3.75 },
    },
    optional: {
      from: { price: '0.00', mandays: 0 },
      to: { price: '0.00', mandays: 0 },
      difference: { price: '0.00', mandays: 0 },
    },
    byRole: [
      {
        roleId: 5,
        code: 'DIGGER',
        name: { en: 'Digger', cs: 'Bagrista' },
        from: { unit: 'HOUR', amount: 60, unitPrice: '71.25', price: '4275.00', mandays: 7.5 },
        to: { unit: 'HOUR', amount: 90, unitPrice: '85.50', price: '7695.00', mandays: 11.25 },
        difference: { price: '3420.00', mandays: 3.75 },
        reasons: ['ROLE_PRICE'],
      },
    ],
    byPhase: [
      {
        phaseId: 4,
        code: 'BUILD',
        name: { en: 'Build', cs: 'Stavba' },
        from: { price: '4275.00', mandays: 7.5 },
        to: { price: '7695.00', mandays: 11.25 },
        difference: { price: '3420.00', mandays: 3.75 },
      },
    ],
    instances: {
      added: [
        {
          instanceId: 22,
          ...names,
          name: 'South trench',
          state: { ...state, itemVersion: 2, price: '855.00', mandays: 1.25 },
          values: { length: 5 },
        },
      ],
      removed: [],
      changed: [
        {
          instanceId: 21,
          ...names,
          name: 'North trench',
          reasons: ['EDIT', 'ITEM_VERSION', 'ROLE_PRICE'],
          from: { ...state, itemVersion: 1, price: '4275.00', mandays: 7.5 },
          to: { ...state, itemVersion: 2, price: '6840.00', mandays: 10 },
          difference: { price: '2565.00', mandays: 2.5 },
          values: [{ attribute: 'length', from: 30, to: 40 }],
        },
      ],
    },
    ...overrides,
  };
}
