// What changed between two versions of an object, as the `{field, old, new}` list that catalog and story events store.
import type { EventField } from '@costory/shared';
import type { StoredEventChange } from '../db/schema';

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
  fields: readonly (keyof T & EventField)[],
): StoredEventChange[] {
  return fields
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, old: before[field] ?? null, new: after[field] ?? null }));
}

/** The values of a new object as changes from nothing. */
export function createdChanges<T extends object>(
  values: T,
  fields: readonly (keyof T & EventField)[],
): StoredEventChange[] {
  return fields.map((field) => ({ field, old: null, new: values[field] ?? null }));
}

/** The values of a removed object as changes to nothing. */
export function deletedChanges<T extends object>(
  values: T,
  fields: readonly (keyof T & EventField)[],
): StoredEventChange[] {
  return fields.map((field) => ({ field, old: values[field] ?? null, new: null }));
}
