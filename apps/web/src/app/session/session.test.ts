// Session helpers: what counts as signed in, the user id from the token, and logout.
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@costory/shared';
import { createAccessToken as jwt } from '../../test/tokens';
import { getSession, isLoggedIn, logout, setSessionValues, userIdFromToken } from './session';

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

  it('logout clears every session key and opens the home page', () => {
    for (const name of Object.values(SESSION_KEYS)) window.sessionStorage.setItem(name, 'x');
    window.sessionStorage.setItem('unrelated', 'kept');
    const navigate = vi.fn();
    logout(navigate);
    for (const name of Object.values(SESSION_KEYS)) {
      expect(window.sessionStorage.getItem(name)).toBeNull();
    }
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
