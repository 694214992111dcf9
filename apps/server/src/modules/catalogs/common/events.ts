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

/** JSON with sorted keys, so that two localized maps with the same texts compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).toSorted(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0,
      ),
    );
  });
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

/** `{field, old, new}` for each of `fields` whose value differs between `before` and `after`. */
export function changesBetween<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): StoredEventChange[] {
  return fields
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, old: before[field] ?? null, new: after[field] ?? null }));
}

/** The values of a new object as changes from nothing. */
export function createdChanges<T extends object>(
  values: T,
  fields: readonly (keyof T & string)[],
): StoredEventChange[] {
  return fields.map((field) => ({ field, old: null, new: values[field] ?? null }));
}

/** The values of a removed object as changes to nothing. */
export function deletedChanges<T extends object>(
  values: T,
  fields: readonly (keyof T & string)[],
): StoredEventChange[] {
  return fields.map((field) => ({ field, old: values[field] ?? null, new: null }));
}
