// Comparing story versions (decision 0042 "Comparison"): two versions or a version and the live story, differences in exact cents worked out by hand, the reason each changed instance differs (an edit, another item version, a role's price), a customer's view without prices, and 404s.
import type { Instance, StoryVersion, StoryVersionComparison } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createRole } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createPublishedItem } from '../helpers/story-factories';
import { createWallCatalog, republishItem, type WallCatalog } from '../helpers/version-fixtures';

// The same on the request's thread and, as large stories are, on the calculation thread.
describe.each([
  ['on the main thread', 2000],
  ['on the calculation thread', 0],
])('comparing story versions, %s', (_where, calculationThreadInstances) => {
  let ctx: TestApp;
  let admin: CreatedUser;
  let adminApi: ApiCaller;
  let catalogId: number;
  let roleId: number;
  let phaseId: number;
  let wallId: number;
  let fixedId: number;

  let freshStory: WallCatalog['freshStory'];
  let addInstance: WallCatalog['addInstance'];

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { calculationThreadInstances } });
    const fixture = await createWallCatalog(ctx.app, { price: '1000', phase: true });
    ({ catalogId, admin, adminApi, roleId, wallId, freshStory, addInstance } = fixture);
    if (fixture.phaseId === null) throw new Error('the fixture has no phase');
    phaseId = fixture.phaseId;
    fixedId = (
      await createPublishedItem(ctx.app.db, {
        catalogId,
        code: 'FIXED',
        repeatable: true,
        formulas: [{ roleId, expression: '2.5' }],
      })
    ).item.id;
  });
  afterAll(() => ctx.close());

  async function freeze(base: string, name: string): Promise<StoryVersion> {
    return expectStatus<StoryVersion>(await adminApi.post(`${base}/versions`, { name }), 201);
  }

  async function compare(
    base: string,
    from: number | 'live',
    to: number | 'live',
    api: ApiCaller = adminApi,
  ): Promise<StoryVersionComparison> {
    return expectStatus<StoryVersionComparison>(
      await api.get(`${base}/versions/compare?from=${from}&to=${to}`),
      200,
    );
  }

  /** A role and a 2.5 MD item of the test's own: the catalog changes under them. */
  async function ownRoleAndItem(code: string, price: string) {
    const db = ctx.app.db;
    const role = await createRole(db, { catalogId, code, unit: 'MANDAYS', price });
    const item = await createPublishedItem(db, {
      catalogId,
      code: `${code}-ITEM`,
      repeatable: true,
      attributes: [{ level: 1, code: 'days', name: { en: 'Days' }, type: 'NUMBER' }],
      formulas: [{ roleId: role.id, expression: 'days' }],
    });
    return { role, itemId: item.item.id };
  }

  async function setRolePrice(id: number, code: string, price: string): Promise<void> {
    expectStatus(
      await adminApi.put(`/api/v1/catalogs/${catalogId}/roles/${id}`, {
        name: { en: `Role ${code}` },
        code,
        description: {},
        unit: 'MANDAYS',
        price,
        version: 0,
      }),
      200,
    );
    await ctx.app.jobs.drain();
  }

  /** Publishes the item's next version with one formula. */
  const republish = (itemId: number, formulaRoleId: number, expression: string) =>
    republishItem(
      ctx.app,
      adminApi,
      { catalogId, itemId },
      { roleId: formulaRoleId, name: 'Days', expression },
    );

  it('gives a role price change 1000 -> 1200 on 2.5 MD as +500.00 for the reason ROLE_PRICE', async () => {
    const { role, itemId } = await ownRoleAndItem('PM', '1000');
    const { base } = await freshStory();
    // 2.5 MD x 1000 = 2500.00
    const instance = await addInstance(base, itemId, { name: 'Planning', values: { days: 2.5 } });
    const before = await freeze(base, 'At 1000');
    await setRolePrice(role.id, 'PM', '1200');
    // 2.5 MD x 1200 = 3000.00
    const comparison = await compare(base, before.id, 'live');
    expect(comparison.from).toMatchObject({
      versionId: before.id,
      name: 'At 1000',
      currency: 'EUR',
      instanceCount: 1,
      errorCount: 0,
    });
    expect(comparison.to).toMatchObject({ versionId: null, name: null, createdAt: null });
    expect(comparison.total).toEqual({
      from: { price: '2500.00', mandays: 2.5 },
      to: { price: '3000.00', mandays: 2.5 },
      difference: { price: '500.00', mandays: 0 },
    });
    expect(comparison.optional.difference).toEqual({ price: '0.00', mandays: 0 });
    expect(comparison.byRole).toEqual([
      {
        roleId: role.id,
        code: 'PM',
        name: { en: 'Role PM' },
        from: {
          unit: 'MANDAYS',
          amount: 2.5,
          unitPrice: '1000.0000',
          price: '2500.00',
          mandays: 2.5,
        },
        to: {
          unit: 'MANDAYS',
          amount: 2.5,
          unitPrice: '1200.0000',
          price: '3000.00',
          mandays: 2.5,
        },
        difference: { price: '500.00', mandays: 0 },
        reasons: ['ROLE_PRICE'],
      },
    ]);
    expect(comparison.byPhase).toEqual([
      {
        phaseId: null,
        code: null,
        name: null,
        from: { price: '2500.00', mandays: 2.5 },
        to: { price: '3000.00', mandays: 2.5 },
        difference: { price: '500.00', mandays: 0 },
      },
    ]);
    expect(comparison.instances.added).toEqual([]);
    expect(comparison.instances.removed).toEqual([]);
    expect(comparison.instances.changed).toEqual([
      {
        instanceId: instance.id,
        itemId,
        itemCode: 'PM-ITEM',
        itemName: { en: 'Item PM-ITEM' },
        name: 'Planning',
        reasons: ['ROLE_PRICE'],
        from: {
          level: 1,
          optional: false,
          labelIds: [],
          itemVersion: 1,
          price: '2500.00',
          mandays: 2.5,
          errorCount: 0,
        },
        to: {
          level: 1,
          optional: false,
          labelIds: [],
          itemVersion: 1,
          price: '3000.00',
          mandays: 2.5,
          errorCount: 0,
        },
        difference: { price: '500.00', mandays: 0 },
        values: [],
      },
    ]);

    // Two versions compare alike, and the other way round the difference turns.
    const after = await freeze(base, 'At 1200');
    const versions = await compare(base, before.id, after.id);
    expect({ ...versions, to: undefined }).toEqual({ ...comparison, to: undefined });
    expect(versions.to).toMatchObject({ versionId: after.id, name: 'At 1200' });
    const back = await compare(base, after.id, before.id);
    expect(back.total.difference).toEqual({ price: '-500.00', mandays: 0 });
    expect(back.instances.changed[0]?.difference).toEqual({ price: '-500.00', mandays: 0 });
  });

  it('lists instances added, removed and edited with the values that changed (EDIT)', async () => {
    const { base } = await freshStory();
    // 100 x 0.1 = 10 MD = 10000.00, and 2.5 MD = 2500.00: 12500.00, 12.5 MD.
    const wall = await addInstance(base, wallId, { name: 'Hall', values: { area: 100 } });
    const fixed = await addInstance(base, fixedId, { name: 'Setup' });
    const version = await freeze(base, 'First');
    // 120 x 0.1 = 12 MD = 12000.00 (+2000.00, +2 MD)
    expectStatus(
      await adminApi.put(`${base}/instances/${wall.id}`, {
        name: 'Hall',
        description: '',
        optional: false,
        level: 1,
        values: { area: 120 },
        labelIds: [],
        revision: wall.revision,
      }),
      200,
    );
    expectStatus(await adminApi.delete(`${base}/instances/${fixed.id}`), 204);
    // 10 x 0.1 = 1 MD = 1000.00, optional
    const extra = await addInstance(base, wallId, {
      name: 'Shed',
      optional: true,
      values: { area: 10 },
    });

    const comparison = await compare(base, version.id, 'live');
    // 12500.00 -> 12000.00; 12.5 MD -> 12 MD
    expect(comparison.total).toEqual({
      from: { price: '12500.00', mandays: 12.5 },
      to: { price: '12000.00', mandays: 12 },
      difference: { price: '-500.00', mandays: -0.5 },
    });
    expect(comparison.optional).toEqual({
      from: { price: '0.00', mandays: 0 },
      to: { price: '1000.00', mandays: 1 },
      difference: { price: '1000.00', mandays: 1 },
    });
    expect(comparison.instances.added).toEqual([
      {
        instanceId: extra.id,
        itemId: wallId,
        itemCode: 'WALL',
        itemName: { en: 'Item WALL' },
        name: 'Shed',
        state: {
          level: 1,
          optional: true,
          labelIds: [],
          itemVersion: 1,
          price: '1000.00',
          mandays: 1,
          errorCount: 0,
        },
        values: { area: 10 },
      },
    ]);
    expect(comparison.instances.removed).toEqual([
      expect.objectContaining({
        instanceId: fixed.id,
        itemCode: 'FIXED',
        name: 'Setup',
        state: expect.objectContaining({ price: '2500.00', mandays: 2.5 }) as unknown,
      }),
    ]);
    expect(comparison.instances.changed).toEqual([
      expect.objectContaining({
        instanceId: wall.id,
        reasons: ['EDIT'],
        values: [{ attribute: 'area', from: 100, to: 120 }],
        difference: { price: '2000.00', mandays: 2 },
      }),
    ]);
    // Phases total the main instances (the optional shed is not in them): WALL's phase 10 MD ->
    // 12 MD, and the phaseless FIXED goes, 2.5 MD -> nothing.
    expect(comparison.byPhase).toEqual([
      {
        phaseId,
        code: 'BUILD',
        name: { en: 'Phase BUILD' },
        from: { price: '10000.00', mandays: 10 },
        to: { price: '12000.00', mandays: 12 },
        difference: { price: '2000.00', mandays: 2 },
      },
      {
        phaseId: null,
        code: null,
        name: null,
        from: { price: '2500.00', mandays: 2.5 },
        to: { price: '0.00', mandays: 0 },
        difference: { price: '-2500.00', mandays: -2.5 },
      },
    ]);
    expect(comparison.byRole).toEqual([
      expect.objectContaining({
        roleId,
        from: expect.objectContaining({ amount: 12.5, price: '12500.00' }) as unknown,
        to: expect.objectContaining({ amount: 12, price: '12000.00' }) as unknown,
        difference: { price: '-500.00', mandays: -0.5 },
        reasons: [],
      }),
    ]);

    // The same side twice: nothing differs.
    const same = await compare(base, 'live', 'live');
    expect(same.total.difference).toEqual({ price: '0.00', mandays: 0 });
    expect(same.instances).toEqual({ added: [], removed: [], changed: [] });
    expect(same.byRole.every((role) => role.difference.price === '0.00')).toBe(true);
  });

  it('gives a newly published item version with another formula the reason ITEM_VERSION', async () => {
    const { role, itemId } = await ownRoleAndItem('QA', '100');
    const { base } = await freshStory();
    // days 3 -> 3 MD x 100 = 300.00
    const instance = await addInstance(base, itemId, { values: { days: 3 } });
    const version = await freeze(base, 'Before the new formula');
    await republish(itemId, role.id, 'days * 2');
    // 6 MD x 100 = 600.00
    const comparison = await compare(base, version.id, 'live');
    expect(comparison.total.difference).toEqual({ price: '300.00', mandays: 3 });
    expect(comparison.byRole).toEqual([
      expect.objectContaining({
        roleId: role.id,
        reasons: [],
        difference: { price: '300.00', mandays: 3 },
      }),
    ]);
    expect(comparison.instances.changed).toEqual([
      expect.objectContaining({
        instanceId: instance.id,
        reasons: ['ITEM_VERSION'],
        from: expect.objectContaining({ itemVersion: 1, price: '300.00' }) as unknown,
        to: expect.objectContaining({ itemVersion: 2, price: '600.00' }) as unknown,
        values: [],
      }),
    ]);

    // An edit on top of a role price change: both reasons.
    await setRolePrice(role.id, 'QA', '150');
    const current = expectStatus<Instance>(
      await adminApi.get(`${base}/instances/${instance.id}`),
      200,
    );
    expectStatus(
      await adminApi.put(`${base}/instances/${instance.id}`, {
        name: current.name,
        description: '',
        optional: false,
        level: 1,
        values: { days: 4 },
        labelIds: [],
        revision: current.revision,
      }),
      200,
    );
    // 4 x 2 = 8 MD x 150 = 1200.00: +900.00, +5 MD
    const all = await compare(base, version.id, 'live');
    expect(all.instances.changed).toEqual([
      expect.objectContaining({
        reasons: ['EDIT', 'ITEM_VERSION', 'ROLE_PRICE'],
        difference: { price: '900.00', mandays: 5 },
        values: [{ attribute: 'days', from: 3, to: 4 }],
      }),
    ]);
  });

  it('shows a customer amounts and time only, and no price change as a reason', async () => {
    const { role, itemId } = await ownRoleAndItem('OPS', '1000');
    const { storyId, base } = await freshStory();
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    const customerApi = await apiAs(ctx.app, customer.id);
    await addInstance(base, itemId, { values: { days: 2 } });
    const version = await freeze(base, 'Sent');
    await setRolePrice(role.id, 'OPS', '1100');
    const repriced = await compare(base, version.id, 'live', customerApi);
    expect(repriced.total).toEqual({
      from: { price: null, mandays: 2 },
      to: { price: null, mandays: 2 },
      difference: { price: null, mandays: 0 },
    });
    expect(repriced.byRole).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ unitPrice: null, price: null }) as unknown,
        reasons: [],
      }),
    ]);
    expect(repriced.instances.changed).toEqual([]);
    // The admin sees the change and its reason.
    const seen = await compare(base, version.id, 'live');
    expect(seen.total.difference).toEqual({ price: '200.00', mandays: 0 });
    expect(seen.instances.changed[0]?.reasons).toEqual(['ROLE_PRICE']);

    const added = await addInstance(base, itemId, { values: { days: 1 } });
    const edited = await compare(base, version.id, 'live', customerApi);
    expect(edited.total.difference).toEqual({ price: null, mandays: 1 });
    expect(edited.instances.added).toEqual([
      expect.objectContaining({
        instanceId: added.id,
        state: expect.objectContaining({ price: null, mandays: 1 }) as unknown,
      }),
    ]);
  });

  it('answers 404 for a story the caller cannot read and for a version of another story, 400 for a bad side', async () => {
    const { base } = await freshStory();
    const version = await freeze(base, 'Mine');
    const other = await freshStory();
    const otherVersion = await freeze(other.base, 'Theirs');
    const stranger = await apiAs(
      ctx.app,
      (await createUser(ctx.app.db, { companyId: admin.companyId })).id,
    );
    const url = `${base}/versions/compare?from=${version.id}&to=live`;
    expect(problemOf(await stranger.get(url)).status).toBe(404);
    for (const query of [
      `from=${otherVersion.id}&to=live`,
      `from=live&to=${otherVersion.id}`,
      `from=${version.id}&to=999999`,
    ]) {
      expect(problemOf(await adminApi.get(`${base}/versions/compare?${query}`)).status, query).toBe(
        404,
      );
    }
    for (const query of ['from=live', 'from=latest&to=live', `from=${version.id}&to=01`, '']) {
      expect(
        problemOf(await adminApi.get(`${base}/versions/compare?${query}`)),
        query,
      ).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    // A version compared with itself answers no differences.
    const same = await compare(base, version.id, version.id);
    expect(same.total.difference).toEqual({ price: '0.00', mandays: 0 });
  });
});
