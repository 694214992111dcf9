// Keeps the cached figures of stories true when the catalog changes under them: a newly published item version or a changed role price.
import { createStoryCalculator, type CalcLine } from '@costory/calc';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, storyInstances, type StoryRow } from '../../../db/schema';
import { refreshStoryTotals } from '../instances/instances.repository';
import { figuresOf, roleUnitsOf } from './figures';
import { loadCalcInstances, loadStoryModel } from './model';

/**
 * Recalculates the whole story and stores the figures that changed (instances and the story's
 * cached totals). A catalog change is no change inside the story: no event, no new last activity.
 */
export async function recalculateStory(
  tx: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<void> {
  const [model, instances] = await Promise.all([
    loadStoryModel(tx, story),
    loadCalcInstances(tx, story.id),
  ]);
  if (instances.length === 0) return;
  const calculation = createStoryCalculator(model).calculate(instances);
  const linesByInstance = new Map<number, CalcLine[]>();
  for (const line of calculation.lines) {
    const lines = linesByInstance.get(line.instanceId);
    if (lines === undefined) linesByInstance.set(line.instanceId, [line]);
    else lines.push(line);
  }
  const units = roleUnitsOf(model.roles);
  const stored = new Map(instances.map((instance) => [instance.id, instance]));
  const changed: { id: number; price: string; mandays: string; errorCount: number }[] = [];
  for (const entry of calculation.byInstance) {
    const figures = figuresOf(
      linesByInstance.get(entry.instanceId) ?? [],
      entry.price,
      entry.errorCount,
      units,
    );
    const before = stored.get(entry.instanceId);
    // Both sides are decimal text with the columns' scale (2 and 7 decimals), so equal text is
    // an equal value; anything else is written again.
    if (
      before === undefined ||
      before.price !== figures.price ||
      before.mandays !== figures.mandays ||
      before.errorCount !== figures.errorCount
    ) {
      changed.push({ id: entry.instanceId, ...figures });
    }
  }
  if (changed.length === 0) return;
  // One statement for all of them: the figures travel as one JSON parameter.
  await tx.execute(sql`
    update ${storyInstances} set
      price = figures.price,
      mandays = figures.mandays,
      error_count = figures.error_count
    from jsonb_to_recordset(${JSON.stringify(
      changed.map((row) => ({
        id: row.id,
        price: row.price,
        mandays: row.mandays,
        error_count: row.errorCount,
      })),
    )}::jsonb) as figures(id int, price numeric, mandays numeric, error_count int)
    where ${storyInstances.id} = figures.id`);
  await refreshStoryTotals(tx, story.id);
}

async function recalculateStories(
  tx: Db,
  rows: readonly Pick<StoryRow, 'id' | 'catalogId'>[],
): Promise<void> {
  for (const story of rows) await recalculateStory(tx, story);
}

/** After an item published a new version: the stories that have instances of it. */
export async function recalculateStoriesOfItem(tx: Db, itemId: number): Promise<void> {
  const rows = await tx
    .select({ id: stories.id, catalogId: stories.catalogId })
    .from(stories)
    .where(
      inArray(
        stories.id,
        tx
          .selectDistinct({ storyId: storyInstances.storyId })
          .from(storyInstances)
          .where(eq(storyInstances.itemId, itemId)),
      ),
    );
  await recalculateStories(tx, rows);
}

/** After a change of the catalog's roles (a price or a unit): every story on the catalog. */
export async function recalculateStoriesOfCatalog(tx: Db, catalogId: number): Promise<void> {
  const rows = await tx
    .select({ id: stories.id, catalogId: stories.catalogId })
    .from(stories)
    .where(eq(stories.catalogId, catalogId));
  await recalculateStories(tx, rows);
}
