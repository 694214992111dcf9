// Queries on `audit_events`: recording what happened, and counting recent failed sign-ins for the rate limit.
import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents, type NewAuditEventRow } from '../../db/schema';

export type AuditEvent = Omit<NewAuditEventRow, 'id' | 'occurredAt'>;

export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

export interface RecentFailures {
  count: number;
  /** Seconds until the oldest counted failure leaves the window (0 when there is none). */
  secondsUntilOldestExpires: number;
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
): Promise<RecentFailures> {
  const subject =
    'email' in by
      ? and(
          eq(auditEvents.email, by.email),
          by.deviceId === null
            ? isNull(auditEvents.deviceId)
            : eq(auditEvents.deviceId, by.deviceId),
        )
      : eq(auditEvents.ipAddress, by.ipAddress);
  const [row] = await db
    .select({ count: count(), oldest: min(auditEvents.occurredAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'sign_in_failed'),
        eq(auditEvents.reason, 'invalid_credentials'),
        subject,
        gt(auditEvents.occurredAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
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
