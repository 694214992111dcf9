// Personal API tokens (issue 20 item 4, decision 0044): created with the secret shown once and only its hash kept, listed, revoked and expired (401), scoped (a READ token writing is 403), acting with exactly the user's rights, unable to manage tokens, and recorded in the audit log when writing.
import {
  API_TOKEN_MAX_LIFETIME_DAYS,
  type ApiTokenCreated,
  type ApiTokenList,
} from '@costory/shared';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditEvents, users } from '../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser } from './helpers/factories';
import { addStoryMember, createWallStory, type WallStory } from './helpers/story-factories';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const TOKENS = '/api/v1/me/api-tokens';

describe('personal API tokens', () => {
  let ctx: TestApp;
  let wall: WallStory;
  let admin: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    wall = await createWallStory(ctx.app.db);
    admin = await apiAs(ctx.app, wall.admin.id);
  });
  afterAll(() => ctx.close());

  async function create(
    caller: ApiCaller,
    overrides: Record<string, unknown> = {},
  ): Promise<ApiTokenCreated> {
    return expectStatus<ApiTokenCreated>(
      await caller.post(TOKENS, {
        name: `Token ${String(Math.random()).slice(2, 10)}`,
        scope: 'READ_WRITE',
        expiresAt: inDays(30),
        ...overrides,
      }),
      201,
    );
  }

  /** Requests with nothing but the token: no cookie, no XSRF header, as curl sends them. */
  function withToken(secret: string) {
    const headers = { authorization: `Bearer ${secret}` };
    return {
      get: (url: string, extra: Record<string, string> = {}) =>
        ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } }),
      put: (url: string, body: Record<string, unknown>) =>
        ctx.app.inject({ method: 'PUT', url, headers, payload: body }),
      post: (url: string, body: Record<string, unknown>) =>
        ctx.app.inject({ method: 'POST', url, headers, payload: body }),
      delete: (url: string) => ctx.app.inject({ method: 'DELETE', url, headers }),
    };
  }

  async function storedToken(id: number) {
    const [row] = await ctx.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    if (!row) throw new Error('no token row');
    return row;
  }

  it('shows the secret once and keeps only its SHA-256', async () => {
    const created = await create(admin, { name: 'CI export', scope: 'READ' });
    expect(created.secret).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'CI export', scope: 'READ', lastUsedAt: null });
    expect(created.token.prefix).toBe(created.secret.slice(0, 12));

    const row = await storedToken(created.token.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(4));

    const list = expectStatus<ApiTokenList>(await admin.get(TOKENS), 200);
    const listed = list.items.find((token) => token.id === created.token.id);
    expect(listed).toEqual(created.token);
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(4));
    expect(JSON.stringify(list)).not.toContain(row.tokenHash);
  });

  it('answers as the user with nothing but the token, and notes its use at most once a minute', async () => {
    const { token, secret } = await create(admin, { scope: 'READ' });
    const me = await withToken(secret).get('/api/v1/me');
    expect(expectStatus<{ id: number }>(me, 200).id).toBe(wall.admin.id);
    const firstUse = (await storedToken(token.id)).lastUsedAt;
    expect(firstUse).not.toBeNull();
    expectStatus(await withToken(secret).get(`/api/v1/stories/${String(wall.story.id)}`), 200);
    expect((await storedToken(token.id)).lastUsedAt).toEqual(firstUse);
  });

  it('refuses an unknown, a revoked and an expired token with 401 and a problem saying which', async () => {
    const unknown = await withToken(`cst_${'A'.repeat(43)}`).get('/api/v1/me');
    expect(unknown.statusCode).toBe(401);
    expect(problemOf(unknown).detail).toBe('The API token is not valid.');

    const revoked = await create(admin);
    expect((await admin.delete(`${TOKENS}/${String(revoked.token.id)}`)).statusCode).toBe(204);
    const afterRevoke = await withToken(revoked.secret).get('/api/v1/me');
    expect(afterRevoke.statusCode).toBe(401);
    expect(problemOf(afterRevoke).detail).toContain('revoked');
    const inCzech = await withToken(revoked.secret).get('/api/v1/me', { 'accept-language': 'cs' });
    expect(problemOf(inCzech).detail).toBe('Token API byl zrušen. Vytvořte si nový.');
    const list = expectStatus<ApiTokenList>(await admin.get(TOKENS), 200);
    expect(list.items.map((token) => token.id)).not.toContain(revoked.token.id);

    const expired = await create(admin);
    await ctx.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.token.id));
    const afterExpiry = await withToken(expired.secret).get('/api/v1/me');
    expect(afterExpiry.statusCode).toBe(401);
    expect(problemOf(afterExpiry).detail).toBe('The API token has expired. Create a new one.');
    expect(afterExpiry.headers['www-authenticate']).toContain('Bearer');
  });

  it('refuses a write with a READ token (403) and lets a READ_WRITE token write without cookies', async () => {
    const read = await create(admin, { scope: 'READ' });
    const pinning = `/api/v1/stories/${String(wall.story.id)}/pinning`;
    const refused = await withToken(read.secret).put(pinning, { pinned: true });
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused).detail).toBe(
      'The API token is read-only: it cannot change anything.',
    );

    const readWrite = await create(admin);
    expectStatus(await withToken(readWrite.secret).put(pinning, { pinned: true }), 200);
  });

  it('acts with exactly the user’s rights', async () => {
    const verifier = await addStoryMember(ctx.app.db, wall.story.id, 'ICT_VERIFIER');
    const { secret } = await create(await apiAs(ctx.app, verifier.id));
    const asVerifier = withToken(secret);
    const story = `/api/v1/stories/${String(wall.story.id)}`;
    expectStatus(await asVerifier.get(story), 200);
    // The verifier's role may not change the pins, whatever the token's scope.
    expect((await asVerifier.put(`${story}/pinning`, { pinned: false })).statusCode).toBe(403);

    const other = await createWallStory(ctx.app.db);
    const foreign = await asVerifier.get(`/api/v1/stories/${String(other.story.id)}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('cannot create, list or revoke tokens (403)', async () => {
    const { token, secret } = await create(admin);
    const asToken = withToken(secret);
    for (const response of [
      await asToken.post(TOKENS, { name: 'more', scope: 'READ', expiresAt: inDays(1) }),
      await asToken.get(TOKENS),
      await asToken.delete(`${TOKENS}/${String(token.id)}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(problemOf(response).detail).toContain('Sign in to the application');
    }
    expect((await storedToken(token.id)).revokedAt).toBeNull();
  });

  it('is not accepted by the sign-in service', async () => {
    const { secret } = await create(admin);
    // The token endpoint authenticates clients its own way: a personal token is no credential there.
    const grant = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    // The provider's own refusal, not the API's problem+json: the API's check never ran.
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('records a READ token’s refused write too', async () => {
    const { token, secret } = await create(admin, { scope: 'READ' });
    const url = `/api/v1/stories/${String(wall.story.id)}/pinning`;
    expect((await withToken(secret).put(url, { pinned: true })).statusCode).toBe(403);
    const events = await ctx.app.db
      .select({ method: auditEvents.method, status: auditEvents.status })
      .from(auditEvents)
      .where(eq(auditEvents.apiTokenId, token.id));
    expect(events).toEqual([{ method: 'PUT', status: 403 }]);
  });

  it('goes with its user', async () => {
    const owner = await createUser(ctx.app.db);
    const { token, secret } = await create(await apiAs(ctx.app, owner.id));
    expectStatus(await withToken(secret).get('/api/v1/me'), 200);
    await ctx.app.db.delete(users).where(eq(users.id, owner.id));
    expect((await withToken(secret).get('/api/v1/me')).statusCode).toBe(401);
    const rows = await ctx.app.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(rows).toEqual([]);
  });

  it('records writes made with a token in the audit log', async () => {
    const { token, secret } = await create(admin, { name: 'Audited' });
    const url = `/api/v1/stories/${String(wall.story.id)}/pinning`;
    expectStatus(await withToken(secret).put(url, { pinned: false }), 200);
    expectStatus(await withToken(secret).get(url.replace('pinning', 'upgrades')), 200);
    const events = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'api_token_write'), eq(auditEvents.apiTokenId, token.id)));
    expect(events).toEqual([
      expect.objectContaining({
        userId: wall.admin.id,
        companyId: wall.admin.companyId,
        apiTokenName: 'Audited',
        method: 'PUT',
        path: url,
        status: 200,
      }),
    ]);
  });

  it('keeps secret path segments out of the audit log', async () => {
    const { token, secret } = await create(admin, { name: 'Codes' });
    // An invitation code in the path is a secret of its own: the record hides it.
    const response = await withToken(secret).post(
      '/api/v1/access-codes/SECRET-CODE-123/acceptance',
      {},
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const [event] = await ctx.app.db
      .select({ path: auditEvents.path })
      .from(auditEvents)
      .where(eq(auditEvents.apiTokenId, token.id));
    expect(event?.path).toBe('/api/v1/access-codes/[redacted]/acceptance');
  });

  it('refuses a value that is not shaped like a token as unknown', async () => {
    for (const value of ['cst_short', `cst_${'A'.repeat(42)}`, `cst_${'A'.repeat(44)}`]) {
      const response = await withToken(value).get('/api/v1/me');
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).detail).toBe('The API token is not valid.');
    }
  });

  it('validates the name and the expiry, in English and Czech', async () => {
    const post = (body: Record<string, unknown>, locale = 'en') =>
      admin.post(
        TOKENS,
        { name: 'Valid', scope: 'READ', expiresAt: inDays(30), ...body },
        { 'accept-language': locale },
      );
    const messageOf = async (body: Record<string, unknown>, locale = 'en') => {
      const response = await post(body, locale);
      expect(response.statusCode, response.body).toBe(400);
      return problemOf(response).errors?.[0]?.message;
    };
    expect(await messageOf({ name: '' })).toBe('The token name is required');
    expect(await messageOf({ name: '' }, 'cs')).toBe('Pole název tokenu je povinné');
    expect(await messageOf({ name: 'x'.repeat(101) })).toBe(
      'The token name may not be greater than 100 characters',
    );
    expect(await messageOf({ expiresAt: inDays(-1) })).toBe('The expiry must be in the future');
    expect(await messageOf({ expiresAt: inDays(-1) }, 'cs')).toBe(
      'Platnost musí skončit v budoucnosti',
    );
    expect(await messageOf({ expiresAt: inDays(API_TOKEN_MAX_LIFETIME_DAYS + 1) })).toBe(
      'The expiry may be at most 366 days ahead',
    );
    expect(await messageOf({ expiresAt: inDays(API_TOKEN_MAX_LIFETIME_DAYS + 1) }, 'cs')).toBe(
      'Platnost může skončit nejvýše za 366 dní',
    );
    expect((await post({ scope: 'ADMIN' })).statusCode).toBe(400);

    await create(admin, { name: 'Nightly' });
    const duplicate = await post({ name: 'NIGHTLY' });
    expect(duplicate.statusCode).toBe(409);
    expect(problemOf(duplicate).errors?.[0]).toMatchObject({ field: 'name' });
  });

  it('answers 404 for another user’s token, and leaves it working', async () => {
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const { token, secret } = await create(admin);
    expect((await stranger.delete(`${TOKENS}/${String(token.id)}`)).statusCode).toBe(404);
    expect(
      expectStatus<ApiTokenList>(await stranger.get(TOKENS), 200).items.map((t) => t.id),
    ).not.toContain(token.id);
    expectStatus(await withToken(secret).get('/api/v1/me'), 200);
  });
});
