// A store for @fastify/rate-limit in the database: every server process on one PostgreSQL counts the same hits, so a limit holds behind a load balancer (design.md "Running at scale").
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitHits } from '../db/schema';

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs`: one upsert, atomic under concurrency
 * (the row lock orders concurrent hits), starting a new window when the last one has ended.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<RateLimitCount> {
  const window = sql`(${windowMs} * interval '1 millisecond')`;
  const ended = sql`${rateLimitHits.windowStartedAt} + ${window} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStartedAt: sql`now()`, windowMs, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowStartedAt: sql`case when ${ended} then now() else ${rateLimitHits.windowStartedAt} end`,
        windowMs,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<string>`greatest(0, extract(epoch from (${rateLimitHits.windowStartedAt} + ${window} - now())) * 1000)`,
    });
  if (!row) throw new Error('Counting a rate-limited hit returned no row');
  return { current: row.current, ttl: Math.ceil(Number(row.ttl)) };
}

/** Removes the counters whose window ended before `olderThanMs` ago. */
export async function deleteEndedRateLimits(db: Db, olderThanMs: number): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(
      lt(
        sql`${rateLimitHits.windowStartedAt} + ${rateLimitHits.windowMs} * interval '1 millisecond'`,
        sql`now() - ${olderThanMs} * interval '1 millisecond'`,
      ),
    );
}

/** What @fastify/rate-limit passes to `child`: the route's options with the route itself. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: () => Db,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: RateLimitCount) => void,
    timeWindow: number,
  ): void {
    hitRateLimit(this.db(), `${this.prefix}${key}`, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (routeOptions as ChildOptions).routeInfo;
    const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
    return new DatabaseRateLimitStore(this.db, `${method} ${route?.url ?? ''} `);
  }
}

/**
 * The store's constructor for @fastify/rate-limit; `db` is read at the first hit, since the
 * database plugin is registered after the rate limiter.
 */
export function databaseRateLimitStore(db: () => Db): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(db, '');
    }
  };
}
