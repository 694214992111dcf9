// The story's event list: who changed what and when, newest first, paged by cursor (any member; a customer's without lineup events).
import {
  LINEUP_EVENT_TYPES,
  type StoryEvent,
  type storyEventListQuerySchema,
} from '@costory/shared';
import type { z } from 'zod';
import { decodeCursor, idCursor, toPage, type Page } from '../../../lib/cursor';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { readsMargins } from '../common/margins';
import { listStoryEventRecords, type StoryEventRecord } from './events.repository';
import { personName } from '../../../lib/person-name';

export type StoryEventListQuery = z.output<typeof storyEventListQuerySchema>;

function toStoryEvent(record: StoryEventRecord): StoryEvent {
  return {
    id: record.id,
    at: record.occurredAt.toISOString(),
    type: record.type,
    instanceId: record.instanceId,
    user:
      record.userId === null
        ? null
        : {
            id: record.userId,
            name: personName(record),
          },
    changes: record.changes,
  };
}

export async function listStoryEvents(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  query: StoryEventListQuery,
): Promise<Page<StoryEvent>> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const records = await listStoryEventRecords(deps.db, {
    storyId,
    instanceId: query.instanceId,
    beforeId: decodeCursor(query.cursor, idCursor)?.[0],
    // Lineup events name lineups and custom prices that a customer does not read.
    excludedTypes: readsMargins(access) ? [] : LINEUP_EVENT_TYPES,
    limit: query.limit,
  });
  return toPage(records, query.limit, toStoryEvent, (record) => [record.id]);
}
