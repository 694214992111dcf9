// GET /api/health, /api/health/live and /api/health/ready: what a load balancer or an orchestrator sees when the database is up, down, or not yet migrated to this version.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { problemOf } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('GET /api/health', () => {
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers 200 ok when the database answers', async () => {
    ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 degraded once the database is gone', async () => {
    ctx = await buildTestApp();
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded', db: 'down' });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('are both 200 on a migrated database that answers', async () => {
    ctx = await buildTestApp();
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('stays live but is not ready, with a problem saying why, once the database is gone', async () => {
    ctx = await buildTestApp();
    await ctx.database.close();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/ready',
      headers: { 'accept-language': 'cs' },
    });
    expect(problemOf(response)).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'Databáze neodpovídá; požadavky jsou odmítány, dokud neodpoví.',
    });
  });

  it('is not ready while a migration of this version is not applied', async () => {
    ctx = await buildTestApp();
    await ctx.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(problemOf(response)).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'The database schema is not this version’s yet: migrations are pending.',
    });
  });
});
