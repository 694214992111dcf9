// Who may read, edit and calculate item formulas: every catalog role, public readers and strangers (decisions 0016, 0021).
import type { CatalogMemberRole, ItemFormulas } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, TEST_ORIGIN, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addMember, createCatalog, createItem, createRole } from '../helpers/catalog-factories';
import { createUser } from '../helpers/factories';
import { accessTokenFor, bearer } from '../helpers/tokens';

const ATTRIBUTES = [
  { level: 1, code: 'length', name: { en: 'Length' }, type: 'NUMBER' as const, defaultValue: 4 },
];

type Role = Exclude<CatalogMemberRole, 'PUBLIC_READABLE'>;
const MEMBER_ROLES: readonly Role[] = [
  'CTL_READER',
  'CTL_REPORTER',
  'CTL_INSPECTOR',
  'CTL_MATHEMATICIAN',
  'CTL_ADMIN',
];
const EDITORS: ReadonlySet<string> = new Set(['CTL_MATHEMATICIAN', 'CTL_ADMIN']);

describe('item formula permissions', () => {
  let ctx: TestApp;
  const callers = new Map<string, ApiCaller>();
  let stranger: ApiCaller;
  let privateBase: string;
  let publicBase: string;
  let roleId: number;
  let publicRoleId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const { catalog, admin } = await createCatalog(db, { visibility: 'PRIVATE' });
    privateBase = `/api/v1/catalogs/${catalog.id}`;
    roleId = (await createRole(db, { catalogId: catalog.id })).id;
    callers.set('CTL_ADMIN', await apiAs(ctx.app, admin.id));
    for (const role of MEMBER_ROLES.filter((candidate) => candidate !== 'CTL_ADMIN')) {
      callers.set(role, await apiAs(ctx.app, (await addMember(db, catalog.id, role)).id));
    }
    stranger = await apiAs(ctx.app, (await createUser(db)).id);

    const shared = await createCatalog(db, { visibility: 'PUBLIC' });
    publicBase = `/api/v1/catalogs/${shared.catalog.id}`;
    publicRoleId = (await createRole(db, { catalogId: shared.catalog.id })).id;
  });
  afterAll(() => ctx.close());

  function body(revision: number, role = roleId) {
    return {
      revision,
      formulas: [{ roleId: role, level: 1, name: 'Work', expression: 'length * 2' }],
    };
  }

  async function item(catalogBase: string, state: 'COMPLETE' | 'TO_EQUATION') {
    const catalogId = Number(catalogBase.split('/').at(-1));
    return createItem(ctx.app.db, { catalogId, state, attributes: ATTRIBUTES });
  }

  describe.each(MEMBER_ROLES)('%s', (role) => {
    const editor = EDITORS.has(role);

    it(`reads formulas and calculates a COMPLETE item`, async () => {
      const caller = callers.get(role) as ApiCaller;
      const complete = await item(privateBase, 'COMPLETE');
      const url = `${privateBase}/items/${complete.id}`;
      expectStatus<ItemFormulas>(await caller.get(`${url}/formulas`), 200);
      expectStatus(await caller.post(`${url}/calculation`, { level: 1, values: {} }), 200);
    });

    it(
      editor
        ? 'replaces and deletes formulas (200)'
        : 'may not replace or delete formulas (403, nothing changes)',
      async () => {
        const caller = callers.get(role) as ApiCaller;
        const target = await item(privateBase, 'TO_EQUATION');
        const url = `${privateBase}/items/${target.id}/formulas`;
        const put = await caller.put(url, body(0));
        const admin = callers.get('CTL_ADMIN') as ApiCaller;
        if (editor) {
          expect(expectStatus<ItemFormulas>(put, 200).formulas).toHaveLength(1);
          const deleted = expectStatus<ItemFormulas>(
            await caller.delete(`${url}?roleId=${roleId}&revision=1`),
            200,
          );
          expect(deleted).toEqual({ revision: 2, formulas: [] });
          return;
        }
        // Readers do not see an item that is not COMPLETE at all.
        const hidden = role === 'CTL_READER';
        expect(put.statusCode).toBe(hidden ? 404 : 403);
        if (!hidden) {
          expect(problemOf(put).detail).toMatch(/does not allow you to edit formulas/);
        }
        // Give the item a formula to delete, then try.
        expectStatus(await admin.put(url, body(0)), 200);
        const removal = await caller.delete(`${url}?roleId=${roleId}&revision=1`);
        expect(removal.statusCode).toBe(hidden ? 404 : 403);
        expect(expectStatus<ItemFormulas>(await admin.get(url), 200)).toMatchObject({
          revision: 1,
          formulas: [{ name: 'Work' }],
        });
      },
    );
  });

  it('a reader may not edit formulas of a COMPLETE item either (403)', async () => {
    const reader = callers.get('CTL_READER') as ApiCaller;
    const complete = await item(privateBase, 'COMPLETE');
    const url = `${privateBase}/items/${complete.id}/formulas`;
    expect((await reader.put(url, body(0))).statusCode).toBe(403);
    expect((await reader.delete(`${url}?roleId=${roleId}&revision=0`)).statusCode).toBe(403);
  });

  it('readers get 404 for every formula route of an item that is not COMPLETE', async () => {
    const reader = callers.get('CTL_READER') as ApiCaller;
    const pending = await item(privateBase, 'TO_EQUATION');
    const url = `${privateBase}/items/${pending.id}`;
    expect((await reader.get(`${url}/formulas`)).statusCode).toBe(404);
    expect((await reader.post(`${url}/calculation`, { level: 1, values: {} })).statusCode).toBe(
      404,
    );
  });

  it('PUBLIC_READABLE reads and calculates COMPLETE items of a public catalog, and may not edit (403)', async () => {
    const complete = await item(publicBase, 'COMPLETE');
    const url = `${publicBase}/items/${complete.id}`;
    expectStatus(await stranger.get(`${url}/formulas`), 200);
    expectStatus(await stranger.post(`${url}/calculation`, { level: 1, values: {} }), 200);
    const put = await stranger.put(`${url}/formulas`, body(0, publicRoleId));
    expect(put.statusCode).toBe(403);
    expect(problemOf(put).detail).toBe(
      'Your role in this catalog (Public readable) does not allow you to edit formulas.',
    );
    const removal = await stranger.delete(`${url}/formulas?roleId=${publicRoleId}&revision=0`);
    expect(removal.statusCode).toBe(403);
    const pending = await item(publicBase, 'TO_EQUATION');
    expect((await stranger.get(`${publicBase}/items/${pending.id}/formulas`)).statusCode).toBe(404);
  });

  it('a non-member of a PRIVATE catalog gets 404 everywhere', async () => {
    const complete = await item(privateBase, 'COMPLETE');
    const url = `${privateBase}/items/${complete.id}`;
    const answers = [
      await stranger.get(`${url}/formulas`),
      await stranger.put(`${url}/formulas`, body(0)),
      await stranger.delete(`${url}/formulas?roleId=${roleId}&revision=0`),
      await stranger.post(`${url}/calculation`, { level: 1, values: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
  });

  it('writes and the calculation need the XSRF pair like every other write', async () => {
    const admin = callers.get('CTL_ADMIN') as ApiCaller;
    const complete = await item(privateBase, 'COMPLETE');
    const url = `${privateBase}/items/${complete.id}/calculation`;
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(await accessTokenFor(ctx.app.db, TEST_ORIGIN, admin.userId)),
      payload: { level: 1, values: {} },
    });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).code).toBe('XSRF_MISMATCH');
  });
});
