// Session helpers: what counts as signed in, the user id from the token, storing tokens, and logout.
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@costory/shared';
import { browserLocation } from '../browser-location';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken as jwt } from '@/test/tokens';
import {
  getSession,
  isLoggedIn,
  logout,
  setSessionValues,
  storeTokens,
  userIdFromToken,
} from './session';

describe('session', () => {
  it('is signed in only when isLogged is exactly "true"', () => {
    expect(isLoggedIn()).toBe(false);
    window.sessionStorage.setItem(SESSION_KEYS.isLogged, 'TRUE');
    expect(isLoggedIn()).toBe(false);
    setSessionValues({ isLogged: 'true' });
    expect(isLoggedIn()).toBe(true);
  });

  it('reads the user id from the sub claim of a JWT access token', () => {
    expect(userIdFromToken(jwt({ sub: '42', name: 'Čeněk' }))).toBe(42);
    expect(userIdFromToken(jwt({ sub: 7 }))).toBe(7);
    expect(userIdFromToken(jwt({ sub: 'abc' }))).toBeNull();
    expect(userIdFromToken(jwt({ name: 'no subject' }))).toBeNull();
    expect(userIdFromToken('opaque-token')).toBeNull();
    expect(userIdFromToken('a.%%%.c')).toBeNull();
    expect(userIdFromToken(null)).toBeNull();
  });

  it('returns the same session object until a value changes', () => {
    setSessionValues({ username: 'jana' });
    const first = getSession();
    expect(getSession()).toBe(first);
    setSessionValues({ username: 'petr' });
    expect(getSession()).not.toBe(first);
    expect(getSession().username).toBe('petr');
  });

  it('stores the spec keys from the tokens, with the name from the ID token', () => {
    storeTokens({
      accessToken: jwt({ sub: '5', email: 'jana@example.cz' }),
      tokenType: 'Bearer',
      refreshToken: 'refresh-1',
      idToken: jwt({ sub: '5', given_name: 'Jana', family_name: 'Nováková' }),
    });
    expect(getSession()).toMatchObject({ isLogged: true, username: 'Jana Nováková', userId: 5 });
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(window.sessionStorage.getItem('tokenType')).toBe('Bearer');

    // A renewal without a new refresh or ID token keeps the previous ones.
    storeTokens({ accessToken: jwt({ sub: '5' }), tokenType: 'Bearer' });
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(getSession().username).toBe('Jana Nováková');
  });

  it('logout clears every session key, then goes to the end-session page', async () => {
    const meta = createMeta();
    stubFetch({ 'GET /api/v1/meta': () => jsonResponse(meta) });
    storeTokens({
      accessToken: jwt({ sub: '5' }),
      tokenType: 'Bearer',
      refreshToken: 'r',
      idToken: 'id.token.x',
    });
    for (const name of Object.values(SESSION_KEYS)) window.sessionStorage.setItem(name, 'x');
    window.sessionStorage.setItem('unrelated', 'kept');

    await logout();

    for (const name of Object.values(SESSION_KEYS)) {
      expect(window.sessionStorage.getItem(name)).toBeNull();
    }
    expect(window.sessionStorage.getItem('costory.idToken')).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
    const url = new URL(String(vi.mocked(browserLocation.assign).mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(meta.auth.endSessionEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'costory-web',
      post_logout_redirect_uri: 'http://localhost:3000/',
      id_token_hint: 'id.token.x',
      ui_locales: 'en',
    });
  });
});
