// Queries behind the catalog access check: a catalog with the caller's membership, client companies, and the catalog lock.
import { and, eq, isNull } from 'drizzle-orm';
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
  member: { id: number; role: CatalogMemberRoleValue } | null;
}

/**
 * A live catalog with the user's membership. An invitation pending for the user's address gives
 * nothing until it is accepted (decision 0026).
 */
export async function findCatalogWithMembership(
  db: Db,
  catalogId: number,
  user: { id: number },
): Promise<CatalogWithMembership | undefined> {
  const [row] = await db
    .select({
      catalog: catalogs,
      memberId: catalogMembers.id,
      memberRole: catalogMembers.role,
    })
    .from(catalogs)
    .leftJoin(
      catalogMembers,
      and(eq(catalogMembers.catalogId, catalogs.id), eq(catalogMembers.userId, user.id)),
    )
    .where(and(eq(catalogs.id, catalogId), isNull(catalogs.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  return {
    catalog: row.catalog,
    member:
      row.memberId === null || row.memberRole === null
        ? null
        : { id: row.memberId, role: row.memberRole },
  };
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
