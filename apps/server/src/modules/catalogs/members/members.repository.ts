// Queries of catalog members: the list with names, companies and descriptions (pending invitations too), one member, invitations by code, writes, the admin count and the invitation count.
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  min,
  sql,
  type SQL,
} from 'drizzle-orm';
import { INVITE_DEFAULT_DAYS } from '@costory/shared';
import type { Db } from '../../../db/database';
import {
  catalogEvents,
  catalogMembers,
  catalogs,
  companies,
  users,
  type CatalogMemberRoleValue,
} from '../../../db/schema';

export interface MemberRecord {
  id: number;
  userId: number | null;
  /** The user's address, or the invited one while pending. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  role: CatalogMemberRoleValue;
  description: string;
}

function selectMembers(db: Db) {
  return db
    .select({
      id: catalogMembers.id,
      userId: catalogMembers.userId,
      email: sql<string>`coalesce(${users.email}, ${catalogMembers.email})`,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: companies.name,
      role: catalogMembers.role,
      description: catalogMembers.description,
    })
    .from(catalogMembers)
    .leftJoin(users, eq(users.id, catalogMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .$dynamic();
}

/** Members first, then pending invitations, each in the order they were added. */
export async function listMemberRecords(db: Db, catalogId: number): Promise<MemberRecord[]> {
  return selectMembers(db)
    .where(eq(catalogMembers.catalogId, catalogId))
    .orderBy(sql`${catalogMembers.userId} is null`, asc(catalogMembers.id));
}

export async function findMemberRecord(
  db: Db,
  catalogId: number,
  memberId: number,
): Promise<MemberRecord | undefined> {
  const [row] = await selectMembers(db)
    .where(and(eq(catalogMembers.catalogId, catalogId), eq(catalogMembers.id, memberId)))
    .limit(1);
  return row;
}

/** The membership of the user, or the invitation pending for the address. */
export async function findMemberFor(
  db: Db,
  catalogId: number,
  who: { userId: number } | { email: string },
): Promise<{ id: number; role: CatalogMemberRoleValue } | undefined> {
  const [row] = await db
    .select({ id: catalogMembers.id, role: catalogMembers.role })
    .from(catalogMembers)
    .where(
      and(
        eq(catalogMembers.catalogId, catalogId),
        'userId' in who
          ? eq(catalogMembers.userId, who.userId)
          : and(isNull(catalogMembers.userId), eq(catalogMembers.email, who.email)),
      ),
    )
    .limit(1);
  return row;
}

/** A link mailed now works for as long as a story invite does by default (design: links expire). */
function invitationExpiry(): SQL {
  return sql`now() + make_interval(days => ${INVITE_DEFAULT_DAYS})`;
}

/** A pending invitation: nobody becomes a member before accepting it (decision 0026). */
export async function insertInvitation(
  db: Db,
  values: {
    catalogId: number;
    role: CatalogMemberRoleValue;
    invitedByUserId: number;
    email: string;
    code: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(catalogMembers)
    .values({ ...values, codeExpiresAt: invitationExpiry() })
    .returning({ id: catalogMembers.id });
  if (!row) throw new Error('Inserting an invitation returned no row');
  return row.id;
}

/** A new secret for a pending invitation: the links of earlier mails stop working. */
export async function updateInvitationCode(db: Db, memberId: number, code: string): Promise<void> {
  await db
    .update(catalogMembers)
    .set({ code, codeExpiresAt: invitationExpiry() })
    .where(and(eq(catalogMembers.id, memberId), isNull(catalogMembers.userId)));
}

export interface InvitationByCode {
  id: number;
  catalogId: number;
  catalogName: string;
  email: string;
  role: CatalogMemberRoleValue;
  /** The link's time is up: the invitee asks for a new mail. */
  expired: boolean;
}

/**
 * The pending invitation with this code in a live catalog. `lock` holds the row until the
 * transaction ends, so an invitation is accepted once even by two requests at a time.
 */
export async function findInvitationByCode(
  db: Db,
  code: string,
  options: { lock?: boolean } = {},
): Promise<InvitationByCode | undefined> {
  const query = db
    .select({
      id: catalogMembers.id,
      catalogId: catalogMembers.catalogId,
      catalogName: catalogs.name,
      email: catalogMembers.email,
      role: catalogMembers.role,
      expired: sql<boolean>`coalesce(${catalogMembers.codeExpiresAt} <= now(), false)`,
    })
    .from(catalogMembers)
    .innerJoin(catalogs, eq(catalogs.id, catalogMembers.catalogId))
    .where(
      and(eq(catalogMembers.code, code), isNull(catalogMembers.userId), isNull(catalogs.deletedAt)),
    )
    .limit(1);
  const [row] =
    options.lock === true ? await query.for('update', { of: catalogMembers }) : await query;
  if (!row || row.email === null) return undefined;
  return { ...row, email: row.email };
}

/** The invitation becomes the user's membership; its address and code are no longer needed. */
export async function acceptInvitationRow(db: Db, memberId: number, userId: number): Promise<void> {
  await db
    .update(catalogMembers)
    .set({ userId, email: null, code: null, codeExpiresAt: null })
    .where(eq(catalogMembers.id, memberId));
}

/** Invitation mails (first and resent) the user had sent within the last `windowSeconds`. */
export async function countRecentInvitationMails(
  db: Db,
  userId: number,
  windowSeconds: number,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(catalogEvents.occurredAt) })
    .from(catalogEvents)
    .where(
      and(
        eq(catalogEvents.userId, userId),
        inArray(catalogEvents.type, ['MEMBER_INVITED', 'MEMBER_INVITATION_RESENT']),
        gt(catalogEvents.occurredAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function updateMemberRow(
  db: Db,
  memberId: number,
  values: { role: CatalogMemberRoleValue; description: string },
): Promise<void> {
  await db.update(catalogMembers).set(values).where(eq(catalogMembers.id, memberId));
}

export async function deleteMember(db: Db, memberId: number): Promise<void> {
  await db.delete(catalogMembers).where(eq(catalogMembers.id, memberId));
}

/** Admins who can act (pending invitations cannot). */
export async function countActiveAdmins(db: Db, catalogId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(catalogMembers)
    .where(
      and(
        eq(catalogMembers.catalogId, catalogId),
        eq(catalogMembers.role, 'CTL_ADMIN'),
        isNotNull(catalogMembers.userId),
      ),
    );
  return row?.value ?? 0;
}
