// What a story's CUSTOMER reads (decision 0033), field by field and both ways: only the lineups shared with them, final prices only; no catalog or supplier prices, price sources, formulas or catalog-priced totals anywhere, while the estimator's roles still read all of it.
import type {
  Instance,
  Lineup,
  LineupPricing,
  PartnerCompany,
  Report,
  Story,
  StoryCalculationDto,
  StoryEvent,
} from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/lib/cursor';
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
// The margins: the catalog's prices, the supplier's price and the formulas' text.
const CATALOG_DEV = '812.35';
const CATALOG_QA = '37.9';
const SUPPLIER_DEV = '700.5';
const FORMULA = 'screens * 0.75';

function partnerBody(kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) {
  return {
    kind,
    name,
    email: 'obchod@firma.test',
    country: 'Česká republika',
    city: 'Brno',
    street: 'Masarykova',
    streetNumber: '2',
    zip: '602 00',
  };
}

describe('the customer view of a story', () => {
  let ctx: TestApp;
  let modeler: ApiCaller;
  let customer: ApiCaller;
  let otherCustomer: ApiCaller;
  let customerUser: CreatedUser;
  let modelerUser: CreatedUser;
  let base: string;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const catalogId = (await createCatalog(db, { visibility: 'PRIVATE' })).catalog.id;
    id.dev = (await createRole(db, { catalogId, code: 'DEV', price: CATALOG_DEV })).id;
    id.qa = (await createRole(db, { catalogId, code: 'QA', unit: 'HOUR', price: CATALOG_QA })).id;
    const screens = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      repeatable: true,
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
      ],
      formulas: [
        { roleId: id.dev, level: 1, expression: FORMULA },
        // 3 screens divide by zero: a formula error the customer hears of, without the formula.
        { roleId: id.qa, level: 1, expression: '10 / (screens - 3)' },
      ],
    });
    const { story, admin: storyAdmin } = await createStory(db, { catalogId });
    base = `/api/v1/stories/${story.id}`;
    const admin = await apiAs(ctx.app, storyAdmin.id);
    modelerUser = await addStoryMember(db, story.id, 'ICT_MODELER');
    modeler = await apiAs(ctx.app, modelerUser.id);
    customerUser = await addStoryMember(
      db,
      story.id,
      'ICT_CUSTOMER',
      await createUser(db, { firstName: 'Zuzana', lastName: 'Zákaznická' }),
    );
    customer = await apiAs(ctx.app, customerUser.id);
    otherCustomer = await apiAs(ctx.app, (await addStoryMember(db, story.id, 'ICT_CUSTOMER')).id);
    for (const screensCount of [4, 3]) {
      id[`instance${String(screensCount)}`] = expectStatus<Instance>(
        await admin.post(
          `${base}/instances`,
          storyBodies.instance(screens.item.id, { values: { screens: screensCount } }),
        ),
        201,
      ).id;
    }
    const partner = async (kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) =>
      expectStatus<PartnerCompany>(await admin.post(PARTNERS, partnerBody(kind, name)), 201).id;
    id.supplier = await partner('SUPPLIER', 'Dodavatel s.r.o.');
    id.subscriber = await partner('SUBSCRIBER', 'Zákazník a.s.');
    expectStatus(
      await admin.put(`${PARTNERS}/${id.supplier}/prices`, {
        catalogId,
        prices: [{ roleId: id.dev, price: SUPPLIER_DEV, version: null }],
      }),
      200,
    );
    const lineup = (name: string, extra: Record<string, unknown>) =>
      modeler.post(`${base}/lineups`, {
        name,
        supplierId: id.supplier,
        subscriberId: id.subscriber,
        ...extra,
      });
    id.shared = expectStatus<LineupPricing>(
      await lineup('Nabídka pro zákazníka', {
        customPrices: [{ roleId: id.qa, price: '45' }],
        sharedWith: [customerUser.id],
      }),
      201,
    ).id;
    id.internal = expectStatus<LineupPricing>(await lineup('Interní kalkulace', {}), 201).id;
  });
  afterAll(() => ctx.close());

  it('lists to a customer only the lineups shared with them, without custom prices or shares', async () => {
    const mine = expectStatus<Lineup[]>(await customer.get(`${base}/lineups`), 200);
    expect(mine.map((lineup) => lineup.name)).toEqual(['Nabídka pro zákazníka']);
    expect(mine[0]?.customPrices).toEqual([]);
    expect(mine[0]?.sharedWith).toEqual([]);
    expect(expectStatus<Lineup[]>(await otherCustomer.get(`${base}/lineups`), 200)).toEqual([]);

    const all = expectStatus<Lineup[]>(await modeler.get(`${base}/lineups`), 200);
    expect(all.map((lineup) => lineup.name)).toEqual([
      'Interní kalkulace',
      'Nabídka pro zákazníka',
    ]);
    const shared = all.find((lineup) => lineup.id === id.shared);
    expect(shared?.sharedWith).toEqual([{ id: customerUser.id, name: 'Zuzana Zákaznická' }]);
    expect(shared?.customPrices).toEqual([{ roleId: id.qa, price: '45' }]);
    // The same totals either way: the customer reads the final prices.
    expect(mine[0]?.total).toEqual(shared?.total);
  });

  it('gives a customer the final unit price and price of each role, never the candidates or the source', async () => {
    const response = await customer.get(`${base}/lineups/${id.shared}`);
    const pricing = expectStatus<LineupPricing>(response, 200);
    const dev = pricing.roles.find((role) => role.roleId === id.dev);
    // 4 screens x 0.75 = 3 MD (the other instance's DEV line too: 3 x 0.75 = 2.25) at the supplier's 700.5
    expect(dev).toMatchObject({
      amount: 5.25,
      unitPrice: '700.5',
      price: '3677.63',
      catalogPrice: null,
      supplierPrice: null,
      customPrice: null,
      source: null,
    });
    const qa = pricing.roles.find((role) => role.roleId === id.qa);
    expect(qa).toMatchObject({ unitPrice: '45', source: null, customPrice: null });
    expect(response.body).not.toContain(CATALOG_DEV);
    expect(response.body).not.toContain(FORMULA);

    const full = expectStatus<LineupPricing>(
      await modeler.get(`${base}/lineups/${id.shared}`),
      200,
    );
    expect(full.roles.find((role) => role.roleId === id.dev)).toMatchObject({
      catalogPrice: CATALOG_DEV,
      supplierPrice: SUPPLIER_DEV,
      source: 'SUPPLIER',
    });
  });

  it('answers 404 to a customer for a lineup not shared with them, to read or export', async () => {
    expectStatus(await customer.get(`${base}/lineups/${id.internal}`), 404);
    expectStatus(await customer.get(`${base}/lineups/${id.internal}/export?format=json`), 404);
    expectStatus(await otherCustomer.get(`${base}/lineups/${id.shared}`), 404);
    expectStatus(await customer.get(`${base}/lineups/${id.shared}/export?format=json`), 200);
  });

  it('exports a customer’s lineup as the customer document: final prices, no price source', async () => {
    const columns = async (caller: ApiCaller) =>
      expectStatus<Report>(
        await caller.get(`${base}/lineups/${id.shared}/export?format=json`),
        200,
      ).tables.flatMap((table) => table.columns.map((column) => column.header));
    const internal = await columns(modeler);
    expect(internal).toContain('Price from');
    const customers = await columns(customer);
    expect(customers).not.toContain('Price from');
    expect(customers).toContain('Unit price');
  });

  it('calculates the story for a customer in amounts and time, without prices or formulas', async () => {
    const response = await customer.get(`${base}/calculation`);
    const calculation = expectStatus<StoryCalculationDto>(response, 200);
    // DEV 5.25 MD and QA 10 h (1.25 MD) of the 4-screen instance
    expect(calculation.total).toEqual({ price: null, mandays: 6.5 });
    expect(calculation.byRole.find((role) => role.roleId === id.dev)).toMatchObject({
      amount: 5.25,
      unitPrice: null,
      price: null,
    });
    expect(calculation.byInstance.every((entry) => entry.price === null)).toBe(true);
    expect(calculation.errors).toHaveLength(1);
    expect(calculation.errors[0]).toMatchObject({
      instanceId: id.instance3,
      expression: null,
      unitPrice: null,
      error: { code: 'DIVISION_BY_ZERO' },
    });
    expect(response.body).not.toContain(CATALOG_DEV);

    const full = expectStatus<StoryCalculationDto>(await modeler.get(`${base}/calculation`), 200);
    // DEV 3 x 812.35 = 2437.05 and 2.25 x 812.35 = 1827.7875 -> 1827.79; QA 10 h x 37.9 = 379.00
    expect(full.total.price).toBe('4643.84');
    expect(full.errors[0]?.expression).toBe('10 / (screens - 3)');
  });

  it('shows a customer the story and its instances without the catalog-priced totals', async () => {
    const story = expectStatus<Story>(await customer.get(base), 200);
    expect(story.price).toBeNull();
    expect(story.estimatedMandays).toBe(6.5);
    const listed = expectStatus<Page<Story>>(await customer.get('/api/v1/stories'), 200);
    expect(listed.items.map((entry) => entry.price)).toEqual([null]);
    const instances = expectStatus<Page<Instance>>(await customer.get(`${base}/instances`), 200);
    expect(instances.items.map((instance) => instance.price)).toEqual([null, null]);
    const one = expectStatus<Instance>(
      await customer.get(`${base}/instances/${String(id.instance4)}`),
      200,
    );
    expect(one).toMatchObject({ price: null, mandays: 4.25 });

    expect(expectStatus<Story>(await modeler.get(base), 200).price).toBe('4643.84');
    const modelerInstances = expectStatus<Page<Instance>>(
      await modeler.get(`${base}/instances`),
      200,
    );
    expect(modelerInstances.items.map((instance) => instance.price)).toEqual([
      '2816.05',
      '1827.79',
    ]);
  });

  it('leaves the lineup events out of a customer’s history', async () => {
    const types = async (caller: ApiCaller) =>
      expectStatus<Page<StoryEvent>>(await caller.get(`${base}/events?limit=200`), 200).items.map(
        (event) => event.type,
      );
    expect(await types(customer)).not.toContain('LINEUP_CREATED');
    expect(await types(customer)).toContain('INSTANCE_CREATED');
    expect(await types(modeler)).toContain('LINEUP_CREATED');
  });

  it('exports a customer’s summaries with amounts and time only', async () => {
    const report = expectStatus<Report>(
      await customer.get(`${base}/exports/roles?format=json`),
      200,
    );
    const formats = report.tables.flatMap((table) => table.columns.map((column) => column.format));
    expect(formats).not.toContain('money');
    expect(formats).not.toContain('unitPrice');
    expect(formats).toContain('amount');
    expect(report.facts.map((fact) => fact.format)).not.toContain('money');
    expect(JSON.stringify(report)).not.toContain('2437.05');

    const full = expectStatus<Report>(await modeler.get(`${base}/exports/roles?format=json`), 200);
    expect(full.tables.flatMap((table) => table.columns.map((column) => column.format))).toContain(
      'money',
    );
  });

  it('shares a lineup only with the story’s customers, and a customer cannot share', async () => {
    const refused = await modeler.put(`${base}/lineups/${id.internal}`, {
      name: 'Interní kalkulace',
      supplierId: id.supplier,
      subscriberId: id.subscriber,
      sharedWith: [modelerUser.id, 999999],
      version: 0,
    });
    expect(refused.statusCode).toBe(400);
    const problem = problemOf(refused);
    expect(problem.errors?.map((error) => error.field)).toEqual(['sharedWith.0', 'sharedWith.1']);
    expect(problem.errors?.[0]?.message).toBe(
      'A lineup can be shared only with members of this story who have the Customer role.',
    );
    expectStatus(
      await customer.put(`${base}/lineups/${id.shared}`, {
        name: 'Nabídka pro zákazníka',
        supplierId: id.supplier,
        subscriberId: id.subscriber,
        version: 0,
      }),
      403,
    );
  });

  it('records a share in the history by name, and unsharing hides the lineup again', async () => {
    const before = expectStatus<LineupPricing>(
      await modeler.get(`${base}/lineups/${id.shared}`),
      200,
    );
    expectStatus(
      await modeler.put(`${base}/lineups/${id.shared}`, {
        name: before.name,
        supplierId: id.supplier,
        subscriberId: id.subscriber,
        customPrices: before.customPrices,
        sharedWith: [],
        version: before.version,
      }),
      200,
    );
    expectStatus(await customer.get(`${base}/lineups/${id.shared}`), 404);
    const events = expectStatus<Page<StoryEvent>>(await modeler.get(`${base}/events`), 200);
    expect(events.items[0]?.changes).toContainEqual({
      field: 'sharedWith',
      old: 'Zuzana Zákaznická',
      new: '',
    });
  });
});
