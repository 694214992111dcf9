// Lineups over the API (decision 0025): price resolution per role (custom, supplier, catalog) worked by hand to the cent, two lineups compared, validation, versions, tenancy, permissions and the company a lineup uses.
import type {
  Instance,
  Lineup,
  LineupPricing,
  PartnerCompany,
  StoryCalculationDto,
  StoryEvent,
} from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  storyBodies,
} from '../helpers/story-factories';

const PARTNERS = '/api/v1/partner-companies';

function companyBody(kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) {
  return {
    kind,
    name,
    email: 'obchod@firma.test',
    country: 'Česká republika',
    city: 'Olomouc',
    street: 'Horní náměstí',
    streetNumber: '1',
    zip: '779 00',
  };
}

describe('story lineups', () => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let base: string;
  let storyId = 0;
  let catalogId = 0;
  let storyAdminUser: CreatedUser;
  const id: Record<string, number> = {};

  const lineupBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Quote A',
    description: '',
    supplierId: id.supplierA,
    subscriberId: id.customer,
    customPrices: [],
    ...overrides,
  });

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    id.dev = (await createRole(db, { catalogId, code: 'DEV', price: '812.35' })).id;
    id.qa = (await createRole(db, { catalogId, code: 'QA', unit: 'HOUR', price: '37.9' })).id;
    id.pm = (await createRole(db, { catalogId, code: 'PM', price: '1000' })).id;
    const screens = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      repeatable: true,
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
      ],
      formulas: [
        { roleId: id.dev, level: 1, expression: 'screens * 0.75' },
        { roleId: id.qa, level: 1, expression: 'screens * 2.5' },
        { roleId: id.pm, level: 1, expression: '0.5' },
      ],
    });
    const { story, admin: storyAdmin } = await createStory(db, { catalogId });
    storyAdminUser = storyAdmin;
    storyId = story.id;
    base = `/api/v1/stories/${story.id}`;
    admin = await apiAs(ctx.app, storyAdmin.id);
    for (const [values, optional] of [
      [{ screens: 3 }, false],
      [{ screens: 5 }, false],
      [{ screens: 4 }, true],
    ] as const) {
      expectStatus<Instance>(
        await admin.post(
          `${base}/instances`,
          storyBodies.instance(screens.item.id, { values, optional }),
        ),
        201,
      );
    }
    const partner = async (kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) =>
      expectStatus<PartnerCompany>(await admin.post(PARTNERS, companyBody(kind, name)), 201).id;
    id.supplierA = await partner('SUPPLIER', 'Dodavatel Á');
    id.supplierB = await partner('SUPPLIER', 'Dodavatel B');
    id.customer = await partner('SUBSCRIBER', 'Zákazník Č');
    // Supplier A prices DEV only: QA and PM fall back.
    expectStatus(
      await admin.put(`${PARTNERS}/${id.supplierA}/prices`, {
        catalogId,
        prices: [{ roleId: id.dev, price: '900', version: null }],
      }),
      200,
    );
  });
  afterAll(() => ctx.close());

  it('prices each role from the custom price, else the supplier’s, else the catalog’s, to the cent', async () => {
    const created = expectStatus<LineupPricing>(
      await admin.post(
        `${base}/lineups`,
        lineupBody({ customPrices: [{ roleId: id.qa, price: '40' }] }),
      ),
      201,
    );
    id.lineupA = created.id;
    const byCode = Object.fromEntries(created.roles.map((role) => [role.code, role]));
    // DEV: (2.25 + 3.75) MD x 900 (supplier) = 2025.00 + 3375.00 = 5400.00
    expect(byCode.DEV).toMatchObject({
      amount: 6,
      catalogPrice: '812.35',
      supplierPrice: '900',
      customPrice: null,
      unitPrice: '900',
      source: 'SUPPLIER',
      price: '5400.00',
    });
    // QA: (7.5 + 12.5) h x 40 (custom, over no supplier price) = 800.00
    expect(byCode.QA).toMatchObject({
      amount: 20,
      supplierPrice: null,
      customPrice: '40',
      unitPrice: '40',
      source: 'CUSTOM',
      price: '800.00',
    });
    // PM: 2 x 0.5 MD x 1000 (catalog) = 1000.00
    expect(byCode.PM).toMatchObject({ unitPrice: '1000', source: 'CATALOG', price: '1000.00' });
    // 5400 + 800 + 1000; time 6 + 20 / 8 + 1 = 9.5 MD
    expect(created.total).toEqual({ price: '7200.00', mandays: 9.5 });
    // The optional instance apart: DEV 3 x 900 + QA 10 x 40 + PM 0.5 x 1000 = 3600.00
    expect(created.optional).toEqual({ price: '3600.00', mandays: 4.75 });
    expect(created.currency).toBe('EUR');
    expect(created.supplier).toEqual({ id: id.supplierA, name: 'Dodavatel Á' });
  });

  it('a custom price overrides the supplier’s, typed with a comma, rounded per line half away from zero', async () => {
    const created = expectStatus<LineupPricing>(
      await admin.post(
        `${base}/lineups`,
        lineupBody({
          name: 'Quote B',
          supplierId: id.supplierB,
          customPrices: [{ roleId: id.dev, price: '850,5' }],
        }),
      ),
      201,
    );
    id.lineupB = created.id;
    const byCode = Object.fromEntries(created.roles.map((role) => [role.code, role]));
    // DEV: 2.25 x 850.5 = 1913.625 -> 1913.63; 3.75 x 850.5 = 3189.375 -> 3189.38; 5103.01
    expect(byCode.DEV).toMatchObject({ source: 'CUSTOM', unitPrice: '850.5', price: '5103.01' });
    // QA: supplier B has no prices: catalog 37.9 x 20 h = 758.00
    expect(byCode.QA).toMatchObject({ source: 'CATALOG', price: '758.00' });
    expect(created.total.price).toBe('6861.01');
  });

  it('lists the lineups by name with their totals for comparison (7200.00 against 6861.01)', async () => {
    const lineups = expectStatus<Lineup[]>(await admin.get(`${base}/lineups`), 200);
    expect(lineups.map((lineup) => [lineup.name, lineup.total.price])).toEqual([
      ['Quote A', '7200.00'],
      ['Quote B', '6861.01'],
    ]);
    expect(lineups[0]?.customPrices).toEqual([{ roleId: id.qa, price: '40' }]);
  });

  it('leaves the story’s own summary at the catalog’s prices', async () => {
    const calculation = expectStatus<StoryCalculationDto>(
      await admin.get(`${base}/calculation`),
      200,
    );
    // DEV 1827.79 + 3046.31; QA 284.25 + 473.75; PM 1000
    expect(calculation.total.price).toBe('6632.10');
  });

  it('follows a change of the supplier’s price setup', async () => {
    const prices = expectStatus<{ catalogs: { roles: { roleId: number; version: number }[] }[] }>(
      await admin.get(`${PARTNERS}/${id.supplierA}/prices`),
      200,
    );
    const dev = prices.catalogs[0]?.roles.find((role) => role.roleId === id.dev);
    expectStatus(
      await admin.put(`${PARTNERS}/${id.supplierA}/prices`, {
        catalogId,
        prices: [{ roleId: id.dev, price: '910', version: dev?.version }],
      }),
      200,
    );
    const lineup = expectStatus<LineupPricing>(
      await admin.get(`${base}/lineups/${id.lineupA}`),
      200,
    );
    // DEV 6 x 910 = 5460.00; + 800 + 1000
    expect(lineup.total.price).toBe('7260.00');
  });

  it('refuses bad prices, unknown roles, a duplicate role and a company of the wrong kind with field errors', async () => {
    const zero = problemOf(
      await admin.post(
        `${base}/lineups`,
        lineupBody({ name: 'Bad', customPrices: [{ roleId: id.dev, price: '0' }] }),
      ),
    );
    expect(zero.status).toBe(400);
    expect(zero.errors?.map((error) => error.field)).toEqual(['customPrices.0.price']);
    const many = problemOf(
      await admin.post(
        `${base}/lineups`,
        lineupBody({
          name: 'Bad',
          supplierId: id.customer,
          customPrices: [
            { roleId: id.dev, price: '1' },
            { roleId: id.dev, price: '2' },
            { roleId: 999_999, price: '3' },
          ],
        }),
      ),
    );
    expect(many.status).toBe(400);
    expect(many.errors?.map((error) => [error.field, error.message])).toEqual([
      ['supplierId', 'Choose one of your supplier companies.'],
      ['customPrices.1.roleId', 'This role already has a custom price in the lineup.'],
      ['customPrices.2.roleId', 'This role is not a role of the story’s catalog.'],
    ]);
    const blank = problemOf(await admin.post(`${base}/lineups`, lineupBody({ name: '  ' })));
    expect(blank.errors?.map((error) => error.field)).toEqual(['name']);
    const taken = problemOf(await admin.post(`${base}/lineups`, lineupBody({ name: 'quote a' })));
    expect(taken.status).toBe(400);
    expect(taken.errors?.[0]?.message).toBe('Another lineup of this story already has this name.');
    const names = expectStatus<Lineup[]>(await admin.get(`${base}/lineups`), 200).map(
      (lineup) => lineup.name,
    );
    expect(names).toEqual(['Quote A', 'Quote B']);
  });

  it('answers 404 for a company of another tenant, and creates nothing', async () => {
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const foreign = expectStatus<PartnerCompany>(
      await stranger.post(PARTNERS, companyBody('SUPPLIER', 'Cizí dodavatel')),
      201,
    );
    const response = await admin.post(
      `${base}/lineups`,
      lineupBody({ name: 'Foreign', supplierId: foreign.id }),
    );
    expect(response.statusCode).toBe(404);
    expect(expectStatus<Lineup[]>(await admin.get(`${base}/lineups`), 200)).toHaveLength(2);
  });

  it('saves with the current version, answers 409 for a stale one, and replaces custom prices', async () => {
    const current = expectStatus<LineupPricing>(
      await admin.get(`${base}/lineups/${id.lineupB}`),
      200,
    );
    const saved = expectStatus<LineupPricing>(
      await admin.put(`${base}/lineups/${id.lineupB}`, {
        ...lineupBody({ name: 'Quote B2', supplierId: id.supplierB }),
        customPrices: [{ roleId: id.pm, price: '999.9999' }],
        version: current.version,
      }),
      200,
    );
    expect(saved.version).toBe(current.version + 1);
    expect(saved.customPrices).toEqual([{ roleId: id.pm, price: '999.9999' }]);
    // DEV catalog 4874.10 (1827.79 + 3046.31), QA 758.00, PM 2 x 0.5 x 999.9999 = 2 x 499.99995 -> 2 x 500.00
    expect(saved.total.price).toBe('6632.10');
    const stale = problemOf(
      await admin.put(`${base}/lineups/${id.lineupB}`, {
        ...lineupBody({ name: 'Lost', supplierId: id.supplierB }),
        version: current.version,
      }),
    );
    expect(stale.status).toBe(409);
    const after = expectStatus<LineupPricing>(
      await admin.get(`${base}/lineups/${id.lineupB}`),
      200,
    );
    expect(after.name).toBe('Quote B2');
  });

  it('answers 404 for a lineup of another story, even to its admin, and a stale no-op save 409', async () => {
    const other = await createStory(ctx.app.db, { catalogId, admin: storyAdminUser });
    const elsewhere = `/api/v1/stories/${other.story.id}/lineups/${id.lineupA}`;
    expect((await admin.get(elsewhere)).statusCode).toBe(404);
    expect((await admin.delete(elsewhere)).statusCode).toBe(404);
    expect(
      (await admin.get(`/api/v1/stories/${other.story.id}/lineups/${id.lineupA}/export`))
        .statusCode,
    ).toBe(404);
    const current = expectStatus<LineupPricing>(
      await admin.get(`${base}/lineups/${id.lineupA}`),
      200,
    );
    const stale = problemOf(
      await admin.put(`${base}/lineups/${id.lineupA}`, {
        name: current.name,
        description: current.description,
        supplierId: current.supplier.id,
        subscriberId: current.subscriber.id,
        customPrices: current.customPrices,
        version: current.version + 1,
      }),
    );
    expect(stale.status).toBe(409);
  });

  it('records lineup events with partners by name and custom prices by role code', async () => {
    const events = expectStatus<{ items: StoryEvent[] }>(await admin.get(`${base}/events`), 200);
    const types = events.items.map((event) => event.type);
    expect(types).toContain('LINEUP_CREATED');
    expect(types).toContain('LINEUP_UPDATED');
    const createdB = events.items.find(
      (event) =>
        event.type === 'LINEUP_CREATED' &&
        event.changes.some((change) => change.field === 'name' && change.new === 'Quote B'),
    );
    expect(createdB?.changes).toEqual(
      expect.arrayContaining([
        { field: 'supplier', old: null, new: 'Dodavatel B' },
        { field: 'subscriber', old: null, new: 'Zákazník Č' },
        { field: 'customPrices', old: {}, new: { DEV: '850.5' } },
      ]),
    );
    const updatedB = events.items.find((event) => event.type === 'LINEUP_UPDATED');
    expect(updatedB?.changes).toContainEqual({
      field: 'customPrices',
      old: { DEV: '850.5' },
      new: { PM: '999.9999' },
    });
    expect(JSON.stringify(events.items)).not.toMatch(/supplierId|subscriberId/);
  });

  it('refuses to delete a company a lineup uses, naming the lineup; deletes it once unused', async () => {
    const refused = problemOf(await admin.delete(`${PARTNERS}/${id.supplierB}`));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('COMPANY_IN_USE');
    expect(refused.detail).toContain('Quote B2');
    expect((await admin.delete(`${base}/lineups/${id.lineupB}`)).statusCode).toBe(204);
    expect((await admin.delete(`${PARTNERS}/${id.supplierB}`)).statusCode).toBe(204);
    expect((await admin.get(`${base}/lineups/${id.lineupB}`)).statusCode).toBe(404);
  });

  it('lets customers and verifiers read lineups, modelers edit them, readers and non-members nothing', async () => {
    const db = ctx.app.db;
    const as = async (role: 'ICT_CUSTOMER' | 'ICT_VERIFIER' | 'ICT_MODELER' | 'CTL_READER') =>
      apiAs(ctx.app, (await addStoryMember(db, storyId, role)).id);
    const customer = await as('ICT_CUSTOMER');
    const verifier = await as('ICT_VERIFIER');
    const modeler = await as('ICT_MODELER');
    const reader = await as('CTL_READER');
    const outsider = await apiAs(ctx.app, (await createUser(db)).id);
    // A customer reads only the lineups shared with them (customer-view.test.ts): none here.
    expect(expectStatus<Lineup[]>(await customer.get(`${base}/lineups`), 200)).toEqual([]);
    expect((await customer.get(`${base}/lineups/${id.lineupA}`)).statusCode).toBe(404);
    expect((await verifier.get(`${base}/lineups/${id.lineupA}`)).statusCode).toBe(200);
    for (const api of [customer, verifier]) {
      expect((await api.get(`${base}/lineups`)).statusCode).toBe(200);
      expect((await api.post(`${base}/lineups`, lineupBody({ name: 'No' }))).statusCode).toBe(403);
      expect((await api.delete(`${base}/lineups/${id.lineupA}`)).statusCode).toBe(403);
      expect((await api.get(`${base}/lineup-partners?kind=SUPPLIER`)).statusCode).toBe(403);
    }
    expect((await reader.get(`${base}/lineups`)).statusCode).toBe(403);
    expect((await reader.get(`${base}/lineups/${id.lineupA}`)).statusCode).toBe(403);
    expect((await outsider.get(`${base}/lineups`)).statusCode).toBe(404);
    expect((await outsider.get(`${base}/lineups/${id.lineupA}`)).statusCode).toBe(404);
    // The lineup form reads the supplier's prices; a subscriber has none, readers may not.
    const supplierPrices = expectStatus<{ roleId: number; price: string }[]>(
      await modeler.get(`${base}/lineup-partners/${id.supplierA}/prices`),
      200,
    );
    expect(supplierPrices).toEqual([{ roleId: id.dev, price: '910' }]);
    expect((await modeler.get(`${base}/lineup-partners/${id.customer}/prices`)).statusCode).toBe(
      404,
    );
    expect((await customer.get(`${base}/lineup-partners/${id.supplierA}/prices`)).statusCode).toBe(
      403,
    );
    // A modeler from another company picks among the story company's partners.
    const partners = expectStatus<{ items: PartnerCompany[] }>(
      await modeler.get(`${base}/lineup-partners?kind=SUPPLIER`),
      200,
    );
    expect(partners.items.map((partner) => partner.name)).toEqual(['Dodavatel Á']);
    const created = expectStatus<LineupPricing>(
      await modeler.post(`${base}/lineups`, lineupBody({ name: 'Modeler’s quote' })),
      201,
    );
    expect((await modeler.delete(`${base}/lineups/${created.id}`)).statusCode).toBe(204);
    expect(expectStatus<Lineup[]>(await admin.get(`${base}/lineups`), 200)).toHaveLength(1);
  });
});
