// Table `sign_in_devices`: browsers that have signed in to an account; their failed sign-ins count apart, so strangers cannot lock the owner out (decision 0027).
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const signInDevices = pgTable(
  'sign_in_devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the random token in the browser's cookie; the token itself is never stored.
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // A device unused for longer than the cookie lives is no longer known.
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sign_in_devices_token_hash_unique').on(table.tokenHash),
    index('sign_in_devices_user_id_index').on(table.userId),
  ],
);

export type SignInDeviceRow = typeof signInDevices.$inferSelect;
