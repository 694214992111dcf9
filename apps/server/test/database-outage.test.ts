// A database restart or network cut while the app runs (issue 15): requests answer 503 problem+json meanwhile, nothing crashes, and the app recovers by itself once the database is back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createPostgresPool, type Database } from '../src/db/database';
import { problemOf } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { proxyDatabaseUrl, type TcpProxy } from './helpers/tcp-proxy';
import { createTestDatabase, testDatabaseKind } from './helpers/test-db';

// PGlite lives in the process and cannot go away; the PostgreSQL pass of the suite runs this.
describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL going away and coming back', () => {
  let direct: Database;
  let proxy: TcpProxy;
  let proxied: Database;
  let ctx: TestApp;

  beforeAll(async () => {
    direct = await createTestDatabase();
    if (direct.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const through = await proxyDatabaseUrl(direct.client.options.connectionString ?? '');
    proxy = through.proxy;
    proxied = createPostgresDatabase(createPostgresPool(through.url));
    ctx = await buildTestApp({ database: proxied, config: { jobWorkers: false } });
  });
  afterAll(async () => {
    await ctx.close();
    await proxied.close();
    await proxy.close();
    await direct.close();
  });

  const lookUp = () =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/access-codes/unknown-code',
      headers: { 'accept-language': 'cs' },
    });
  const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 503 problem+json with Retry-After during the outage, and is healthy within 5 s of the database coming back', async () => {
    expect((await lookUp()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);

    await proxy.cut();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await lookUp();
      expect(problemOf(response)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(response.headers['retry-after']).toBe('5');
    }
    expect(problemOf(await ready())).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // The process keeps answering what needs no database.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    await proxy.restore();
    await expect
      .poll(async () => (await ready()).statusCode, { timeout: 5000, interval: 100 })
      .toBe(200);
    expect((await lookUp()).statusCode).toBe(200);
    // Each refused request was logged once as what it is, without a stack of 500s.
    expect(ctx.logs.lines.some((line) => line.includes('"statusCode":500'))).toBe(false);
  });

  it('survives a transaction losing its connection between two statements', async () => {
    // The client is checked out by the transaction, so the pool's own error listener is not on
    // it: without one of its own, the dropped connection was an uncaught error ending the process.
    const transaction = proxied.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    await proxy.restore();
    await expect
      .poll(async () => (await ready()).statusCode, { timeout: 5000, interval: 100 })
      .toBe(200);
    expect((await lookUp()).statusCode).toBe(200);
  });
});
