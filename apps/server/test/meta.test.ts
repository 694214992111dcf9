// GET /api/v1/meta: the version, and the demo sign-in the sign-in page may show.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { metaSchema } from '../src/modules/meta/meta.schemas';
import { users } from '../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../src/db/seed';
import { hashPassword } from '../src/lib/password';
import { serverVersion } from '../src/paths';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-db';

describe('GET /api/v1/meta', () => {
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function meta() {
    const response = await ctx!.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(response.statusCode).toBe(200);
    return metaSchema.strict().parse(response.json());
  }

  it('reports no demo on a database without demo data', async () => {
    ctx = await buildTestApp();
    expect(await meta()).toEqual({ demo: false, version: serverVersion() });
  });

  it('shows the demo sign-in while the demo user keeps the demo password', async () => {
    ctx = await buildTestApp();
    await seedDemoData(ctx.app.db);
    expect(await meta()).toEqual({
      demo: true,
      demoUser: { email: 'demo@costory.test', password: 'Demo1234' },
      version: serverVersion(),
    });
  });

  it('hides the demo password once it has been changed', async () => {
    ctx = await buildTestApp();
    await seedDemoData(ctx.app.db);
    await ctx.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed999', { N: 1024, r: 8, p: 1 }) })
      .where(eq(users.email, DEMO_USER_EMAIL));
    expect(await meta()).toEqual({ demo: true, version: serverVersion() });
  });

  it('never shows the demo password in production', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    const production = await buildTestApp({ database, config: { nodeEnv: 'production' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/v1/meta' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ demo: true, version: serverVersion() });
    } finally {
      await production.close();
      await database.close();
    }
  });
});
