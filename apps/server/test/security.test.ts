// Security headers on pages and API answers; no credentials in the logs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createLogger } from '../src/logger';
import { buildTestApp, testConfig, type TestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-db';

describe('security headers', () => {
  let ctx: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'costory-web-dist-'));
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>t</title>');
    ctx = await buildTestApp({ config: { webDistDir } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  function directives(header: unknown): Map<string, string> {
    return new Map(
      String(header)
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [name = '', ...values] = part.split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
    );
  }

  it('sends a content security policy a Vite + MUI SPA passes, and nothing looser', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/story-detail/1' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
    });
  });

  it('sends the other protective headers on pages and API answers', async () => {
    for (const url of ['/story-detail/1', '/api/health', '/api/v1/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends no Strict-Transport-Security on a plain-http install', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('tags every answer with a request id that matches the logs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers of an https install', () => {
  it('send Strict-Transport-Security', async () => {
    const https = await buildTestApp({ config: { publicOrigin: 'https://costory.example.com' } });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('request logs', () => {
  it('carry request ids but no credentials', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'trace',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ logLevel: 'trace' }), database, logger });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/nope',
        headers: { authorization: 'Bearer top-secret-token', cookie: 'session=top-secret-cookie' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain(`"reqId":"`);
    expect(log).toContain('/api/v1/nope');
    expect(log).not.toContain('top-secret');
  });
});
