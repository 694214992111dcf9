// Queries of catalog events: newest first, for the whole catalog or one item, with the author's name.
import { and, desc, eq, inArray, isNull, lt, not, or } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogEvents, catalogItems, users, type StoredEventChange } from '../../../db/schema';

export interface EventRecord {
  id: number;
  occurredAt: Date;
  type: string;
  itemId: number | null;
  changes: StoredEventChange[];
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
}

export interface EventListFilter {
  catalogId: number;
  itemId: number | undefined;
  /** Readers: only events of the catalog itself and of items that are COMPLETE now. */
  completeItemsOnly: boolean;
  /** Types the caller may not see (member and client events for public readers). */
  hiddenTypes: readonly string[];
  beforeId: number | undefined;
  limit: number;
}

export async function listEventRecords(db: Db, filter: EventListFilter): Promise<EventRecord[]> {
  return db
    .select({
      id: catalogEvents.id,
      occurredAt: catalogEvents.occurredAt,
      type: catalogEvents.type,
      itemId: catalogEvents.itemId,
      changes: catalogEvents.changes,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(catalogEvents)
    .leftJoin(users, eq(users.id, catalogEvents.userId))
    .leftJoin(catalogItems, eq(catalogItems.id, catalogEvents.itemId))
    .where(
      and(
        eq(catalogEvents.catalogId, filter.catalogId),
        filter.itemId === undefined ? undefined : eq(catalogEvents.itemId, filter.itemId),
        filter.completeItemsOnly
          ? or(isNull(catalogEvents.itemId), eq(catalogItems.state, 'COMPLETE'))
          : undefined,
        filter.hiddenTypes.length === 0
          ? undefined
          : not(inArray(catalogEvents.type, [...filter.hiddenTypes])),
        filter.beforeId === undefined ? undefined : lt(catalogEvents.id, filter.beforeId),
      ),
    )
    .orderBy(desc(catalogEvents.id))
    .limit(filter.limit + 1);
}
