// The demo catalog "Software delivery": seeded once with the demo data, administered by the demo user, complete enough to build stories on.
import type { Catalog, Group, Item, ItemSummary, Label, Phase, Role } from '@costory/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, users } from '../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../src/db/seed';
import { DEMO_CATALOG_CODE } from '../src/db/seed-catalog';
import { apiAs, expectStatus, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser } from './helpers/factories';

describe('demo catalog', () => {
  let ctx: TestApp;
  let demo: ApiCaller;
  let catalog: Catalog;
  let base: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    expect(await seedDemoData(ctx.app.db)).toBe(true);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
    demo = await apiAs(ctx.app, user?.id ?? 0);
    const page = expectStatus<{ items: Catalog[] }>(
      await demo.get('/api/v1/catalogs?mine=true'),
      200,
    );
    const found = page.items.find((candidate) => candidate.code === DEMO_CATALOG_CODE);
    if (!found) throw new Error('the demo catalog is not listed');
    catalog = found;
    base = `/api/v1/catalogs/${catalog.id}`;
  });
  afterAll(() => ctx.close());

  it('is a PUBLIC budget catalog in English and Czech, administered by the demo user', () => {
    expect(catalog).toMatchObject({
      name: 'Software delivery',
      type: 'BDT',
      defaultLanguage: 'en',
      supportedLanguages: ['en', 'cs'],
      currency: 'CZK',
      visibility: 'PUBLIC',
      myRole: 'CTL_ADMIN',
      itemCount: 8,
    });
    expect(catalog.description.cs).toMatch(/vývoj/i);
  });

  it('has groups in two levels, the four phases and five priced roles with units', async () => {
    const groups = expectStatus<Group[]>(await demo.get(`${base}/groups`), 200);
    const top = groups.filter((group) => group.parentId === null);
    expect(top.length).toBeGreaterThanOrEqual(2);
    expect(groups.filter((group) => group.parentId !== null).length).toBeGreaterThanOrEqual(
      top.length,
    );
    expect(top.reduce((sum, group) => sum + group.itemCount, 0)).toBe(8);

    const phases = expectStatus<Phase[]>(await demo.get(`${base}/phases`), 200);
    expect(phases.map((phase) => [phase.name.en, phase.name.cs])).toEqual([
      ['Analysis', 'Analýza'],
      ['Design', 'Návrh'],
      ['Development', 'Vývoj'],
      ['Testing', 'Testování'],
    ]);

    const roles = expectStatus<Role[]>(await demo.get(`${base}/roles`), 200);
    expect(roles).toHaveLength(5);
    expect(new Set(roles.map((role) => role.unit))).toEqual(
      new Set(['MANDAYS', 'HOUR', 'UNIT_FIX']),
    );
    expect(roles.every((role) => Number(role.price) > 0 && role.name.cs !== undefined)).toBe(true);

    const labels = expectStatus<Label[]>(await demo.get(`${base}/labels`), 200);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.every((label) => label.usageCount > 0)).toBe(true);
  });

  it('has eight COMPLETE items with NUMBER, INTEGER, BOOLEAN and ENUM attributes on levels 1 and 2', async () => {
    const page = expectStatus<{ items: ItemSummary[] }>(
      await demo.get(`${base}/items?limit=50`),
      200,
    );
    expect(page.items).toHaveLength(8);
    expect(page.items.every((item) => item.state === 'COMPLETE' && item.version === 1)).toBe(true);
    const types = new Set<string>();
    const levels = new Set<number>();
    for (const summary of page.items) {
      const item = expectStatus<Item>(await demo.get(`${base}/items/${summary.id}`), 200);
      expect(item.name.cs).toBeTruthy();
      for (const attribute of item.attributes) {
        types.add(attribute.type);
        levels.add(attribute.level);
        if (attribute.type === 'ENUM') {
          expect(attribute.enumValues.map((value) => value.code)).toContain(attribute.defaultValue);
        }
      }
    }
    expect(types).toEqual(new Set(['NUMBER', 'INTEGER', 'BOOLEAN', 'ENUM']));
    expect(levels).toEqual(new Set([1, 2]));
  });

  it('is readable by every signed-in user, who may build stories on it', async () => {
    const visitor = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    expect(expectStatus<Catalog>(await visitor.get(base), 200)).toMatchObject({
      myRole: 'PUBLIC_READABLE',
      canBuildStories: true,
    });
  });

  it('is not seeded twice', async () => {
    expect(await seedDemoData(ctx.app.db)).toBe(false);
    const [row] = await ctx.app.db
      .select({ value: count() })
      .from(catalogs)
      .where(eq(catalogs.code, DEMO_CATALOG_CODE));
    expect(row?.value).toBe(1);
  });
});
