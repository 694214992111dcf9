// Queries on `sign_in_devices`: is this browser known to the account, remember a new one, note its use, forget stale ones.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { signInDevices, users } from '../../db/schema';

/**
 * The id of the device with this token hash, when it has signed in to the account of `email`
 * (lower-cased) within the last `maxAgeSeconds`; undefined otherwise.
 */
export async function findKnownDevice(
  db: Db,
  tokenHash: string,
  email: string,
  maxAgeSeconds: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: signInDevices.id })
    .from(signInDevices)
    .innerJoin(users, eq(users.id, signInDevices.userId))
    .where(
      and(
        eq(signInDevices.tokenHash, tokenHash),
        eq(users.email, email),
        gt(signInDevices.lastUsedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function addKnownDevice(db: Db, userId: number, tokenHash: string): Promise<void> {
  await db.insert(signInDevices).values({ userId, tokenHash });
}

export async function touchKnownDevice(db: Db, id: number): Promise<void> {
  await db
    .update(signInDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(signInDevices.id, id));
}

/** Removes devices unused for longer than `maxAgeSeconds` (findKnownDevice ignores them anyway). */
export async function deleteStaleDevices(db: Db, maxAgeSeconds: number): Promise<void> {
  await db
    .delete(signInDevices)
    .where(lte(signInDevices.lastUsedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`));
}
