// OIDC_ISSUER: the API trusts an external issuer's published keys and finds users by verified e-mail; nobody else's tokens pass.
import { OIDC_CLIENT_ID, OIDC_SCOPES, type Meta } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser, uniqueEmail } from './helpers/factories';
import { buildListeningApp, freePort, type ListeningApp } from './helpers/listen';
import { signIn } from './helpers/oidc-flow';
import { appSigningKey, bearer, mintToken, strangerKey } from './helpers/tokens';

describe('an external issuer (OIDC_ISSUER)', () => {
  let issuer: ListeningApp;
  let stranger: ListeningApp;
  let api: TestApp;

  beforeAll(async () => {
    // A second, test-only instance plays the external sign-in service; a third one is unknown.
    [issuer, stranger] = await Promise.all([buildListeningApp(), buildListeningApp()]);
    api = await buildTestApp({
      config: {
        publicOrigin: 'http://localhost:3100',
        oidcIssuer: `${issuer.url}/auth`,
        oidcClientId: OIDC_CLIENT_ID,
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await issuer.close();
    await stranger.close();
  });

  function me(token: string) {
    return api.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  }

  it("accepts the issuer's token for our user with the same verified e-mail", async () => {
    const email = uniqueEmail('external');
    const atIssuer = await createUser(issuer.app.db, { email });
    // Someone else first, so that our user's id differs from the issuer's: the match is by e-mail.
    await createUser(api.app.db);
    const ours = await createUser(api.app.db, { email, firstName: 'Local', lastName: 'Person' });
    expect(ours.id).not.toBe(atIssuer.id);
    const { tokens } = await signIn(issuer.url, atIssuer);
    const response = await me(tokens.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: ours.id,
      companyId: ours.companyId,
      email,
      firstName: 'Local',
      lastName: 'Person',
    });
  });

  it('refuses a token of the issuer for an address we do not know', async () => {
    const atIssuer = await createUser(issuer.app.db);
    const { tokens } = await signIn(issuer.url, atIssuer);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses tokens of an issuer that is not configured, and tokens not signed by the issuer', async () => {
    const email = uniqueEmail('stranger');
    const atStranger = await createUser(stranger.app.db, { email });
    await createUser(api.app.db, { email });
    const { tokens } = await signIn(stranger.url, atStranger);
    expect((await me(tokens.access_token)).statusCode).toBe(401);

    const forged = await mintToken(await strangerKey(), {
      iss: `${issuer.url}/auth`,
      aud: `${issuer.url}/api`,
      sub: '1',
      client_id: OIDC_CLIENT_ID,
      email,
      email_verified: true,
    });
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses an unverified e-mail and a token issued to another client', async () => {
    const email = uniqueEmail('claims');
    await createUser(api.app.db, { email });
    const key = await appSigningKey(issuer.app.db);
    const claims = {
      iss: `${issuer.url}/auth`,
      aud: `${issuer.url}/api`,
      sub: '1',
      client_id: OIDC_CLIENT_ID,
      email,
    };
    expect((await me(await mintToken(key, { ...claims, email_verified: true }))).statusCode).toBe(
      200,
    );
    expect((await me(await mintToken(key, { ...claims, email_verified: false }))).statusCode).toBe(
      401,
    );
    expect(
      (await me(await mintToken(key, { ...claims, email_verified: true, client_id: 'other-app' })))
        .statusCode,
    ).toBe(401);
  });

  it('tells the SPA to sign in at the issuer, and does not run its own provider', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Meta>().auth).toEqual({
      issuer: `${issuer.url}/auth`,
      authorizationEndpoint: `${issuer.url}/auth/authorize`,
      tokenEndpoint: `${issuer.url}/auth/token`,
      endSessionEndpoint: `${issuer.url}/auth/session/end`,
      clientId: OIDC_CLIENT_ID,
      companyCode: 'COSTORY',
      scopes: [...OIDC_SCOPES],
      external: true,
    });
    const own = await api.app.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
    });
    expect(own.statusCode).toBe(404);
  });

  it('answers 503 while the issuer cannot be reached', async () => {
    const down = await buildTestApp({
      database: api.database,
      config: { oidcIssuer: `http://127.0.0.1:${await freePort()}/auth` },
    });
    try {
      const meta = await down.app.inject({ method: 'GET', url: '/api/v1/meta' });
      expect(meta.statusCode).toBe(503);
      expect(meta.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const response = await down.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer('a.b.c'),
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});
