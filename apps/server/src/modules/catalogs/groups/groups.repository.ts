// Queries of item groups: the catalog's tree, one group, writes, and what still hangs under a group.
import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogGroups, catalogItems, type CatalogGroupRow } from '../../../db/schema';

export type GroupValues = Pick<CatalogGroupRow, 'code' | 'name' | 'description' | 'parentId'>;

export async function listGroupRows(db: Db, catalogId: number): Promise<CatalogGroupRow[]> {
  return db
    .select()
    .from(catalogGroups)
    .where(eq(catalogGroups.catalogId, catalogId))
    .orderBy(asc(catalogGroups.position), asc(catalogGroups.id));
}

export async function findGroupRow(
  db: Db,
  catalogId: number,
  groupId: number,
): Promise<CatalogGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogGroups)
    .where(and(eq(catalogGroups.catalogId, catalogId), eq(catalogGroups.id, groupId)))
    .limit(1);
  return row;
}

/** Live items per group: all of them, or only COMPLETE ones (what a reader sees). */
export async function countItemsPerGroup(
  db: Db,
  catalogId: number,
  completeOnly: boolean,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ groupId: catalogItems.groupId, items: count() })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.catalogId, catalogId),
        isNull(catalogItems.deprecatedAt),
        completeOnly ? eq(catalogItems.state, 'COMPLETE') : undefined,
      ),
    )
    .groupBy(catalogItems.groupId);
  const counts = new Map<number, number>();
  for (const row of rows) if (row.groupId !== null) counts.set(row.groupId, row.items);
  return counts;
}

export async function insertGroup(
  db: Db,
  catalogId: number,
  values: GroupValues,
): Promise<CatalogGroupRow> {
  // Appended after its siblings.
  const [last] = await db
    .select({ position: max(catalogGroups.position) })
    .from(catalogGroups)
    .where(
      and(
        eq(catalogGroups.catalogId, catalogId),
        values.parentId === null
          ? isNull(catalogGroups.parentId)
          : eq(catalogGroups.parentId, values.parentId),
      ),
    );
  const [row] = await db
    .insert(catalogGroups)
    .values({ ...values, catalogId, position: (last?.position ?? -1) + 1 })
    .returning();
  if (!row) throw new Error('Inserting a group returned no row');
  return row;
}

export async function updateGroup(
  db: Db,
  groupId: number,
  values: GroupValues,
): Promise<CatalogGroupRow> {
  const [row] = await db
    .update(catalogGroups)
    .set(values)
    .where(eq(catalogGroups.id, groupId))
    .returning();
  if (!row) throw new Error('Updating a group returned no row');
  return row;
}

export async function deleteGroup(db: Db, groupId: number): Promise<void> {
  await db.delete(catalogGroups).where(eq(catalogGroups.id, groupId));
}

/** Sub-groups and live items directly in the group: while any remain, it cannot be deleted. */
export async function countGroupContents(
  db: Db,
  groupId: number,
): Promise<{ subGroups: number; items: number }> {
  const [subGroups] = await db
    .select({ value: count() })
    .from(catalogGroups)
    .where(eq(catalogGroups.parentId, groupId));
  const [items] = await db
    .select({ value: count() })
    .from(catalogItems)
    .where(and(eq(catalogItems.groupId, groupId), isNull(catalogItems.deprecatedAt)));
  return { subGroups: subGroups?.value ?? 0, items: items?.value ?? 0 };
}

/** Whether `groupId` is a group of the catalog (items and parents must stay in their catalog). */
export async function groupExists(db: Db, catalogId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(catalogGroups)
    .where(and(eq(catalogGroups.catalogId, catalogId), eq(catalogGroups.id, groupId)))
    .limit(1);
  return row !== undefined;
}
