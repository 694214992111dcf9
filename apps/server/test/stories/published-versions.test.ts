// Published item versions (decision 0022): a move to COMPLETE stores the item's attributes and formulas under its new version; the demo seed publishes its items the same way.
import type { Item } from '@costory/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItems,
  catalogs,
  itemAttributes,
  itemFormulas,
  itemVersions,
  users,
} from '../../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../../src/db/seed';
import { DEMO_CATALOG_CODE } from '../../src/db/seed-catalog';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createItem, createRole } from '../helpers/catalog-factories';

describe('published item versions', () => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let base: string;
  let roleId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { catalog, admin: user } = await createCatalog(ctx.app.db);
    admin = await apiAs(ctx.app, user.id);
    base = `/api/v1/catalogs/${catalog.id}`;
    roleId = (await createRole(ctx.app.db, { catalogId: catalog.id, code: 'DEV' })).id;
  });
  afterAll(() => ctx.close());

  async function versionsOf(itemId: number) {
    return ctx.app.db
      .select()
      .from(itemVersions)
      .where(eq(itemVersions.itemId, itemId))
      .orderBy(asc(itemVersions.version));
  }

  async function move(itemId: number, action: string, revision: number): Promise<Item> {
    return expectStatus<Item>(
      await admin.post(`${base}/items/${itemId}/transitions`, { action, revision }),
      200,
    );
  }

  it('stores attributes and formulas on each move to COMPLETE, and nothing on other moves', async () => {
    const row = await createItem(ctx.app.db, {
      catalogId: Number(base.split('/').at(-1)),
      state: 'TO_EQUATION',
      attributes: [
        {
          level: 1,
          code: 'size',
          name: { en: 'Size' },
          type: 'ENUM',
          mandatory: true,
          defaultValue: 'S',
          enumValues: [
            { code: 'S', label: { en: 'Small' } },
            { code: 'L', label: { en: 'Large' } },
          ],
        },
        { level: 2, code: 'count', name: { en: 'Count' }, type: 'INTEGER', position: 1 },
      ],
    });
    const saved = expectStatus<{ revision: number }>(
      await admin.put(`${base}/items/${row.id}/formulas`, {
        revision: 0,
        formulas: [{ roleId, level: 1, name: 'Base', expression: 'is(size, "L") ? 3 : 1' }],
      }),
      200,
    );
    expect(await versionsOf(row.id)).toEqual([]);

    const completed = await move(row.id, 'MOVE_TO_COMPLETE', saved.revision);
    expect(completed.version).toBe(1);
    const [first, ...others] = await versionsOf(row.id);
    expect(others).toEqual([]);
    const attributeIds = (
      await ctx.app.db
        .select({ id: itemAttributes.id })
        .from(itemAttributes)
        .where(eq(itemAttributes.itemId, row.id))
        .orderBy(asc(itemAttributes.position))
    ).map((attribute) => attribute.id);
    expect(first).toMatchObject({
      version: 1,
      attributes: [
        {
          id: attributeIds[0],
          level: 1,
          code: 'size',
          name: { en: 'Size' },
          type: 'ENUM',
          mandatory: true,
          defaultValue: 'S',
          enumValues: [
            { code: 'S', label: { en: 'Small' } },
            { code: 'L', label: { en: 'Large' } },
          ],
        },
        {
          id: attributeIds[1],
          level: 2,
          code: 'count',
          type: 'INTEGER',
          mandatory: false,
          defaultValue: null,
          enumValues: [],
        },
      ],
      formulas: [{ roleId, level: 1, name: 'Base', expression: 'is(size, "L") ? 3 : 1' }],
    });

    // Rework: back to TO_EQUATION, a new formula; nothing is published until COMPLETE again.
    const back = await move(row.id, 'MOVE_TO_EQUATION', completed.revision);
    const changed = expectStatus<{ revision: number }>(
      await admin.put(`${base}/items/${row.id}/formulas`, {
        revision: back.revision,
        formulas: [{ roleId, level: 1, name: 'Base', expression: 'is(size, "L") ? 5 : 2' }],
      }),
      200,
    );
    expect(await versionsOf(row.id)).toHaveLength(1);
    const again = await move(row.id, 'MOVE_TO_COMPLETE', changed.revision);
    expect(again.version).toBe(2);
    const versions = await versionsOf(row.id);
    expect(versions.map((version) => version.version)).toEqual([1, 2]);
    expect(versions[0]?.formulas[0]?.expression).toBe('is(size, "L") ? 3 : 1');
    expect(versions[1]?.formulas[0]?.expression).toBe('is(size, "L") ? 5 : 2');
  });

  it('keeps a role that a published version still uses until the item is completed without it', async () => {
    const catalogId = Number(base.split('/').at(-1));
    const extra = await createRole(ctx.app.db, { catalogId, code: 'EXTRA' });
    const row = await createItem(ctx.app.db, { catalogId, state: 'TO_EQUATION' });
    const saved = expectStatus<{ revision: number }>(
      await admin.put(`${base}/items/${row.id}/formulas`, {
        revision: 0,
        formulas: [{ roleId: extra.id, level: 1, name: 'Fixed', expression: '1' }],
      }),
      200,
    );
    const completed = await move(row.id, 'MOVE_TO_COMPLETE', saved.revision);
    const back = await move(row.id, 'MOVE_TO_EQUATION', completed.revision);
    const cleared = expectStatus<{ revision: number }>(
      await admin.delete(
        `${base}/items/${row.id}/formulas?roleId=${extra.id}&revision=${back.revision}`,
      ),
      200,
    );
    const refused = problemOf(await admin.delete(`${base}/roles/${extra.id}`));
    expect(refused).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(refused.detail).toMatch(/completed version of 1 item/);
    await move(row.id, 'MOVE_TO_COMPLETE', cleared.revision);
    expectStatus(await admin.delete(`${base}/roles/${extra.id}`), 204);
  });
});

describe('demo catalog versions', () => {
  it('publishes every COMPLETE item of the demo catalog as its current version', async () => {
    const ctx = await buildTestApp();
    try {
      const db = ctx.app.db;
      expect(await seedDemoData(db)).toBe(true);
      const [catalog] = await db
        .select()
        .from(catalogs)
        .where(eq(catalogs.code, DEMO_CATALOG_CODE));
      const items = await db
        .select()
        .from(catalogItems)
        .where(
          and(eq(catalogItems.catalogId, catalog?.id ?? 0), eq(catalogItems.state, 'COMPLETE')),
        );
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const versions = await db
          .select()
          .from(itemVersions)
          .where(eq(itemVersions.itemId, item.id));
        const attributes = await db
          .select()
          .from(itemAttributes)
          .where(eq(itemAttributes.itemId, item.id));
        const formulas = await db
          .select()
          .from(itemFormulas)
          .where(eq(itemFormulas.itemId, item.id));
        expect(versions.map((version) => version.version)).toEqual([item.version]);
        expect(versions[0]?.attributes.map((attribute) => attribute.code).sort()).toEqual(
          attributes.map((attribute) => attribute.code).sort(),
        );
        expect(versions[0]?.formulas).toHaveLength(formulas.length);
      }
      // The demo user exists (the seed ran as a whole).
      const [demo] = await db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
      expect(demo).toBeDefined();
    } finally {
      await ctx.close();
    }
  });
});
