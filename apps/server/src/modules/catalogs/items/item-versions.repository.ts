// Published item versions (decision 0022): what an item looked like each time it was completed (which one a story calculates with: stories/calculation/model.ts).
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
