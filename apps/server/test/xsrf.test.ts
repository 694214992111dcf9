// The XSRF double-submit pair: the cookie on every /api answer that lacks it, and the header every /api write must echo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { xsrfHeaders } from './helpers/xsrf';

function xsrfCookieOf(setCookie: string | string[] | undefined): string | undefined {
  return [setCookie ?? []].flat().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
}

describe('XSRF double-submit', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('sets a random, script-readable, SameSite=Strict XSRF-TOKEN cookie on /api answers without one', async () => {
    const seen = new Set<string>();
    for (const url of ['/api/v1/meta', '/api/health', '/api/v1/nope', '/api/v1/me']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const cookie = xsrfCookieOf(response.headers['set-cookie']);
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{22};/);
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie?.toLowerCase()).not.toContain('httponly');
      expect(cookie?.toLowerCase()).not.toContain('secure');
      seen.add(cookie?.split(';')[0] ?? '');
    }
    expect(seen.size).toBe(4);
  });

  it('keeps the cookie a request already has, and leaves pages alone', async () => {
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/meta',
      headers: { cookie: 'XSRF-TOKEN=kept' },
    });
    expect(api.statusCode).toBe(200);
    expect(xsrfCookieOf(api.headers['set-cookie'])).toBeUndefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/ctl' });
    expect(xsrfCookieOf(page.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses /api writes whose header does not echo the cookie with 403 XSRF_MISMATCH', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/v1/registrations',
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=a' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'XSRF_MISMATCH', status: 403 });
    }
  });

  it('lets a write with the matching pair through to validation', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('marks the cookie Secure when the public origin is https', async () => {
    const https = await buildTestApp({
      database: ctx.database,
      config: { publicOrigin: 'https://costory.example' },
    });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(xsrfCookieOf(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});
