// Queries of catalog roles: list, one role, versioned update, delete, and what still uses a role.
import { and, asc, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/database';
import {
  catalogItems,
  catalogRoles,
  itemVersions,
  storyInstances,
  storyItemPins,
  type CatalogRoleRow,
} from '../../../db/schema';
import { countFormulasOfRole } from '../formulas/formulas.repository';

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
 * How many items' latest published versions have formulas of the role: stories calculate with
 * them (decision 0022), so the role is in use even after the item's current formulas let go of it.
 */
export async function countPublishedItemsOfRole(db: Db, roleId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
      select distinct on (${itemVersions.itemId}) ${itemVersions.formulas} as formulas
      from ${itemVersions}
      where ${itemVersions.itemId} in (
        select ${catalogItems.id} from ${catalogItems}
        where ${catalogItems.catalogId} = (
          select ${catalogRoles.catalogId} from ${catalogRoles} where ${catalogRoles.id} = ${roleId}
        )
      )
      order by ${itemVersions.itemId}, ${itemVersions.version} desc
    ) as latest
    where latest.formulas @> jsonb_build_array(jsonb_build_object('roleId', ${roleId}::int))`,
  );
  return row?.count ?? 0;
}

/**
 * How many stories pin an older item version with formulas of the role for items they use
 * (decision 0043): they calculate with it until they upgrade.
 */
export async function countStoriesPinningRole(db: Db, roleId: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(distinct pin.story_id)::int as count
    from ${storyItemPins} as pin
    join ${itemVersions} as pinned
      on pinned.item_id = pin.item_id and pinned.version = pin.version
    where pinned.formulas @> jsonb_build_array(jsonb_build_object('roleId', ${roleId}::int))
      and exists (
        select 1 from ${storyInstances} as used
        where used.item_id = pin.item_id and used.story_id = pin.story_id
      )`,
  );
  return row?.count ?? 0;
}

/**
 * What refers to the role and would lose its meaning if it went (decision 0017): the item
 * formulas of the role, the published item versions that stories calculate with, and the older
 * versions stories pin.
 */
export async function countRoleUsages(
  db: Db,
  roleId: number,
): Promise<{ formulas: number; publishedItems: number; pinningStories: number }> {
  // One after the other: `db` is a transaction, whose one connection takes one query at a time.
  const formulas = await countFormulasOfRole(db, roleId);
  const publishedItems = await countPublishedItemsOfRole(db, roleId);
  const pinningStories = await countStoriesPinningRole(db, roleId);
  return { formulas, publishedItems, pinningStories };
}
