// Rules of the event list: newest first, paged by cursor; readers see only what they could read (COMPLETE items; no member events for the public).
import {
  CATALOG_EVENT_TYPES,
  roleAllows,
  type CatalogEvent,
  type eventListQuerySchema,
} from '@costory/shared';
import type { z } from 'zod';
import { decodeCursor, idCursor, toPage, type Page } from '../../../lib/cursor';
import { loadCatalogAccess, seesAllItemStates } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { loadVisibleItem } from '../items/items.service';
import { listEventRecords, type EventRecord } from './events.repository';
import { personName } from '../../../lib/person-name';

export type EventListQuery = z.output<typeof eventListQuerySchema>;

/** Events that name members and clients (their e-mail addresses and companies). */
const MEMBER_EVENT_TYPES = CATALOG_EVENT_TYPES.filter(
  (type) => type.startsWith('MEMBER_') || type.startsWith('CLIENT_'),
);

function toEvent(record: EventRecord): CatalogEvent {
  return {
    id: record.id,
    at: record.occurredAt.toISOString(),
    type: record.type,
    itemId: record.itemId,
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

export async function listEvents(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  query: EventListQuery,
): Promise<Page<CatalogEvent>> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  // An item the caller may not see has no history for them either (404).
  if (query.itemId !== undefined) await loadVisibleItem(deps, access, query.itemId);
  const records = await listEventRecords(deps.db, {
    catalogId,
    itemId: query.itemId,
    completeItemsOnly: !seesAllItemStates(access),
    hiddenTypes: roleAllows(access.role, 'READ_MEMBERS') ? [] : MEMBER_EVENT_TYPES,
    beforeId: decodeCursor(query.cursor, idCursor)?.[0],
    limit: query.limit,
  });
  return toPage(records, query.limit, toEvent, (record) => [record.id]);
}
