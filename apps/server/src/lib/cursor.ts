// Opaque list cursors: the sort key of the last row a page showed, so the next page starts after it (stable under inserts).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idSchema } from '@costory/shared';
import { ValidationError } from '../errors';

const cursorValueSchema = z
  .array(z.union([z.string(), z.number()]))
  .min(1)
  .max(4);
export type CursorValues = z.infer<typeof cursorValueSchema>;

/** The sort key as base64url JSON: opaque to clients, cheap to read back. */
export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function invalidCursor(): ValidationError {
  return new ValidationError([
    {
      field: 'cursor',
      rule: 'cursor',
      message: {
        en: 'The page cursor is not valid; load the list from the start',
        cs: 'Ukazatel stránky není platný; načtěte seznam od začátku',
      },
    },
  ]);
}

/**
 * The sort key a cursor carries, checked against `shape` (what this list sorts by). A cursor that
 * was tampered with or belongs to another list is 400, never a server error.
 */
export function decodeCursor<T>(cursor: string | undefined, shape: z.ZodType<T>): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const values = cursorValueSchema.safeParse(decoded);
  if (!values.success) throw invalidCursor();
  const parsed = shape.safeParse(values.data);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** One page of a list (the shared `pageSchema`). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A page of `limit` rows from `rows` fetched with `limit + 1`, and the cursor of the next page. */
export function toPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => CursorValues,
): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

// Timestamps travel in cursors with their microseconds: a JavaScript Date would round them
// off, and rows created within the same millisecond would then be skipped or repeated.

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** A key of `timestampKey` that names a real instant (a tampered one is 400, not a database error). */
const timestampKeySchema = z
  .string()
  .regex(TIMESTAMP_KEY)
  .refine((key) => {
    const date = new Date(`${key.slice(0, 23)}Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === key.slice(0, 19);
  });

/** The cursor of a list sorted by text (a name) or by a timestamp column, then by row id. */
export function keyAndIdCursor(key: 'text' | 'timestamp') {
  return z.tuple([key === 'timestamp' ? timestampKeySchema : z.string().max(2000), idSchema]);
}

/** The cursor of a list sorted by row id only. */
export const idCursor = z.tuple([idSchema]);

/** A timestamptz column as a cursor key: UTC text with microseconds. */
export function timestampKey(column: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
}

/** A key of `timestampKey` back as a timestamptz, to compare with the column. */
export function timestampOfKey(key: string): SQL {
  return sql`(${key})::timestamp at time zone 'UTC'`;
}
