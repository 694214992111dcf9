// Queries on `users` that several areas share (sign-in, API authentication, the signed-in user).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { forgetUser } from './user-cache';

export interface UserRecord {
  id: number;
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerifiedAt: Date | null;
  /** Access tokens issued before this are no longer accepted (null: all are). */
  tokensValidAfter: Date | null;
}

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerifiedAt: users.emailVerifiedAt,
  tokensValidAfter: users.tokensValidAfter,
};

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `email` must already be lower-cased (as stored). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user with the password hash, for the sign-in check only. */
export async function findUserCredentials(
  db: Db,
  email: string,
): Promise<(UserRecord & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/**
 * Ends every access token of the user issued until now (sign-out, token revocation). The server's
 * clock decides, as it does for the tokens' issue times (decision 0027).
 */
export async function endAccessTokensOf(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, userId));
  // Other processes hear of it from the users trigger (decision 0040); this one forgets at once.
  forgetUser(db, userId);
}
