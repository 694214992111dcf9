// What the story version tests share: a public catalog whose DEV role prices a repeatable WALL item by its area (area × 0.1 MD), its admin, stories of it to fill, and a supplier and a customer company for lineups.
import type { Instance, Item, LocalizedText } from '@costory/shared';
import { apiAs, expectStatus, type ApiCaller } from './api';
import type { TestApp } from './build-test-app';
import { createCatalog, createPhase, createRole } from './catalog-factories';
import type { CreatedUser } from './factories';
import { createPublishedItem, createStory, storyBodies } from './story-factories';

export interface WallCatalog {
  catalogId: number;
  admin: CreatedUser;
  adminApi: ApiCaller;
  roleId: number;
  wallId: number;
  /** The BUILD phase of WALL, when asked for. */
  phaseId: number | null;
  /** A new story of the catalog, its admin the catalog's. */
  freshStory: (name?: string) => Promise<{ storyId: number; base: string }>;
  /** An instance of `itemId` added by the admin through the API. */
  addInstance: (
    base: string,
    itemId: number,
    overrides?: Record<string, unknown>,
  ) => Promise<Instance>;
}

export async function createWallCatalog(
  app: TestApp['app'],
  options: { price: string; roleName?: LocalizedText; phase?: boolean },
): Promise<WallCatalog> {
  const db = app.db;
  const { catalog, admin } = await createCatalog(db, { visibility: 'PUBLIC' });
  const catalogId = catalog.id;
  const adminApi = await apiAs(app, admin.id);
  const roleId = (
    await createRole(db, {
      catalogId,
      code: 'DEV',
      unit: 'MANDAYS',
      price: options.price,
      ...(options.roleName ? { name: options.roleName } : {}),
    })
  ).id;
  const phaseId = options.phase
    ? (await createPhase(db, { catalogId, code: 'BUILD', position: 1 })).id
    : null;
  const wallId = (
    await createPublishedItem(db, {
      catalogId,
      code: 'WALL',
      ...(phaseId === null ? {} : { phaseId }),
      repeatable: true,
      attributes: [{ level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' }],
      formulas: [{ roleId, expression: 'area * 0.1' }],
    })
  ).item.id;
  return {
    catalogId,
    admin,
    adminApi,
    roleId,
    wallId,
    phaseId,
    freshStory: async (name) => {
      const { story } = await createStory(db, { catalogId, admin, ...(name ? { name } : {}) });
      return { storyId: story.id, base: `/api/v1/stories/${story.id}` };
    },
    addInstance: async (base, itemId, overrides = {}) =>
      expectStatus<Instance>(
        await adminApi.post(`${base}/instances`, storyBodies.instance(itemId, overrides)),
        201,
      ),
  };
}

/** A supplier and a customer company of the caller's tenant, for lineups. */
export async function createPartnerPair(
  api: ApiCaller,
): Promise<{ supplier: number; subscriber: number }> {
  const create = async (kind: 'SUPPLIER' | 'SUBSCRIBER') =>
    expectStatus<{ id: number }>(
      await api.post('/api/v1/partner-companies', {
        kind,
        name: `${kind} s.r.o.`,
        email: 'partner@firma.test',
        country: 'CZ',
        city: 'Brno',
        street: 'Lidická',
        streetNumber: '1',
        zip: '602 00',
      }),
      201,
    ).id;
  return { supplier: await create('SUPPLIER'), subscriber: await create('SUBSCRIBER') };
}

/**
 * Publishes the item's next version through the API, its one formula replaced (back to
 * TO_EQUATION, new formula, COMPLETE), and runs the recalculation jobs it queued.
 */
export async function republishItem(
  app: TestApp['app'],
  adminApi: ApiCaller,
  item: { catalogId: number; itemId: number },
  formula: { roleId: number; name: string; expression: string },
): Promise<void> {
  const itemUrl = `/api/v1/catalogs/${item.catalogId}/items/${item.itemId}`;
  const current = expectStatus<Item>(await adminApi.get(itemUrl), 200);
  const back = expectStatus<Item>(
    await adminApi.post(`${itemUrl}/transitions`, {
      action: 'MOVE_TO_EQUATION',
      revision: current.revision,
    }),
    200,
  );
  const formulas = expectStatus<{ formulas: { id: number }[] }>(
    await adminApi.get(`${itemUrl}/formulas`),
    200,
  );
  const reworked = expectStatus<{ revision: number }>(
    await adminApi.put(`${itemUrl}/formulas`, {
      revision: back.revision,
      formulas: [{ id: formulas.formulas[0]?.id, level: 1, ...formula }],
    }),
    200,
  );
  expectStatus(
    await adminApi.post(`${itemUrl}/transitions`, {
      action: 'MOVE_TO_COMPLETE',
      revision: reworked.revision,
    }),
    200,
  );
  await app.jobs.drain();
}
