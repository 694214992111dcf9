// Published item versions (decision 0022): what an item looked like each time it was completed, and the latest one per item.
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  itemVersions,
  type ItemAttributeRow,
  type ItemFormulaRow,
  type ItemVersionRow,
  type PublishedAttribute,
  type PublishedFormula,
} from '../../../db/schema';
import { formulasOf } from '../formulas/formulas.repository';
import { attributesOf } from './items.repository';

export function toPublishedAttribute(row: ItemAttributeRow): PublishedAttribute {
  return {
    id: row.id,
    level: row.level,
    code: row.code,
    name: row.name,
    type: row.type,
    mandatory: row.mandatory,
    defaultValue: row.defaultValue ?? null,
    enumValues: row.enumValues,
    minimum: row.minimum,
    maximum: row.maximum,
  };
}

export function toPublishedFormula(row: ItemFormulaRow): PublishedFormula {
  return { roleId: row.roleId, level: row.level, name: row.name, expression: row.expression };
}

/**
 * Stores the item's attributes and formulas as they are now under `version` (the version the
 * move to COMPLETE gave it). Call inside the transaction of that move, so the snapshot exists
 * exactly when the item is COMPLETE at that version.
 */
export async function publishItemVersion(
  tx: Db,
  itemId: number,
  version: number,
): Promise<ItemVersionRow> {
  const [attributes, formulas] = await Promise.all([
    attributesOf(tx, itemId),
    formulasOf(tx, itemId),
  ]);
  const [row] = await tx
    .insert(itemVersions)
    .values({
      itemId,
      version,
      attributes: attributes.map(toPublishedAttribute),
      formulas: formulas.map(toPublishedFormula),
    })
    .returning();
  if (!row) throw new Error('Inserting an item version returned no row');
  return row;
}

/** The latest published version of each item that has one (stories calculate with it). */
export async function latestItemVersions(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, ItemVersionRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([itemVersions.itemId])
    .from(itemVersions)
    .where(inArray(itemVersions.itemId, [...new Set(itemIds)]))
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** The latest published version of one item, if it was ever completed. */
export async function latestItemVersion(
  db: Db,
  itemId: number,
): Promise<ItemVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(itemVersions)
    .where(eq(itemVersions.itemId, itemId))
    .orderBy(desc(itemVersions.version))
    .limit(1);
  return row;
}
