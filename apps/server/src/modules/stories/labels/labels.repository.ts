// Queries of story labels: the story's labels with how many instances carry each, one label, writes.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { storyInstanceLabels, storyLabels, type StoryLabelRow } from '../../../db/schema';
import type { LabelValues } from '../../../lib/labels';

export interface StoryLabelWithUsage {
  label: StoryLabelRow;
  usageCount: number;
}

/** Labels of the story (one when `labelId` is given) with the number of instances carrying each. */
function selectWithUsage(db: Db, storyId: number, labelId?: number) {
  return db
    .select({ label: storyLabels, usageCount: count(storyInstanceLabels.instanceId) })
    .from(storyLabels)
    .leftJoin(storyInstanceLabels, eq(storyInstanceLabels.labelId, storyLabels.id))
    .where(
      and(
        eq(storyLabels.storyId, storyId),
        labelId === undefined ? undefined : eq(storyLabels.id, labelId),
      ),
    )
    .groupBy(storyLabels.id);
}

export async function listStoryLabelsWithUsage(
  db: Db,
  storyId: number,
): Promise<StoryLabelWithUsage[]> {
  return selectWithUsage(db, storyId).orderBy(asc(storyLabels.title), asc(storyLabels.id));
}

export async function findStoryLabelWithUsage(
  db: Db,
  storyId: number,
  labelId: number,
): Promise<StoryLabelWithUsage | undefined> {
  const [row] = await selectWithUsage(db, storyId, labelId);
  return row;
}

/** The ids of the story's labels. */
export async function storyLabelIds(db: Db, storyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: storyLabels.id })
    .from(storyLabels)
    .where(eq(storyLabels.storyId, storyId));
  return new Set(rows.map((row) => row.id));
}

export async function insertStoryLabel(
  db: Db,
  storyId: number,
  values: LabelValues,
): Promise<StoryLabelRow> {
  const [row] = await db
    .insert(storyLabels)
    .values({ ...values, storyId })
    .returning();
  if (!row) throw new Error('Inserting a story label returned no row');
  return row;
}

export async function updateStoryLabelRow(
  db: Db,
  labelId: number,
  values: LabelValues,
): Promise<void> {
  await db.update(storyLabels).set(values).where(eq(storyLabels.id, labelId));
}

/** Deleting a label also takes it off every instance (the link rows cascade). */
export async function deleteStoryLabelRow(db: Db, labelId: number): Promise<void> {
  await db.delete(storyLabels).where(eq(storyLabels.id, labelId));
}
