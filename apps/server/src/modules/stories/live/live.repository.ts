// Queries of the live stream (decision 0046): a story's newest event ids, the events after an id with their authors, whether a story still exists.
import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, storyEvents, users } from '../../../db/schema';

export interface LiveEventRecord {
  id: number;
  type: string;
  instanceId: number | null;
  occurredAt: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
}

export interface NewestEventIds {
  /** The newest event of the story, whatever its type (0 when none). */
  all: number;
  /** The newest event of a type the caller sees (0 when none). */
  visible: number;
}

/** The story's newest event ids; `excludedTypes` are the types the caller does not see. */
export async function newestEventIds(
  db: Db,
  storyId: number,
  excludedTypes: readonly string[],
): Promise<NewestEventIds> {
  const visible =
    excludedTypes.length === 0
      ? sql<string | null>`max(${storyEvents.id})`
      : sql<
          string | null
        >`max(${storyEvents.id}) filter (where ${notInArray(storyEvents.type, [...excludedTypes])})`;
  const [row] = await db
    .select({ all: sql<string | null>`max(${storyEvents.id})`, visible })
    .from(storyEvents)
    .where(eq(storyEvents.storyId, storyId));
  return { all: Number(row?.all ?? 0), visible: Number(row?.visible ?? 0) };
}

/** Up to `limit` events after `afterId`, oldest first, without `excludedTypes`. */
export async function eventsAfter(
  db: Db,
  filter: { storyId: number; afterId: number; excludedTypes: readonly string[]; limit: number },
): Promise<LiveEventRecord[]> {
  return db
    .select({
      id: storyEvents.id,
      type: storyEvents.type,
      instanceId: storyEvents.instanceId,
      occurredAt: storyEvents.occurredAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(storyEvents)
    .leftJoin(users, eq(users.id, storyEvents.userId))
    .where(
      and(
        eq(storyEvents.storyId, filter.storyId),
        gt(storyEvents.id, filter.afterId),
        filter.excludedTypes.length === 0
          ? undefined
          : notInArray(storyEvents.type, [...filter.excludedTypes]),
      ),
    )
    .orderBy(asc(storyEvents.id))
    .limit(filter.limit);
}

export async function storyExists(db: Db, storyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(eq(stories.id, storyId))
    .limit(1);
  return row !== undefined;
}
