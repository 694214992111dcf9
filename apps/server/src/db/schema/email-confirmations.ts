// Table `email_confirmations`: the pending confirmation of a user's e-mail address (link code and one-time code, both hashed).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the codes: a copy of the table does not confirm anybody's address.
    codeHash: text().notNull(),
    oneTimeCodeHash: text().notNull(),
    // Wrong one-time codes typed for this confirmation; enough of them retire it (brute force).
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_confirmations_code_hash_unique').on(table.codeHash),
    index('email_confirmations_user_id_index').on(table.userId),
    check('email_confirmations_failed_attempts_non_negative', sql`${table.failedAttempts} >= 0`),
  ],
);

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;
