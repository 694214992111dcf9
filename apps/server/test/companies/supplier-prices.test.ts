// A supplier's price setup (decision 0024): the catalogs listed, saving one catalog's prices with versions, the localized price rules, and the bulk change by percentage with exact cents.
import type {
  PartnerCompany,
  PriceAdjustmentResult,
  SupplierPrices,
  SupplierPriceRole,
} from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, supplierRolePrices, type CatalogRoleRow } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addMember, createCatalog, createRole } from '../helpers/catalog-factories';
import { createCompany, createUser, type CreatedUser } from '../helpers/factories';
import { createStory } from '../helpers/story-factories';
import { xsrfHeaders } from '../helpers/xsrf';

type PriceCatalog = SupplierPrices['catalogs'][number];

const BASE = '/api/v1/partner-companies';

function companyBody(kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) {
  return {
    kind,
    name,
    email: 'ceny@dodavatel.test',
    country: 'Česká republika',
    city: 'Brno',
    street: 'Údolní',
    streetNumber: '5',
    zip: '602 00',
  };
}

describe('supplier prices', () => {
  let ctx: TestApp;
  let alice: CreatedUser;
  let aliceApi: ApiCaller;
  let strangerApi: ApiCaller;
  /** PUBLIC, with a story of Alice's company: listed from the start. */
  let development: { id: number; dev: CatalogRoleRow; pm: CatalogRoleRow; qa: CatalogRoleRow };
  /** PUBLIC, no story of Alice's company: listed once added or priced. */
  let extra: { id: number; x: CatalogRoleRow };
  /** PRIVATE of another company, nobody of Alice's company a member: 404. */
  let secret: { id: number; role: CatalogRoleRow };
  /** PRIVATE of another company with Alice's colleague as a member: readable by the tenant. */
  let shared: { id: number; role: CatalogRoleRow };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const tenant = await createCompany(db, { name: 'Alice s.r.o.' });
    alice = await createUser(db, { companyId: tenant.id });
    aliceApi = await apiAs(ctx.app, alice.id);
    const colleague = await createUser(db, { companyId: tenant.id });
    const stranger = await createUser(db);
    strangerApi = await apiAs(ctx.app, stranger.id);
    const owner = await createUser(db, { firstName: 'Owen', lastName: 'Owner' });

    const dev = await createCatalog(db, {
      admin: owner,
      name: 'Development',
      code: 'DEV-CAT',
      visibility: 'PUBLIC',
    });
    development = {
      id: dev.catalog.id,
      // Created out of order: the setup lists them as the catalog does, by code.
      qa: await createRole(db, {
        catalogId: dev.catalog.id,
        code: 'QA',
        name: { en: 'Tester', cs: 'Tester' },
        unit: 'HOUR',
        price: '950.15',
      }),
      dev: await createRole(db, {
        catalogId: dev.catalog.id,
        code: 'DEV',
        name: { en: 'Developer', cs: 'Vývojář' },
        price: '9500',
      }),
      pm: await createRole(db, {
        catalogId: dev.catalog.id,
        code: 'PM',
        name: { en: 'Project manager' },
        price: '1200.5',
      }),
    };
    await createStory(db, { catalogId: development.id, admin: alice });

    const extraCatalog = await createCatalog(db, {
      admin: owner,
      name: 'Extra',
      visibility: 'PUBLIC',
    });
    extra = {
      id: extraCatalog.catalog.id,
      x: await createRole(db, { catalogId: extraCatalog.catalog.id, code: 'X', price: '100' }),
    };
    const secretCatalog = await createCatalog(db, { admin: owner, name: 'Secret' });
    secret = {
      id: secretCatalog.catalog.id,
      role: await createRole(db, { catalogId: secretCatalog.catalog.id }),
    };
    const sharedCatalog = await createCatalog(db, { admin: owner, name: 'Shared' });
    await addMember(db, sharedCatalog.catalog.id, 'CTL_READER', colleague);
    shared = {
      id: sharedCatalog.catalog.id,
      role: await createRole(db, { catalogId: sharedCatalog.catalog.id, price: '10' }),
    };
    // Another tenant's story: its catalog is not Alice's business.
    const elsewhere = await createCatalog(db, {
      admin: owner,
      name: 'Elsewhere',
      visibility: 'PUBLIC',
    });
    await createRole(db, { catalogId: elsewhere.catalog.id });
    await createStory(db, { catalogId: elsewhere.catalog.id, admin: stranger });
  });
  afterAll(() => ctx.close());

  async function newPartner(
    api: ApiCaller = aliceApi,
    kind: 'SUPPLIER' | 'SUBSCRIBER' = 'SUPPLIER',
  ): Promise<PartnerCompany> {
    return expectStatus<PartnerCompany>(await api.post(BASE, companyBody(kind, 'Dodavatel')), 201);
  }

  async function pricesOf(partnerId: number) {
    return ctx.app.db
      .select()
      .from(supplierRolePrices)
      .where(eq(supplierRolePrices.partnerCompanyId, partnerId))
      .orderBy(asc(supplierRolePrices.id));
  }

  async function setup(partnerId: number, query = ''): Promise<SupplierPrices> {
    return expectStatus<SupplierPrices>(
      await aliceApi.get(`${BASE}/${partnerId}/prices${query}`),
      200,
    );
  }

  function put(partnerId: number, body: unknown, headers: Record<string, string> = {}) {
    return aliceApi.put(`${BASE}/${partnerId}/prices`, body, headers);
  }

  async function save(partnerId: number, body: unknown): Promise<PriceCatalog> {
    return expectStatus<PriceCatalog>(await put(partnerId, body), 200);
  }

  function roleOf(block: PriceCatalog | undefined, roleId: number): SupplierPriceRole | undefined {
    return block?.roles.find((role) => role.roleId === roleId);
  }

  /** A supplier with DEV 9500 and QA 950.15 in Development and X 0.01 in Extra (all version 0). */
  async function pricedSupplier(): Promise<PartnerCompany> {
    const supplier = await newPartner();
    await save(supplier.id, {
      catalogId: development.id,
      prices: [
        { roleId: development.dev.id, price: '9500', version: null },
        { roleId: development.qa.id, price: '950,15', version: null },
      ],
    });
    await save(supplier.id, {
      catalogId: extra.id,
      prices: [{ roleId: extra.x.id, price: '0,01', version: null }],
    });
    return supplier;
  }

  describe('GET /api/v1/partner-companies/{id}/prices', () => {
    it('lists the catalogs of the tenant’s stories with every role, the catalog’s price and no supplier price (200)', async () => {
      const supplier = await newPartner();
      expect(await setup(supplier.id)).toEqual({
        catalogs: [
          {
            catalogId: development.id,
            name: 'Development',
            code: 'DEV-CAT',
            currency: 'EUR',
            defaultLanguage: 'en',
            roles: [
              {
                roleId: development.dev.id,
                code: 'DEV',
                name: { en: 'Developer', cs: 'Vývojář' },
                unit: 'MANDAYS',
                catalogPrice: '9500',
                price: null,
                version: null,
              },
              {
                roleId: development.pm.id,
                code: 'PM',
                name: { en: 'Project manager' },
                unit: 'MANDAYS',
                catalogPrice: '1200.5',
                price: null,
                version: null,
              },
              {
                roleId: development.qa.id,
                code: 'QA',
                name: { en: 'Tester', cs: 'Tester' },
                unit: 'HOUR',
                catalogPrice: '950.15',
                price: null,
                version: null,
              },
            ],
          },
        ],
      });
    });

    it('adds a readable catalog named by `catalogId` (PUBLIC, or PRIVATE with a member of the tenant)', async () => {
      const supplier = await newPartner();
      const withExtra = await setup(supplier.id, `?catalogId=${extra.id}`);
      expect(withExtra.catalogs.map((catalog) => catalog.catalogId)).toEqual([
        development.id,
        extra.id,
      ]);
      expect(withExtra.catalogs[1]?.roles).toEqual([
        expect.objectContaining({ roleId: extra.x.id, catalogPrice: '100', price: null }),
      ]);
      const withShared = await setup(supplier.id, `?catalogId=${shared.id}`);
      expect(withShared.catalogs.map((catalog) => catalog.catalogId)).toEqual([
        development.id,
        shared.id,
      ]);
    });

    it('answers 404 for a catalog the tenant may not read or that does not exist, 400 for a bad id', async () => {
      const supplier = await newPartner();
      for (const catalogId of [secret.id, 2_147_483_647]) {
        expect(
          problemOf(await aliceApi.get(`${BASE}/${supplier.id}/prices?catalogId=${catalogId}`)),
        ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      expect(
        problemOf(await aliceApi.get(`${BASE}/${supplier.id}/prices?catalogId=abc`)).status,
      ).toBe(400);
    });

    it('keeps listing a catalog the supplier has prices in; hides a deleted catalog and its prices', async () => {
      const supplier = await newPartner();
      const temporary = await createCatalog(ctx.app.db, {
        name: 'Temporary',
        visibility: 'PUBLIC',
      });
      const role = await createRole(ctx.app.db, { catalogId: temporary.catalog.id, price: '5' });
      await save(supplier.id, {
        catalogId: extra.id,
        prices: [{ roleId: extra.x.id, price: '80', version: null }],
      });
      await save(supplier.id, {
        catalogId: temporary.catalog.id,
        prices: [{ roleId: role.id, price: '4', version: null }],
      });
      const listed = await setup(supplier.id);
      expect(listed.catalogs.map((catalog) => catalog.catalogId)).toEqual([
        development.id,
        extra.id,
        temporary.catalog.id,
      ]);
      expect(roleOf(listed.catalogs[1], extra.x.id)).toMatchObject({ price: '80', version: 0 });
      expect(
        expectStatus<PartnerCompany>(await aliceApi.get(`${BASE}/${supplier.id}`), 200).priceCount,
      ).toBe(2);

      await ctx.app.db
        .update(catalogs)
        .set({ deletedAt: new Date() })
        .where(eq(catalogs.id, temporary.catalog.id));
      expect((await setup(supplier.id)).catalogs.map((catalog) => catalog.catalogId)).toEqual([
        development.id,
        extra.id,
      ]);
      expect(
        expectStatus<PartnerCompany>(await aliceApi.get(`${BASE}/${supplier.id}`), 200).priceCount,
      ).toBe(1);
    });

    it('answers 404 for a subscriber, another tenant’s supplier and an unknown id', async () => {
      const subscriber = await newPartner(aliceApi, 'SUBSCRIBER');
      const foreign = await newPartner(strangerApi);
      for (const id of [subscriber.id, foreign.id, 2_147_483_647]) {
        expect(problemOf(await aliceApi.get(`${BASE}/${id}/prices`)), String(id)).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    });

    it('answers 401 without a token', async () => {
      const supplier = await newPartner();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${BASE}/${supplier.id}/prices`,
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });
  });

  describe('PUT /api/v1/partner-companies/{id}/prices', () => {
    it('saves new prices, a comma accepted, and answers the catalog’s block (200)', async () => {
      const supplier = await newPartner();
      const block = await save(supplier.id, {
        catalogId: development.id,
        prices: [
          { roleId: development.dev.id, price: '9100,5', version: null },
          { roleId: development.qa.id, price: '870.1234', version: null },
          // Null for a role without a price: nothing to remove, nothing happens.
          { roleId: development.pm.id, price: null, version: null },
        ],
      });
      expect(block).toMatchObject({ catalogId: development.id, name: 'Development' });
      expect(
        block.roles.map((role) => [role.code, role.catalogPrice, role.price, role.version]),
      ).toEqual([
        ['DEV', '9500', '9100.5', 0],
        ['PM', '1200.5', null, null],
        ['QA', '950.15', '870.1234', 0],
      ]);
      expect((await pricesOf(supplier.id)).map((row) => row.price)).toEqual([
        '9100.5000',
        '870.1234',
      ]);
      expect(roleOf((await setup(supplier.id)).catalogs[0], development.dev.id)).toMatchObject({
        price: '9100.5',
        version: 0,
      });
      expect(
        expectStatus<PartnerCompany>(await aliceApi.get(`${BASE}/${supplier.id}`), 200).priceCount,
      ).toBe(2);
    });

    it('changes a price with its version (bumped), keeps an unchanged one as it is, deletes with null', async () => {
      const supplier = await newPartner();
      await save(supplier.id, {
        catalogId: development.id,
        prices: [
          { roleId: development.dev.id, price: '100', version: null },
          { roleId: development.qa.id, price: '200', version: null },
        ],
      });
      const changed = await save(supplier.id, {
        catalogId: development.id,
        prices: [
          { roleId: development.dev.id, price: '150', version: 0 },
          // The same amount written differently is no change.
          { roleId: development.qa.id, price: '200,00', version: 0 },
        ],
      });
      expect(roleOf(changed, development.dev.id)).toMatchObject({ price: '150', version: 1 });
      expect(roleOf(changed, development.qa.id)).toMatchObject({ price: '200', version: 0 });

      const removed = await save(supplier.id, {
        catalogId: development.id,
        prices: [{ roleId: development.dev.id, price: null, version: 1 }],
      });
      expect(roleOf(removed, development.dev.id)).toMatchObject({
        catalogPrice: '9500',
        price: null,
        version: null,
      });
      expect((await pricesOf(supplier.id)).map((row) => row.roleId)).toEqual([development.qa.id]);
    });

    it('refuses any stale version with 409 CONFLICT and saves nothing of the request', async () => {
      const supplier = await newPartner();
      await save(supplier.id, {
        catalogId: development.id,
        prices: [{ roleId: development.dev.id, price: '100', version: null }],
      });
      await save(supplier.id, {
        catalogId: development.id,
        prices: [{ roleId: development.dev.id, price: '110', version: 0 }],
      });
      const before = await pricesOf(supplier.id);
      for (const prices of [
        // A new price saved with an old version of another row.
        [
          { roleId: development.qa.id, price: '50', version: null },
          { roleId: development.dev.id, price: '120', version: 0 },
        ],
        // A price that exists, sent as new.
        [{ roleId: development.dev.id, price: '120', version: null }],
        // A price that does not exist, sent with a version.
        [{ roleId: development.pm.id, price: '120', version: 0 }],
        // Removing with a stale version.
        [{ roleId: development.dev.id, price: null, version: 0 }],
      ]) {
        const problem = problemOf(await put(supplier.id, { catalogId: development.id, prices }));
        expect(problem).toMatchObject({ status: 409, code: 'CONFLICT' });
        expect(problem.detail).toMatch(/nothing was saved/);
      }
      expect(await pricesOf(supplier.id)).toEqual(before);
    });

    it('refuses prices against the role price rules with the spec’s messages (400), in English and Czech', async () => {
      const supplier = await newPartner();
      const body = (price: string) => ({
        catalogId: development.id,
        prices: [
          { roleId: development.pm.id, price: '10', version: null },
          { roleId: development.dev.id, price, version: null },
        ],
      });
      const cases: [string, string, string][] = [
        ['0', 'greater_than_zero', 'The price must be greater than zero'],
        ['-5', 'greater_than_zero', 'The price must be greater than zero'],
        ['1,23456', 'decimal', 'The price must be a number with at most 4 decimal places'],
        ['abc', 'decimal', 'The price must be a number with at most 4 decimal places'],
        ['', 'required', 'The price is required'],
      ];
      for (const [price, rule, message] of cases) {
        const problem = problemOf(await put(supplier.id, body(price)));
        expect(problem, price).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(problem.errors, price).toEqual([{ field: 'prices.1.price', rule, message }]);
      }
      const cs = problemOf(await put(supplier.id, body('0'), { 'accept-language': 'cs' }));
      expect(cs.errors).toEqual([
        {
          field: 'prices.1.price',
          rule: 'greater_than_zero',
          message: 'Pole cena musí být větší než nula',
        },
      ]);
      const csDecimal = problemOf(
        await put(supplier.id, body('1,23456'), { 'accept-language': 'cs' }),
      );
      expect(csDecimal.errors?.[0]?.message).toBe(
        'Pole cena musí být číslo s nejvýše 4 desetinnými místy',
      );
      expect(await pricesOf(supplier.id)).toEqual([]);
    });

    it('refuses a role of another catalog or a role twice, naming the field (400), and an empty list', async () => {
      const supplier = await newPartner();
      const foreignRole = problemOf(
        await put(supplier.id, {
          catalogId: development.id,
          prices: [
            { roleId: development.dev.id, price: '10', version: null },
            { roleId: extra.x.id, price: '10', version: null },
          ],
        }),
      );
      expect(foreignRole).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(foreignRole.errors).toEqual([
        {
          field: 'prices.1.roleId',
          rule: 'exists',
          message: 'The role does not exist in this catalog',
        },
      ]);
      const twice = problemOf(
        await put(supplier.id, {
          catalogId: development.id,
          prices: [
            { roleId: development.dev.id, price: '10', version: null },
            { roleId: development.dev.id, price: '11', version: null },
          ],
        }),
      );
      expect(twice.errors).toEqual([
        { field: 'prices.1.roleId', rule: 'unique', message: 'The role is listed more than once' },
      ]);
      const empty = problemOf(await put(supplier.id, { catalogId: development.id, prices: [] }));
      expect(empty).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(empty.errors).toEqual([
        expect.objectContaining({ field: 'prices', rule: 'min_items' }),
      ]);
      expect(await pricesOf(supplier.id)).toEqual([]);
    });

    it('prices a readable catalog the setup did not list yet (200)', async () => {
      const supplier = await newPartner();
      const block = await save(supplier.id, {
        catalogId: shared.id,
        prices: [{ roleId: shared.role.id, price: '9', version: null }],
      });
      expect(roleOf(block, shared.role.id)).toMatchObject({ catalogPrice: '10', price: '9' });
    });

    it('answers 404 for an unreadable or unknown catalog, a subscriber, another tenant’s supplier, and saves nothing', async () => {
      const supplier = await newPartner();
      const secretBody = {
        catalogId: secret.id,
        prices: [{ roleId: secret.role.id, price: '10', version: null }],
      };
      expect(problemOf(await put(supplier.id, secretBody))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
      const unknown = { ...secretBody, catalogId: 2_147_483_647 };
      expect(problemOf(await put(supplier.id, unknown)).status).toBe(404);
      const body = {
        catalogId: development.id,
        prices: [{ roleId: development.dev.id, price: '10', version: null }],
      };
      const subscriber = await newPartner(aliceApi, 'SUBSCRIBER');
      const foreign = await newPartner(strangerApi);
      for (const id of [subscriber.id, foreign.id]) {
        expect(problemOf(await put(id, body)), String(id)).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
        expect(await pricesOf(id)).toEqual([]);
      }
      expect(await pricesOf(supplier.id)).toEqual([]);
    });

    it('answers 401 without a token and saves nothing', async () => {
      const supplier = await newPartner();
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `${BASE}/${supplier.id}/prices`,
        headers: xsrfHeaders(),
        payload: {
          catalogId: development.id,
          prices: [{ roleId: development.dev.id, price: '10', version: null }],
        },
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(await pricesOf(supplier.id)).toEqual([]);
    });
  });

  describe('POST /api/v1/partner-companies/{id}/prices/adjustment', () => {
    function adjust(partnerId: number, body: unknown, headers: Record<string, string> = {}) {
      return aliceApi.post(`${BASE}/${partnerId}/prices/adjustment`, body, headers);
    }

    it('previews every price changed by the percentage, rounded to cents, and saves nothing (200)', async () => {
      const supplier = await pricedSupplier();
      const before = await pricesOf(supplier.id);
      const result = expectStatus<PriceAdjustmentResult>(
        await adjust(supplier.id, { percent: 7.5, apply: false }),
        200,
      );
      expect(result).toEqual({
        applied: false,
        changes: [
          // 9500 × 1.075 = 10212.50
          {
            catalogId: development.id,
            roleId: development.dev.id,
            before: '9500',
            after: '10212.5',
          },
          // 950.15 × 1.075 = 1021.41125 -> 1021.41
          {
            catalogId: development.id,
            roleId: development.qa.id,
            before: '950.15',
            after: '1021.41',
          },
          // 0.01 × 1.075 = 0.01075 -> 0.01
          { catalogId: extra.id, roleId: extra.x.id, before: '0.01', after: '0.01' },
        ],
      });
      expect(await pricesOf(supplier.id)).toEqual(before);
    });

    it('applies the change in one go, bumping the version of every changed price (200)', async () => {
      const supplier = await pricedSupplier();
      const result = expectStatus<PriceAdjustmentResult>(
        await adjust(supplier.id, { percent: -33, apply: true }),
        200,
      );
      expect(result).toEqual({
        applied: true,
        changes: [
          // 9500 × 0.67 = 6365
          { catalogId: development.id, roleId: development.dev.id, before: '9500', after: '6365' },
          // 950.15 × 0.67 = 636.6005 -> 636.60
          {
            catalogId: development.id,
            roleId: development.qa.id,
            before: '950.15',
            after: '636.6',
          },
          // 0.01 × 0.67 = 0.0067 -> 0.01 (a price stays at least one cent)
          { catalogId: extra.id, roleId: extra.x.id, before: '0.01', after: '0.01' },
        ],
      });
      expect(
        (await pricesOf(supplier.id)).map((row) => [row.roleId, row.price, row.version]),
      ).toEqual([
        [development.dev.id, '6365.0000', 1],
        [development.qa.id, '636.6000', 1],
        // Unchanged, so not rewritten.
        [extra.x.id, '0.0100', 0],
      ]);
      const listed = await setup(supplier.id);
      expect(roleOf(listed.catalogs[0], development.qa.id)).toMatchObject({
        price: '636.6',
        version: 1,
      });
    });

    it('changes one catalog only when given, half away from zero on a tie, never below 0.01', async () => {
      const supplier = await pricedSupplier();
      const development90 = expectStatus<PriceAdjustmentResult>(
        await adjust(supplier.id, { percent: -90, catalogId: development.id, apply: true }),
        200,
      );
      expect(development90.changes).toEqual([
        { catalogId: development.id, roleId: development.dev.id, before: '9500', after: '950' },
        // 950.15 × 0.1 = 95.015, a tie: 95.02 (a binary float would say 95.01)
        { catalogId: development.id, roleId: development.qa.id, before: '950.15', after: '95.02' },
      ]);
      const extra90 = expectStatus<PriceAdjustmentResult>(
        await adjust(supplier.id, { percent: -90, catalogId: extra.id, apply: true }),
        200,
      );
      // 0.01 × 0.1 = 0.001 -> 0.01
      expect(extra90.changes).toEqual([
        { catalogId: extra.id, roleId: extra.x.id, before: '0.01', after: '0.01' },
      ]);
      expect((await pricesOf(supplier.id)).map((row) => [row.price, row.version])).toEqual([
        ['950.0000', 1],
        ['95.0200', 1],
        ['0.0100', 0],
      ]);
    });

    it('answers an empty change list for a supplier without prices', async () => {
      const supplier = await newPartner();
      expect(
        expectStatus<PriceAdjustmentResult>(
          await adjust(supplier.id, { percent: 10, apply: true }),
          200,
        ),
      ).toEqual({ applied: true, changes: [] });
    });

    it('refuses a percentage out of range or with more than 4 decimals, and a result above the largest price (400), saving nothing', async () => {
      const supplier = await pricedSupplier();
      const before = await pricesOf(supplier.id);
      const tooPrecise = problemOf(await adjust(supplier.id, { percent: 7.12345, apply: true }));
      expect(tooPrecise).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(tooPrecise.errors).toEqual([
        {
          field: 'percent',
          rule: 'decimal',
          message: 'The percentage must be a number with at most 4 decimal places',
        },
      ]);
      for (const percent of [-90.01, 500.5, '10']) {
        const problem = problemOf(await adjust(supplier.id, { percent, apply: true }));
        expect(problem, String(percent)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(problem.errors?.[0]?.field).toBe('percent');
      }
      const missingApply = problemOf(await adjust(supplier.id, { percent: 5 }));
      expect(missingApply.errors).toEqual([expect.objectContaining({ field: 'apply' })]);

      const huge = await newPartner();
      await save(huge.id, {
        catalogId: development.id,
        prices: [{ roleId: development.dev.id, price: '999999999999', version: null }],
      });
      const tooLarge = problemOf(await adjust(huge.id, { percent: 500, apply: true }));
      expect(tooLarge).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(tooLarge.errors).toEqual([
        {
          field: 'percent',
          rule: 'max_value',
          message: 'The change would raise a price above the largest price allowed',
        },
      ]);
      expect((await pricesOf(huge.id)).map((row) => row.price)).toEqual(['999999999999.0000']);
      expect(await pricesOf(supplier.id)).toEqual(before);
    });

    it('answers 404 for a subscriber, another tenant’s supplier and a catalog the tenant may not read', async () => {
      const subscriber = await newPartner(aliceApi, 'SUBSCRIBER');
      const foreign = await newPartner(strangerApi);
      for (const id of [subscriber.id, foreign.id, 2_147_483_647]) {
        expect(problemOf(await adjust(id, { percent: 5, apply: true })), String(id)).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      const supplier = await pricedSupplier();
      const before = await pricesOf(supplier.id);
      expect(
        problemOf(await adjust(supplier.id, { percent: 5, catalogId: secret.id, apply: true })),
      ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await pricesOf(supplier.id)).toEqual(before);
    });

    it('answers 401 without a token and saves nothing', async () => {
      const supplier = await pricedSupplier();
      const before = await pricesOf(supplier.id);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/${supplier.id}/prices/adjustment`,
        headers: xsrfHeaders(),
        payload: { percent: 10, apply: true },
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(await pricesOf(supplier.id)).toEqual(before);
    });
  });
});
