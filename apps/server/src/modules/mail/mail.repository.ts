// Queries on `outbox_mails`: queue, claim due mails for delivery, record the outcome, list for the dev mailbox.
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outboxMails, type OutboxMailRow, type OutboxMailStatus } from '../../db/schema';

export interface MailContent {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

export async function insertOutboxMail(
  db: Db,
  mail: MailContent,
  status: Extract<OutboxMailStatus, 'pending' | 'kept'>,
): Promise<number> {
  const [row] = await db
    .insert(outboxMails)
    .values({ ...mail, status })
    .returning({ id: outboxMails.id });
  if (!row) throw new Error('Queuing a mail returned no row');
  return row.id;
}

/**
 * Claims up to `limit` due mails for `lockSeconds`. SKIP LOCKED lets several server processes
 * deliver from one outbox without sending a mail twice.
 */
export async function claimDueMails(
  db: Db,
  limit: number,
  lockSeconds: number,
): Promise<OutboxMailRow[]> {
  const due = db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(
      and(
        eq(outboxMails.status, 'pending'),
        lte(outboxMails.nextAttemptAt, sql`now()`),
        or(isNull(outboxMails.lockedUntil), lt(outboxMails.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMails)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
      attempts: sql`${outboxMails.attempts} + 1`,
    })
    .where(inArray(outboxMails.id, due))
    .returning();
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboxMails)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outboxMails.id, id));
}

/** Records a failed attempt: retried after `retryInSeconds`, or given up when that is undefined. */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | undefined,
): Promise<void> {
  await db
    .update(outboxMails)
    .set(
      retryInSeconds === undefined
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : {
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(eq(outboxMails.id, id));
}

/** The newest mails first, for the dev mailbox. */
export async function listRecentMails(db: Db, limit: number): Promise<OutboxMailRow[]> {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
}
