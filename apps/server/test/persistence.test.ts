// A PGlite folder keeps its data across restarts, and a start never seeds or wipes a stored database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import { prepareDatabase } from '../src/db/migrate';
import { catalogs, companies, partnerCompanies, stories, users } from '../src/db/schema';
import { DEMO_COMPANY_NAME, DEMO_USER_EMAIL } from '../src/db/seed';
import { DEMO_CATALOG_CODE } from '../src/db/seed-catalog';
import { DEMO_STORY_NAME } from '../src/db/seed-story';
import { buildTestApp } from './helpers/build-test-app';

describe('a stored PGlite database across restarts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'costory-data-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a new folder once, then keeps its data and does not seed again', async () => {
    // First start: a new folder, as on a newcomer's machine (this pays PGlite's initdb once).
    const first = await createDatabase({ databaseUrl: undefined, dataDir });
    expect(first.kind).toBe('pglite');
    expect(await prepareDatabase(first, { seedDemo: true })).toEqual({ fresh: true, seeded: true });
    const ctx = await buildTestApp({ database: first, config: { dataDir } });
    const meta = await ctx.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ demo: true });
    await first.db.insert(companies).values({ name: 'Survives Restart s.r.o.', city: 'Brno' });
    // Removing the demo data shows the next start does not put it back (the demo story's
    // instances, labels and lineups go with it, the partners' prices, then the catalog's members,
    // items and events).
    await first.db.delete(stories).where(eq(stories.name, DEMO_STORY_NAME));
    await first.db
      .delete(partnerCompanies)
      .where(
        inArray(
          partnerCompanies.companyId,
          first.db
            .select({ id: companies.id })
            .from(companies)
            .where(eq(companies.name, DEMO_COMPANY_NAME)),
        ),
      );
    await first.db.delete(catalogs).where(eq(catalogs.code, DEMO_CATALOG_CODE));
    await first.db.delete(users).where(eq(users.email, DEMO_USER_EMAIL));
    await first.db.delete(companies).where(eq(companies.name, DEMO_COMPANY_NAME));
    await ctx.close();
    await first.close();

    const second = await createDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(await prepareDatabase(second, { seedDemo: true })).toEqual({
        fresh: false,
        seeded: false,
      });
      const names = (await second.db.select({ name: companies.name }).from(companies)).map(
        (row) => row.name,
      );
      expect(names).toEqual(['Survives Restart s.r.o.']);
    } finally {
      await second.close();
    }
  });
});
