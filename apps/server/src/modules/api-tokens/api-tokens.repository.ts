// Queries on `api_tokens`: a user's tokens (create, list, revoke) and the lookup by hash that authenticates a request.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apiTokens, type ApiTokenRow } from '../../db/schema';

export type NewApiToken = Pick<
  ApiTokenRow,
  'userId' | 'name' | 'tokenHash' | 'prefix' | 'scope' | 'expiresAt'
>;

/** Raises the unique violation `api_tokens_user_name_unique` when the user has a live token of that name. */
export async function insertApiToken(db: Db, token: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  if (!row) throw new Error('insert into api_tokens returned no row');
  return row;
}

/** The user's tokens not revoked (expired ones too, so the owner sees why one stopped), newest first. */
export async function listLiveApiTokens(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes the user's token; false when the user has no such live token (another user's included). */
export async function revokeApiToken(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The token whose secret hashes to `tokenHash`, revoked and expired ones included (the caller says why it fails). */
export async function findApiTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Notes a use of the token unless one was noted within the last minute, so that a busy token costs
 * at most one write a minute; the database clock decides.
 */
export async function touchApiToken(db: Db, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}
