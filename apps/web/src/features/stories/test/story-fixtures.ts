// Test data of the story context (createX(overrides)) and a stubbed story API answering from that data.
import type { Instance, Story, StoryCatalog, StoryLabel } from '@costory/shared';
import { jsonResponse, type Handler } from '../../../test/fetch-stub';

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
    version: 1,
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

export interface StoryApiData {
  story?: Story;
  catalog?: StoryCatalog;
  labels?: StoryLabel[];
  instances?: Instance[];
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
  };
}
