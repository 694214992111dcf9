// Queries of catalog items: the filtered, cursor-paged list, one item, its labels and attributes, and guarded writes.
import type { ItemState } from '@costory/shared';
import { and, asc, eq, exists, inArray, isNull, like, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogItemLabels,
  catalogItems,
  itemAttributes,
  type CatalogItemRow,
  type ItemAttributeRow,
  type NewItemAttributeRow,
} from '../../../db/schema';

export type ItemValues = Pick<
  CatalogItemRow,
  'code' | 'name' | 'description' | 'groupId' | 'phaseId' | 'icon' | 'repeatable' | 'searchText'
>;

export async function findItemRow(
  db: Db,
  catalogId: number,
  itemId: number,
): Promise<CatalogItemRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.catalogId, catalogId), eq(catalogItems.id, itemId)))
    .limit(1);
  return row;
}

/** The catalog's items among `itemIds`, by id (ids of other catalogs are left out). */
export async function findItemRows(
  db: Db,
  catalogId: number,
  itemIds: readonly number[],
): Promise<Map<number, CatalogItemRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(catalogItems)
    .where(
      and(eq(catalogItems.catalogId, catalogId), inArray(catalogItems.id, [...new Set(itemIds)])),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

export type ItemListCursor = [string, number];

export interface ItemListFilter {
  catalogId: number;
  /** Readers see COMPLETE items only. */
  completeOnly: boolean;
  state: ItemState | undefined;
  /** The group and its sub-groups. */
  groupIds: readonly number[] | undefined;
  /** Items that carry every one of these labels. */
  labelIds: readonly number[] | undefined;
  /** A LIKE pattern over the folded code and names. */
  pattern: string | undefined;
  after: ItemListCursor | undefined;
  limit: number;
}

// Codes compare byte by byte ("C"), the same on PGlite and PostgreSQL whatever their locale, and
// the same way as the unique index, which the list then reads in order.
const codeOrder = sql`${catalogItems.code} collate "C"`;

/** Live items of the catalog in code order (then id), one page after the cursor. */
export async function listItemRows(db: Db, filter: ItemListFilter): Promise<CatalogItemRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(catalogItems.catalogId, filter.catalogId),
    // Retired items are never listed; they stay readable by id.
    isNull(catalogItems.deprecatedAt),
    filter.completeOnly ? eq(catalogItems.state, 'COMPLETE') : undefined,
    filter.state === undefined ? undefined : eq(catalogItems.state, filter.state),
    filter.groupIds === undefined ? undefined : inArray(catalogItems.groupId, [...filter.groupIds]),
    // One EXISTS per label (each a primary-key probe): unlike a grouped IN, it keeps a good
    // plan even where the planner has no statistics (PGlite runs no autovacuum).
    ...(filter.labelIds ?? []).map((labelId) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(catalogItemLabels)
          .where(
            and(
              eq(catalogItemLabels.itemId, catalogItems.id),
              eq(catalogItemLabels.labelId, labelId),
            ),
          ),
      ),
    ),
    filter.pattern === undefined ? undefined : like(catalogItems.searchText, filter.pattern),
    filter.after === undefined
      ? undefined
      : sql`(${codeOrder}, ${catalogItems.id}) > (${filter.after[0]} collate "C", ${filter.after[1]})`,
  ];
  return db
    .select()
    .from(catalogItems)
    .where(and(...conditions))
    .orderBy(codeOrder, asc(catalogItems.id))
    .limit(filter.limit + 1);
}

/** Label ids of each item, ascending. */
export async function labelIdsOf(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number[]>> {
  const labels = new Map<number, number[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return labels;
  const rows = await db
    .select({ itemId: catalogItemLabels.itemId, labelId: catalogItemLabels.labelId })
    .from(catalogItemLabels)
    .where(inArray(catalogItemLabels.itemId, [...itemIds]))
    .orderBy(asc(catalogItemLabels.itemId), asc(catalogItemLabels.labelId));
  for (const row of rows) labels.get(row.itemId)?.push(row.labelId);
  return labels;
}

/** The highest attribute level of each item (0 without attributes). */
export async function maxLevelsOf(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: itemAttributes.itemId, level: max(itemAttributes.level) })
    .from(itemAttributes)
    .where(inArray(itemAttributes.itemId, [...itemIds]))
    .groupBy(itemAttributes.itemId);
  return new Map(rows.map((row) => [row.itemId, row.level ?? 0]));
}

export async function attributesOf(db: Db, itemId: number): Promise<ItemAttributeRow[]> {
  return db
    .select()
    .from(itemAttributes)
    .where(eq(itemAttributes.itemId, itemId))
    .orderBy(asc(itemAttributes.position), asc(itemAttributes.id));
}

export async function insertItem(
  db: Db,
  values: ItemValues & { catalogId: number; createdByUserId: number },
): Promise<CatalogItemRow> {
  const [row] = await db
    .insert(catalogItems)
    .values({ ...values, state: 'PENDING', version: 0, revision: 0 })
    .returning();
  if (!row) throw new Error('Inserting an item returned no row');
  return row;
}

export interface ItemChange {
  values?: ItemValues;
  state?: ItemState;
  /** +1 to the workflow version (a move to COMPLETE). */
  nextVersion?: boolean;
  deprecate?: boolean;
}

/**
 * Applies a change to a live item that still has `revision`, and counts the revision up.
 * Undefined when someone changed (or retired) the item first: nothing is written then.
 */
export async function updateItemIfRevision(
  db: Db,
  itemId: number,
  revision: number,
  change: ItemChange,
): Promise<CatalogItemRow | undefined> {
  const [row] = await db
    .update(catalogItems)
    .set({
      ...change.values,
      ...(change.state === undefined ? {} : { state: change.state }),
      ...(change.nextVersion === true ? { version: sql`${catalogItems.version} + 1` } : {}),
      ...(change.deprecate === true ? { deprecatedAt: sql`now()` } : {}),
      revision: sql`${catalogItems.revision} + 1`,
    })
    .where(
      and(
        eq(catalogItems.id, itemId),
        eq(catalogItems.revision, revision),
        isNull(catalogItems.deprecatedAt),
      ),
    )
    .returning();
  return row;
}

export async function replaceItemLabels(
  db: Db,
  itemId: number,
  labelIds: readonly number[],
): Promise<void> {
  await db.delete(catalogItemLabels).where(eq(catalogItemLabels.itemId, itemId));
  if (labelIds.length === 0) return;
  await db.insert(catalogItemLabels).values(labelIds.map((labelId) => ({ itemId, labelId })));
}

/**
 * Replaces the item's attributes. Kept attributes come back under their own ids (the identity is
 * "by default"), so a later formula's reference to an attribute survives an edit of the list.
 */
export async function replaceItemAttributes(
  db: Db,
  itemId: number,
  attributes: readonly Omit<NewItemAttributeRow, 'itemId'>[],
): Promise<void> {
  await db.delete(itemAttributes).where(eq(itemAttributes.itemId, itemId));
  if (attributes.length === 0) return;
  await db.insert(itemAttributes).values(attributes.map((attribute) => ({ ...attribute, itemId })));
}
