// Column helpers every table module uses: timestamps, JSON defaults and checks against constant lists.
import { sql, type SQL } from 'drizzle-orm';
import { customType, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column in ('A', 'B')` from a list of constants (never user input). */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

export const emptyObject = sql`'{}'::jsonb`;
export const emptyArray = sql`'[]'::jsonb`;

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Raw bytes: node-postgres hands out a Buffer, PGlite a Uint8Array; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});
