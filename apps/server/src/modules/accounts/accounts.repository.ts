// Queries of registration and e-mail confirmation: companies, users and `email_confirmations`.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { companies, emailConfirmations, users, type NewCompanyRow } from '../../db/schema';

export async function insertCompany(db: Db, company: NewCompanyRow): Promise<number> {
  const [row] = await db.insert(companies).values(company).returning({ id: companies.id });
  if (!row) throw new Error('Inserting a company returned no row');
  return row.id;
}

export async function insertUser(
  db: Db,
  user: {
    companyId: number;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
  },
): Promise<number> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('Inserting a user returned no row');
  return row.id;
}

export async function markUserVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function insertConfirmation(
  db: Db,
  confirmation: { userId: number; codeHash: string; oneTimeCodeHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(emailConfirmations).values({
    userId: confirmation.userId,
    codeHash: confirmation.codeHash,
    oneTimeCodeHash: confirmation.oneTimeCodeHash,
    expiresAt: sql`now() + make_interval(secs => ${confirmation.ttlSeconds})`,
  });
}

/** A confirmation that can still be used: not consumed, not expired (by the database clock). */
const usable = and(
  isNull(emailConfirmations.consumedAt),
  gt(emailConfirmations.expiresAt, sql`now()`),
);

export interface UsableConfirmation {
  id: number;
  userId: number;
  companyId: number;
  email: string;
  oneTimeCodeHash: string;
}

const confirmationColumns = {
  id: emailConfirmations.id,
  userId: emailConfirmations.userId,
  companyId: users.companyId,
  email: users.email,
  oneTimeCodeHash: emailConfirmations.oneTimeCodeHash,
};

export async function findUsableConfirmationByCodeHash(
  db: Db,
  codeHash: string,
): Promise<UsableConfirmation | undefined> {
  const [row] = await db
    .select(confirmationColumns)
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(and(eq(emailConfirmations.codeHash, codeHash), usable))
    .limit(1);
  return row;
}

/** The newest usable confirmation of the user with this (lower-cased) e-mail. */
export async function findUsableConfirmationByEmail(
  db: Db,
  email: string,
): Promise<UsableConfirmation | undefined> {
  const [row] = await db
    .select(confirmationColumns)
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(and(eq(users.email, email), usable))
    .orderBy(desc(emailConfirmations.id))
    .limit(1);
  return row;
}

/** Marks the confirmation used; false when another request used it first. */
export async function consumeConfirmation(db: Db, id: number): Promise<boolean> {
  const consumed = await db
    .update(emailConfirmations)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailConfirmations.id, id), isNull(emailConfirmations.consumedAt)))
    .returning({ id: emailConfirmations.id });
  return consumed.length > 0;
}

/** Counts a wrong one-time code; the confirmation is retired at `maxAttempts`. */
export async function recordWrongOneTimeCode(
  db: Db,
  id: number,
  maxAttempts: number,
): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({
      failedAttempts: sql`${emailConfirmations.failedAttempts} + 1`,
      consumedAt: sql`case when ${emailConfirmations.failedAttempts} + 1 >= ${maxAttempts} then now() else ${emailConfirmations.consumedAt} end`,
    })
    .where(eq(emailConfirmations.id, id));
}

/** Retires every open confirmation of the user (a new one replaces them). */
export async function retireConfirmations(db: Db, userId: number): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.consumedAt)));
}

/** Seconds since the user's newest confirmation was created; undefined when there is none. */
export async function secondsSinceLastConfirmation(
  db: Db,
  userId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({
      seconds: sql<number>`extract(epoch from now() - max(${emailConfirmations.createdAt}))::float8`,
    })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.userId, userId));
  return row?.seconds ?? undefined;
}
