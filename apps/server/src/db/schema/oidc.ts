// Tables of the sign-in service: `oidc_payloads` (every provider model) and `oidc_keys` (signing and cookie keys).
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per oidc-provider model instance (Session, Interaction, Grant, AuthorizationCode,
 * RefreshToken, …), so that every server process on the database shares the sign-in state.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    // The model name (e.g. 'Session'); ids are only unique per model.
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.id] }),
    index('oidc_payloads_grant_id_index').on(table.grantId),
    index('oidc_payloads_uid_index').on(table.uid),
    index('oidc_payloads_user_code_index').on(table.userCode),
    index('oidc_payloads_expires_at_index').on(table.expiresAt),
  ],
);

export const OIDC_KEY_KINDS = ['signing', 'cookies'] as const;
export type OidcKeyKind = (typeof OIDC_KEY_KINDS)[number];

/**
 * Keys created by the first start and shared by every later start and process: `signing` holds
 * the RS256 private JWKS, `cookies` the cookie-signing secrets.
 */
export const oidcKeys = pgTable('oidc_keys', {
  kind: text().$type<OidcKeyKind>().primaryKey(),
  keys: jsonb().$type<unknown[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
