// Table `rate_limit_hits`: the request counters of rate-limited routes, shared by every server process on the database (design.md "Running at scale").
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** Route and client, e.g. "GET /api/v1/access-codes/:code 203.0.113.7". */
    key: text().primaryKey(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    /** The window's length, so that stale rows can be told apart without knowing the route. */
    windowMs: integer().notNull(),
    hits: integer().notNull(),
  },
  (table) => [
    index('rate_limit_hits_window_index').on(table.windowStartedAt),
    check('rate_limit_hits_positive', sql`${table.hits} > 0 and ${table.windowMs} > 0`),
  ],
);
