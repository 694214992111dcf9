// The built SPA: files with the right caching, index.html for client-side routes, a clear page when not built.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Costory test</title></head><body><div id="root"></div></body></html>';

const LARGE_SCRIPT = Array.from(
  { length: 200 },
  (_, i) => `export const value${i} = "${'x'.repeat(20)}";`,
).join('\n');

describe('SPA serving', () => {
  let ctx: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'costory-web-dist-'));
    await mkdir(join(webDistDir, 'assets'));
    await writeFile(join(webDistDir, 'index.html'), INDEX_HTML);
    await writeFile(join(webDistDir, 'assets', 'index-3f9a1c.js'), 'console.log("app");');
    await writeFile(join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // As the web build writes them: the file, and its brotli and gzip copies beside it.
    for (const [name, content] of [
      ['assets/app-4b2e.js', LARGE_SCRIPT],
      ['index.html', INDEX_HTML],
    ] as const) {
      await writeFile(join(webDistDir, `${name}.br`), brotliCompressSync(content));
      await writeFile(join(webDistDir, `${name}.gz`), gzipSync(content));
    }
    await writeFile(join(webDistDir, 'assets', 'app-4b2e.js'), LARGE_SCRIPT);
    ctx = await buildTestApp({ config: { webDistDir } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('answers a client-side route with index.html, never cached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/ctl/catalog-detail/5' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers the root and deep links with query strings with index.html', async () => {
    for (const url of [
      '/',
      '/story-detail/12/items/groups/3/itemsLabels/1,2?tab=x',
      '/email-confirm?code=abc',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('answers HEAD for a client-side route', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/ctl' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not index.html', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-0ld.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not answer writes to page paths with index.html', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/ctl', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('hands /auth/* to the sign-in service and keeps /auth and /dev from the SPA', async () => {
    const discovery = await ctx.app.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
    });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: 'http://localhost:3000/auth' });
    for (const url of ['/auth', '/dev/nothing-here']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary', async () => {
    const url = '/assets/app-4b2e.js';
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(LARGE_SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LARGE_SCRIPT);

    const gzip = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LARGE_SCRIPT);

    const plain = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LARGE_SCRIPT);
  });

  it('sends index.html for a client-side route compressed, still never cached', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/story-detail/12',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('compresses API answers above 1 KB and leaves small ones as they are', async () => {
    const large = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as {
      openapi?: string;
    };
    expect(document.openapi).toMatch(/^3\./);

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not accept compressed request bodies', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'x' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('does not serve files outside the web folder', async () => {
    for (const url of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.body).not.toContain('@costory/server');
    }
  });
});

describe('SPA serving without a build', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({
      config: { webDistDir: join(tmpdir(), 'costory-missing-web-dist') },
    });
  });
  afterAll(() => ctx.close());

  it('answers pages with a 503 page that says how to build, and keeps the API working', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/ctl/catalog-detail/5' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain('npm run build');

    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
  });
});
