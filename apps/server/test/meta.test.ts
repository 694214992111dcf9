// GET /api/v1/meta: the version, the demo sign-in the sign-in page may show, and where the SPA signs in.
import { OIDC_SCOPES, metaSchema } from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../src/db/seed';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { serverVersion } from '../src/paths';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-db';

const AUTH = {
  issuer: 'http://localhost:3000/auth',
  authorizationEndpoint: 'http://localhost:3000/auth/authorize',
  tokenEndpoint: 'http://localhost:3000/auth/token',
  endSessionEndpoint: 'http://localhost:3000/auth/session/end',
  clientId: 'costory-web',
  companyCode: 'COSTORY',
  scopes: [...OIDC_SCOPES],
  external: false,
};

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

  it('reports no demo on a database without demo data, and the built-in sign-in service', async () => {
    ctx = await buildTestApp();
    expect(await meta()).toEqual({ demo: false, version: serverVersion(), auth: AUTH });
    // Public, and like every /api answer it hands out the XSRF cookie the SPA echoes on writes.
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(String(response.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('shows the demo sign-in while the demo user keeps the demo password', async () => {
    ctx = await buildTestApp();
    await seedDemoData(ctx.app.db);
    expect(await meta()).toEqual({
      demo: true,
      demoUser: { email: 'demo@costory.test', password: 'Demo1234' },
      version: serverVersion(),
      auth: AUTH,
    });
  });

  it('hides the demo password once it has been changed', async () => {
    ctx = await buildTestApp();
    await seedDemoData(ctx.app.db);
    await ctx.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed999', { N: 1024, r: 8, p: 1 }) })
      .where(eq(users.email, DEMO_USER_EMAIL));
    expect(await meta()).toEqual({ demo: true, version: serverVersion(), auth: AUTH });
  });

  it('never shows the demo password in production', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    const production = await buildTestApp({ database, config: { nodeEnv: 'production' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/v1/meta' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ demo: true, version: serverVersion(), auth: AUTH });
    } finally {
      await production.close();
      await database.close();
    }
  });

  it('seeds the demo user with the production password, under which alone it signs in', async () => {
    ctx = await buildTestApp();
    await seedDemoData(ctx.app.db, 'a-long-private-1');
    const [demo] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
    expect(await verifyPassword('a-long-private-1', demo?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('Demo1234', demo?.passwordHash ?? '')).toBe(false);
    expect(await meta()).toEqual({ demo: true, version: serverVersion(), auth: AUTH });
  });
});
