// Table `audit_events`: who signed in, failed to, signed out, registered or confirmed an address, or wrote through a personal API token, when and from where.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { apiTokens } from './api-tokens';
import { signInDevices } from './sign-in-devices';
import { users } from './users';

export const AUDIT_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'logout',
  'registration',
  // A registration with an address that already has an account: its owner is told instead.
  'registration_repeated',
  'confirmation_resend',
  'email_confirmation',
  // A write (not GET/HEAD/OPTIONS) made with a personal API token (decision 0044).
  'api_token_write',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Requests that mail an address which may not be the requester's: limited per address and client. */
export const ACCOUNT_MAIL_EVENT_TYPES = [
  'registration',
  'registration_repeated',
  'confirmation_resend',
] as const satisfies readonly AuditEventType[];

const ACCOUNT_MAIL_TYPE_CHECK = sql.raw(
  `type in (${ACCOUNT_MAIL_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`,
);

/** Why a sign-in failed; only `invalid_credentials` counts towards the sign-in rate limit. */
export const SIGN_IN_FAILURE_REASONS = [
  'invalid_credentials',
  'email_not_verified',
  'rate_limited',
] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    type: text().$type<AuditEventType>().notNull(),
    // Kept when the user or company goes, so the trail outlives them.
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    companyId: integer().references(() => companies.id, { onDelete: 'set null' }),
    // As typed (lower-cased), also for addresses that have no account: failed sign-ins count by it.
    email: text(),
    ipAddress: text(),
    reason: text().$type<SignInFailureReason>(),
    // The browser, when it had signed in to this account before: its failures count apart.
    deviceId: integer().references(() => signInDevices.id, { onDelete: 'set null' }),
    // api_token_write: the token (its name kept too, as the token goes when its user does), the
    // request and its answer's status.
    apiTokenId: integer().references(() => apiTokens.id, { onDelete: 'set null' }),
    apiTokenName: text(),
    method: text(),
    path: text(),
    status: integer(),
  },
  (table) => [
    // The sign-in rate limit counts recent failures by address and by e-mail.
    index('audit_events_failed_by_email_index')
      .on(table.email, table.occurredAt)
      .where(sql`type = 'sign_in_failed'`),
    index('audit_events_failed_by_ip_index')
      .on(table.ipAddress, table.occurredAt)
      .where(sql`type = 'sign_in_failed'`),
    // The registration and resend limits count recent requests by e-mail and by address.
    index('audit_events_account_mail_by_email_index')
      .on(table.email, table.occurredAt)
      .where(ACCOUNT_MAIL_TYPE_CHECK),
    index('audit_events_account_mail_by_ip_index')
      .on(table.ipAddress, table.occurredAt)
      .where(ACCOUNT_MAIL_TYPE_CHECK),
    index('audit_events_user_id_index').on(table.userId),
    // A deleted token's events let go of it (on delete set null) without scanning the table.
    index('audit_events_api_token_id_index')
      .on(table.apiTokenId)
      .where(sql`api_token_id is not null`),
    check(
      'audit_events_type_known',
      sql.raw(`type in (${AUDIT_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;
