// Queries of catalog members: the list with names and companies (pending invitations too), one member, writes, and the admin count.
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogMembers, companies, users, type CatalogMemberRoleValue } from '../../../db/schema';

export interface MemberRecord {
  id: number;
  userId: number | null;
  /** The user's address, or the invited one while pending. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  role: CatalogMemberRoleValue;
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
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: catalogMembers.id })
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

export async function insertMember(
  db: Db,
  values: {
    catalogId: number;
    role: CatalogMemberRoleValue;
    invitedByUserId: number;
  } & ({ userId: number; email: null } | { userId: null; email: string }),
): Promise<number> {
  const [row] = await db.insert(catalogMembers).values(values).returning({ id: catalogMembers.id });
  if (!row) throw new Error('Inserting a member returned no row');
  return row.id;
}

export async function updateMemberRole(
  db: Db,
  memberId: number,
  role: CatalogMemberRoleValue,
): Promise<void> {
  await db.update(catalogMembers).set({ role }).where(eq(catalogMembers.id, memberId));
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
