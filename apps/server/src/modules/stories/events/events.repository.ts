// Queries of story events: newest first, for the whole story or one instance, with the author's name.
import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { storyEvents, users, type StoredEventChange } from '../../../db/schema';

export interface StoryEventRecord {
  id: number;
  occurredAt: Date;
  type: string;
  instanceId: number | null;
  changes: StoredEventChange[];
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
}

export interface StoryEventFilter {
  storyId: number;
  instanceId: number | undefined;
  beforeId: number | undefined;
  /** Event types left out (a customer's history has no lineup events, decision 0033). */
  excludedTypes: readonly string[];
  limit: number;
}

export async function listStoryEventRecords(
  db: Db,
  filter: StoryEventFilter,
): Promise<StoryEventRecord[]> {
  return db
    .select({
      id: storyEvents.id,
      occurredAt: storyEvents.occurredAt,
      type: storyEvents.type,
      instanceId: storyEvents.instanceId,
      changes: storyEvents.changes,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(storyEvents)
    .leftJoin(users, eq(users.id, storyEvents.userId))
    .where(
      and(
        eq(storyEvents.storyId, filter.storyId),
        filter.instanceId === undefined ? undefined : eq(storyEvents.instanceId, filter.instanceId),
        filter.beforeId === undefined ? undefined : lt(storyEvents.id, filter.beforeId),
        filter.excludedTypes.length === 0
          ? undefined
          : notInArray(storyEvents.type, [...filter.excludedTypes]),
      ),
    )
    .orderBy(desc(storyEvents.id))
    .limit(filter.limit + 1);
}
