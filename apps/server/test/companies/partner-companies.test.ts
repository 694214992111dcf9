// Partner companies (decision 0024): the tenant's suppliers and subscribers — create, list (kind, accent-folded search, cursor), read, versioned update, delete; other tenants see 404.
import type { PartnerCompany } from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompanies, supplierRolePrices } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createRole } from '../helpers/catalog-factories';
import { createCompany, createUser, type CreatedUser } from '../helpers/factories';
import { xsrfHeaders } from '../helpers/xsrf';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const BASE = '/api/v1/partner-companies';

function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'SUPPLIER',
    name: 'Stavby Novák s.r.o.',
    email: 'info@stavby-novak.test',
    phone: '+420 777 123 456',
    country: 'Česká republika',
    city: 'Praha',
    street: 'Na Příkopě',
    streetNumber: '12',
    zip: '110 00',
    ...overrides,
  };
}

/** The update body of `company` with `overrides` (no kind: it cannot change). */
function updateBody(company: PartnerCompany, overrides: Record<string, unknown> = {}) {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    country: company.country,
    city: company.city,
    street: company.street,
    streetNumber: company.streetNumber,
    zip: company.zip,
    version: company.version,
    ...overrides,
  };
}

describe('partner companies', () => {
  let ctx: TestApp;
  let alice: CreatedUser;
  let aliceApi: ApiCaller;
  /** Alice's colleague: the same tenant, so the same companies. */
  let colleagueApi: ApiCaller;
  /** A user of another tenant. */
  let strangerApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const company = await createCompany(ctx.app.db, { name: 'Alice s.r.o.' });
    alice = await createUser(ctx.app.db, { companyId: company.id });
    aliceApi = await apiAs(ctx.app, alice.id);
    colleagueApi = await apiAs(
      ctx.app,
      (await createUser(ctx.app.db, { companyId: company.id })).id,
    );
    strangerApi = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
  });
  afterAll(() => ctx.close());

  async function create(
    api: ApiCaller,
    overrides: Record<string, unknown> = {},
  ): Promise<PartnerCompany> {
    return expectStatus<PartnerCompany>(await api.post(BASE, companyBody(overrides)), 201);
  }

  async function rowOf(id: number) {
    const [row] = await ctx.app.db
      .select()
      .from(partnerCompanies)
      .where(eq(partnerCompanies.id, id));
    return row;
  }

  async function allRows() {
    return ctx.app.db.select().from(partnerCompanies).orderBy(asc(partnerCompanies.id));
  }

  it('documents the routes in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = expectStatus<{ paths: Record<string, Record<string, unknown>> }>(
      response,
      200,
    );
    expect(Object.keys(paths[BASE] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${BASE}/{partnerId}`] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(paths[`${BASE}/{partnerId}/prices`] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(paths[`${BASE}/{partnerId}/prices/adjustment`] ?? {})).toEqual(['post']);
  });

  describe('POST /api/v1/partner-companies', () => {
    it('creates a supplier of the caller’s company with trimmed fields (201)', async () => {
      const created = await create(aliceApi, {
        name: '  Dodavatel Dvořák  ',
        city: ' Brno ',
        phone: undefined,
      });
      expect(created).toEqual({
        id: expect.any(Number) as number,
        kind: 'SUPPLIER',
        name: 'Dodavatel Dvořák',
        email: 'info@stavby-novak.test',
        phone: '',
        country: 'Česká republika',
        city: 'Brno',
        street: 'Na Příkopě',
        streetNumber: '12',
        zip: '110 00',
        ico: '',
        dic: '',
        priceCount: 0,
        version: 0,
        createdAt: expect.any(String) as string,
        updatedAt: expect.any(String) as string,
      });
      expect(await rowOf(created.id)).toMatchObject({
        companyId: alice.companyId,
        searchText: 'dodavatel dvorak info@stavby-novak.test brno',
      });
      expect(
        expectStatus<PartnerCompany>(await aliceApi.get(`${BASE}/${created.id}`), 200),
      ).toEqual(created);
    });

    it('creates a subscriber (201)', async () => {
      const created = await create(aliceApi, { kind: 'SUBSCRIBER', name: 'Odběratel Černý' });
      expect(created).toMatchObject({ kind: 'SUBSCRIBER', name: 'Odběratel Černý' });
    });

    it('refuses bad fields with localized messages (400) and creates nothing', async () => {
      const before = await allRows();
      const bad = companyBody({ name: '', email: 'not-an-address', zip: '!', kind: 'PARTNER' });
      const problem = problemOf(await aliceApi.post(BASE, bad));
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', rule: 'required', message: 'The company name is required' },
          { field: 'email', rule: 'email', message: 'The company e-mail must be a valid email' },
          { field: 'zip', rule: 'regex', message: 'The zip code format is invalid' },
          expect.objectContaining({ field: 'kind', rule: 'one_of' }),
        ]),
      );
      const cs = problemOf(await aliceApi.post(BASE, bad, { 'accept-language': 'cs' }));
      expect(cs.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', rule: 'required', message: 'Pole název společnosti je povinné' },
        ]),
      );
      expect(await allRows()).toEqual(before);
    });

    it('answers 401 without a token and creates nothing', async () => {
      const before = await allRows();
      const response = await ctx.app.inject({
        method: 'POST',
        url: BASE,
        headers: xsrfHeaders(),
        payload: companyBody(),
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(await allRows()).toEqual(before);
    });
  });

  describe('GET /api/v1/partner-companies', () => {
    /** A tenant of its own, so the list holds only what this block creates. */
    let listerApi: ApiCaller;
    const names = ['Novák a syn', 'Beta Stav', 'alfa stavby', 'Čermák', 'Delta', 'Ňuňu'];

    beforeAll(async () => {
      listerApi = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
      for (const [index, name] of names.entries()) {
        await create(listerApi, { name, email: `kontakt${index}@example.test` });
      }
      await create(listerApi, {
        kind: 'SUBSCRIBER',
        name: 'Novák odběr',
        email: 'odber@example.test',
        city: 'Ostrava',
      });
      // Another tenant's company of the same name never shows.
      await create(strangerApi, { name: 'Novák a syn' });
    });

    async function page(query: string): Promise<Page<PartnerCompany>> {
      return expectStatus<Page<PartnerCompany>>(await listerApi.get(`${BASE}?${query}`), 200);
    }

    it('lists one kind of the caller’s tenant, by name (200)', async () => {
      const suppliers = await page('kind=SUPPLIER');
      // PostgreSQL orders lower(name) by the database collation; compare with what it answers.
      expect(suppliers.items.map((item) => item.name).sort()).toEqual([...names].sort());
      // Accented first letters sort by the database's collation; plain ones the same everywhere.
      const plain = ['alfa stavby', 'Beta Stav', 'Delta', 'Novák a syn'];
      expect(
        suppliers.items.map((item) => item.name).filter((name) => plain.includes(name)),
      ).toEqual(plain);
      expect(suppliers.items.every((item) => item.kind === 'SUPPLIER')).toBe(true);
      expect(suppliers.nextCursor).toBeNull();
      const subscribers = await page('kind=SUBSCRIBER');
      expect(subscribers.items.map((item) => item.name)).toEqual(['Novák odběr']);
    });

    it('searches name, e-mail and city with accents folded', async () => {
      const byName = await page('kind=SUPPLIER&q=novak');
      expect(byName.items.map((item) => item.name)).toEqual(['Novák a syn']);
      expect((await page('kind=SUPPLIER&q=%C4%8CERM%C3%81K')).items.map((i) => i.name)).toEqual([
        'Čermák',
      ]);
      expect((await page('kind=SUBSCRIBER&q=ostrava')).items.map((i) => i.name)).toEqual([
        'Novák odběr',
      ]);
      expect((await page('kind=SUPPLIER&q=KONTAKT4@')).items.map((i) => i.name)).toEqual(['Delta']);
      expect((await page('kind=SUPPLIER&q=praha')).items).toHaveLength(names.length);
      // LIKE wildcards in the text are literal.
      expect((await page('kind=SUPPLIER&q=%25')).items).toEqual([]);
    });

    it('pages by cursor without gaps or repeats', async () => {
      const all = (await page('kind=SUPPLIER&limit=200')).items.map((item) => item.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `kind=SUPPLIER&limit=2${cursor === null ? '' : `&cursor=${cursor}`}`;
        const current = await page(query);
        expect(current.items.length).toBeLessThanOrEqual(2);
        seen.push(...current.items.map((item) => item.id));
        cursor = current.nextCursor;
        pages += 1;
      } while (cursor !== null);
      expect(seen).toEqual(all);
      expect(pages).toBe(3);
    });

    it('answers 400 without a kind, with an unknown kind, a bad limit or a bad cursor', async () => {
      for (const query of ['', 'kind=OTHER', 'kind=SUPPLIER&limit=0', 'kind=SUPPLIER&cursor=xyz']) {
        const problem = problemOf(await listerApi.get(`${BASE}?${query}`));
        expect(problem, query).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
      const missing = problemOf(await listerApi.get(BASE));
      expect(missing.errors).toEqual([expect.objectContaining({ field: 'kind' })]);
    });

    it('answers 401 without a token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `${BASE}?kind=SUPPLIER` });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });
  });

  describe('GET /api/v1/partner-companies/{id}', () => {
    it('answers 404 for another tenant’s company and an unknown id, 400 for a bad id', async () => {
      const foreign = await create(strangerApi, { name: 'Cizí s.r.o.' });
      expect(problemOf(await aliceApi.get(`${BASE}/${foreign.id}`))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(problemOf(await aliceApi.get(`${BASE}/2147483647`)).status).toBe(404);
      expect(problemOf(await aliceApi.get(`${BASE}/abc`)).status).toBe(400);
      expectStatus(await strangerApi.get(`${BASE}/${foreign.id}`), 200);
    });

    it('answers 401 without a token', async () => {
      const own = await create(aliceApi);
      const response = await ctx.app.inject({ method: 'GET', url: `${BASE}/${own.id}` });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });
  });

  describe('PUT /api/v1/partner-companies/{id}', () => {
    it('saves the fields and bumps the version (200); a colleague may do it too', async () => {
      const created = await create(aliceApi, { name: 'Před změnou' });
      const updated = expectStatus<PartnerCompany>(
        await aliceApi.put(
          `${BASE}/${created.id}`,
          updateBody(created, { name: ' Po změně ', city: 'Plzeň', phone: '' }),
        ),
        200,
      );
      expect(updated).toMatchObject({
        id: created.id,
        kind: 'SUPPLIER',
        name: 'Po změně',
        city: 'Plzeň',
        phone: '',
        version: 1,
      });
      expect(await rowOf(created.id)).toMatchObject({
        searchText: 'po zmene info@stavby-novak.test plzen',
      });
      const again = expectStatus<PartnerCompany>(
        await colleagueApi.put(`${BASE}/${created.id}`, updateBody(updated, { zip: '301 00' })),
        200,
      );
      expect(again).toMatchObject({ zip: '301 00', version: 2 });
    });

    it('refuses a stale version with 409 CONFLICT and changes nothing', async () => {
      const created = await create(aliceApi, { name: 'Souběh' });
      expectStatus(await aliceApi.put(`${BASE}/${created.id}`, updateBody(created)), 200);
      const before = await rowOf(created.id);
      const problem = problemOf(
        await aliceApi.put(`${BASE}/${created.id}`, updateBody(created, { name: 'Přepsáno' })),
      );
      expect(problem).toMatchObject({ status: 409, code: 'CONFLICT' });
      expect(problem.detail).toMatch(/changed the company in the meantime/);
      expect(await rowOf(created.id)).toEqual(before);
    });

    it('refuses bad fields (400), a kind (400, it cannot change) and changes nothing', async () => {
      const created = await create(aliceApi, { name: 'Neměnná' });
      const before = await rowOf(created.id);
      const problem = problemOf(
        await aliceApi.put(`${BASE}/${created.id}`, updateBody(created, { email: 'x' })),
      );
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(problem.errors).toEqual([
        { field: 'email', rule: 'email', message: 'The company e-mail must be a valid email' },
      ]);
      const withKind = problemOf(
        await aliceApi.put(`${BASE}/${created.id}`, updateBody(created, { kind: 'SUBSCRIBER' })),
      );
      expect(withKind).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(await rowOf(created.id)).toEqual(before);
    });

    it('answers 404 for another tenant’s company and an unknown id, and changes nothing', async () => {
      const foreign = await create(strangerApi, { name: 'Cizí dodavatel' });
      const before = await rowOf(foreign.id);
      const response = await aliceApi.put(
        `${BASE}/${foreign.id}`,
        updateBody(foreign, { name: 'Unesená' }),
      );
      expect(problemOf(response)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(problemOf(await aliceApi.put(`${BASE}/2147483647`, updateBody(foreign))).status).toBe(
        404,
      );
      expect(await rowOf(foreign.id)).toEqual(before);
    });

    it('answers 401 without a token and changes nothing', async () => {
      const created = await create(aliceApi, { name: 'Bez přihlášení' });
      const before = await rowOf(created.id);
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `${BASE}/${created.id}`,
        headers: xsrfHeaders(),
        payload: updateBody(created, { name: 'Anonym' }),
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(await rowOf(created.id)).toEqual(before);
    });
  });

  describe('DELETE /api/v1/partner-companies/{id}', () => {
    it('deletes the company with its prices (204); then it is 404', async () => {
      const created = await create(aliceApi, { name: 'Na smazání' });
      const role = await createRole(ctx.app.db);
      await ctx.app.db
        .insert(supplierRolePrices)
        .values({ partnerCompanyId: created.id, roleId: role.id, price: '100' });
      expectStatus(await aliceApi.delete(`${BASE}/${created.id}`), 204);
      expect(await rowOf(created.id)).toBeUndefined();
      expect(
        await ctx.app.db
          .select()
          .from(supplierRolePrices)
          .where(eq(supplierRolePrices.partnerCompanyId, created.id)),
      ).toEqual([]);
      expect(problemOf(await aliceApi.get(`${BASE}/${created.id}`)).status).toBe(404);
      expect(problemOf(await aliceApi.delete(`${BASE}/${created.id}`)).status).toBe(404);
    });

    it('answers 404 for another tenant’s company and keeps it', async () => {
      const foreign = await create(strangerApi, { name: 'Cizí, nemazat' });
      expect(problemOf(await aliceApi.delete(`${BASE}/${foreign.id}`))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(await rowOf(foreign.id)).toBeDefined();
    });

    it('answers 401 without a token and keeps the company', async () => {
      const created = await create(aliceApi, { name: 'Zůstane' });
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `${BASE}/${created.id}`,
        headers: xsrfHeaders(),
      });
      expect(problemOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(await rowOf(created.id)).toBeDefined();
    });
  });
});
