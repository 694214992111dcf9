// Queries on `outbox_mails`: queue, count an attempt, record the outcome, list for the dev mailbox.
import { and, desc, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/database';
import { JOB_SCHEMA } from '../jobs/job-queue';
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
 * Counts an attempt at a pending mail and returns it; undefined when it is no longer pending (a
 * job retried after the mail was sent), so a mail is never sent again.
 */
export async function startMailAttempt(db: Db, id: number): Promise<OutboxMailRow | undefined> {
  const [row] = await db
    .update(outboxMails)
    .set({ attempts: sql`${outboxMails.attempts} + 1` })
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'pending')))
    .returning();
  return row;
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboxMails)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outboxMails.id, id));
}

/** Records why an attempt failed; `failed` when it was the last one. */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  error: string,
  last: boolean,
): Promise<void> {
  await db
    .update(outboxMails)
    .set(last ? { status: 'failed', lastError: error } : { lastError: error })
    .where(eq(outboxMails.id, id));
}

/**
 * Pending mails without a waiting or running delivery job: queued by a version before the job
 * queue (decision 0035), or whose job was lost. `queue` names the delivery jobs.
 */
export async function pendingMailsWithoutJob(db: Db, queue: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select ${outboxMails.id} as id from ${outboxMails}
        where ${outboxMails.status} = 'pending'
          and not exists (
            select 1 from ${sql.identifier(JOB_SCHEMA)}.job as job
            where job.name = ${queue}
              and job.singleton_key = 'mail:' || ${outboxMails.id}
              and job.state in ('created', 'retry', 'active'))`,
  );
  return rows.map((row) => row.id);
}

/** The newest mails first, for the dev mailbox. */
export async function listRecentMails(db: Db, limit: number): Promise<OutboxMailRow[]> {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(limit);
}
