// Queries of phases: the catalog's phases in order, one phase, writes, and how many live items use one.
import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogItems, catalogPhases, type CatalogPhaseRow } from '../../../db/schema';

export type PhaseValues = Pick<CatalogPhaseRow, 'code' | 'name' | 'description'>;

export async function listPhaseRows(db: Db, catalogId: number): Promise<CatalogPhaseRow[]> {
  return db
    .select()
    .from(catalogPhases)
    .where(eq(catalogPhases.catalogId, catalogId))
    .orderBy(asc(catalogPhases.position), asc(catalogPhases.id));
}

export async function findPhaseRow(
  db: Db,
  catalogId: number,
  phaseId: number,
): Promise<CatalogPhaseRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogPhases)
    .where(and(eq(catalogPhases.catalogId, catalogId), eq(catalogPhases.id, phaseId)))
    .limit(1);
  return row;
}

/** Appends the phase after the catalog's last one. */
export async function insertPhase(
  db: Db,
  catalogId: number,
  values: PhaseValues,
): Promise<CatalogPhaseRow> {
  const [last] = await db
    .select({ position: max(catalogPhases.position) })
    .from(catalogPhases)
    .where(eq(catalogPhases.catalogId, catalogId));
  const [row] = await db
    .insert(catalogPhases)
    .values({ ...values, catalogId, position: (last?.position ?? -1) + 1 })
    .returning();
  if (!row) throw new Error('Inserting a phase returned no row');
  return row;
}

export async function updatePhaseRow(
  db: Db,
  phaseId: number,
  values: PhaseValues,
): Promise<CatalogPhaseRow> {
  const [row] = await db
    .update(catalogPhases)
    .set(values)
    .where(eq(catalogPhases.id, phaseId))
    .returning();
  if (!row) throw new Error('Updating a phase returned no row');
  return row;
}

export async function deletePhaseRow(db: Db, phaseId: number): Promise<void> {
  await db.delete(catalogPhases).where(eq(catalogPhases.id, phaseId));
}

export async function countLiveItemsInPhase(db: Db, phaseId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(catalogItems)
    .where(and(eq(catalogItems.phaseId, phaseId), isNull(catalogItems.deprecatedAt)));
  return row?.value ?? 0;
}
