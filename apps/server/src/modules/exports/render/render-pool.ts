// Makes exports (the report built from its data, then rendered as PDF or .xlsx, or serialized) in worker threads, a bounded number at a time, so that neither a story's calculation nor a long layout blocks the requests of the main thread.
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { Report, ReportFormat } from '@costory/shared';
import { startWorker } from '../../../lib/worker-thread';
import type {
  ExportOutcome,
  ExportTask,
  RenderJob,
  RenderJobResult,
  RenderWorkerMessage,
} from './render-worker';

export type { ExportOutcome, ExportTask } from './render-worker';

export interface ExportRendererOptions {
  /** How many files render at once, each in its own worker thread; more wait in a queue (default 1). */
  concurrency?: number;
  /** A render that takes longer is abandoned: its worker is terminated and the call rejects (default 2 minutes). */
  timeoutMs?: number;
  /** Renders that may wait for a worker; one more is refused at once (default 8). */
  maxQueued?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_QUEUED = 8;

/**
 * Too many renders are waiting: refusing at once keeps one user's pile of exports from holding
 * everyone's for minutes and from filling memory with waiting reports.
 */
export class RenderQueueFullError extends Error {
  constructor(maxQueued: number) {
    super(`${String(maxQueued)} exports are already waiting for a worker`);
    this.name = 'RenderQueueFullError';
  }
}

/** Hears a render's progress in whole percent (0–99; the result is 100). */
export type RenderProgressListener = (percent: number) => void;

interface QueuedJob {
  task: ExportTask;
  onProgress: RenderProgressListener | undefined;
  resolve: (outcome: ExportOutcome) => void;
  reject: (error: Error) => void;
}

interface RunningJob extends QueuedJob {
  id: number;
  timer: NodeJS.Timeout;
}

/** One finished render: its format, seconds from the request (waiting included) and file size. */
export interface RenderedExport {
  format: ReportFormat;
  seconds: number;
  bytes: number;
}

/**
 * A pool of export workers. Workers start on the first render and then stay (unreferenced while
 * idle, so they never keep the process alive); a worker that crashes or times out is replaced by
 * the next render. Create one per process and close() it on shutdown.
 */
export class ExportRenderer {
  readonly #concurrency: number;
  readonly #timeoutMs: number;
  readonly #maxQueued: number;
  readonly #queue: QueuedJob[] = [];
  readonly #workers = new Set<Worker>();
  readonly #idle: Worker[] = [];
  readonly #running = new Map<Worker, RunningJob>();
  readonly #listeners: ((rendered: RenderedExport) => void)[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: ExportRendererOptions = {}) {
    const {
      concurrency = 1,
      timeoutMs = DEFAULT_TIMEOUT_MS,
      maxQueued = DEFAULT_MAX_QUEUED,
    } = options;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`Export concurrency must be a positive integer, got ${concurrency}`);
    }
    this.#concurrency = concurrency;
    this.#timeoutMs = timeoutMs;
    this.#maxQueued = maxQueued;
  }

  /**
   * The export the task asks for, made in a worker (see ExportOutcome). Rejects when the report
   * cannot be built or rendered (the worker's error, with its stack), when it times out, when the
   * renderer is closed first, or at once with RenderQueueFullError when `maxQueued` exports are
   * already waiting.
   */
  export(task: ExportTask, onProgress?: RenderProgressListener): Promise<ExportOutcome> {
    if (this.#closed) return Promise.reject(new Error('The export renderer is closed'));
    if (this.#queue.length >= this.#maxQueued) {
      return Promise.reject(new RenderQueueFullError(this.#maxQueued));
    }
    const started = performance.now();
    return new Promise<ExportOutcome>((resolve, reject) => {
      this.#queue.push({ task, onProgress, resolve, reject });
      this.#dispatch();
    }).then((outcome) => {
      if (outcome.kind === 'file') {
        const rendered = {
          format: outcome.format,
          seconds: (performance.now() - started) / 1000,
          bytes: outcome.bytes.length,
        };
        for (const listener of this.#listeners) listener(rendered);
      }
      return outcome;
    });
  }

  /**
   * The report as a file in the format: a report built already, or one serialized as JSON (as an
   * export job stores it). Rejects as export() does, and for a PDF of more rows than it can hold.
   */
  async render(
    report: Report | string,
    format: ReportFormat,
    onProgress?: RenderProgressListener,
  ): Promise<Buffer> {
    const source =
      typeof report === 'string'
        ? { kind: 'stored' as const, json: report }
        : { kind: 'ready' as const, report };
    const outcome = await this.export({ source, format, jobRows: null }, onProgress);
    if (outcome.kind === 'file') return outcome.bytes;
    throw new Error(
      outcome.kind === 'too-large-for-pdf'
        ? `A report of ${String(outcome.rows)} rows is more than a PDF can hold`
        : `A ${format} export answered ${outcome.kind} instead of a file`,
    );
  }

  /** Called after every successful render (with its wait), for metrics. */
  onRendered(listener: (rendered: RenderedExport) => void): void {
    this.#listeners.push(listener);
  }

  /** The report as a PDF (A4, Roboto). */
  renderPdf(report: Report): Promise<Buffer> {
    return this.render(report, 'pdf');
  }

  /** The report as an .xlsx workbook. */
  renderXlsx(report: Report): Promise<Buffer> {
    return this.render(report, 'xlsx');
  }

  /** Terminates the workers; renders still queued or running reject. */
  async close(): Promise<void> {
    this.#closed = true;
    const closedError = new Error('The export renderer was closed before the render finished');
    for (const job of this.#queue.splice(0)) job.reject(closedError);
    const workers = [...this.#workers];
    for (const worker of workers) this.#retire(worker, closedError);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let worker = this.#idle.pop();
      if (!worker) {
        if (this.#workers.size >= this.#concurrency) return;
        worker = this.#spawn();
      }
      this.#start(worker, this.#queue.shift() as QueuedJob);
    }
  }

  #spawn(): Worker {
    const worker = startWorker(new URL('./render-worker.ts', import.meta.url), 'render-worker');
    this.#workers.add(worker);
    worker.on('message', (message: RenderWorkerMessage) => {
      if ('percent' in message) this.#progress(worker, message.id, message.percent);
      else this.#finish(worker, message);
    });
    // An uncaught error ends the worker ('exit' follows); the first of the two settles the job.
    worker.on('error', (error) => this.#retire(worker, error));
    // A result that cannot be read back would otherwise wait for the timeout.
    worker.on('messageerror', (error) => this.#retire(worker, error));
    worker.on('exit', (code) => {
      this.#retire(worker, new Error(`The export worker stopped unexpectedly (exit code ${code})`));
    });
    return worker;
  }

  #start(worker: Worker, job: QueuedJob): void {
    const id = this.#nextId++;
    const timer = setTimeout(() => {
      this.#retire(
        worker,
        new Error(`Rendering the ${job.task.format} took longer than ${this.#timeoutMs} ms`),
      );
      void worker.terminate();
    }, this.#timeoutMs);
    this.#running.set(worker, { ...job, id, timer });
    worker.ref();
    try {
      worker.postMessage({ id, ...job.task } satisfies RenderJob);
    } catch (error) {
      // The task could not be cloned (it holds functions, say): the worker never saw it.
      this.#settle(worker);
      job.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Ends the worker's job and puts the worker back on the idle list. */
  #settle(worker: Worker): void {
    const job = this.#running.get(worker);
    if (job) clearTimeout(job.timer);
    this.#running.delete(worker);
    worker.unref();
    this.#idle.push(worker);
  }

  #progress(worker: Worker, id: number, percent: number): void {
    const job = this.#running.get(worker);
    if (job?.id === id) job.onProgress?.(percent);
  }

  #finish(worker: Worker, result: RenderJobResult): void {
    const job = this.#running.get(worker);
    // A result from before a timeout or a close has nobody left to receive it.
    if (!job || job.id !== result.id) return;
    this.#settle(worker);
    if (!result.ok) {
      job.reject(result.error);
    } else if (result.outcome.kind === 'file') {
      const { bytes } = result.outcome;
      job.resolve({
        ...result.outcome,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      });
    } else {
      job.resolve(result.outcome);
    }
    this.#dispatch();
  }

  /** Forgets a worker that ended or must end; its running job rejects with the reason. */
  #retire(worker: Worker, reason: Error): void {
    if (!this.#workers.delete(worker)) return;
    const idleAt = this.#idle.indexOf(worker);
    if (idleAt >= 0) this.#idle.splice(idleAt, 1);
    const job = this.#running.get(worker);
    if (job) {
      clearTimeout(job.timer);
      this.#running.delete(worker);
      job.reject(reason);
    }
    if (!this.#closed) this.#dispatch();
  }
}
