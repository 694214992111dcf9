// Recording story events: who changed what, in the transaction of the change, which also moves the story's last activity.
import type { StoryEventType } from '@costory/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, storyEvents, type StoredEventChange } from '../../../db/schema';

export interface StoryEventInput {
  storyId: number;
  instanceId?: number | null;
  userId: number | null;
  type: StoryEventType;
  changes?: readonly StoredEventChange[];
}

/**
 * Call with the transaction of the change, so the event exists exactly when the change does.
 * Every change inside a story is an event and moves `last_activity_at` (decision 0022).
 */
export async function recordStoryEvent(tx: Db, event: StoryEventInput): Promise<void> {
  await recordStoryEvents(tx, [event]);
}

/** Several events in one insert (a batch of changes), moving each story's last activity once. */
export async function recordStoryEvents(tx: Db, events: readonly StoryEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(storyEvents).values(
    events.map((event) => ({
      storyId: event.storyId,
      instanceId: event.instanceId ?? null,
      userId: event.userId,
      type: event.type,
      changes: [...(event.changes ?? [])],
    })),
  );
  await tx
    .update(stories)
    .set({ lastActivityAt: sql`now()` })
    .where(inArray(stories.id, [...new Set(events.map((event) => event.storyId))]));
}
