// Queries of catalog roles: list, one role, versioned update, delete, and what still uses a role.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogRoles, type CatalogRoleRow } from '../../../db/schema';

export type RoleValues = Pick<CatalogRoleRow, 'code' | 'name' | 'description' | 'unit' | 'price'>;

export async function listRoleRows(db: Db, catalogId: number): Promise<CatalogRoleRow[]> {
  return db
    .select()
    .from(catalogRoles)
    .where(eq(catalogRoles.catalogId, catalogId))
    .orderBy(asc(catalogRoles.code), asc(catalogRoles.id));
}

export async function findRoleRow(
  db: Db,
  catalogId: number,
  roleId: number,
): Promise<CatalogRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogRoles)
    .where(and(eq(catalogRoles.catalogId, catalogId), eq(catalogRoles.id, roleId)))
    .limit(1);
  return row;
}

export async function insertRole(
  db: Db,
  catalogId: number,
  values: RoleValues,
): Promise<CatalogRoleRow> {
  const [row] = await db
    .insert(catalogRoles)
    .values({ ...values, catalogId })
    .returning();
  if (!row) throw new Error('Inserting a role returned no row');
  return row;
}

/** Updates the role when it still has `version`; undefined when someone updated it first. */
export async function updateRoleIfVersion(
  db: Db,
  roleId: number,
  version: number,
  values: RoleValues,
): Promise<CatalogRoleRow | undefined> {
  const [row] = await db
    .update(catalogRoles)
    .set({ ...values, version: sql`${catalogRoles.version} + 1` })
    .where(and(eq(catalogRoles.id, roleId), eq(catalogRoles.version, version)))
    .returning();
  return row;
}

export async function deleteRoleRow(db: Db, roleId: number): Promise<void> {
  await db.delete(catalogRoles).where(eq(catalogRoles.id, roleId));
}

/**
 * What refers to the role and would lose its meaning if it went. Nothing does yet: formulas per
 * role arrive with the formulas issue, and story prices with the stories; each adds its count here.
 */
export function countRoleUsages(_db: Db, _roleId: number): Promise<{ formulas: number }> {
  return Promise.resolve({ formulas: 0 });
}
