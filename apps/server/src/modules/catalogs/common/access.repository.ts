// Queries behind the catalog access check: a catalog with the caller's membership (or pending invitation), and claiming invitations.
import { and, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import {
  catalogClients,
  catalogMembers,
  catalogs,
  type CatalogMemberRoleValue,
  type CatalogRow,
} from '../../../db/schema';

export interface CatalogWithMembership {
  catalog: CatalogRow;
  member: { id: number; role: CatalogMemberRoleValue; pending: boolean } | null;
}

/**
 * A live catalog with the user's membership, or with an invitation still pending for the user's
 * e-mail when there is no membership (the access check then claims it).
 */
export async function findCatalogWithMembership(
  db: Db,
  catalogId: number,
  user: { id: number; email: string },
): Promise<CatalogWithMembership | undefined> {
  const [row] = await db
    .select({
      catalog: catalogs,
      memberId: catalogMembers.id,
      memberRole: catalogMembers.role,
      memberUserId: catalogMembers.userId,
    })
    .from(catalogs)
    .leftJoin(
      catalogMembers,
      and(
        eq(catalogMembers.catalogId, catalogs.id),
        or(
          eq(catalogMembers.userId, user.id),
          and(isNull(catalogMembers.userId), eq(catalogMembers.email, user.email)),
        ),
      ),
    )
    .where(and(eq(catalogs.id, catalogId), isNull(catalogs.deletedAt)))
    // A membership wins over an invitation for the same address.
    .orderBy(sql`${catalogMembers.userId} is null`)
    .limit(1);
  if (!row) return undefined;
  return {
    catalog: row.catalog,
    member:
      row.memberId === null || row.memberRole === null
        ? null
        : { id: row.memberId, role: row.memberRole, pending: row.memberUserId === null },
  };
}

/** Whether any invitation waits for the address (a cheap look before a write). */
export async function hasPendingInvitations(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogMembers.id })
    .from(catalogMembers)
    .where(and(isNull(catalogMembers.userId), eq(catalogMembers.email, email)))
    .limit(1);
  return row !== undefined;
}

export interface ClaimedInvitation {
  catalogId: number;
  role: CatalogMemberRoleValue;
}

/**
 * Turns every invitation pending for `email` into a membership of `userId`, except in catalogs
 * where the user already is a member. Concurrent claims are safe: the row lock lets one win.
 */
export async function claimInvitations(
  db: Db,
  user: { id: number; email: string },
): Promise<ClaimedInvitation[]> {
  const existing = alias(catalogMembers, 'existing');
  return db
    .update(catalogMembers)
    .set({ userId: user.id, email: null })
    .where(
      and(
        isNull(catalogMembers.userId),
        eq(catalogMembers.email, user.email),
        notExists(
          db
            .select({ id: existing.id })
            .from(existing)
            .where(
              and(eq(existing.catalogId, catalogMembers.catalogId), eq(existing.userId, user.id)),
            ),
        ),
      ),
    )
    .returning({ catalogId: catalogMembers.catalogId, role: catalogMembers.role });
}

export async function isCatalogClient(
  db: Db,
  catalogId: number,
  companyId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ catalogId: catalogClients.catalogId })
    .from(catalogClients)
    .where(and(eq(catalogClients.catalogId, catalogId), eq(catalogClients.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the catalog row until the transaction ends, so that checks spanning several rows (the
 * last admin, a group move without cycles) cannot interleave with a concurrent change.
 */
export async function lockCatalog(tx: Db, catalogId: number): Promise<void> {
  await tx
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId))
    .for('update');
}
