// One instance's calculation (POST …/items/{itemId}/calculation) with hand-computed amounts and cent prices, and the demo catalog's formulas.
import { checkFormula } from '@costory/calc';
import type { Item, ItemCalculation, ItemFormulas, ItemSummary, Role } from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type CatalogRoleRow } from '../../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../../src/db/seed';
import { DEMO_CATALOG_CODE } from '../../src/db/seed-catalog';
import { toFormulaAttributes } from '../../src/modules/catalogs/formulas/formula-checks';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createItem, createRole } from '../helpers/catalog-factories';

describe('item calculation', () => {
  let ctx: TestApp;
  let base: string;
  let admin: ApiCaller;
  let developer: CatalogRoleRow;
  let tester: CatalogRoleRow;
  let fixed: CatalogRoleRow;
  let itemUrl: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db);
    const catalogId = created.catalog.id;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, created.admin.id);
    developer = await createRole(ctx.app.db, { catalogId, code: 'DEV', price: '850.5' });
    tester = await createRole(ctx.app.db, {
      catalogId,
      code: 'QA',
      unit: 'HOUR',
      price: '45.25',
    });
    fixed = await createRole(ctx.app.db, {
      catalogId,
      code: 'FIX',
      unit: 'UNIT_FIX',
      price: '1',
    });
    const item = await createItem(ctx.app.db, {
      catalogId,
      state: 'TO_EQUATION',
      attributes: [
        { level: 1, code: 'length', name: { en: 'Length' }, type: 'NUMBER', mandatory: true },
        {
          level: 2,
          code: 'layers',
          name: { en: 'Layers' },
          type: 'INTEGER',
          defaultValue: 2,
          position: 1,
        },
      ],
    });
    itemUrl = `${base}/items/${item.id}`;
    expectStatus(
      await admin.put(`${itemUrl}/formulas`, {
        revision: 0,
        formulas: [
          { roleId: developer.id, level: 1, name: 'Build', expression: 'length * 0.5' },
          {
            roleId: developer.id,
            level: 2,
            name: 'Build with layers',
            expression: 'length * 0.5 + layers * 1.25',
          },
          { roleId: tester.id, level: 1, name: 'Test', expression: 'length / 3' },
          { roleId: fixed.id, level: 3, name: 'Licence', expression: 'length * 1.005' },
        ],
      }),
      200,
    );
  });
  afterAll(() => ctx.close());

  async function calculate(level: number, values: Record<string, unknown>) {
    return expectStatus<ItemCalculation>(
      await admin.post(`${itemUrl}/calculation`, { level, values }),
      200,
    );
  }

  function line(calculation: ItemCalculation, roleId: number) {
    return calculation.lines.find((entry) => entry.roleId === roleId);
  }

  it('level 1: the level-1 formulas, amounts to 4 dp, prices in cents, time in mandays', async () => {
    const result = await calculate(1, { length: 10 });
    // 10 * 0.5 = 5 MD at 850.50 = 4252.50
    expect(line(result, developer.id)).toMatchObject({ amount: 5, price: '4252.50' });
    expect(Number(line(result, developer.id)?.unitPrice)).toBe(850.5);
    // 10 / 3 = 3.3333 h at 45.25 = 150.831825 -> 150.83
    expect(line(result, tester.id)).toMatchObject({ amount: 3.3333, price: '150.83' });
    // No formula of FIX at level <= 1: the role does not apply.
    expect(line(result, fixed.id) ?? { amount: 0, price: '0.00' }).toMatchObject({
      amount: 0,
      price: '0.00',
    });
    expect(result.lines.every((entry) => entry.error === undefined)).toBe(true);
    // 4252.50 + 150.83; 5 MD + 3.3333 h / 8 = 5.4166625 -> 5.4167
    expect(result.total).toEqual({ price: '4403.33', mandays: 5.4167 });
  });

  it('level 3: the highest formula level <= the instance level, defaults for missing values, half-cent rounding away from zero', async () => {
    const result = await calculate(3, { length: 1 });
    // 1 * 0.5 + 2 (default layers) * 1.25 = 3 MD at 850.50 = 2551.50
    expect(line(result, developer.id)).toMatchObject({ amount: 3, price: '2551.50' });
    // 1 / 3 = 0.3333 h at 45.25 = 15.082325 -> 15.08
    expect(line(result, tester.id)).toMatchObject({ amount: 0.3333, price: '15.08' });
    // 1.005 (a binary float just below it) x 1.0000 = 1.005 exactly -> 1.01, not 1.00
    expect(line(result, fixed.id)).toMatchObject({ amount: 1.005, price: '1.01' });
    // 2551.50 + 15.08 + 1.01; 3 MD + 0.3333 h / 8 = 3.0416625 -> 3.0417 (UNIT_FIX is no time)
    expect(result.total).toEqual({ price: '2567.59', mandays: 3.0417 });
  });

  it('a missing mandatory value is an error line (MISSING_VALUE) that adds nothing', async () => {
    const result = await calculate(1, {});
    expect(line(result, developer.id)).toMatchObject({
      amount: 0,
      price: '0.00',
      error: { code: 'MISSING_VALUE', attribute: 'length' },
    });
    expect(line(result, tester.id)?.error).toEqual({ code: 'MISSING_VALUE', attribute: 'length' });
    expect(result.total).toEqual({ price: '0.00', mandays: 0 });
  });

  it('changes nothing and checks its body (400)', async () => {
    const before = expectStatus<Item>(await admin.get(itemUrl), 200);
    await calculate(2, { length: 3 });
    expect(expectStatus<Item>(await admin.get(itemUrl), 200).revision).toBe(before.revision);
    const bad = await admin.post(`${itemUrl}/calculation`, { level: 0, values: {} });
    expect(bad.statusCode).toBe(400);
    const extra = await admin.post(`${itemUrl}/calculation`, { level: 1, values: {}, x: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

describe('demo catalog formulas', () => {
  let ctx: TestApp;
  let demo: ApiCaller;
  let base: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    expect(await seedDemoData(ctx.app.db)).toBe(true);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
    demo = await apiAs(ctx.app, user?.id ?? 0);
    const page = expectStatus<{ items: { id: number; code: string }[] }>(
      await demo.get('/api/v1/catalogs?mine=true'),
      200,
    );
    const catalog = page.items.find((candidate) => candidate.code === DEMO_CATALOG_CODE);
    base = `/api/v1/catalogs/${catalog?.id ?? 0}`;
  });
  afterAll(() => ctx.close());

  it('gives every item valid formulas on its levels, for roles of the catalog', async () => {
    const roles = expectStatus<Role[]>(await demo.get(`${base}/roles`), 200);
    const roleIds = new Set(roles.map((role) => role.id));
    const used = new Set<number>();
    const page = expectStatus<{ items: ItemSummary[] }>(
      await demo.get(`${base}/items?limit=50`),
      200,
    );
    expect(page.items).toHaveLength(8);
    for (const summary of page.items) {
      const item = expectStatus<Item>(await demo.get(`${base}/items/${summary.id}`), 200);
      const { formulas } = expectStatus<ItemFormulas>(
        await demo.get(`${base}/items/${summary.id}/formulas`),
        200,
      );
      expect(formulas.length, item.code).toBeGreaterThanOrEqual(3);
      const attributes = toFormulaAttributes(item.attributes);
      for (const formula of formulas) {
        expect(formula.issues, `${item.code}: ${formula.expression}`).toEqual([]);
        // The engine agrees on its own, too.
        expect(checkFormula(formula.expression, { attributes, level: formula.level }).ok).toBe(
          true,
        );
        expect(formula.level).toBeLessThanOrEqual(item.maxLevel);
        expect(roleIds.has(formula.roleId)).toBe(true);
        used.add(formula.roleId);
      }
    }
    expect(used).toEqual(roleIds);
  });

  it('prices a CI pipeline at level 2 from its formulas (hand-computed)', async () => {
    const page = expectStatus<{ items: ItemSummary[] }>(
      await demo.get(`${base}/items?limit=50`),
      200,
    );
    const item = page.items.find((candidate) => candidate.code === 'CI-PIPELINE');
    const roles = expectStatus<Role[]>(await demo.get(`${base}/roles`), 200);
    const roleId = (code: string) => roles.find((role) => role.code === code)?.id;
    const result = expectStatus<ItemCalculation>(
      await demo.post(`${base}/items/${item?.id ?? 0}/calculation`, {
        level: 2,
        values: { environments: 3, containers: true },
      }),
      200,
    );
    const amounts = Object.fromEntries(
      result.lines
        .filter((entry) => entry.amount !== 0)
        .map((entry) => [entry.roleId, [entry.amount, entry.price]]),
    );
    expect(amounts).toEqual({
      // 2 + 3 + 1 * 2 = 7 MD at 10500
      [roleId('DEVELOPER') ?? 0]: [7, '73500.00'],
      // 1 MD at 13000
      [roleId('ARCHITECT') ?? 0]: [1, '13000.00'],
      // 3 environments at 25000
      [roleId('ENV-SETUP') ?? 0]: [3, '75000.00'],
    });
    expect(result.total).toEqual({ price: '161500.00', mandays: 8 });
  });
});
