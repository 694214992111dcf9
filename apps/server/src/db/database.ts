// One database interface over two engines: embedded PGlite (default) and PostgreSQL through node-postgres.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PreparingClient } from './prepared-statements';
import * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle handle repositories receive; identical on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

interface DatabaseBase {
  db: Db;
  /** True when the database answers a trivial query within PING_TIMEOUT_MS. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The raw client stays reachable for infrastructure code (migrations, test templates), not for queries. */
export type Database =
  | (DatabaseBase & { kind: 'pglite'; client: PGlite })
  | (DatabaseBase & { kind: 'postgres'; client: pg.Pool });

export interface DatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
}

// Kept short so that /api/health answers quickly when the database hangs instead of failing fast.
const PING_TIMEOUT_MS = 2000;

/**
 * Rows of a raw SQL statement. `db.execute` is typed per driver; both drivers answer with
 * `{ rows }`, which this reads, so infrastructure SQL stays driver-independent.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}

/** The same Drizzle options for both drivers, so that queries and column names match. */
export const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' } as const;

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await withTimeout(query(), PING_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/** Resolves after the event loop's next round of I/O. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * PGlite runs each query to its end on this thread and answers in a microtask, so queries queued
 * one after another would run back to back without the event loop ever reading a socket: under
 * load, new requests (and health checks) waited in the kernel until the queue was empty, where
 * no limit could see or refuse them. Each query first lets one round of I/O pass.
 */
function yieldBeforeQueries(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
}

/** Wraps an open PGlite (a folder on disk or in memory). */
export function createPgliteDatabase(client: PGlite): Database {
  yieldBeforeQueries(client);
  const db = drizzlePglite({ client, ...DRIZZLE_OPTIONS });
  return {
    kind: 'pglite',
    client,
    db,
    ping: () => pingWith(() => client.query('select 1')),
    async close() {
      // Closing flushes PGlite's folder; a process that exits without it may leave it inconsistent.
      if (!client.closed) await client.close();
    },
  };
}

/** Wraps a node-postgres pool. */
export function createPostgresDatabase(pool: pg.Pool): Database {
  const db = drizzleNodePg({ client: pool, ...DRIZZLE_OPTIONS });
  let closed = false;
  return {
    kind: 'postgres',
    client: pool,
    db,
    ping: () => pingWith(() => pool.query('select 1')),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function createPostgresPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: 5000,
    Client: PreparingClient,
    // Connections are replaced hourly: what they keep prepared stays bounded, and one that an
    // upgrade left with a statement of older columns heals by itself (decision 0036).
    maxLifetimeSeconds: 3600,
  });
  // An idle client that loses its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The next query reconnects, and /api/health reports the outage.
  pool.on('error', () => undefined);
  // A client checked out between two statements (inside a transaction) emits 'error' on itself
  // instead, with no pool listener attached: the same crash under load. Its caller's next
  // statement fails and rolls the transaction back, and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Statements stay prepared (PreparingClient), but each execution is still planned for its
    // values: a generic plan is chosen on estimates made without them, and for the story list it
    // sorted every story of the user (4 ms) where the plan for the values reads one page (0.2 ms).
    // Queued before the caller's first statement, so every statement on the connection sees it.
    client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  return pool;
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    return createPostgresDatabase(createPostgresPool(config.databaseUrl));
  }
  mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir);
  return createPgliteDatabase(client);
}

/** A printable description of where the data lives, without credentials. */
export function describeDatabase(config: DatabaseConfig): string {
  if (!config.databaseUrl) return `pglite:${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `postgres://${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
