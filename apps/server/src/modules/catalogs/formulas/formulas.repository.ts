// Queries of item formulas: an item's list in order, replacing it, and the formulas of one role.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { itemFormulas, type ItemFormulaRow, type NewItemFormulaRow } from '../../../db/schema';

/** The item's formulas in their order (position, then id). */
export async function formulasOf(db: Db, itemId: number): Promise<ItemFormulaRow[]> {
  return db
    .select()
    .from(itemFormulas)
    .where(eq(itemFormulas.itemId, itemId))
    .orderBy(asc(itemFormulas.position), asc(itemFormulas.id));
}

/**
 * Replaces the item's formulas. Kept formulas come back under their own ids (the identity is "by
 * default"); deleting first lets two kept formulas swap their levels without hitting the unique
 * (item, role, level) index halfway.
 */
export async function replaceItemFormulas(
  db: Db,
  itemId: number,
  formulas: readonly Omit<NewItemFormulaRow, 'itemId'>[],
): Promise<void> {
  await db.delete(itemFormulas).where(eq(itemFormulas.itemId, itemId));
  if (formulas.length === 0) return;
  await db.insert(itemFormulas).values(formulas.map((formula) => ({ ...formula, itemId })));
}

export async function deleteRoleFormulas(db: Db, itemId: number, roleId: number): Promise<void> {
  await db
    .delete(itemFormulas)
    .where(and(eq(itemFormulas.itemId, itemId), eq(itemFormulas.roleId, roleId)));
}

/** How many formulas (of any item, retired ones included) use the role. */
export async function countFormulasOfRole(db: Db, roleId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(itemFormulas)
    .where(eq(itemFormulas.roleId, roleId));
  return row?.value ?? 0;
}
