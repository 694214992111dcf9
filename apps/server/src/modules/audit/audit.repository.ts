// Queries on `audit_events`: recording what happened, and counting recent failed sign-ins and account mail requests for the rate limits.
import { and, count, eq, gt, inArray, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ACCOUNT_MAIL_EVENT_TYPES, auditEvents, type NewAuditEventRow } from '../../db/schema';

export type AuditEvent = Omit<NewAuditEventRow, 'id' | 'occurredAt'>;

export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

export interface RecentEvents {
  count: number;
  /** Seconds until the oldest counted event leaves the window (0 when there is none). */
  secondsUntilOldestExpires: number;
}

function subjectOf(by: { email: string } | { ipAddress: string }): SQL {
  return 'email' in by ? eq(auditEvents.email, by.email) : eq(auditEvents.ipAddress, by.ipAddress);
}

/** Events matching `where` within the last `windowSeconds`; the database clock decides. */
async function countRecent(
  db: Db,
  where: SQL | undefined,
  windowSeconds: number,
): Promise<RecentEvents> {
  const [row] = await db
    .select({ count: count(), oldest: min(auditEvents.occurredAt) })
    .from(auditEvents)
    .where(
      and(where, gt(auditEvents.occurredAt, sql`now() - make_interval(secs => ${windowSeconds})`)),
    );
  const oldest = row?.oldest ?? null;
  return {
    count: row?.count ?? 0,
    secondsUntilOldestExpires:
      oldest === null
        ? 0
        : Math.max(1, Math.ceil((oldest.getTime() + windowSeconds * 1000 - Date.now()) / 1000)),
  };
}

/**
 * Failed sign-ins (wrong e-mail or password) within the last `windowSeconds`: by the e-mail typed,
 * either from one device known to that account or from all other clients (`deviceId` null); or by
 * the client address. The database clock decides, so all server processes agree.
 */
export async function countRecentSignInFailures(
  db: Db,
  by: { email: string; deviceId: number | null } | { ipAddress: string },
  windowSeconds: number,
): Promise<RecentEvents> {
  const subject =
    'email' in by
      ? and(
          subjectOf(by),
          by.deviceId === null
            ? isNull(auditEvents.deviceId)
            : eq(auditEvents.deviceId, by.deviceId),
        )
      : subjectOf(by);
  return countRecent(
    db,
    and(
      eq(auditEvents.type, 'sign_in_failed'),
      eq(auditEvents.reason, 'invalid_credentials'),
      subject,
    ),
    windowSeconds,
  );
}

/** Registrations and confirmation resends asked for within the last `windowSeconds`, by e-mail or client address. */
export async function countRecentAccountMailRequests(
  db: Db,
  by: { email: string } | { ipAddress: string },
  windowSeconds: number,
): Promise<RecentEvents> {
  return countRecent(
    db,
    and(inArray(auditEvents.type, [...ACCOUNT_MAIL_EVENT_TYPES]), subjectOf(by)),
    windowSeconds,
  );
}
