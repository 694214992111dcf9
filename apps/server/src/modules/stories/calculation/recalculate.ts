// Keeps the cached figures of stories true when the catalog changes under them (a newly published item version or a changed role price), by durable jobs.
import { createStoryCalculator, type CalcLine } from '@costory/calc';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, storyInstances, type StoryRow } from '../../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { lockStory } from '../common/access';
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
  // Sequential: a transaction's one connection takes one query at a time.
  const model = await loadStoryModel(tx, story);
  const instances = await loadCalcInstances(tx, story.id);
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

/** One job per story: the same story is never recalculated by two processes at once. */
export const RECALCULATION_QUEUE = 'story.recalculate';

/** The recalculation job: the story's figures under its lock, so instance writes wait for it. */
export function defineRecalculationJob(jobs: JobQueue, db: Db): void {
  jobs.define<{ storyId: number }>({
    name: RECALCULATION_QUEUE,
    // stately: at most one job waits and one runs per story; a change during a run queues one more.
    queue: {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 300,
    },
    async handle(job) {
      await db.transaction(async (tx) => {
        await lockStory(tx, job.data.storyId);
        const [story] = await tx
          .select({ id: stories.id, catalogId: stories.catalogId })
          .from(stories)
          .where(eq(stories.id, job.data.storyId));
        // A story deleted since has nothing left to recalculate.
        if (story) await recalculateStory(tx, story);
      });
    },
  });
}

async function queueRecalculations(
  tx: Db,
  jobs: JobQueue,
  rows: readonly { id: number }[],
): Promise<void> {
  await jobs.send(
    tx,
    RECALCULATION_QUEUE,
    rows.map((story) => ({ data: { storyId: story.id }, singletonKey: `story:${story.id}` })),
  );
}

/**
 * After an item published a new version: a job for each story with instances of it. Queued in
 * the catalog write's transaction; call `jobs.workSoon(RECALCULATION_QUEUE)` after the commit.
 */
export async function queueRecalculationOfItem(
  tx: Db,
  jobs: JobQueue,
  itemId: number,
): Promise<void> {
  const rows = await tx
    .selectDistinct({ id: storyInstances.storyId })
    .from(storyInstances)
    .where(eq(storyInstances.itemId, itemId));
  await queueRecalculations(tx, jobs, rows);
}

/** After a change of the catalog's roles (a price or a unit): a job for every story on the catalog. */
export async function queueRecalculationOfCatalog(
  tx: Db,
  jobs: JobQueue,
  catalogId: number,
): Promise<void> {
  const rows = await tx
    .select({ id: stories.id })
    .from(stories)
    .where(eq(stories.catalogId, catalogId));
  await queueRecalculations(tx, jobs, rows);
}
