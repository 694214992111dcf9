// Story versions (decision 0042): a frozen version keeps its figures to the cent while the catalog and the story change, keeps formula errors, refuses a duplicate name, hides what the caller may not read, and records who froze or deleted it.
import type {
  Lineup,
  LineupPricing,
  StoryCalculationDto,
  StoryEvent,
  StoryVersion,
  StoryVersionDetail,
} from '@costory/shared';
import { storyVersionDetailSchema } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createRole } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createPublishedItem } from '../helpers/story-factories';
import {
  createPartnerPair,
  createWallCatalog,
  republishItem,
  type WallCatalog,
} from '../helpers/version-fixtures';

// The same on the request's thread and, as large stories are, on the calculation thread.
describe.each([
  ['on the main thread', 2000],
  ['on the calculation thread', 0],
])('story versions, %s', (_where, calculationThreadInstances) => {
  let ctx: TestApp;
  let admin: CreatedUser;
  let adminApi: ApiCaller;
  let catalogId: number;
  let roleId: number;
  let wallId: number;
  let brokenId: number;
  const partners = { supplier: 0, subscriber: 0 };

  let freshStory: WallCatalog['freshStory'];
  let addInstance: WallCatalog['addInstance'];

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { calculationThreadInstances } });
    ({ catalogId, admin, adminApi, roleId, wallId, freshStory, addInstance } =
      await createWallCatalog(ctx.app, { price: '100' }));
    // A formula that yields a negative amount: an error of every instance of the item.
    brokenId = (
      await createPublishedItem(ctx.app.db, {
        catalogId,
        code: 'BROKEN',
        repeatable: true,
        formulas: [{ roleId, expression: '0 - 1' }],
      })
    ).item.id;
    Object.assign(partners, await createPartnerPair(adminApi));
  });
  afterAll(() => ctx.close());

  async function freeze(
    api: ApiCaller,
    base: string,
    body: Record<string, unknown>,
  ): Promise<StoryVersion> {
    return expectStatus<StoryVersion>(await api.post(`${base}/versions`, body), 201);
  }

  function lineupBody(name: string, extra: Record<string, unknown> = {}) {
    return {
      name,
      supplierId: partners.supplier,
      subscriberId: partners.subscriber,
      ...extra,
    };
  }

  it('keeps every figure of a version to the cent while the catalog and the story change', async () => {
    // A role and an item of this test's own: the catalog changes under them below.
    const db = ctx.app.db;
    const roleId = (await createRole(db, { catalogId, code: 'PM', unit: 'MANDAYS', price: '100' }))
      .id;
    const wallId = (
      await createPublishedItem(db, {
        catalogId,
        code: 'ROOF',
        repeatable: true,
        attributes: [{ level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' }],
        formulas: [{ roleId, expression: 'area * 0.1' }],
      })
    ).item.id;
    const { base } = await freshStory();
    // 100 x 0.1 = 10 MD x 100 = 1000.00; the optional one 5 MD = 500.00.
    const wall = await addInstance(base, wallId, { name: 'Hall', values: { area: 100 } });
    await addInstance(base, wallId, { optional: true, values: { area: 50 } });
    const lineup = expectStatus<LineupPricing>(
      await adminApi.post(
        `${base}/lineups`,
        lineupBody('For Novák', { customPrices: [{ roleId, price: '90' }] }),
      ),
      201,
    );

    const version = await freeze(adminApi, base, {
      name: '  Quote for Novák, 25 Nov  ',
      note: 'First offer',
    });
    expect(version).toMatchObject({
      name: 'Quote for Novák, 25 Nov',
      note: 'First offer',
      createdBy: { id: admin.id, name: 'Ada Admin' },
      currency: 'EUR',
      total: { price: '1000.00', mandays: 10 },
      optional: { price: '500.00', mandays: 5 },
      instanceCount: 2,
      errorCount: 0,
    });
    const url = `${base}/versions/${version.id}`;
    const frozen = expectStatus<StoryVersionDetail>(await adminApi.get(url), 200);
    // The answer is written as text, not checked on the way out: it must still be the schema's.
    expect(storyVersionDetailSchema.parse(frozen)).toEqual(frozen);
    const live = expectStatus<StoryCalculationDto>(await adminApi.get(`${base}/calculation`), 200);
    // The version's summaries are the live story's answer at the moment it was frozen.
    expect(frozen.calculation).toEqual(live);
    expect(frozen.legend.instances).toEqual([
      { id: wall.id, itemId: wallId, name: 'Hall', description: '' },
      expect.objectContaining({ itemId: wallId }),
    ]);
    expect(frozen.legend.items).toEqual([
      expect.objectContaining({ id: wallId, code: 'ROOF', version: 1 }),
    ]);
    const frozenLineups = expectStatus<Lineup[]>(await adminApi.get(`${url}/lineups`), 200);
    expect(frozenLineups).toEqual([
      expect.objectContaining({ id: lineup.id, total: { price: '900.00', mandays: 10 } }),
    ]);
    const frozenLineup = expectStatus<LineupPricing>(
      await adminApi.get(`${url}/lineups/${lineup.id}`),
      200,
    );
    expect(frozenLineup).toEqual(
      expectStatus<LineupPricing>(await adminApi.get(`${base}/lineups/${lineup.id}`), 200),
    );

    // The catalog's role price changes: the live story follows, the version does not.
    expectStatus(
      await adminApi.put(`/api/v1/catalogs/${catalogId}/roles/${roleId}`, {
        name: { en: 'Manager' },
        code: 'PM',
        description: {},
        unit: 'MANDAYS',
        price: '120,5',
        version: 0,
      }),
      200,
    );
    await ctx.app.jobs.drain();
    const repriced = expectStatus<StoryCalculationDto>(
      await adminApi.get(`${base}/calculation`),
      200,
    );
    expect(repriced.total.price).toBe('1205.00');
    expect(expectStatus(await adminApi.get(url), 200)).toEqual(frozen);

    // A new version of the item is published (0.2 a square metre): the same.
    await republishItem(
      ctx.app,
      adminApi,
      { catalogId, itemId: wallId },
      { roleId, name: 'Area', expression: 'area * 0.2' },
    );
    const republished = expectStatus<StoryCalculationDto>(
      await adminApi.get(`${base}/calculation`),
      200,
    );
    // 100 x 0.2 = 20 MD x 120.50
    expect(republished.total.price).toBe('2410.00');

    // The story itself changes: an instance edited, the lineup's custom price changed.
    expectStatus(await adminApi.delete(`${base}/instances/${wall.id}`), 204);
    expectStatus(
      await adminApi.put(`${base}/lineups/${lineup.id}`, {
        ...lineupBody('Renamed', { customPrices: [{ roleId, price: '10' }] }),
        version: lineup.version,
      }),
      200,
    );

    expect(expectStatus(await adminApi.get(url), 200)).toEqual(frozen);
    expect(expectStatus(await adminApi.get(`${url}/lineups`), 200)).toEqual(frozenLineups);
    expect(expectStatus(await adminApi.get(`${url}/lineups/${lineup.id}`), 200)).toEqual(
      frozenLineup,
    );
    const list = expectStatus<StoryVersion[]>(await adminApi.get(`${base}/versions`), 200);
    expect(list).toEqual([version]);
  });

  it('freezes a story with formula errors and keeps them visible', async () => {
    const { base } = await freshStory();
    await addInstance(base, wallId, { values: { area: 10 } });
    const broken = await addInstance(base, brokenId);
    expect(broken.errorCount).toBe(1);
    const version = await freeze(adminApi, base, { name: 'With errors' });
    expect(version).toMatchObject({ note: '', errorCount: 1, instanceCount: 2 });
    const detail = expectStatus<StoryVersionDetail>(
      await adminApi.get(`${base}/versions/${version.id}`),
      200,
    );
    expect(detail.calculation.errors).toEqual([
      expect.objectContaining({
        instanceId: broken.id,
        itemId: brokenId,
        roleId,
        expression: '0 - 1',
        error: { code: expect.any(String) as string },
      }),
    ]);
    expect(detail.calculation.byInstance).toContainEqual(
      expect.objectContaining({ instanceId: broken.id, errorCount: 1, price: '0.00' }),
    );
  });

  it('refuses a name another version of the story has, in English and Czech, and nothing else', async () => {
    const { base } = await freshStory();
    await freeze(adminApi, base, { name: 'Quote' });
    for (const [language, message] of [
      ['en', 'Another version of this story already has this name.'],
      ['cs', 'Tento název už má jiná verze tohoto příběhu.'],
    ] as const) {
      const problem = problemOf(
        await adminApi.post(
          `${base}/versions`,
          { name: ' quote ' },
          { 'accept-language': language },
        ),
      );
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(problem.errors).toEqual([
        { field: 'name', rule: 'story_version_name_taken', message },
      ]);
    }
    const blank = problemOf(await adminApi.post(`${base}/versions`, { name: '   ' }));
    expect(blank).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(blank.errors?.[0]).toMatchObject({ field: 'name', rule: 'required' });
    expect(
      expectStatus<StoryVersion[]>(await adminApi.get(`${base}/versions`), 200).map(
        (version) => version.name,
      ),
    ).toEqual(['Quote']);
    // Another story may use the name.
    await freeze(adminApi, (await freshStory()).base, { name: 'Quote' });
  });

  it('answers 404 for a story the caller cannot read and for a version of another story', async () => {
    const { base } = await freshStory();
    const version = await freeze(adminApi, base, { name: 'Mine' });
    await addInstance(base, wallId, { values: { area: 1 } });
    const other = await freshStory();
    const urls = [
      `${base}/versions`,
      `${base}/versions/${version.id}`,
      `${base}/versions/${version.id}/lineups`,
    ];
    const stranger = await apiAs(
      ctx.app,
      (await createUser(ctx.app.db, { companyId: admin.companyId })).id,
    );
    for (const url of urls) expect(problemOf(await stranger.get(url)).status, url).toBe(404);
    expect(problemOf(await stranger.post(`${base}/versions`, { name: 'Theirs' })).status).toBe(404);
    expect(problemOf(await stranger.delete(`${base}/versions/${version.id}`)).status).toBe(404);
    const elsewhere = `${other.base}/versions/${version.id}`;
    for (const url of [elsewhere, `${elsewhere}/lineups`, `${elsewhere}/lineups/1`]) {
      expect(problemOf(await adminApi.get(url)).status, url).toBe(404);
    }
    expect(problemOf(await adminApi.delete(elsewhere)).status).toBe(404);
    expect(expectStatus<StoryVersion[]>(await adminApi.get(`${base}/versions`), 200)).toHaveLength(
      1,
    );
  });

  it('shows a customer amounts and time only, and only the lineups shared with them then', async () => {
    const { storyId, base } = await freshStory();
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    const customerApi = await apiAs(ctx.app, customer.id);
    await addInstance(base, wallId, { values: { area: 100 } });
    const shared = expectStatus<LineupPricing>(
      await adminApi.post(
        `${base}/lineups`,
        lineupBody('Shared', {
          sharedWith: [customer.id],
          customPrices: [{ roleId, price: '90' }],
        }),
      ),
      201,
    );
    const hidden = expectStatus<LineupPricing>(
      await adminApi.post(`${base}/lineups`, lineupBody('Internal')),
      201,
    );
    const version = await freeze(adminApi, base, { name: 'Sent' });
    const url = `${base}/versions/${version.id}`;
    // Read with prices first: what the process keeps of the version must not reach the customer.
    const full = expectStatus<StoryVersionDetail>(await adminApi.get(url), 200);
    expect(full.calculation.total).toEqual({ price: '1000.00', mandays: 10 });
    const [listed] = expectStatus<StoryVersion[]>(await customerApi.get(`${base}/versions`), 200);
    expect(listed).toMatchObject({
      total: { price: null, mandays: 10 },
      optional: { price: null },
    });
    const detail = expectStatus<StoryVersionDetail>(await customerApi.get(url), 200);
    expect(detail.calculation.total).toEqual({ price: null, mandays: 10 });
    expect(detail.calculation.byRole).toContainEqual(
      expect.objectContaining({ roleId, amount: 10, price: null, unitPrice: null }),
    );
    expect(detail.calculation.byRole.every((role) => role.price === null)).toBe(true);
    const lineups = expectStatus<Lineup[]>(await customerApi.get(`${url}/lineups`), 200);
    expect(lineups.map((lineup) => lineup.id)).toEqual([shared.id]);
    expect(lineups[0]).toMatchObject({ total: { price: '900.00' }, customPrices: [] });
    const pricing = expectStatus<LineupPricing>(
      await customerApi.get(`${url}/lineups/${shared.id}`),
      200,
    );
    expect(pricing.roles).toContainEqual(
      expect.objectContaining({ roleId, unitPrice: '90', catalogPrice: null, source: null }),
    );
    expect(pricing.roles.every((role) => role.catalogPrice === null)).toBe(true);
    expect(problemOf(await customerApi.get(`${url}/lineups/${hidden.id}`)).status).toBe(404);
  });

  it('records who froze and who deleted a version in the story’s history', async () => {
    const { base } = await freshStory();
    const version = await freeze(adminApi, base, { name: 'Draft offer', note: 'For review' });
    const compare = `${base}/versions/compare?from=${version.id}&to=live`;
    // Read and compared before it goes: what the process kept of it must not answer afterwards.
    expectStatus(await adminApi.get(`${base}/versions/${version.id}`), 200);
    expectStatus(await adminApi.get(compare), 200);
    expectStatus(await adminApi.delete(`${base}/versions/${version.id}`), 204);
    expect(problemOf(await adminApi.get(`${base}/versions/${version.id}`)).status).toBe(404);
    expect(problemOf(await adminApi.get(compare)).status).toBe(404);
    expect(expectStatus(await adminApi.get(`${base}/versions`), 200)).toEqual([]);
    const events = expectStatus<{ items: StoryEvent[] }>(await adminApi.get(`${base}/events`), 200);
    const user = { id: admin.id, name: 'Ada Admin' };
    expect(events.items.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'VERSION_DELETED',
        user,
        changes: [{ field: 'name', old: 'Draft offer', new: null }],
      }),
      expect.objectContaining({
        type: 'VERSION_FROZEN',
        user,
        changes: [
          { field: 'name', old: null, new: 'Draft offer' },
          { field: 'note', old: null, new: 'For review' },
        ],
      }),
    ]);
  });
});
