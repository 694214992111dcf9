// Applies drizzle-kit's SQL migrations and the job queue's tables and, on a database created just now, the demo data.
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { installJobSchema } from '../modules/jobs/job-queue';
import { migrationsFolder } from '../paths';
import { DRIZZLE_OPTIONS, selectRows, type Database, type Db } from './database';
import { seedDemoData } from './seed';

const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
// Any constant works; it only has to be the same in every server process sharing the database.
const MIGRATION_LOCK_KEY = 4_207_310_001;

export interface PrepareResult {
  /** No migration had ever been applied: the database was created just now. */
  fresh: boolean;
  /** Demo data was loaded by this call. */
  seeded: boolean;
}

/** How many migrations the database has applied (0 when it never was migrated). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const [found] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${table}) is not null as present`,
  );
  if (!found?.present) return 0;
  const [applied] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  return applied?.count ?? 0;
}

async function hasAppliedMigrations(db: Db): Promise<boolean> {
  return (await appliedMigrationCount(db)) > 0;
}

/**
 * Runs `work` with a Drizzle handle that holds the migration lock. Several server processes may
 * start together on one PostgreSQL; the advisory lock lets exactly one migrate (and seed) at a time.
 */
async function withMigrationLock<T>(
  database: Database,
  work: (db: Db, migrate: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const config = {
    migrationsFolder: migrationsFolder(),
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  };
  if (database.kind === 'pglite') {
    // A PGlite folder belongs to one process, so there is nobody to race with.
    const client = database.client;
    const db = drizzlePglite({ client, ...DRIZZLE_OPTIONS });
    return work(db, async () => {
      await migratePglite(db, config);
      await installJobSchema(db, async (script) => {
        await client.exec(script);
      });
    });
  }
  const client = await database.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzleNodePg({ client, ...DRIZZLE_OPTIONS });
      return await work(db, async () => {
        await migrateNodePg(db, config);
        await installJobSchema(db, async (script) => {
          await client.query(script);
        });
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Brings the schema up to date. */
export async function migrateDatabase(database: Database): Promise<{ fresh: boolean }> {
  return withMigrationLock(database, async (db, migrate) => {
    const fresh = !(await hasAppliedMigrations(db));
    await migrate();
    return { fresh };
  });
}

/**
 * What a start does: migrate, then load demo data when the database was created just now and
 * seeding is on. A database that already holds migrations is never seeded again nor wiped.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; demoPassword?: string },
): Promise<PrepareResult> {
  return withMigrationLock(database, async (db, migrate) => {
    const fresh = !(await hasAppliedMigrations(db));
    await migrate();
    const seeded = fresh && options.seedDemo ? await seedDemoData(db, options.demoPassword) : false;
    return { fresh, seeded };
  });
}
