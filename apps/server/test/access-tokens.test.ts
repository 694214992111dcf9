// API authentication: only unexpired RS256 access tokens of our issuer for our API are accepted; everything else is 401 and changes nothing.
import { problemSchema } from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema';
import { VerifiedTokens } from '../src/modules/auth/access-tokens';
import { endAccessTokensOf } from '../src/modules/users/users.repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser, type CreatedUser } from './helpers/factories';
import { accessTokenFor, appSigningKey, bearer, mintToken, strangerKey } from './helpers/tokens';
import { xsrfHeaders } from './helpers/xsrf';

const ORIGIN = 'http://localhost:3000';
const ISSUER = `${ORIGIN}/auth`;
const AUDIENCE = `${ORIGIN}/api`;

describe('API access tokens', () => {
  let ctx: TestApp;
  let user: CreatedUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { publicOrigin: ORIGIN } });
    user = await createUser(ctx.app.db);
  });
  afterAll(() => ctx.close());

  function me(headers: Record<string, string>) {
    return ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers });
  }

  async function expectUnauthorized(headers: Record<string, string>): Promise<void> {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(response.json()).code).toBe('UNAUTHORIZED');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="costory"');
  }

  it('accepts a valid token of our issuer and answers with its user', async () => {
    const response = await me(bearer(await accessTokenFor(ctx.app.db, ORIGIN, user.id)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('answers 401 without a token, with an empty header, or with another scheme', async () => {
    await expectUnauthorized({});
    await expectUnauthorized({ authorization: '' });
    await expectUnauthorized({ authorization: 'Bearer' });
    await expectUnauthorized({ authorization: 'Basic ZGVtbzpEZW1vMTIzNA==' });
    await expectUnauthorized({ authorization: 'Bearer not-a-jwt' });
  });

  it('answers 401 for a tampered signature or payload', async () => {
    const token = await accessTokenFor(ctx.app.db, ORIGIN, user.id);
    const [header, payload, signature = ''] = token.split('.');
    const middle = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
    await expectUnauthorized(bearer(`${header}.${payload}.${flipped}`));
    const other = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: String(user.id + 1000),
      }),
    ).toString('base64url');
    await expectUnauthorized(bearer(`${header}.${other}.${signature}`));
  });

  it('answers 401 for an expired token', async () => {
    const token = await mintToken(
      await appSigningKey(ctx.app.db),
      { iss: ISSUER, aud: AUDIENCE, sub: String(user.id) },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    await expectUnauthorized(bearer(token));
  });

  it('answers 401 for a token it accepted before, once the token has expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await mintToken(
      await appSigningKey(ctx.app.db),
      { iss: ISSUER, aud: AUDIENCE, sub: String(user.id) },
      { expiresIn: expiresAt },
    );
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    await expectUnauthorized(bearer(token));
  });

  it('answers 401 for another issuer, signed by its own key or by ours', async () => {
    const claims = { aud: AUDIENCE, sub: String(user.id) };
    await expectUnauthorized(
      bearer(await mintToken(await strangerKey(), { ...claims, iss: 'https://evil.example/auth' })),
    );
    // Our issuer's name, but not our key.
    await expectUnauthorized(
      bearer(await mintToken(await strangerKey(), { ...claims, iss: ISSUER })),
    );
    await expectUnauthorized(
      bearer(
        await mintToken(await appSigningKey(ctx.app.db), {
          ...claims,
          iss: 'https://evil.example/auth',
        }),
      ),
    );
  });

  it('answers 401 for another audience, and for an ID token', async () => {
    const key = await appSigningKey(ctx.app.db);
    await expectUnauthorized(
      bearer(
        await mintToken(key, {
          iss: ISSUER,
          aud: 'https://other.example/api',
          sub: String(user.id),
        }),
      ),
    );
    await expectUnauthorized(
      bearer(await mintToken(key, { iss: ISSUER, aud: 'costory-web', sub: String(user.id) })),
    );
    await expectUnauthorized(
      bearer(
        await mintToken(key, { iss: ISSUER, aud: AUDIENCE, sub: String(user.id) }, { typ: 'JWT' }),
      ),
    );
  });

  it('answers 401 for an unsigned token and for a user who no longer exists', async () => {
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: ISSUER, aud: AUDIENCE, sub: String(user.id), exp: 9_999_999_999 }),
    ).toString('base64url')}.`;
    await expectUnauthorized(bearer(unsigned));
    const gone = await createUser(ctx.app.db);
    const token = await accessTokenFor(ctx.app.db, ORIGIN, gone.id);
    await ctx.app.db.delete(users).where(eq(users.id, gone.id));
    await expectUnauthorized(bearer(token));
  });

  it('answers 401 for a token of ours without its millisecond issue time', async () => {
    const token = await mintToken(await appSigningKey(ctx.app.db), {
      iss: ISSUER,
      aud: AUDIENCE,
      sub: String(user.id),
      iat_ms: undefined,
    });
    await expectUnauthorized(bearer(token));
  });

  it('answers 401 for a token issued before the user signed out', async () => {
    const signedOut = await createUser(ctx.app.db);
    const token = await accessTokenFor(ctx.app.db, ORIGIN, signedOut.id);
    expect((await me(bearer(token))).statusCode).toBe(200);
    await endAccessTokensOf(ctx.app.db, signedOut.id);
    await expectUnauthorized(bearer(token));
    expect(
      (await me(bearer(await accessTokenFor(ctx.app.db, ORIGIN, signedOut.id)))).statusCode,
    ).toBe(200);
  });

  it('changes nothing when a write carries a bad token', async () => {
    const [before] = await ctx.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, user.companyId));
    const token = await mintToken(await strangerKey(), {
      iss: ISSUER,
      aud: AUDIENCE,
      sub: String(user.id),
    });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/company`,
      headers: { ...xsrfHeaders(), ...bearer(token) },
      payload: {
        name: 'Hijacked',
        email: 'x@example.test',
        country: 'X',
        city: 'X',
        street: 'X',
        streetNumber: '1',
        zip: '12345',
        version: before?.version ?? 1,
      },
    });
    expect(response.statusCode).toBe(401);
    const [after] = await ctx.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, user.companyId));
    expect(after).toEqual(before);
  });

  it('lets public endpoints answer whatever the Authorization header holds', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/meta',
      headers: { authorization: 'Bearer expired.or.garbage' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('verified tokens kept by a process', () => {
  const subject = { userId: 7, issuedAtMs: 1000, expiresAtMs: 5000 };

  it('answers a kept token until its expiry, then forgets it', () => {
    const kept = new VerifiedTokens();
    kept.set('a', subject, 5000);
    expect(kept.get('a', 4999)).toEqual(subject);
    expect(kept.get('a', 5000)).toBeUndefined();
    expect(kept.get('a', 1000)).toBeUndefined();
  });

  it('keeps at most its bound, the oldest going first', () => {
    const kept = new VerifiedTokens(2);
    kept.set('a', subject, 5000);
    kept.set('b', subject, 5000);
    kept.set('c', subject, 5000);
    expect([kept.get('a', 0), kept.get('b', 0), kept.get('c', 0)]).toEqual([
      undefined,
      subject,
      subject,
    ]);
  });
});
