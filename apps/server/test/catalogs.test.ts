// Catalogs: create (creator is admin), the readable list (visibility, mine, q, sort, paging), read, versioned update, soft delete, languages.
import { CATALOG_LANGUAGES, type Catalog } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, catalogMembers, catalogs } from '../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  addClient,
  addInvitation,
  addMember,
  bodies,
  createCatalog,
  createItem,
} from './helpers/catalog-factories';
import { snapshotCatalog } from './helpers/catalog-snapshot';
import { createCompany, createUser, type CreatedUser } from './helpers/factories';
import { xsrfHeaders } from './helpers/xsrf';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('catalogs', () => {
  let ctx: TestApp;
  let alice: CreatedUser;
  let aliceApi: ApiCaller;
  let bob: CreatedUser;
  let bobApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    alice = await createUser(ctx.app.db, { firstName: 'Alice', lastName: 'Admin' });
    aliceApi = await apiAs(ctx.app, alice.id);
    bob = await createUser(ctx.app.db, { firstName: 'Bob', lastName: 'Other' });
    bobApi = await apiAs(ctx.app, bob.id);
  });
  afterAll(() => ctx.close());

  async function catalogRow(id: number) {
    const [row] = await ctx.app.db.select().from(catalogs).where(eq(catalogs.id, id));
    return row;
  }

  describe('POST /api/v1/catalogs', () => {
    it('creates a catalog of the caller’s company with the caller as CTL_ADMIN (201)', async () => {
      const body = bodies.catalog({ name: 'Silnice a mosty', visibility: 'PRIVATE' });
      const created = expectStatus<Catalog>(await aliceApi.post('/api/v1/catalogs', body), 201);
      expect(created).toMatchObject({
        name: 'Silnice a mosty',
        code: body.code,
        companyCode: '',
        type: 'BDT',
        defaultLanguage: 'en',
        supportedLanguages: ['en', 'cs'],
        description: { en: 'Roads and bridges', cs: 'Silnice a mosty' },
        currency: 'EUR',
        visibility: 'PRIVATE',
        ownerCompany: { id: alice.companyId },
        myRole: 'CTL_ADMIN',
        canBuildStories: true,
        itemCount: 0,
        version: 0,
      });
      const members = await ctx.app.db
        .select()
        .from(catalogMembers)
        .where(eq(catalogMembers.catalogId, created.id));
      expect(members).toMatchObject([{ userId: alice.id, role: 'CTL_ADMIN', email: null }]);
      const events = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(eq(catalogEvents.catalogId, created.id));
      expect(events).toMatchObject([{ type: 'CATALOG_CREATED', userId: alice.id }]);
    });

    it('refuses a code the company already uses with 409 and a field error; another company may use it', async () => {
      const body = bodies.catalog();
      expectStatus(await aliceApi.post('/api/v1/catalogs', body), 201);
      const again = await aliceApi.post('/api/v1/catalogs', { ...body, name: 'Another' });
      expect(again.statusCode).toBe(409);
      expect(problemOf(again)).toMatchObject({
        code: 'CONFLICT',
        errors: [
          {
            field: 'code',
            rule: 'unique',
            message: 'Your company already has a catalog with this code',
          },
        ],
      });
      const czech = await aliceApi.post('/api/v1/catalogs', body, { 'accept-language': 'cs' });
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Vaše společnost už má katalog s tímto kódem',
      );
      expectStatus(await bobApi.post('/api/v1/catalogs', body), 201);
    });

    it('checks the description of every supported language with the spec rule (400, en and cs)', async () => {
      const short = bodies.catalog({ description: { en: 'Ok', cs: 'Silnice' } });
      const english = await aliceApi.post('/api/v1/catalogs', short);
      expect(english.statusCode).toBe(400);
      expect(problemOf(english).errors).toEqual([
        {
          field: 'description',
          rule: 'description_min_length',
          message: 'Each key in the description must have at least 3 characters',
        },
      ]);
      const czech = await aliceApi.post('/api/v1/catalogs', short, { 'accept-language': 'cs' });
      expect(problemOf(czech).errors).toEqual([
        {
          field: 'description',
          rule: 'description_min_length',
          message: 'Popis musí mít v každém jazyce alespoň 3 znaky',
        },
      ]);
      // A supported language without its description breaks the same rule.
      const missing = await aliceApi.post(
        '/api/v1/catalogs',
        bodies.catalog({ description: { en: 'Roads and bridges' } }),
      );
      expect(missing.statusCode).toBe(400);
      expect(problemOf(missing).errors).toEqual([
        {
          field: 'description',
          rule: 'description_min_length',
          message: 'Each key in the description must have at least 3 characters',
        },
      ]);
    });

    it('needs the default language among the supported ones, and known languages (400)', async () => {
      const response = await aliceApi.post(
        '/api/v1/catalogs',
        bodies.catalog({ defaultLanguage: 'de', description: { en: 'Roads', cs: 'Silnice' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'defaultLanguage',
          rule: 'one_of',
          message: 'The default language must be one of the supported languages',
        },
      ]);
      const czech = await aliceApi.post(
        '/api/v1/catalogs',
        bodies.catalog({ defaultLanguage: 'de' }),
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Výchozí jazyk musí být jedním z podporovaných jazyků',
      );
      const unknown = await aliceApi.post(
        '/api/v1/catalogs',
        bodies.catalog({
          supportedLanguages: ['en', 'xx'],
          description: { en: 'Roads', xx: 'Xxxx' },
        }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(problemOf(unknown).errors?.map((error) => error.field)).toEqual([
        'supportedLanguages',
      ]);
    });

    it('names missing and malformed fields in both languages (400) and stores nothing', async () => {
      const { name: _name, ...withoutName } = bodies.catalog();
      const english = await aliceApi.post('/api/v1/catalogs', {
        ...withoutName,
        code: 'bad code!',
        currency: 'euro',
      });
      expect(english.statusCode).toBe(400);
      expect(problemOf(english).errors).toEqual([
        { field: 'name', rule: 'required', message: 'The name is required' },
        { field: 'code', rule: 'regex', message: 'The code format is invalid' },
        { field: 'currency', rule: 'regex', message: 'The currency format is invalid' },
      ]);
      const czech = await aliceApi.post(
        '/api/v1/catalogs',
        { ...withoutName, code: 'bad code!', currency: 'euro' },
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.map((error) => error.message)).toEqual([
        'Pole název je povinné',
        'Pole kód nemá platný formát',
        'Pole měna nemá platný formát',
      ]);
      const stored = await ctx.app.db.select().from(catalogs).where(eq(catalogs.code, 'bad code!'));
      expect(stored).toEqual([]);
    });

    it('answers 401 without a token and 403 without the XSRF pair, creating nothing', async () => {
      const body = bodies.catalog();
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/catalogs',
        headers: xsrfHeaders(),
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(problemOf(anonymous).code).toBe('UNAUTHORIZED');
      const noXsrf = await aliceApi.post('/api/v1/catalogs', body, {
        cookie: '',
        'x-xsrf-token': '',
      });
      expect(noXsrf.statusCode).toBe(403);
      expect(problemOf(noXsrf).code).toBe('XSRF_MISMATCH');
      expect(await ctx.app.db.select().from(catalogs).where(eq(catalogs.code, body.code))).toEqual(
        [],
      );
    });
  });

  describe('GET /api/v1/catalogs/{catalogId}: visibility', () => {
    it('answers 404 for a PRIVATE catalog to non-members of any company, 200 to members', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { visibility: 'PRIVATE' });
      const colleague = await createUser(ctx.app.db, { companyId: admin.companyId });
      for (const user of [bob, colleague]) {
        const response = await (
          await apiAs(ctx.app, user.id)
        ).get(`/api/v1/catalogs/${catalog.id}`);
        expect(response.statusCode).toBe(404);
        expect(problemOf(response).code).toBe('NOT_FOUND');
        expect(response.body).not.toContain(catalog.name);
      }
      const reader = await addMember(ctx.app.db, catalog.id, 'CTL_READER');
      const ok = await (await apiAs(ctx.app, reader.id)).get(`/api/v1/catalogs/${catalog.id}`);
      expect(expectStatus<Catalog>(ok, 200)).toMatchObject({
        myRole: 'CTL_READER',
        canBuildStories: true,
      });
    });

    it('lets everyone read a PUBLIC catalog and build stories on it', async () => {
      const { catalog } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
      expect(
        expectStatus<Catalog>(await bobApi.get(`/api/v1/catalogs/${catalog.id}`), 200),
      ).toMatchObject({
        myRole: 'PUBLIC_READABLE',
        canBuildStories: true,
      });
    });

    it('lets everyone read a PUBLIC_PAID catalog; building needs a client grant or the owner company', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC_PAID' });
      const url = `/api/v1/catalogs/${catalog.id}`;
      expect(expectStatus<Catalog>(await bobApi.get(url), 200)).toMatchObject({
        myRole: 'PUBLIC_READABLE',
        canBuildStories: false,
      });
      await addClient(ctx.app.db, catalog.id, bob.companyId);
      expect(expectStatus<Catalog>(await bobApi.get(url), 200)).toMatchObject({
        canBuildStories: true,
      });
      const colleague = await createUser(ctx.app.db, { companyId: admin.companyId });
      expect(
        expectStatus<Catalog>(await (await apiAs(ctx.app, colleague.id)).get(url), 200),
      ).toMatchObject({ myRole: 'PUBLIC_READABLE', canBuildStories: true });
    });

    it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
      expect((await aliceApi.get('/api/v1/catalogs/2000000000')).statusCode).toBe(404);
      const bad = await aliceApi.get('/api/v1/catalogs/abc');
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).code).toBe('VALIDATION_FAILED');
    });

    it('counts the items the caller can see: COMPLETE ones for readers, every live one for others', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
      await createItem(ctx.app.db, { catalogId: catalog.id, state: 'COMPLETE' });
      await createItem(ctx.app.db, { catalogId: catalog.id, state: 'PENDING' });
      await createItem(ctx.app.db, { catalogId: catalog.id, state: 'COMPLETE', deprecated: true });
      const url = `/api/v1/catalogs/${catalog.id}`;
      const adminApi = await apiAs(ctx.app, admin.id);
      expect(expectStatus<Catalog>(await adminApi.get(url), 200).itemCount).toBe(2);
      expect(expectStatus<Catalog>(await bobApi.get(url), 200).itemCount).toBe(1);
    });

    it('answers 401 without a token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalogs' });
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).code).toBe('UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/catalogs: the list', () => {
    let lister: CreatedUser;
    let listerApi: ApiCaller;
    const names: Record<string, number> = {};

    beforeAll(async () => {
      // Its own owner company keeps other tests' catalogs out of "mine".
      lister = await createUser(ctx.app.db);
      listerApi = await apiAs(ctx.app, lister.id);
      const db = ctx.app.db;
      const stranger = await createUser(db);
      const owned = [
        { name: 'Zahradní práce', code: 'ZAHRADA', visibility: 'PRIVATE' as const },
        { name: 'Vývoj softwaru', code: 'VYVOJ', visibility: 'PRIVATE' as const },
        { name: 'Bridges', code: 'BRIDGES', visibility: 'PUBLIC' as const },
      ];
      for (const values of owned) {
        names[values.name] = (await createCatalog(db, { ...values, admin: lister })).catalog.id;
      }
      const others = [
        { name: 'Aqueducts', code: 'AQUA', visibility: 'PUBLIC' as const },
        { name: 'Cathedrals', code: 'CATH', visibility: 'PUBLIC_PAID' as const },
        { name: 'Secret tunnels', code: 'TUNNEL', visibility: 'PRIVATE' as const },
      ];
      for (const values of others) {
        names[values.name] = (await createCatalog(db, { ...values, admin: stranger })).catalog.id;
      }
      // Membership in somebody else's PRIVATE catalog makes it readable (and "mine").
      const { catalog } = await createCatalog(db, {
        name: 'Dams',
        code: 'DAMS',
        visibility: 'PRIVATE',
        admin: stranger,
      });
      names.Dams = catalog.id;
      await addMember(db, catalog.id, 'CTL_INSPECTOR', lister);
    });

    async function listAll(query: string): Promise<Catalog[]> {
      const all: Catalog[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/v1/catalogs?${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page: Page<Catalog> = expectStatus(await listerApi.get(url), 200);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return all;
    }

    it('lists readable catalogs only: own memberships and every PUBLIC or PUBLIC_PAID one', async () => {
      const listed = await listAll('limit=200');
      const ids = listed.map((catalog) => catalog.id);
      for (const name of [
        'Zahradní práce',
        'Vývoj softwaru',
        'Bridges',
        'Aqueducts',
        'Cathedrals',
        'Dams',
      ]) {
        expect(ids).toContain(names[name]);
      }
      expect(ids).not.toContain(names['Secret tunnels']);
      expect(listed.find((catalog) => catalog.id === names.Dams)?.myRole).toBe('CTL_INSPECTOR');
      expect(listed.find((catalog) => catalog.id === names.Cathedrals)).toMatchObject({
        myRole: 'PUBLIC_READABLE',
        canBuildStories: false,
      });
    });

    it('mine=true keeps the catalogs the caller is a member of; mine=false is everything', async () => {
      const mine = await listAll('mine=true');
      expect(mine.map((catalog) => catalog.name).toSorted()).toEqual([
        'Bridges',
        'Dams',
        'Vývoj softwaru',
        'Zahradní práce',
      ]);
      expect((await listAll('mine=false')).length).toBeGreaterThan(mine.length);
      expect((await listerApi.get('/api/v1/catalogs?mine=perhaps')).statusCode).toBe(400);
    });

    it('searches name and code without regard to case or accents', async () => {
      expect((await listAll('mine=true&q=VYVOJ')).map((catalog) => catalog.name)).toEqual([
        'Vývoj softwaru',
      ]);
      expect((await listAll('mine=true&q=zahradni')).map((catalog) => catalog.name)).toEqual([
        'Zahradní práce',
      ]);
      expect((await listAll('mine=true&q=%25')).map((catalog) => catalog.name)).toEqual([]);
    });

    it('sorts by name, and by creation or update newest first', async () => {
      const byName = (await listAll('mine=true&sort=name')).map((catalog) => catalog.name);
      expect(byName).toEqual(['Bridges', 'Dams', 'Vývoj softwaru', 'Zahradní práce']);
      const byCreation = (await listAll('mine=true&sort=createdAt')).map((catalog) => catalog.name);
      expect(byCreation).toEqual(['Dams', 'Bridges', 'Vývoj softwaru', 'Zahradní práce']);
      const byUpdate = await listAll('mine=true&sort=updatedAt');
      expect(byUpdate.map((catalog) => catalog.name)).toEqual(byCreation);
    });

    it('pages by cursor without gaps or repeats, for every sort', async () => {
      for (const sort of ['name', 'createdAt', 'updatedAt']) {
        const whole = (await listAll(`sort=${sort}&limit=200`)).map((catalog) => catalog.id);
        const paged = (await listAll(`sort=${sort}&limit=2`)).map((catalog) => catalog.id);
        expect(paged).toEqual(whole);
        expect(new Set(paged).size).toBe(paged.length);
      }
      const first = expectStatus<Page<Catalog>>(
        await listerApi.get('/api/v1/catalogs?limit=1'),
        200,
      );
      expect(first.items).toHaveLength(1);
      expect(first.nextCursor).toEqual(expect.any(String));
    });

    it('answers 400 for a cursor that is not one, and for a limit out of range', async () => {
      const bad = await listerApi.get('/api/v1/catalogs?cursor=not-a-cursor');
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).errors).toEqual([
        {
          field: 'cursor',
          rule: 'cursor',
          message: 'The page cursor is not valid; load the list from the start',
        },
      ]);
      expect((await listerApi.get('/api/v1/catalogs?limit=0')).statusCode).toBe(400);
      expect((await listerApi.get('/api/v1/catalogs?sort=price')).statusCode).toBe(400);
    });

    it('lists no catalog for an invitation its addressee has not accepted (decision 0026)', async () => {
      const { catalog } = await createCatalog(ctx.app.db, { visibility: 'PRIVATE' });
      const email = `late-${catalog.id}@example.test`;
      await addInvitation(ctx.app.db, catalog.id, email, 'CTL_REPORTER');
      const newcomer = await createUser(ctx.app.db, { email });
      const api = await apiAs(ctx.app, newcomer.id);
      const listed = expectStatus<Page<Catalog>>(await api.get('/api/v1/catalogs?mine=true'), 200);
      expect(listed.items).toEqual([]);
      expect((await api.get(`/api/v1/catalogs/${catalog.id}`)).statusCode).toBe(404);
      const [member] = await ctx.app.db
        .select()
        .from(catalogMembers)
        .where(
          and(eq(catalogMembers.catalogId, catalog.id), eq(catalogMembers.role, 'CTL_REPORTER')),
        );
      expect(member).toMatchObject({ userId: null, email });
    });
  });

  describe('PUT /api/v1/catalogs/{catalogId}', () => {
    it('saves a current version (200), counts it up and records the changes', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { name: 'Old name' });
      const api = await apiAs(ctx.app, admin.id);
      const body = bodies.catalog({ name: 'New name', code: catalog.code, visibility: 'PUBLIC' });
      const updated = expectStatus<Catalog>(
        await api.put(`/api/v1/catalogs/${catalog.id}`, { ...body, version: 0 }),
        200,
      );
      expect(updated).toMatchObject({ name: 'New name', visibility: 'PUBLIC', version: 1 });
      const events = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(
          and(eq(catalogEvents.catalogId, catalog.id), eq(catalogEvents.type, 'CATALOG_UPDATED')),
        );
      expect(events).toHaveLength(1);
      expect(events[0]?.changes).toEqual(
        expect.arrayContaining([
          { field: 'name', old: 'Old name', new: 'New name' },
          { field: 'visibility', old: 'PRIVATE', new: 'PUBLIC' },
          {
            field: 'description',
            old: { en: 'Test catalog', cs: 'Testovací katalog' },
            new: { en: 'Roads and bridges', cs: 'Silnice a mosty' },
          },
        ]),
      );
      // The same values again: nothing to save, the version stays.
      const again = expectStatus<Catalog>(
        await api.put(`/api/v1/catalogs/${catalog.id}`, { ...body, version: 1 }),
        200,
      );
      expect(again.version).toBe(1);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { version: 3 });
      const api = await apiAs(ctx.app, admin.id);
      const before = await snapshotCatalog(ctx.app.db, catalog.id);
      const response = await api.put(`/api/v1/catalogs/${catalog.id}`, {
        ...bodies.catalog({ code: catalog.code }),
        version: 2,
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response)).toMatchObject({
        code: 'CONFLICT',
        detail:
          'Someone else has changed the catalog settings in the meantime. Reload them and try again.',
      });
      expect(await snapshotCatalog(ctx.app.db, catalog.id)).toEqual(before);
    });

    it('refuses the code of another catalog of the company with 409', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db);
      const { catalog: other } = await createCatalog(ctx.app.db, { admin });
      const api = await apiAs(ctx.app, admin.id);
      const response = await api.put(`/api/v1/catalogs/${catalog.id}`, {
        ...bodies.catalog({ code: other.code }),
        version: 0,
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).errors?.[0]?.field).toBe('code');
      expect((await catalogRow(catalog.id))?.code).toBe(catalog.code);
    });

    it('answers 400 without a version', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db);
      const response = await (
        await apiAs(ctx.app, admin.id)
      ).put(`/api/v1/catalogs/${catalog.id}`, bodies.catalog());
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        { field: 'version', rule: 'required', message: 'The version is required' },
      ]);
    });
  });

  describe('DELETE /api/v1/catalogs/{catalogId}', () => {
    it('retires the catalog (204): it answers 404, leaves the list and frees its code', async () => {
      const { catalog, admin } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
      const api = await apiAs(ctx.app, admin.id);
      expect((await api.delete(`/api/v1/catalogs/${catalog.id}`)).statusCode).toBe(204);
      expect((await api.get(`/api/v1/catalogs/${catalog.id}`)).statusCode).toBe(404);
      expect((await api.get(`/api/v1/catalogs/${catalog.id}/items`)).statusCode).toBe(404);
      expect((await api.delete(`/api/v1/catalogs/${catalog.id}`)).statusCode).toBe(404);
      const listed = expectStatus<Page<Catalog>>(await api.get('/api/v1/catalogs?limit=200'), 200);
      expect(listed.items.map((item) => item.id)).not.toContain(catalog.id);
      expect((await catalogRow(catalog.id))?.deletedAt).toBeInstanceOf(Date);
      expectStatus(await api.post('/api/v1/catalogs', bodies.catalog({ code: catalog.code })), 201);
    });
  });

  describe('GET /api/v1/languages', () => {
    it('answers the shared list of catalog languages (200), and 401 without a token', async () => {
      expect(expectStatus(await aliceApi.get('/api/v1/languages'), 200)).toEqual(CATALOG_LANGUAGES);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/languages' })).statusCode).toBe(
        401,
      );
    });
  });

  it('lets the owner company see the company name of the catalog', async () => {
    const company = await createCompany(ctx.app.db, { name: 'Mosty Praha a.s.' });
    const admin = await createUser(ctx.app.db, { companyId: company.id });
    const { catalog } = await createCatalog(ctx.app.db, { admin });
    const response = await (await apiAs(ctx.app, admin.id)).get(`/api/v1/catalogs/${catalog.id}`);
    expect(expectStatus<Catalog>(response, 200).ownerCompany).toEqual({
      id: company.id,
      name: 'Mosty Praha a.s.',
    });
  });
});
