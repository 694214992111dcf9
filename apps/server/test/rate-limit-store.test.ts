// Rate limits hold across server processes (issue 15): two apps on one database count the same hits, windows end and restart, concurrent hits are counted once each, ended counters are removed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { rateLimitHits } from '../src/db/schema';
import { deleteEndedRateLimits, hitRateLimit } from '../src/plugins/rate-limit-store';
import { problemOf } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-db';

describe('rate limits shared by the server processes', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await buildTestApp({ database });
    second = await buildTestApp({ database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const lookUp = (app: TestApp, remoteAddress: string) =>
    app.app.inject({ method: 'GET', url: '/api/v1/access-codes/unknown-code', remoteAddress });

  it('counts one client’s access-code look-ups on every process: the 31st in a minute is refused', async () => {
    const address = '198.51.100.31';
    for (let index = 0; index < 30; index += 1) {
      const response = await lookUp(index % 2 === 0 ? first : second, address);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const app of [first, second]) {
      const limited = await lookUp(app, address);
      expect(problemOf(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is counted apart.
    expect((await lookUp(second, '198.51.100.32')).statusCode).toBe(200);
  });

  it('starts a new window when the last one has ended', async () => {
    const db = first.app.db;
    expect(await hitRateLimit(db, 'window-test', 300)).toMatchObject({ current: 1 });
    const second = await hitRateLimit(db, 'window-test', 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await hitRateLimit(db, 'window-test', 300)).toMatchObject({ current: 1 });
  });

  it('counts concurrent hits once each', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        hitRateLimit((index % 2 === 0 ? first : second).app.db, 'concurrent-test', 60_000),
      ),
    );
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('removes the counters whose window ended, not the live ones', async () => {
    const db = first.app.db;
    await hitRateLimit(db, 'ended-test', 1);
    await hitRateLimit(db, 'live-test', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await deleteEndedRateLimits(db, 0);
    const keys = async (key: string) =>
      (await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).length;
    expect(await keys('ended-test')).toBe(0);
    expect(await keys('live-test')).toBe(1);
  });
});
