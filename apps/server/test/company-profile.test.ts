// GET and PUT /api/v1/users/{userId}/company: own tenant only (404 otherwise), versioned updates, localized validation.
import { problemSchema, type CompanyProfile, type Problem } from '@costory/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createCompany, createUser, type CreatedUser } from './helpers/factories';
import { accessTokenFor, bearer } from './helpers/tokens';
import { xsrfHeaders } from './helpers/xsrf';

const ORIGIN = 'http://localhost:3000';

function problemOf(response: LightMyRequestResponse): Problem {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

const validUpdate = {
  name: 'Nové Stavby a.s.',
  email: 'office@nove-stavby.test',
  phone: '',
  country: 'Slovensko',
  city: 'Bratislava',
  street: 'Obchodná',
  streetNumber: '5',
  zip: '811 06',
};

describe('company profile', () => {
  let ctx: TestApp;
  let alice: CreatedUser;
  let colleague: CreatedUser;
  let stranger: CreatedUser;
  let aliceToken: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { publicOrigin: ORIGIN } });
    const company = await createCompany(ctx.app.db, { name: 'Alice Company' });
    alice = await createUser(ctx.app.db, { companyId: company.id });
    colleague = await createUser(ctx.app.db, { companyId: company.id });
    stranger = await createUser(ctx.app.db);
    aliceToken = await accessTokenFor(ctx.app.db, ORIGIN, alice.id);
  });
  afterAll(() => ctx.close());

  function get(userId: number | string, headers: Record<string, string> = bearer(aliceToken)) {
    return ctx.app.inject({ method: 'GET', url: `/api/v1/users/${userId}/company`, headers });
  }

  function put(
    userId: number,
    payload: unknown,
    headers: Record<string, string> = { ...bearer(aliceToken), ...xsrfHeaders() },
  ) {
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}/company`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  }

  async function companyRow(id: number) {
    const [row] = await ctx.app.db.select().from(companies).where(eq(companies.id, id));
    return row;
  }

  describe('GET /api/v1/users/{userId}/company', () => {
    it("answers 200 with the caller's company, also through a colleague's id", async () => {
      const own = await get(alice.id);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        id: alice.companyId,
        name: 'Alice Company',
        email: expect.any(String) as string,
        phone: '+420 600 000 000',
        country: 'Česká republika',
        city: 'Brno',
        street: 'Masarykova',
        streetNumber: '1',
        zip: '602 00',
        ico: '',
        dic: '',
        hasLogo: false,
        version: 1,
      });
      const viaColleague = await get(colleague.id);
      expect(viaColleague.statusCode).toBe(200);
      expect(viaColleague.json()).toEqual(own.json());
    });

    it("answers 404 for another company's user and for an unknown user, revealing nothing", async () => {
      for (const userId of [stranger.id, 2_000_000_000]) {
        const response = await get(userId);
        expect(response.statusCode).toBe(404);
        expect(problemOf(response).code).toBe('NOT_FOUND');
        expect(response.body).not.toContain(String(stranger.companyId === alice.companyId));
      }
    });

    it('answers 400 for an id that is not a number', async () => {
      const response = await get('abc');
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).code).toBe('VALIDATION_FAILED');
    });

    it('answers 401 without a token', async () => {
      const response = await get(alice.id, {});
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).code).toBe('UNAUTHORIZED');
    });
  });

  describe('PUT /api/v1/users/{userId}/company', () => {
    it('saves a current version (200) and counts the version up; any user of the company may', async () => {
      const before = await get(alice.id);
      const { version } = before.json<CompanyProfile>();
      const response = await put(alice.id, { ...validUpdate, version });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: alice.companyId,
        ...validUpdate,
        ico: '',
        dic: '',
        hasLogo: false,
        version: version + 1,
      });
      expect(await companyRow(alice.companyId)).toMatchObject({
        name: validUpdate.name,
        phone: null,
        version: version + 1,
      });

      const colleagueToken = await accessTokenFor(ctx.app.db, ORIGIN, colleague.id);
      const byColleague = await put(
        alice.id,
        { ...validUpdate, city: 'Košice', version: version + 1 },
        { ...bearer(colleagueToken), ...xsrfHeaders() },
      );
      expect(byColleague.statusCode).toBe(200);
      expect(byColleague.json()).toMatchObject({ city: 'Košice', version: version + 2 });
    });

    it('refuses a stale version with 409 CONFLICT and changes nothing', async () => {
      const current = (await get(alice.id)).json<CompanyProfile>();
      const before = await companyRow(alice.companyId);
      const response = await put(alice.id, {
        ...validUpdate,
        name: 'Stale Write',
        version: current.version - 1,
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).code).toBe('CONFLICT');
      expect(await companyRow(alice.companyId)).toEqual(before);
    });

    it('refuses invalid fields with 400 and localized messages, changing nothing', async () => {
      const current = (await get(alice.id)).json<CompanyProfile>();
      const before = await companyRow(alice.companyId);
      const payload = {
        ...validUpdate,
        name: '',
        email: 'no-at-sign',
        phone: 'call me',
        version: current.version,
      };
      const english = await put(alice.id, payload);
      expect(english.statusCode).toBe(400);
      expect(problemOf(english).errors).toEqual([
        { field: 'name', rule: 'required', message: 'The company name is required' },
        { field: 'email', rule: 'email', message: 'The company e-mail must be a valid email' },
        { field: 'phone', rule: 'regex', message: 'The phone format is invalid' },
      ]);
      const czech = await put(alice.id, payload, {
        ...bearer(aliceToken),
        ...xsrfHeaders(),
        'accept-language': 'cs',
      });
      expect(czech.statusCode).toBe(400);
      expect(problemOf(czech).errors?.map((error) => error.message)).toEqual([
        'Pole název společnosti je povinné',
        'Pole e-mail společnosti musí být platná e-mailová adresa',
        'Pole telefon nemá platný formát',
      ]);

      const withoutVersion = await put(alice.id, validUpdate);
      expect(withoutVersion.statusCode).toBe(400);
      expect(problemOf(withoutVersion).errors).toEqual([
        { field: 'version', rule: 'required', message: 'The version is required' },
      ]);
      expect(await companyRow(alice.companyId)).toEqual(before);
    });

    it("answers 404 for another company's user and leaves that company alone", async () => {
      const before = await companyRow(stranger.companyId);
      const response = await put(stranger.id, { ...validUpdate, version: before?.version ?? 1 });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).code).toBe('NOT_FOUND');
      expect(await companyRow(stranger.companyId)).toEqual(before);
    });

    it('answers 401 without a token and 403 without the XSRF pair, changing nothing', async () => {
      const before = await companyRow(alice.companyId);
      const payload = { ...validUpdate, name: 'Nope', version: before?.version ?? 1 };
      const anonymous = await put(alice.id, payload, xsrfHeaders());
      expect(anonymous.statusCode).toBe(401);
      expect(problemOf(anonymous).code).toBe('UNAUTHORIZED');
      const noXsrf = await put(alice.id, payload, bearer(aliceToken));
      expect(noXsrf.statusCode).toBe(403);
      expect(problemOf(noXsrf).code).toBe('XSRF_MISMATCH');
      expect(await companyRow(alice.companyId)).toEqual(before);
    });
  });
});
