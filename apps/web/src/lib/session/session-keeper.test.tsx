// Silent renewal of the sign-in: shortly before the access token expires, and ending the session when renewal is refused.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';
import { REFRESH_BEFORE_EXPIRY_MS } from './session';

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const TOKEN_LIFETIME_MS = 10 * 60_000;

function accessTokenExpiringIn(ms: number, claims: Record<string, unknown> = {}) {
  return createAccessToken({ sub: '7', exp: Math.floor((NOW + ms) / 1000), ...claims });
}

describe('silent token renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the tokens a minute before the access token expires', async () => {
    const renewed = accessTokenExpiringIn(2 * TOKEN_LIFETIME_MS, { name: 'Jana Renewed' });
    const { callsTo } = stubFetch({
      'GET /api/v1/meta': () => jsonResponse(createMeta()),
      'POST /auth/token': () =>
        jsonResponse({ access_token: renewed, token_type: 'Bearer', refresh_token: 'refresh-2' }),
    });
    window.sessionStorage.setItem('refreshToken', 'refresh-1');
    renderApp('/ctl', { accessToken: accessTokenExpiringIn(TOKEN_LIFETIME_MS) });

    await act(() =>
      vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - REFRESH_BEFORE_EXPIRY_MS - 1000),
    );
    expect(callsTo('POST /auth/token')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    const [call] = callsTo('POST /auth/token');
    expect(Object.fromEntries(call!.form())).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'costory-web',
    });
    expect(window.sessionStorage.getItem('accessToken')).toBe(renewed);
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(window.sessionStorage.getItem('isLogged')).toBe('true');
  });

  it('ends the session and goes to /login when the renewal is refused', async () => {
    stubFetch({
      'GET /api/v1/meta': () => jsonResponse(createMeta()),
      'POST /auth/token': () => jsonResponse({ error: 'invalid_grant' }, 400),
    });
    window.sessionStorage.setItem('refreshToken', 'revoked');
    const { router } = renderApp('/ctl?tab=mine', {
      accessToken: accessTokenExpiringIn(TOKEN_LIFETIME_MS),
    });

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS));
    vi.useRealTimers();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('isLogged')).toBeNull();
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
    expect(window.sessionStorage.getItem('originalPath')).toBe('/ctl?tab=mine');
    expect(await screen.findByText('Taking you to sign-in…')).toBeInTheDocument();
  });
});
