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
  // As one JSON parameter: a VALUES list of a parameter per cell is several times slower for the
  // thousands of events of a spreadsheet import.
  const rows = events.map((event) => ({
    story_id: event.storyId,
    instance_id: event.instanceId ?? null,
    user_id: event.userId,
    type: event.type,
    changes: [...(event.changes ?? [])],
  }));
  // The stories first: their row locks, held to the commit, make a story's events take their ids
  // in commit order, so that a reader following the ids (the live stream) never skips one.
  await tx
    .update(stories)
    .set({ lastActivityAt: sql`now()` })
    .where(inArray(stories.id, [...new Set(events.map((event) => event.storyId))]));
  await tx.execute(sql`
    insert into ${storyEvents} (story_id, instance_id, user_id, type, changes)
    select r.story_id, r.instance_id, r.user_id, r.type, r.changes
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(row, position)
    cross join lateral jsonb_to_record(e.row) as r(story_id integer, instance_id integer, user_id integer, type text, changes jsonb)
    order by e.position`);
}
