// Queries of labels: the catalog's labels with how many live items carry each, one label, writes.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  type CatalogLabelRow,
} from '../../../db/schema';
import type { LabelValues } from '../../../lib/labels';

export interface LabelWithUsage {
  label: CatalogLabelRow;
  usageCount: number;
}

/** Labels of the catalog (one when `labelId` is given) with the live items carrying each. */
function selectWithUsage(db: Db, catalogId: number, labelId?: number) {
  return db
    .select({
      label: catalogLabels,
      // Only live items: a retired item no longer shows its labels anywhere.
      usageCount: sql<number>`count(${catalogItems.id})`.mapWith(Number),
    })
    .from(catalogLabels)
    .leftJoin(catalogItemLabels, eq(catalogItemLabels.labelId, catalogLabels.id))
    .leftJoin(
      catalogItems,
      and(eq(catalogItems.id, catalogItemLabels.itemId), isNull(catalogItems.deprecatedAt)),
    )
    .where(
      and(
        eq(catalogLabels.catalogId, catalogId),
        labelId === undefined ? undefined : eq(catalogLabels.id, labelId),
      ),
    )
    .groupBy(catalogLabels.id);
}

export async function listLabelsWithUsage(db: Db, catalogId: number): Promise<LabelWithUsage[]> {
  return selectWithUsage(db, catalogId).orderBy(asc(catalogLabels.title), asc(catalogLabels.id));
}

export async function findLabelWithUsage(
  db: Db,
  catalogId: number,
  labelId: number,
): Promise<LabelWithUsage | undefined> {
  const [row] = await selectWithUsage(db, catalogId, labelId);
  return row;
}

export async function insertLabel(
  db: Db,
  catalogId: number,
  values: LabelValues,
): Promise<CatalogLabelRow> {
  const [row] = await db
    .insert(catalogLabels)
    .values({ ...values, catalogId })
    .returning();
  if (!row) throw new Error('Inserting a label returned no row');
  return row;
}

export async function updateLabelRow(db: Db, labelId: number, values: LabelValues): Promise<void> {
  await db.update(catalogLabels).set(values).where(eq(catalogLabels.id, labelId));
}

/** Deleting a label also takes it off every item (the link rows cascade). */
export async function deleteLabelRow(db: Db, labelId: number): Promise<void> {
  await db.delete(catalogLabels).where(eq(catalogLabels.id, labelId));
}

/** Of `labelIds`, those that are labels of the catalog. */
export async function existingLabelIds(
  db: Db,
  catalogId: number,
  labelIds: readonly number[],
): Promise<Set<number>> {
  if (labelIds.length === 0) return new Set();
  const rows = await db
    .select({ id: catalogLabels.id })
    .from(catalogLabels)
    .where(and(eq(catalogLabels.catalogId, catalogId), inArray(catalogLabels.id, [...labelIds])));
  return new Set(rows.map((row) => row.id));
}
