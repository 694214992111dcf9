// Large exports as durable jobs: the request stores the report and queues its render; any process renders it with progress; only the requester reads the status and fetches the file.
import type { ExportJob, ExportJobStatus, ReportFormat } from '@costory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { exportJobs, type ExportJobRow } from '../../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import type { ExportRenderer } from './render/render-pool';

/** The job queue that renders an export (one job per export, data `{ exportId }`). */
export const EXPORT_QUEUE = 'export.render';
/** A finished file is kept this long for its requester, then deleted. */
const FILE_KEPT_HOURS = 24;
/** Progress is written at most this often while a file renders. */
const PROGRESS_WRITE_MS = 400;
/**
 * Longer than every attempt together (3 × the 180 s expiry, back-off and maintenance): a job not
 * done by then ended without a word (its last attempt expired, or no process works jobs) and is
 * answered as failed, so the page stops waiting.
 */
const STALE_AFTER_MINUTES = 15;
/** Exports one user may have waiting or rendering; one more is refused until one is done. */
export const MAX_PENDING_EXPORTS_PER_USER = 3;
const PENDING: ExportJobStatus[] = ['queued', 'rendering'];

/** The user already has MAX_PENDING_EXPORTS_PER_USER exports being prepared. */
export class TooManyPendingExportsError extends Error {
  constructor() {
    super(`At most ${MAX_PENDING_EXPORTS_PER_USER} exports may be prepared at once per user`);
    this.name = 'TooManyPendingExportsError';
  }
}

/** A finished export's file. */
export interface ExportJobFile {
  bytes: Buffer;
  fileName: string;
  format: ReportFormat;
}

/**
 * A report to render as a job, serialized as JSON by the export worker that built it: stored and
 * read back as text, so that the request thread neither serializes nor parses a large report.
 */
export interface ExportJobReport {
  json: string;
  /** With the format's extension. */
  fileName: string;
  format: ReportFormat;
}

export interface ExportJobs {
  /** Stores the report and queues its render; answers the job as its requester will poll it. */
  start(userId: number, report: ExportJobReport): Promise<ExportJob>;
  /** The job, when it is `userId`'s and not yet deleted. */
  status(userId: number, exportId: string): Promise<ExportJob | undefined>;
  /** The file of a finished job of `userId`'s; undefined when there is no such job. */
  file(userId: number, exportId: string): Promise<ExportJobFile | 'not-ready' | undefined>;
}

export interface ExportJobsOptions {
  db: Db;
  jobs: JobQueue;
  renderer: ExportRenderer;
  logger: FastifyBaseLogger;
}

/** True when a job still pending has outlived every attempt it could have had. */
function isStale(row: Pick<ExportJobRow, 'status' | 'createdAt'>): boolean {
  return (
    PENDING.includes(row.status) &&
    Date.now() - row.createdAt.getTime() > STALE_AFTER_MINUTES * 60_000
  );
}

function toExportJob(row: Pick<ExportJobRow, keyof ExportJob>): ExportJob {
  return {
    id: row.id,
    status: isStale(row) ? 'failed' : row.status,
    progress: row.progress,
    format: row.format,
    fileName: row.fileName,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

const jobColumns = {
  id: exportJobs.id,
  status: exportJobs.status,
  progress: exportJobs.progress,
  format: exportJobs.format,
  fileName: exportJobs.fileName,
  size: exportJobs.size,
  createdAt: exportJobs.createdAt,
};

/**
 * The file crosses to and from the database as hex text, which Node's Buffer converts natively:
 * PGlite's own bytea conversion runs byte by byte in JavaScript on the request thread (0.6 s to
 * store a 10,000-instance PDF, measured); node-postgres converts hex text as fast as bytea.
 */
const fileAsHex = sql<string | null>`encode(${exportJobs.file}, 'hex')`;
const fileFromHex = (bytes: Buffer) => sql`decode(${bytes.toString('hex')}, 'hex')`;

/** A job id from the address: anything but a UUID names no job (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createExportJobs(options: ExportJobsOptions): ExportJobs {
  const { db, jobs, renderer, logger } = options;

  /** Writes the render's progress now and then, in order, and never after the job ended. */
  function progressWriter(exportId: string) {
    let lastWrite = 0;
    let writes: Promise<unknown> = Promise.resolve();
    return {
      report(percent: number) {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        writes = writes
          .then(() =>
            db
              .update(exportJobs)
              .set({ progress: percent })
              .where(and(eq(exportJobs.id, exportId), eq(exportJobs.status, 'rendering'))),
          )
          .catch((error: unknown) =>
            logger.warn({ err: error, exportId }, 'writing export progress failed'),
          );
      },
      settled: () => writes,
    };
  }

  jobs.define<{ exportId: string }>({
    name: EXPORT_QUEUE,
    // One at a time per process: a render holds a worker thread for up to two minutes.
    batchSize: 1,
    queue: {
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      // Longer than the renderer's own time limit, so a job still rendering is never handed to
      // another process; a killed process's job is taken again after this.
      expireInSeconds: 180,
    },
    async handle(job) {
      const { exportId } = job.data;
      const [row] = await db
        .update(exportJobs)
        .set({ status: 'rendering', progress: 0 })
        .where(and(eq(exportJobs.id, exportId), inArray(exportJobs.status, PENDING)))
        // As text: the worker parses it (see ExportJobReport).
        .returning({
          format: exportJobs.format,
          report: sql<string | null>`${exportJobs.report}::text`,
        });
      // Deleted meanwhile, or ended by an attempt whose completion was lost.
      if (!row?.report) return;
      const progress = progressWriter(exportId);
      const bytes = await renderer.render(row.report, row.format, (percent) =>
        progress.report(percent),
      );
      await progress.settled();
      await db
        .update(exportJobs)
        .set({
          status: 'done',
          progress: 100,
          file: fileFromHex(bytes),
          size: bytes.length,
          report: null,
          finishedAt: new Date(),
        })
        .where(and(eq(exportJobs.id, exportId), ne(exportJobs.status, 'done')));
    },
    async failedForGood(job, error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(exportJobs)
        .set({
          status: 'failed',
          lastError: message.slice(0, 1000),
          report: null,
          finishedAt: new Date(),
        })
        .where(and(eq(exportJobs.id, job.data.exportId), ne(exportJobs.status, 'done')));
    },
  });

  return {
    async start(userId, report) {
      const job = await db.transaction(async (tx) => {
        // Expired files go when new ones come: no scheduler needed, and the table stays small.
        await tx.delete(exportJobs).where(lt(exportJobs.expiresAt, sql`now()`));
        // One user's pile of large exports must not hold everyone's: a few at a time. Serialized
        // per user, so that simultaneous requests count one after the other.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('export-jobs'), ${userId})`);
        const [pending] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(exportJobs)
          .where(
            and(
              eq(exportJobs.userId, userId),
              inArray(exportJobs.status, PENDING),
              gt(exportJobs.createdAt, sql`now() - make_interval(mins => ${STALE_AFTER_MINUTES})`),
            ),
          );
        if ((pending?.count ?? 0) >= MAX_PENDING_EXPORTS_PER_USER) {
          throw new TooManyPendingExportsError();
        }
        const [inserted] = await tx
          .insert(exportJobs)
          .values({
            userId,
            format: report.format,
            fileName: report.fileName,
            report: sql`${report.json}::jsonb`,
            expiresAt: sql`now() + make_interval(hours => ${FILE_KEPT_HOURS})`,
          })
          .returning(jobColumns);
        if (!inserted) throw new Error('The export job was not stored');
        await jobs.send(tx, EXPORT_QUEUE, [{ data: { exportId: inserted.id } }]);
        return inserted;
      });
      jobs.workSoon(EXPORT_QUEUE);
      return toExportJob(job);
    },

    async status(userId, exportId) {
      if (!UUID.test(exportId)) return undefined;
      const [row] = await db
        .select(jobColumns)
        .from(exportJobs)
        .where(and(eq(exportJobs.id, exportId), eq(exportJobs.userId, userId)));
      return row ? toExportJob(row) : undefined;
    },

    async file(userId, exportId) {
      if (!UUID.test(exportId)) return undefined;
      const [row] = await db
        .select({ file: fileAsHex, ...jobColumns })
        .from(exportJobs)
        .where(and(eq(exportJobs.id, exportId), eq(exportJobs.userId, userId)));
      if (!row) return undefined;
      if (row.status !== 'done' || !row.file) return 'not-ready';
      return { bytes: Buffer.from(row.file, 'hex'), fileName: row.fileName, format: row.format };
    },
  };
}
