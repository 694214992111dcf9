// Durable background jobs on the database (pg-boss, decision 0035): sent in the caller's transaction, worked by every process, retried with back-off.
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { selectRows, type Database, type Db } from '../../db/database';

/** The schema pg-boss keeps its tables in; created by the migrations (see installJobSchema). */
export const JOB_SCHEMA = 'pgboss';

// How often an idle process looks for due jobs of each queue. A process that sends a job also
// starts working it at once (workSoon), so this bounds only retries and other processes' jobs.
const DEFAULT_POLL_MS = 2000;
const BATCH_SIZE = 5;
// pg-boss's maintenance (expiring jobs of killed processes, archiving) runs this often in one
// process at a time; a job whose process died is retried within its expiry plus this.
const MAINTENANCE_SECONDS = 30;
// SIGTERM leaves in-flight jobs this long before the pool closes; an unfinished one expires and
// is retried elsewhere.
const STOP_TIMEOUT_MS = 10_000;
const DRAIN_PAUSE_MS = 20;
const QUEUE_CREATE_ATTEMPTS = 5;

/** A deadlock or a duplicate from PostgreSQL: another process created the same queue meanwhile. */
function isCreationRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '23505' || code === '42P07';
}

export type Job<T> = PgBoss.JobWithMetadata<T>;

export interface JobDefinition<T> {
  name: string;
  /** Retries, back-off, expiry and policy of the queue (pg-boss queue options). */
  queue: Omit<PgBoss.Queue, 'name'>;
  /**
   * Jobs a process takes at once (default 5). They are worked one after another and their expiry
   * runs from the take, so long jobs take one at a time and leave the rest to other processes.
   */
  batchSize?: number;
  /** Does the work; throwing fails this attempt (retried until the queue's retry limit). */
  handle(job: Job<T>): Promise<void>;
  /** Called once when the last attempt failed, before the job is kept as failed. */
  failedForGood?(job: Job<T>, error: unknown): Promise<void>;
}

export interface JobOutcome {
  queue: string;
  outcome: 'completed' | 'failed' | 'retry';
  seconds: number;
}

export interface JobQueue {
  define<T>(definition: JobDefinition<T>): void;
  /** Queues jobs in `db` (pass the caller's transaction: the jobs exist only if it commits). */
  send<T extends object>(
    db: Db,
    name: string,
    jobs: { data: T; singletonKey?: string }[],
  ): Promise<void>;
  /** Starts working a queue now in this process (after the commit that sent its jobs). */
  workSoon(name: string): void;
  /** Works every due job of every queue in this process until none is left (tests, scripts). */
  drain(): Promise<void>;
  /** pg-boss's maintenance now (it also runs every 30 s): jobs of killed processes expire into retries. */
  maintain(): Promise<void>;
  /** Jobs waiting or running per queue, for metrics. */
  depths(): Promise<Map<string, number>>;
  /** Called after every attempt, for metrics. */
  onOutcome(listener: (outcome: JobOutcome) => void): void;
  start(): Promise<void>;
  /** Stops fetching, lets jobs in flight finish (bounded), then stops pg-boss. */
  stop(): Promise<void>;
}

/**
 * A pg-boss statement (`$1` placeholders) as Drizzle SQL, so that it runs in the caller's
 * transaction on either driver. The text is pg-boss's own; every value stays a parameter.
 */
function positionalSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(
    parts.map((part, index) =>
      // node-postgres sends undefined as null; Drizzle would leave the value out.
      index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
    ),
  );
}

/** pg-boss's database interface in a Drizzle handle (a transaction), for statements with parameters. */
function bossDbOf(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await selectRows(db, positionalSql(text, values)) };
    },
  };
}

/**
 * pg-boss's database interface on the app's own pool or PGlite. Its maintenance sends several
 * statements at once without parameters, which PGlite runs only through `exec`.
 */
function bossDbOnDatabase(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = database.client;
    return {
      async executeSql(text, values) {
        return pool.query(text, values);
      },
    };
  }
  const client = database.client;
  return {
    async executeSql(text, values) {
      if (values === undefined || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

/**
 * Creates pg-boss's tables unless they exist; run by the migrations under their lock.
 * `runScript` runs several statements at once (the simple protocol), which Drizzle does not.
 */
export async function installJobSchema(
  db: Db,
  runScript: (script: string) => Promise<void>,
): Promise<void> {
  const [found] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${`${JOB_SCHEMA}.version`}) is not null as present`,
  );
  if (found?.present) return;
  // pg-boss's own construction script: fixed text with its schema name, taking its advisory lock.
  await runScript(PgBoss.getConstructionPlans(JOB_SCHEMA));
}

interface QueueState {
  definition: JobDefinition<unknown>;
  round: Promise<void> | undefined;
  again: boolean;
  timer: NodeJS.Timeout | undefined;
}

export interface JobQueueOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** Whether this process works jobs (it always sends them). */
  work: boolean;
  pollMs?: number;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { logger } = options;
  const db = options.database.db;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const boss = new PgBoss({
    db: bossDbOnDatabase(options.database),
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: options.work,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue maintenance failed'));
  const queues = new Map<string, QueueState>();
  const listeners: ((outcome: JobOutcome) => void)[] = [];
  let running = false;

  function report(outcome: JobOutcome): void {
    for (const listener of listeners) listener(outcome);
  }

  async function attempt(state: QueueState, job: Job<unknown>): Promise<void> {
    const { definition } = state;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await definition.handle(job);
      await boss.complete(definition.name, job.id);
      report({ queue: definition.name, outcome: 'completed', seconds: seconds() });
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      const context = {
        err: error,
        queue: definition.name,
        jobId: job.id,
        retryCount: job.retryCount,
      };
      if (last) {
        // Kept by pg-boss as failed with the message (archived after 12 h, deleted after 7 days).
        logger.error(context, 'job failed for good');
        await definition.failedForGood?.(job, error);
      } else {
        logger.warn(context, 'job failed; will retry');
      }
      await boss.fail(definition.name, job.id, { message: messageOf(error) });
      report({ queue: definition.name, outcome: last ? 'failed' : 'retry', seconds: seconds() });
    }
  }

  async function workUntilEmpty(state: QueueState): Promise<void> {
    do {
      state.again = false;
      for (;;) {
        const jobs = await boss.fetch<unknown>(state.definition.name, {
          batchSize: state.definition.batchSize ?? BATCH_SIZE,
          includeMetadata: true,
        });
        if (jobs.length === 0) break;
        for (const job of jobs) await attempt(state, job);
      }
    } while (state.again);
  }

  /** One round per queue at a time; a request during a round asks for one more pass. */
  function round(state: QueueState): Promise<void> {
    if (state.round) {
      state.again = true;
      return state.round;
    }
    state.round = workUntilEmpty(state)
      .catch((error: unknown) =>
        logger.error({ err: error, queue: state.definition.name }, 'working jobs failed'),
      )
      .finally(() => {
        state.round = undefined;
        if (state.again && running) void round(state);
      });
    return state.round;
  }

  /**
   * Creates the queue, or brings its options up to date. Processes starting together race to
   * create it (PostgreSQL answers one of them with a deadlock or a duplicate): the loser tries again.
   */
  async function ensureQueue(definition: JobDefinition<unknown>): Promise<void> {
    const { policy, ...options } = definition.queue;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await boss.getQueue(definition.name)) {
          await boss.updateQueue(definition.name, { name: definition.name, ...options });
        } else {
          await boss.createQueue(definition.name, { name: definition.name, policy, ...options });
        }
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS || !isCreationRace(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  function schedulePolling(state: QueueState): void {
    state.timer = setInterval(() => void round(state), pollMs);
    state.timer.unref();
  }

  return {
    define(definition) {
      queues.set(definition.name, {
        definition,
        round: undefined,
        again: false,
        timer: undefined,
      });
    },

    async send(db, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({ name, data: job.data, singletonKey: job.singletonKey })),
        { db: bossDbOf(db) },
      );
    },

    workSoon(name) {
      const state = queues.get(name);
      if (running && options.work && state) void round(state);
    },

    async drain() {
      for (;;) {
        const pending = [...queues.values()];
        await Promise.all(pending.map((state) => round(state)));
        // Jobs another process holds, and retries not yet due, are not this call's to wait for.
        const due = await selectRows<{ count: number }>(
          db,
          sql`select count(*)::int as count from ${sql.identifier(JOB_SCHEMA)}.job
              where state in ('created', 'retry') and start_after <= now()`,
        );
        if ((due[0]?.count ?? 0) === 0) return;
        // A due job no fetch returned waits for another process (one job per key at a time).
        // Pausing lets timers and sockets run: PGlite answers in microtasks, so a tight loop of
        // queries would starve the very job it waits for.
        await new Promise((resolve) => setTimeout(resolve, DRAIN_PAUSE_MS));
      }
    },

    maintain: () => boss.maintain(),

    async depths() {
      const rows = await selectRows<{ name: string; count: number }>(
        db,
        sql`select name, count(*)::int as count from ${sql.identifier(JOB_SCHEMA)}.job
            where state in ('created', 'retry', 'active') group by name`,
      );
      const depths = new Map([...queues.keys()].map((name) => [name, 0]));
      for (const row of rows) depths.set(row.name, row.count);
      return depths;
    },

    onOutcome(listener) {
      listeners.push(listener);
    },

    async start() {
      await boss.start();
      for (const { definition } of queues.values()) await ensureQueue(definition);
      running = true;
      if (!options.work) return;
      for (const state of queues.values()) {
        schedulePolling(state);
        void round(state);
      }
    },

    async stop() {
      if (!running) return;
      running = false;
      for (const state of queues.values()) clearInterval(state.timer);
      const inFlight = [...queues.values()].flatMap((state) => (state.round ? [state.round] : []));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(inFlight),
        new Promise((resolve) => {
          timer = setTimeout(resolve, STOP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      await boss.stop({ close: false, graceful: false, wait: true });
    },
  };
}
