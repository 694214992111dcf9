// The SPA's sign-in driven over HTTP: authorize with PKCE, the login form's JSON post, the code at /oauth2-redirect, the token exchange.
import { createHash, randomBytes } from 'node:crypto';
import { OIDC_CLIENT_ID, OIDC_COMPANY_CODE, OIDC_SCOPES } from '@costory/shared';
import { expect } from 'vitest';
import { Browser } from './browser';

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The spec's authorize request (section 7) plus PKCE, state and ui_locales (decision 0009). */
export function authorizeUrl(
  origin: string,
  options: {
    pkce?: Pkce;
    state?: string;
    redirectUri?: string;
    challengeMethod?: string;
    omitPkce?: boolean;
    extra?: Record<string, string>;
  } = {},
): string {
  const params = new URLSearchParams({
    client_id: OIDC_CLIENT_ID,
    scope: OIDC_SCOPES.join(' '),
    response_type: 'code',
    new_user_uri: `${origin}/registration`,
    company_code: OIDC_COMPANY_CODE,
    redirect_uri: options.redirectUri ?? `${origin}/oauth2-redirect`,
    state: options.state ?? 'state-123',
    ui_locales: 'en',
    ...options.extra,
  });
  if (!options.omitPkce) {
    params.set('code_challenge', (options.pkce ?? createPkce()).challenge);
    params.set('code_challenge_method', options.challengeMethod ?? 'S256');
  }
  return `${origin}/auth/authorize?${params.toString()}`;
}

/** Authorize, then the interaction redirect to the SPA's /login?interaction=…; returns the uid. */
export async function startSignIn(browser: Browser, origin: string, pkce: Pkce): Promise<string> {
  const authorize = authorizeUrl(origin, { pkce });
  const first = await browser.fetch(authorize);
  expect(first.status).toBe(303);
  const interactionUrl = Browser.location(first, authorize);
  expect(interactionUrl).toMatch(new RegExp(`^${origin}/auth/interaction/[\\w-]+$`));
  const second = await browser.fetch(interactionUrl);
  expect(second.status).toBe(303);
  const login = new URL(Browser.location(second, interactionUrl));
  expect(login.pathname).toBe('/login');
  const uid = login.searchParams.get('interaction');
  expect(uid).toBeTruthy();
  return uid ?? '';
}

export function postLogin(
  browser: Browser,
  origin: string,
  uid: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return browser.fetch(`${origin}/auth/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
}

/** Follows redirects from `url` until the browser lands on /oauth2-redirect; returns its query. */
export async function followToRedirectUri(
  browser: Browser,
  url: string,
  origin: string,
): Promise<URLSearchParams> {
  let current = url;
  for (let hop = 0; hop < 10; hop += 1) {
    if (current.startsWith(`${origin}/oauth2-redirect`)) return new URL(current).searchParams;
    const response = await browser.fetch(current);
    expect([302, 303]).toContain(response.status);
    current = Browser.location(response, current);
  }
  throw new Error('too many redirects');
}

/** `publicOrigin` is the app's PUBLIC_ORIGIN when the request goes to another instance. */
export async function exchangeCode(
  origin: string,
  code: string,
  verifier: string,
  publicOrigin = origin,
): Promise<Response> {
  return fetch(`${origin}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: OIDC_CLIENT_ID,
      redirect_uri: `${publicOrigin}/oauth2-redirect`,
    }),
  });
}

export async function refreshTokens(origin: string, refreshToken: string): Promise<Response> {
  return fetch(`${origin}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: OIDC_CLIENT_ID,
    }),
  });
}

/** The whole sign-in of a verified user; returns the tokens and the browser (with its session). */
export async function signIn(
  origin: string,
  credentials: { email: string; password: string },
  browser = new Browser(),
): Promise<{ tokens: TokenResponse; browser: Browser }> {
  const pkce = createPkce();
  const uid = await startSignIn(browser, origin, pkce);
  const login = await postLogin(browser, origin, uid, credentials);
  if (login.status !== 200)
    throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { redirectTo } = (await login.json()) as { redirectTo: string };
  const query = await followToRedirectUri(browser, redirectTo, origin);
  const code = query.get('code');
  expect(code).toBeTruthy();
  const exchange = await exchangeCode(origin, code ?? '', pkce.verifier);
  expect(exchange.status).toBe(200);
  return { tokens: (await exchange.json()) as TokenResponse, browser };
}
