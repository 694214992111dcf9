// The built-in sign-in service over real HTTP: discovery, authorization code + PKCE with the SPA's login form, tokens, refresh rotation, refusals, limits, sign-out and the audit trail.
import { createHash } from 'node:crypto';
import { OIDC_API_SCOPES, OIDC_CLIENT_ID, problemSchema } from '@costory/shared';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outboxMails, signInDevices, users } from '../src/db/schema';
import { KNOWN_DEVICE_SECONDS } from '../src/modules/auth/sign-in.service';
import {
  deleteStaleDevices,
  findKnownDevice,
} from '../src/modules/auth/sign-in-devices.repository';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../src/db/seed';
import { Browser } from './helpers/browser';
import { buildTestApp } from './helpers/build-test-app';
import { createUser, registrationBody } from './helpers/factories';
import { buildListeningApp, type ListeningApp } from './helpers/listen';
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
import { xsrfHeaders } from './helpers/xsrf';

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(await response.json());
}

describe('sign-in service (HTTP)', () => {
  let ctx: ListeningApp;
  beforeAll(async () => {
    ctx = await buildListeningApp();
    // The demo data of a newcomer's first start (only loads into a database without companies).
    expect(await seedDemoData(ctx.app.db)).toBe(true);
  });
  afterAll(() => ctx.close());

  async function auditTypesOf(userId: number): Promise<string[]> {
    const rows = await ctx.app.db
      .select({ type: auditEvents.type })
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId))
      .orderBy(auditEvents.id);
    return rows.map((row) => row.type);
  }

  async function meStatus(accessToken: string): Promise<number> {
    const response = await fetch(`${ctx.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return response.status;
  }

  it('publishes its discovery document under /auth with PKCE S256 and the code flow only', async () => {
    const response = await fetch(`${ctx.url}/auth/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${ctx.url}/auth`,
      authorization_endpoint: `${ctx.url}/auth/authorize`,
      token_endpoint: `${ctx.url}/auth/token`,
      end_session_endpoint: `${ctx.url}/auth/session/end`,
      jwks_uri: `${ctx.url}/auth/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(discovery.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    const jwks = await fetch(`${ctx.url}/auth/jwks`);
    expect(jwks.status).toBe(200);
    const { keys } = (await jwks.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('signs in with the code flow and PKCE; the JWT access token works on GET /api/v1/me', async () => {
    const user = await createUser(ctx.app.db, { firstName: 'Eva', lastName: 'Dvořáková' });
    const { tokens } = await signIn(ctx.url, user);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(600);
    expect(tokens.refresh_token).toBeTruthy();

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: 'RS256',
      typ: 'at+jwt',
    });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${ctx.url}/auth`,
      aud: `${ctx.url}/api`,
      sub: String(user.id),
      client_id: OIDC_CLIENT_ID,
      email: user.email,
      email_verified: true,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(600);
    expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining([...OIDC_API_SCOPES]));

    const idToken = decodeJwt(tokens.id_token ?? '');
    expect(idToken).toMatchObject({
      aud: OIDC_CLIENT_ID,
      sub: String(user.id),
      name: 'Eva Dvořáková',
      given_name: 'Eva',
      family_name: 'Dvořáková',
      email: user.email,
      company_id: user.companyId,
    });

    const me = await fetch(`${ctx.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: user.id,
      companyId: user.companyId,
      email: user.email,
      firstName: 'Eva',
      lastName: 'Dvořáková',
    });
  });

  it('signs the seeded demo user in with the demo password', async () => {
    const { tokens } = await signIn(ctx.url, {
      email: DEMO_USER_EMAIL,
      password: DEMO_USER_PASSWORD,
    });
    const me = await fetch(`${ctx.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: DEMO_USER_EMAIL, firstName: 'Demo' });
  });

  it('rotates refresh tokens: the new one works, the used one is refused', async () => {
    const user = await createUser(ctx.app.db);
    const { tokens } = await signIn(ctx.url, user);
    const first = await refreshTokens(ctx.url, tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as { access_token: string; refresh_token: string };
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(rotated.access_token).sub).toBe(String(user.id));

    const replay = await refreshTokens(ctx.url, tokens.refresh_token ?? '');
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a token exchange without the right code_verifier', async () => {
    const user = await createUser(ctx.app.db);
    const browser = new Browser();
    const pkce = createPkce();
    const uid = await startSignIn(browser, ctx.url, pkce);
    const login = await postLogin(browser, ctx.url, uid, user);
    expect(login.status).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const code = (await followToRedirectUri(browser, redirectTo, ctx.url)).get('code') ?? '';
    const wrong = await exchangeCode(ctx.url, code, createPkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an authorize request without PKCE or with the plain method', async () => {
    for (const url of [
      authorizeUrl(ctx.url, { omitPkce: true }),
      authorizeUrl(ctx.url, { challengeMethod: 'plain' }),
    ]) {
      const response = await fetch(url, { redirect: 'manual' });
      // The redirect URI is the registered one, so the error goes back to the client (RFC 6749).
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(`${ctx.url}/oauth2-redirect`);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses a redirect_uri that is not exactly the registered one, without redirecting', async () => {
    for (const redirectUri of [
      'https://evil.example/oauth2-redirect',
      `${ctx.url}/oauth2-redirect/`,
      `${ctx.url}/oauth2-redirect?next=https://evil.example`,
      `${ctx.url}/OAUTH2-REDIRECT`,
    ]) {
      const response = await fetch(authorizeUrl(ctx.url, { redirectUri }), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const page = await response.text();
      expect(page).toContain('redirect_uri');
      expect(page).not.toContain('<script');
    }
  });

  it('refuses an unknown company_code and a foreign new_user_uri', async () => {
    const cases: Array<Record<string, string>> = [
      { company_code: 'OTHER' },
      { new_user_uri: 'https://evil.example/registration' },
    ];
    for (const extra of cases) {
      const response = await fetch(authorizeUrl(ctx.url, { extra }), { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('describes the interaction to the login form, and answers 404 for another one', async () => {
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const details = await browser.fetch(`${ctx.url}/auth/interaction/${uid}/details`);
    expect(details.status).toBe(200);
    expect(details.headers.get('cache-control')).toBe('no-store');
    expect(await details.json()).toEqual({
      uid,
      prompt: 'login',
      uiLocales: ['en'],
      newUserUri: `${ctx.url}/registration`,
      demo: true,
      demoUser: { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD },
    });

    const otherUid = await browser.fetch(`${ctx.url}/auth/interaction/not-this-one/details`);
    expect(otherUid.status).toBe(404);
    expect((await problemOf(otherUid)).code).toBe('NOT_FOUND');
    // Without the interaction cookie (another browser), nothing is revealed.
    const stranger = await fetch(`${ctx.url}/auth/interaction/${uid}/details`);
    expect(stranger.status).toBe(404);
    // A browser sent to an interaction it does not hold starts signing in afresh.
    const stale = await fetch(`${ctx.url}/auth/interaction/${uid}`, { redirect: 'manual' });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/login');
    const strangerLogin = await postLogin(new Browser(), ctx.url, uid, {
      email: 'x@example.test',
      password: 'Secret123',
    });
    expect(strangerLogin.status).toBe(404);
  });

  it('answers an invalid login body with 400 and localized field errors', async () => {
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const english = await postLogin(browser, ctx.url, uid, { email: 'not-an-email', password: '' });
    expect(english.status).toBe(400);
    expect((await problemOf(english)).errors).toEqual([
      { field: 'email', rule: 'email', message: 'The e-mail must be a valid email' },
      { field: 'password', rule: 'required', message: 'The password is required' },
    ]);
    const czech = await postLogin(
      browser,
      ctx.url,
      uid,
      { email: 'not-an-email', password: '' },
      { 'accept-language': 'cs' },
    );
    expect(czech.status).toBe(400);
    expect((await problemOf(czech)).errors).toEqual([
      { field: 'email', rule: 'email', message: 'Pole e-mail musí být platná e-mailová adresa' },
      { field: 'password', rule: 'required', message: 'Pole heslo je povinné' },
    ]);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and for an unknown e-mail alike', async () => {
    const user = await createUser(ctx.app.db);
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const wrong = await postLogin(browser, ctx.url, uid, {
      email: user.email,
      password: 'Wrong1234',
    });
    expect(wrong.status).toBe(401);
    const wrongProblem = await problemOf(wrong);
    expect(wrongProblem.code).toBe('INVALID_CREDENTIALS');
    const unknown = await postLogin(browser, ctx.url, uid, {
      email: 'nobody@example.test',
      password: 'Wrong1234',
    });
    expect(unknown.status).toBe(401);
    expect(await problemOf(unknown)).toEqual({ ...wrongProblem });
    // The interaction survives a failed attempt: the right password still gets in.
    const right = await postLogin(browser, ctx.url, uid, user);
    expect(right.status).toBe(200);
  });

  it('answers 403 EMAIL_NOT_VERIFIED for the right password of an unconfirmed address', async () => {
    const user = await createUser(ctx.app.db, { verified: false });
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const response = await postLogin(browser, ctx.url, uid, user);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe('EMAIL_NOT_VERIFIED');
    const wrong = await postLogin(browser, ctx.url, uid, {
      email: user.email,
      password: 'Wrong1234',
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses the sixth attempt after five failures with 429 RATE_LIMITED, even with the right password', async () => {
    const user = await createUser(ctx.app.db);
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await postLogin(browser, ctx.url, uid, {
        email: user.email,
        password: `Wrong${attempt}x`,
      });
      expect(response.status).toBe(401);
    }
    const limited = await postLogin(browser, ctx.url, uid, user);
    expect(limited.status).toBe(429);
    expect((await problemOf(limited)).code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another account from the same address is not locked by this one.
    const other = await createUser(ctx.app.db);
    const otherLogin = await postLogin(browser, ctx.url, uid, other);
    expect(otherLogin.status).toBe(200);

    // Once the failures are older than the window, the account is open again.
    await ctx.app.db
      .update(auditEvents)
      .set({ occurredAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(and(eq(auditEvents.email, user.email), eq(auditEvents.type, 'sign_in_failed')));
    const browserLater = new Browser();
    const uidLater = await startSignIn(browserLater, ctx.url, createPkce());
    const later = await postLogin(browserLater, ctx.url, uidLater, user);
    expect(later.status).toBe(200);
  });

  /** A browser without a provider session that holds the known-device cookie of `source`. */
  function sameDeviceAs(source: Browser): Browser {
    const browser = new Browser();
    const token = source.jar.get('costory_device') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    browser.jar.store([`costory_device=${token}; Path=/auth/interaction`]);
    return browser;
  }

  it('lets the right password through from a device known to the account while strangers have locked it', async () => {
    const owner = await createUser(ctx.app.db);
    const ownerDevice = new Browser();
    await signIn(ctx.url, owner, ownerDevice);
    // The attacker holds a known-device cookie too, but of an account of its own.
    const attackerDevice = new Browser();
    await signIn(ctx.url, await createUser(ctx.app.db), attackerDevice);
    try {
      const attacker = sameDeviceAs(attackerDevice);
      const uid = await startSignIn(attacker, ctx.url, createPkce());
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await postLogin(attacker, ctx.url, uid, {
          email: owner.email,
          password: `Wrong${attempt}x`,
        });
        expect(wrong.status).toBe(401);
        expect((await problemOf(wrong)).code).toBe('INVALID_CREDENTIALS');
      }
      // Unknown clients are locked out, even with the right password…
      const locked = await postLogin(attacker, ctx.url, uid, owner);
      expect(locked.status).toBe(429);
      expect((await problemOf(locked)).code).toBe('RATE_LIMITED');
      const stranger = new Browser();
      const strangerUid = await startSignIn(stranger, ctx.url, createPkce());
      expect((await postLogin(stranger, ctx.url, strangerUid, owner)).status).toBe(429);

      // …while the owner's browser signs in,
      const { tokens } = await signIn(ctx.url, owner, sameDeviceAs(ownerDevice));
      expect(await meStatus(tokens.access_token)).toBe(200);

      // and its own failures count apart: five of them lock out that browser only.
      const owners = sameDeviceAs(ownerDevice);
      const ownerUid = await startSignIn(owners, ctx.url, createPkce());
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await postLogin(owners, ctx.url, ownerUid, {
          email: owner.email,
          password: `Typo${attempt}x`,
        });
        expect(wrong.status).toBe(401);
      }
      expect((await postLogin(owners, ctx.url, ownerUid, owner)).status).toBe(429);
      await ctx.app.db
        .update(auditEvents)
        .set({ occurredAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(and(eq(auditEvents.email, owner.email), isNotNull(auditEvents.deviceId)));
      expect((await postLogin(owners, ctx.url, ownerUid, owner)).status).toBe(200);
      // The strangers' failures still lock out unknown clients.
      const later = new Browser();
      const laterUid = await startSignIn(later, ctx.url, createPkce());
      expect((await postLogin(later, ctx.url, laterUid, owner)).status).toBe(429);
    } finally {
      // Out of the window, so that the per-address limit of the tests that follow is not reached.
      await ctx.app.db
        .update(auditEvents)
        .set({ occurredAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(auditEvents.email, owner.email));
    }
  });

  it('forgets devices unused for longer than their cookie lives', async () => {
    const user = await createUser(ctx.app.db);
    const [stale, fresh] = await ctx.app.db
      .insert(signInDevices)
      .values([
        {
          userId: user.id,
          tokenHash: `stale-${user.id}`,
          lastUsedAt: new Date(Date.now() - (KNOWN_DEVICE_SECONDS + 60) * 1000),
        },
        { userId: user.id, tokenHash: `fresh-${user.id}` },
      ])
      .returning({ id: signInDevices.id });
    expect(
      await findKnownDevice(ctx.app.db, `stale-${user.id}`, user.email, KNOWN_DEVICE_SECONDS),
    ).toBeUndefined();
    expect(
      await findKnownDevice(ctx.app.db, `fresh-${user.id}`, user.email, KNOWN_DEVICE_SECONDS),
    ).toBe(fresh?.id);
    await deleteStaleDevices(ctx.app.db, KNOWN_DEVICE_SECONDS);
    const left = await ctx.app.db
      .select({ id: signInDevices.id })
      .from(signInDevices)
      .where(eq(signInDevices.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([fresh?.id]);
    expect(stale?.id).toBeDefined();
  });

  it('sets the known-device cookie HttpOnly, SameSite=Lax, for the login endpoints only', async () => {
    const user = await createUser(ctx.app.db);
    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const login = await postLogin(browser, ctx.url, uid, user);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith('costory_device='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').toLowerCase();
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/auth/interaction');
    expect(attributes).toMatch(/max-age=\d{7,}/);
    expect(attributes).not.toContain('secure');
  });

  it('consents implicitly for the first-party client, also when asked with prompt=consent', async () => {
    const user = await createUser(ctx.app.db);
    const { browser } = await signIn(ctx.url, user);
    const pkce = createPkce();
    const authorize = authorizeUrl(ctx.url, { pkce, extra: { prompt: 'consent' } });
    const first = await browser.fetch(authorize);
    expect(first.status).toBe(303);
    const interaction = Browser.location(first, authorize);
    expect(interaction).toMatch(/\/auth\/interaction\//);
    const query = await followToRedirectUri(browser, interaction, ctx.url);
    const exchange = await exchangeCode(ctx.url, query.get('code') ?? '', pkce.verifier);
    expect(exchange.status).toBe(200);
    const tokens = (await exchange.json()) as { access_token: string; refresh_token?: string };
    expect(decodeJwt(tokens.access_token).sub).toBe(String(user.id));
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('signs out on a product page without script, then asks to sign in again', async () => {
    const user = await createUser(ctx.app.db);
    const { browser, tokens } = await signIn(ctx.url, user);
    expect(await meStatus(tokens.access_token)).toBe(200);
    const endSession = `${ctx.url}/auth/session/end?${new URLSearchParams({
      client_id: OIDC_CLIENT_ID,
      post_logout_redirect_uri: `${ctx.url}/`,
    }).toString()}`;
    const question = await browser.fetch(endSession);
    expect(question.status).toBe(200);
    expect(question.headers.get('content-type')).toMatch(/^text\/html/);
    expect(question.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await question.text();
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('Sign out of Costory?');
    expect(page).toContain('<span class="tag">Testing environment</span>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(xsrf).not.toBe('');

    const confirm = await browser.fetch(`${ctx.url}/auth/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${ctx.url}/`);
    expect(await auditTypesOf(user.id)).toEqual(['sign_in', 'logout']);
    // The access token of before the sign-out is refused at once, not when it expires,
    expect(await meStatus(tokens.access_token)).toBe(401);
    // and its refresh token gets no new one.
    const refresh = await refreshTokens(ctx.url, tokens.refresh_token ?? '');
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');

    // The provider session is gone: authorizing asks for the login form again.
    const again = await browser.fetch(authorizeUrl(ctx.url));
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/\/auth\/interaction\//);
    // Signing in again, even within the same second, gives a token that works.
    const fresh = await signIn(ctx.url, user);
    expect(await meStatus(fresh.tokens.access_token)).toBe(200);
  });

  it('signs out at once when the app asks with the user’s ID token: no second question, back at /', async () => {
    const user = await createUser(ctx.app.db);
    const { browser, tokens } = await signIn(ctx.url, user);
    const endSession = `${ctx.url}/auth/session/end?${new URLSearchParams({
      client_id: OIDC_CLIENT_ID,
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${ctx.url}/`,
      ui_locales: 'cs',
    }).toString()}`;
    const page = await (await browser.fetch(endSession)).text();
    expect(page).not.toContain('Odhlásit se z Costory?');
    expect(page).toContain('Odhlašování z Costory…');
    // The server's pages carry the app header's labels, the testing environment too.
    expect(page).toContain(
      '<span class="tag">alpha</span><span class="tag">Testovací prostředí</span>',
    );
    // The page presses its own button by a script of this server, which the CSP allows.
    expect(page).toContain('<script src="/auth-pages/sign-out.js"></script>');
    const script = await fetch(`${ctx.url}/auth-pages/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('button[name="logout"]');
    expect(page).toMatch(/<button[^>]+name="logout" value="yes"/);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const confirm = await browser.fetch(`${ctx.url}/auth/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.headers.get('location')).toBe(`${ctx.url}/`);
    expect(await meStatus(tokens.access_token)).toBe(401);
  });

  it('refuses the access tokens of a user whose refresh token was revoked', async () => {
    const user = await createUser(ctx.app.db);
    const { tokens } = await signIn(ctx.url, user);
    expect(await meStatus(tokens.access_token)).toBe(200);
    const revoke = await fetch(`${ctx.url}/auth/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh_token ?? '',
        token_type_hint: 'refresh_token',
        client_id: OIDC_CLIENT_ID,
      }),
    });
    expect(revoke.status).toBe(200);
    expect(await meStatus(tokens.access_token)).toBe(401);
  });

  it('returns a browser without a provider session to the app, through a form the CSP allows', async () => {
    const browser = new Browser();
    const endSession = `${ctx.url}/auth/session/end?${new URLSearchParams({
      client_id: OIDC_CLIENT_ID,
      post_logout_redirect_uri: `${ctx.url}/`,
    }).toString()}`;
    const response = await browser.fetch(endSession);
    expect(response.status).toBe(200);
    const page = await response.text();
    // The provider's self-submitting form: its one inline script is allowed by its hash only.
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const confirm = await browser.fetch(`${ctx.url}/auth/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${ctx.url}/`);
  });

  it('shows the sign-out question in Czech when asked', async () => {
    const user = await createUser(ctx.app.db);
    const { browser } = await signIn(ctx.url, user);
    const response = await browser.fetch(
      `${ctx.url}/auth/session/end?client_id=${OIDC_CLIENT_ID}&ui_locales=cs`,
    );
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="cs">');
    expect(page).toContain('Odhlásit se z Costory?');
  });

  it('records registration, confirmation, failed sign-in, sign-in and logout in the audit log', async () => {
    const body = registrationBody();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: xsrfHeaders(),
      payload: body,
    });
    expect(registered.statusCode).toBe(201);
    const [registeredUser] = await ctx.app.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, body.user.email.toLowerCase()));
    const userId = registeredUser?.id ?? 0;
    const companyId = registeredUser?.companyId ?? 0;
    // No SMTP server here: the mail is kept in the outbox, where its link code can be read.
    const [mail] = await ctx.app.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, body.user.email))
      .orderBy(desc(outboxMails.id));
    expect(mail?.status).toBe('kept');
    const code = /email-confirm\?code=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/email-confirmations',
      headers: xsrfHeaders(),
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);

    const browser = new Browser();
    const uid = await startSignIn(browser, ctx.url, createPkce());
    const failed = await postLogin(browser, ctx.url, uid, {
      email: body.user.email,
      password: 'Wrong1234',
    });
    expect(failed.status).toBe(401);
    await signIn(ctx.url, { email: body.user.email, password: body.user.password }, browser);
    const question = await browser.fetch(`${ctx.url}/auth/session/end`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await question.text())?.[1] ?? '';
    const confirm = await browser.fetch(`${ctx.url}/auth/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    // Without a post_logout_redirect_uri the provider shows its own signed-out page.
    const success = await browser.fetch(Browser.location(confirm, `${ctx.url}/auth/session/end`));
    expect(success.status).toBe(200);
    expect(await success.text()).toContain('You have signed out');

    const rows = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId))
      .orderBy(auditEvents.id);
    expect(rows.map((row) => [row.type, row.reason])).toEqual([
      ['registration', null],
      ['email_confirmation', null],
      ['sign_in_failed', 'invalid_credentials'],
      ['sign_in', null],
      ['logout', null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        companyId,
        email: body.user.email.toLowerCase(),
        ipAddress: '127.0.0.1',
      });
      expect(row.occurredAt).toBeInstanceOf(Date);
    }
  });

  it('limits failures per address: after 20 in 15 minutes every account from it is refused', async () => {
    const user = await createUser(ctx.app.db);
    const knownDevice = new Browser();
    await signIn(ctx.url, user, knownDevice);
    const inserted = await ctx.app.db
      .insert(auditEvents)
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          type: 'sign_in_failed' as const,
          reason: 'invalid_credentials' as const,
          email: `guess-${index}@example.test`,
          ipAddress: '127.0.0.1',
        })),
      )
      .returning({ id: auditEvents.id });
    try {
      const browser = new Browser();
      const uid = await startSignIn(browser, ctx.url, createPkce());
      const response = await postLogin(browser, ctx.url, uid, user);
      expect(response.status).toBe(429);
      expect((await problemOf(response)).code).toBe('RATE_LIMITED');
      // A device known to the account is no exception.
      const known = sameDeviceAs(knownDevice);
      const knownUid = await startSignIn(known, ctx.url, createPkce());
      expect((await postLogin(known, ctx.url, knownUid, user)).status).toBe(429);
    } finally {
      await ctx.app.db.delete(auditEvents).where(
        inArray(
          auditEvents.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });

  it('sets its cookies HttpOnly, and Secure only when the public origin is https', async () => {
    const browser = new Browser();
    const plain = await fetch(authorizeUrl(ctx.url), { redirect: 'manual' });
    expect(plain.status).toBe(303);
    const plainCookies = plain.headers.getSetCookie();
    expect(plainCookies.length).toBeGreaterThan(0);
    for (const cookie of plainCookies) {
      expect(cookie.toLowerCase()).toContain('httponly');
      expect(cookie.toLowerCase()).not.toContain('secure');
    }
    expect(browser.jar.get('costory_interaction')).toBeUndefined();

    const https = await buildTestApp({
      database: ctx.database,
      config: { publicOrigin: 'https://costory.example' },
    });
    try {
      const url = new URL(authorizeUrl('https://costory.example'));
      const response = await https.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
      });
      expect(response.statusCode).toBe(303);
      const cookies = [response.headers['set-cookie']].flat().filter(Boolean).map(String);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('secure');
      expect(response.headers.location).toMatch(/^\/auth\/interaction\//);
    } finally {
      await https.close();
    }
  });
});
