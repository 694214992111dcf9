// Queries of the sign-in service's storage: provider models in `oidc_payloads`, keys in `oidc_keys`.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { oidcKeys, oidcPayloads, type OidcKeyKind } from '../../db/schema';

export interface StoredPayload {
  payload: Record<string, unknown>;
  consumed: boolean;
}

/** Rows that have not expired (a row without expiry lives until it is destroyed). */
const live = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

async function findOne(
  db: Db,
  type: string,
  condition: ReturnType<typeof eq>,
): Promise<StoredPayload | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, type), condition, live))
    .limit(1);
  return row ? { payload: row.payload, consumed: row.consumedAt !== null } : undefined;
}

export function findPayload(db: Db, type: string, id: string) {
  return findOne(db, type, eq(oidcPayloads.id, id));
}

export function findPayloadByUid(db: Db, type: string, uid: string) {
  return findOne(db, type, eq(oidcPayloads.uid, uid));
}

export function findPayloadByUserCode(db: Db, type: string, userCode: string) {
  return findOne(db, type, eq(oidcPayloads.userCode, userCode));
}

export async function upsertPayload(
  db: Db,
  row: {
    type: string;
    id: string;
    payload: Record<string, unknown>;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    expiresInSeconds: number | undefined;
  },
): Promise<void> {
  const expiresAt =
    row.expiresInSeconds === undefined
      ? null
      : sql`now() + make_interval(secs => ${row.expiresInSeconds})`;
  const values = {
    payload: row.payload,
    grantId: row.grantId,
    userCode: row.userCode,
    uid: row.uid,
    expiresAt,
  };
  await db
    .insert(oidcPayloads)
    .values({ type: row.type, id: row.id, ...values })
    .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
}

export async function consumePayload(db: Db, type: string, id: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function destroyPayload(db: Db, type: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function destroyPayloadsOfGrant(db: Db, type: string, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.grantId, grantId)));
}

/** Removes expired rows, which every lookup already ignores; returns how many went. */
export async function deleteExpiredPayloads(db: Db): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

export async function findKeys(db: Db, kind: OidcKeyKind): Promise<unknown[] | undefined> {
  const [row] = await db
    .select({ keys: oidcKeys.keys })
    .from(oidcKeys)
    .where(eq(oidcKeys.kind, kind))
    .limit(1);
  return row?.keys;
}

/** Stores `keys` unless another process stored keys of this kind first; the first ones win. */
export async function insertKeysIfAbsent(
  db: Db,
  kind: OidcKeyKind,
  keys: unknown[],
): Promise<void> {
  await db.insert(oidcKeys).values({ kind, keys }).onConflictDoNothing({ target: oidcKeys.kind });
}
