// Health rules: live when the process answers; ready when its database answers and every migration this build knows is applied.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Health } from '@costory/shared';
import type { Database, Db } from '../../db/database';
import { appliedMigrationCount } from '../../db/migrate';
import { migrationsFolder } from '../../paths';

export async function checkHealth(database: Pick<Database, 'ping'>): Promise<Health> {
  const up = await database.ping().catch(() => false);
  return up ? { status: 'ok', db: 'ok' } : { status: 'degraded', db: 'down' };
}

let knownMigrations: Promise<number> | undefined;

/** How many migrations this build ships (drizzle-kit's journal); read once, it does not change. */
function knownMigrationCount(): Promise<number> {
  knownMigrations ??= readFile(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return knownMigrations;
}

/** Migrations of this build not yet applied to the database (all of them when none ever was). */
export async function pendingMigrations(db: Db): Promise<number> {
  const [known, applied] = await Promise.all([knownMigrationCount(), appliedMigrationCount(db)]);
  return Math.max(0, known - applied);
}

export type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrations' };

/** Ready to take requests: the database answers and its schema is this build's. */
export async function checkReadiness(database: Pick<Database, 'ping'>, db: Db): Promise<Readiness> {
  if (!(await database.ping().catch(() => false))) return { ready: false, reason: 'database' };
  const pending = await pendingMigrations(db).catch(() => -1);
  if (pending !== 0) return { ready: false, reason: 'migrations' };
  return { ready: true };
}
