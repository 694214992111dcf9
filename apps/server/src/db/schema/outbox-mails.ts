// Table `outbox_mails`: every mail the product sends, queued in the sending transaction and delivered after commit by a job (mail.service.ts).
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
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // Pending mails are looked up at every start, to queue any that lack a delivery job.
    index('outbox_mails_status_index').on(table.status),
    check(
      'outbox_mails_status_known',
      sql.raw(`status in (${OUTBOX_MAIL_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
  ],
);

export type OutboxMailRow = typeof outboxMails.$inferSelect;
