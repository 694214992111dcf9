// Two server processes on one database (PostgreSQL with TEST_PG_URL, else one shared PGlite): keys made once, tokens and sign-in state shared.
import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createPostgresPool, type Database } from '../src/db/database';
import { oidcKeys, oidcPayloads } from '../src/db/schema';
import { Browser } from './helpers/browser';
import { createUser } from './helpers/factories';
import { buildListeningApp, freePort, type ListeningApp } from './helpers/listen';
import {
  authorizeUrl,
  createPkce,
  exchangeCode,
  followToRedirectUri,
  postLogin,
  refreshTokens,
  signIn,
  startSignIn,
} from './helpers/oidc-flow';
import { createTestDatabase, testDatabaseKind } from './helpers/test-db';

describe(`two app instances on one database (${testDatabaseKind()})`, () => {
  let database: Database;
  let secondConnection: Database;
  let first: ListeningApp;
  let second: ListeningApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two processes have two connection pools; one PGlite can only be shared in-process.
    secondConnection =
      database.kind === 'postgres'
        ? createPostgresDatabase(
            createPostgresPool(String(database.client.options.connectionString)),
          )
        : database;
    // Behind one load balancer both answer for the same public origin.
    const port = await freePort();
    const publicOrigin = `http://127.0.0.1:${port}`;
    // Started together, as a deployment starts its processes: both race to create the keys.
    [first, second] = await Promise.all([
      buildListeningApp({ database, port }),
      buildListeningApp({ database: secondConnection, config: { publicOrigin } }),
    ]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    if (secondConnection !== database) await secondConnection.close();
    await database.close();
  });

  it('creates the signing and cookie keys once and publishes the same JWKS from both', async () => {
    const [row] = await database.db.select({ value: count() }).from(oidcKeys);
    expect(row?.value).toBe(2);
    const jwks = await Promise.all(
      [first.url, second.url].map(
        async (url) => (await fetch(`${url}/auth/jwks`)).json() as Promise<unknown>,
      ),
    );
    expect(jwks[1]).toEqual(jwks[0]);
  });

  it('accepts a token issued through one instance at the other', async () => {
    const user = await createUser(database.db);
    const { tokens } = await signIn(first.url, user);
    for (const url of [first.url, second.url]) {
      const me = await fetch(`${url}/api/v1/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: user.id });
    }
    // And its refresh token rotates at the other instance.
    const refreshed = await refreshTokens(second.url, tokens.refresh_token ?? '');
    expect(refreshed.status).toBe(200);
  });

  it('continues a sign-in started at one instance at the other, whose session the first then knows', async () => {
    const user = await createUser(database.db);
    const browser = new Browser();
    const pkce = createPkce();
    // Authorize at the first instance...
    const uid = await startSignIn(browser, first.url, pkce);
    // ...log in at the second: the interaction lives in the database, not in a process.
    const login = await postLogin(browser, second.url, uid, user);
    expect(login.status).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const query = await followToRedirectUri(
      browser,
      redirectTo.replace(first.url, second.url),
      first.url,
    );
    const exchange = await exchangeCode(
      second.url,
      query.get('code') ?? '',
      pkce.verifier,
      first.url,
    );
    expect(exchange.status).toBe(200);
    const sessions = await database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.type, 'Session'));
    expect(sessions.length).toBeGreaterThan(0);

    // The first instance finds the session and grant the second one stored: no login form again.
    const silentPkce = createPkce();
    const silent = authorizeUrl(first.url, { pkce: silentPkce });
    const response = await browser.fetch(silent);
    expect(response.status).toBe(303);
    const location = new URL(Browser.location(response, silent));
    expect(`${location.origin}${location.pathname}`).toBe(`${first.url}/oauth2-redirect`);
    const code = location.searchParams.get('code') ?? '';
    const tokens = await exchangeCode(first.url, code, silentPkce.verifier);
    expect(tokens.status).toBe(200);
    const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
    expect(decodeJwt(accessToken).sub).toBe(String(user.id));
  });
});
