// Table `outbox_mails`: every mail the product sends, queued in the sending transaction and delivered after commit.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * pending: waits for (another) delivery attempt; sent: accepted by the SMTP server; failed: gave
 * up after the last retry; kept: no SMTP server is configured, so the mail only lives here and at
 * /dev/mailbox.
 */
export const OUTBOX_MAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type OutboxMailStatus = (typeof OUTBOX_MAIL_STATUSES)[number];

export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().$type<OutboxMailStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // A worker that claims a mail holds it until then; a crashed worker's claim simply runs out.
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('outbox_mails_due_index').on(table.status, table.nextAttemptAt),
    check(
      'outbox_mails_status_known',
      sql.raw(`status in (${OUTBOX_MAIL_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
  ],
);

export type OutboxMailRow = typeof outboxMails.$inferSelect;
