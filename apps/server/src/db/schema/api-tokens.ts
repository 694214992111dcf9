// Table `api_tokens`: personal API tokens (issue 20 item 4, decision 0044); only the SHA-256 of each secret is kept.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@costory/shared';
import { users } from './users';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // SHA-256 (hex) of the whole secret: the secret itself is shown once and never stored.
    tokenHash: text().notNull(),
    // The first characters after `cst_`, so the owner can tell tokens apart in the list.
    prefix: text().notNull(),
    scope: text().$type<ApiTokenScope>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Written at most once a minute per token, so reads through a token cost no write each.
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // Authentication finds a token by the hash of what the caller sent.
    uniqueIndex('api_tokens_token_hash_unique').on(table.tokenHash),
    // A user's live token names are unique regardless of case, so the list never shows two alike;
    // a revoked token's name is free again.
    uniqueIndex('api_tokens_user_name_unique')
      .on(table.userId, sql`lower(${table.name})`)
      .where(sql`revoked_at is null`),
    index('api_tokens_user_id_index').on(table.userId),
    check(
      'api_tokens_scope_known',
      sql.raw(`scope in (${API_TOKEN_SCOPES.map((scope) => `'${scope}'`).join(', ')})`),
    ),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
