// Recording catalog events: who changed what, written in the same transaction as the change itself.
import type { CatalogEventType } from '@costory/shared';
import type { Db } from '../../../db/database';
import { catalogEvents, type StoredEventChange } from '../../../db/schema';

export interface CatalogEventInput {
  catalogId: number;
  itemId?: number | null;
  userId: number | null;
  type: CatalogEventType;
  changes?: readonly StoredEventChange[];
}

/** Call with the transaction of the change, so the event exists exactly when the change does. */
export async function recordEvent(tx: Db, event: CatalogEventInput): Promise<void> {
  await tx.insert(catalogEvents).values({
    catalogId: event.catalogId,
    itemId: event.itemId ?? null,
    userId: event.userId,
    type: event.type,
    changes: [...(event.changes ?? [])],
  });
}
