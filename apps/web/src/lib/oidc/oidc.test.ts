// The sign-in protocol pieces: the authorize URL with PKCE, the token calls, the logout URL, token claims and safe return paths.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OIDC_CLIENT_ID, OIDC_COMPANY_CODE, OIDC_SCOPES } from '@costory/shared';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken } from '@/test/tokens';
import {
  TokenEndpointError,
  buildEndSessionUrl,
  createAuthorizeRequest,
  defaultAuthConfig,
  exchangeAuthorizationCode,
  refreshTokens,
  safeReturnPath,
  saveSignInTransaction,
  takeSignInTransaction,
  tokenExpiresAt,
  usernameFromTokens,
} from './';

const ORIGIN = 'https://costory.example';
const config = defaultAuthConfig(ORIGIN);

describe('authorize request', () => {
  it('carries exactly the spec parameters, PKCE S256, state and ui_locales', async () => {
    const { url, transaction } = await createAuthorizeRequest(config, {
      origin: ORIGIN,
      locale: 'cs',
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${ORIGIN}/auth/authorize`);
    expect([...parsed.searchParams.keys()]).toEqual([
      'client_id',
      'scope',
      'response_type',
      'new_user_uri',
      'company_code',
      'redirect_uri',
      'code_challenge',
      'code_challenge_method',
      'state',
      'ui_locales',
    ]);
    const params = Object.fromEntries(parsed.searchParams);
    expect(params).toMatchObject({
      client_id: OIDC_CLIENT_ID,
      scope: OIDC_SCOPES.join(' '),
      response_type: 'code',
      new_user_uri: `${ORIGIN}/registration`,
      company_code: OIDC_COMPANY_CODE,
      redirect_uri: `${ORIGIN}/oauth2-redirect`,
      code_challenge_method: 'S256',
      state: transaction.state,
      ui_locales: 'cs',
    });
    expect(parsed.searchParams.get('scope')).toContain('costory:catalogue-group.write');
    // S256: the challenge is base64url(SHA-256(verifier)), computed here independently.
    expect(params.code_challenge).toBe(
      createHash('sha256').update(transaction.codeVerifier).digest('base64url'),
    );
  });

  it('makes a fresh 43-character verifier and a random state each time', async () => {
    const first = await createAuthorizeRequest(config, { origin: ORIGIN, locale: 'en' });
    const second = await createAuthorizeRequest(config, { origin: ORIGIN, locale: 'en' });
    expect(first.transaction.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.transaction.state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.transaction.codeVerifier).not.toBe(first.transaction.codeVerifier);
    expect(second.transaction.state).not.toBe(first.transaction.state);
  });

  it('keeps the verifier and state for one answer only', () => {
    saveSignInTransaction({ state: 's', codeVerifier: 'v' });
    expect(takeSignInTransaction()).toEqual({ state: 's', codeVerifier: 'v' });
    expect(takeSignInTransaction()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('token endpoint', () => {
  it('exchanges the code as a form post with the verifier', async () => {
    const { calls } = stubFetch({
      'POST /auth/token': () =>
        jsonResponse({
          access_token: 'a',
          token_type: 'Bearer',
          refresh_token: 'r',
          id_token: 'i',
        }),
    });
    await expect(
      exchangeAuthorizationCode(config, {
        code: 'c0de',
        codeVerifier: 'v',
        redirectUri: `${ORIGIN}/oauth2-redirect`,
      }),
    ).resolves.toEqual({ accessToken: 'a', tokenType: 'Bearer', refreshToken: 'r', idToken: 'i' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(calls[0]!.form())).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: `${ORIGIN}/oauth2-redirect`,
      client_id: OIDC_CLIENT_ID,
      code_verifier: 'v',
    });
  });

  it('tells a refused refresh from an unreachable service', async () => {
    stubFetch({ 'POST /auth/token': () => jsonResponse({ error: 'invalid_grant' }, 400) });
    const refused = await refreshTokens(config, 'old').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TokenEndpointError);
    expect(refused).toMatchObject({ rejected: true });

    stubFetch({ 'POST /auth/token': () => jsonResponse({}, 503) });
    await expect(refreshTokens(config, 'old')).rejects.toMatchObject({ rejected: false });
    stubFetch({});
    await expect(refreshTokens(config, 'old')).rejects.toMatchObject({ rejected: false });
  });
});

describe('logout URL', () => {
  it('names the client, the app root and the ID token', () => {
    const url = new URL(buildEndSessionUrl(config, { origin: ORIGIN, idToken: 'id.tok.en' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/auth/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: OIDC_CLIENT_ID,
      post_logout_redirect_uri: `${ORIGIN}/`,
      id_token_hint: 'id.tok.en',
    });
  });

  it('asks for the sign-out page in the interface language', () => {
    const url = new URL(buildEndSessionUrl(config, { origin: ORIGIN, locale: 'cs' }));
    expect(url.searchParams.get('ui_locales')).toBe('cs');
  });
});

describe('token claims', () => {
  it('names the user by name, given and family name, or e-mail', () => {
    expect(usernameFromTokens(createAccessToken({ name: 'Jana Nováková' }), null)).toBe(
      'Jana Nováková',
    );
    expect(
      usernameFromTokens(createAccessToken({ given_name: 'Petr', family_name: 'Malý' }), null),
    ).toBe('Petr Malý');
    expect(usernameFromTokens(null, createAccessToken({ email: 'petr@example.cz' }))).toBe(
      'petr@example.cz',
    );
    expect(usernameFromTokens('opaque', 'opaque')).toBeNull();
  });

  it('reads the expiry in milliseconds', () => {
    expect(tokenExpiresAt(createAccessToken({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(tokenExpiresAt(createAccessToken({}))).toBeNull();
  });
});

describe('safe return path', () => {
  it.each([
    ['/story-detail/5?tab=all', '/story-detail/5?tab=all'],
    ['/ctl#top', '/ctl#top'],
    ['/a/../ctl', '/ctl'],
  ])('accepts %s', (path, expected) => {
    expect(safeReturnPath(path, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'ctl',
    '',
    null,
  ])('refuses %s', (path) => {
    expect(safeReturnPath(path, ORIGIN)).toBeNull();
  });
});
