// Each request's user is kept by the process that read it, and forgotten when the row changes: by this process's sign-out at once, by any other writer through the users trigger's notification (decision 0040).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { UserCache } from '../src/modules/users/user-cache';
import { endAccessTokensOf, type UserRecord } from '../src/modules/users/users.repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser } from './helpers/factories';
import { accessTokenFor, bearer } from './helpers/tokens';

const ORIGIN = 'http://localhost:3000';

const jana: UserRecord = {
  id: 7,
  companyId: 1,
  email: 'jana@example.com',
  firstName: 'Jana',
  lastName: 'Nováková',
  emailVerifiedAt: null,
  tokensValidAfter: null,
};

describe('the user cache', () => {
  it('reads a user once while it hears changes, by id or by address, and again after a change', async () => {
    const cache = new UserCache();
    cache.listening(true);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(jana);
    };
    await cache.read({ id: 7 }, load);
    expect(await cache.read({ id: 7 }, load)).toBe(jana);
    expect(await cache.read({ email: 'jana@example.com' }, load)).toBe(jana);
    expect(loads).toBe(1);
    cache.forget(7);
    await cache.read({ email: 'jana@example.com' }, load);
    expect(loads).toBe(2);
  });

  it('forgets every user when the table was truncated (an empty notice)', async () => {
    const cache = new UserCache();
    cache.listening(true);
    await cache.read({ id: 7 }, () => Promise.resolve(jana));
    expect(cache.size).toBe(1);
    cache.heard('');
    expect(cache.size).toBe(0);
  });

  it('reads every time while it hears nothing (no listening connection)', async () => {
    const cache = new UserCache();
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(jana);
    };
    await cache.read({ id: 7 }, load);
    await cache.read({ id: 7 }, load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep a row read while a change was heard: it may be the row before the change', async () => {
    const cache = new UserCache();
    cache.listening(true);
    await cache.read({ id: 7 }, () => {
      cache.forget(7);
      return Promise.resolve(jana);
    });
    expect(cache.size).toBe(0);
  });
});

describe('authenticated requests with the user cache', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { publicOrigin: ORIGIN } });
  });
  afterAll(() => ctx.close());

  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers });

  /** PostgreSQL notifies another connection after the commit: a moment passes before it is heard. */
  async function eventually401(headers: Record<string, string>): Promise<void> {
    const deadline = Date.now() + 2000;
    let status = (await me(headers)).statusCode;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await me(headers)).statusCode;
    }
    expect(status).toBe(401);
  }

  it('answers a known user from memory: a change nobody is told of is not seen', async () => {
    const user = await createUser(ctx.app.db);
    const token = bearer(await accessTokenFor(ctx.app.db, ORIGIN, user.id));
    expect((await me(token)).json()).toMatchObject({ firstName: 'Jana' });
    // The notices of the user's creation have arrived (PostgreSQL sends them after the commit).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await me(token)).json()).toMatchObject({ firstName: 'Jana' });
    await ctx.app.db.execute(sql`ALTER TABLE users DISABLE TRIGGER costory_user_changed`);
    try {
      await ctx.app.db.update(users).set({ firstName: 'Unseen' }).where(eq(users.id, user.id));
      expect((await me(token)).json()).toMatchObject({ firstName: 'Jana' });
    } finally {
      await ctx.app.db.execute(sql`ALTER TABLE users ENABLE TRIGGER costory_user_changed`);
    }
  });

  it('refuses a known user’s old token at once after this process signs them out', async () => {
    const user = await createUser(ctx.app.db);
    const token = bearer(await accessTokenFor(ctx.app.db, ORIGIN, user.id));
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    await endAccessTokensOf(ctx.app.db, user.id);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('hears a change any other writer makes to the user row (the trigger), and a deletion', async () => {
    const user = await createUser(ctx.app.db);
    const token = bearer(await accessTokenFor(ctx.app.db, ORIGIN, user.id));
    expect((await me(token)).json()).toMatchObject({ firstName: 'Jana' });
    await ctx.app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    const deadline = Date.now() + 2000;
    while ((await me(token)).json<{ firstName: string }>().firstName !== 'Renamed') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await ctx.app.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(users.id, user.id));
    await eventually401(token);

    const gone = await createUser(ctx.app.db);
    const goneToken = bearer(await accessTokenFor(ctx.app.db, ORIGIN, gone.id));
    expect((await me(goneToken)).statusCode).toBe(200);
    await ctx.app.db.delete(users).where(eq(users.id, gone.id));
    await eventually401(goneToken);
  });
});
