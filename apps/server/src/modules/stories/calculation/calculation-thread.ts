// Runs story calculations and lineup pricing of large stories on a worker thread of their own (one per process), so that they never hold up the requests of the main thread; small ones run at once on the caller's thread.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/worker-thread';
import type { LineupFigures, LineupsPricingInput } from '../lineups/lineup-pricing';
import type { CalculationInput, CalculationOutput } from './incremental-calculations';
import {
  createTaskRunner,
  type CalculationTask,
  type CalculationTaskOutput,
} from './calculation-tasks';
import type { CalculationJob, CalculationJobResult } from './calculation-worker';

interface Pending {
  resolve: (output: CalculationTaskOutput) => void;
  reject: (error: Error) => void;
}

/** Calculators kept on the calling thread: small stories only, so few instances in all. */
const MAX_HELD_HERE = 20_000;

export interface CalculationThreadOptions {
  /**
   * Stories of at least this many instances are calculated on the worker (0: all of them); smaller
   * ones on the calling thread, where a worker round trip would cost more than they do.
   */
  threadFromInstances: number;
}

/**
 * One worker, started on the first large calculation and then kept (unreferenced while idle, so it
 * never keeps the process alive). Its calculations run one after the other in the order asked; it
 * keeps each story's calculator, so a story is sent to the same thread every time. A worker that
 * crashes fails the calculations it held and is replaced by the next one. close() on shutdown.
 */
export class CalculationThread {
  readonly #threadFrom: number;
  readonly #runHere = createTaskRunner(MAX_HELD_HERE);
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  constructor(options: CalculationThreadOptions) {
    this.#threadFrom = options.threadFromInstances;
  }

  /** The story's calculation answer (recalculating only what changed since its last one). */
  async calculate(input: CalculationInput, instanceCount: number): Promise<CalculationOutput> {
    // A story task's output is a story's output.
    return (await this.#run({ kind: 'story', input }, instanceCount)) as CalculationOutput;
  }

  /** Each lineup's figures, in the order given. */
  async priceLineups(input: LineupsPricingInput, instanceCount: number): Promise<LineupFigures[]> {
    // A lineups task's output is one figure set per lineup.
    return (await this.#run({ kind: 'lineups', input }, instanceCount)) as LineupFigures[];
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#fail(
      worker,
      new Error('The calculation thread was closed before the calculation finished'),
    );
    await worker?.terminate();
  }

  async #run(task: CalculationTask, instanceCount: number): Promise<CalculationTaskOutput> {
    if (this.#closed) throw new Error('The calculation thread is closed');
    if (instanceCount < this.#threadFrom) return this.#runHere(task);
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise<CalculationTaskOutput>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage({ id, ...task } satisfies CalculationJob);
      } catch (error) {
        // The task could not be cloned: the worker never saw it.
        this.#pending.delete(id);
        if (this.#pending.size === 0) worker.unref();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  #start(): Worker {
    const worker = startWorker(
      new URL('./calculation-worker.ts', import.meta.url),
      'calculation-worker',
    );
    this.#worker = worker;
    worker.on('message', (result: CalculationJobResult) => {
      const pending = this.#pending.get(result.id);
      this.#pending.delete(result.id);
      if (this.#pending.size === 0) worker.unref();
      if (result.ok) pending?.resolve(result.output);
      else pending?.reject(result.error);
    });
    // An uncaught error ends the worker ('exit' follows); the first of the two fails what it held.
    worker.on('error', (error) => this.#fail(worker, error));
    worker.on('messageerror', (error) => this.#fail(worker, error));
    worker.on('exit', (code) => {
      this.#fail(
        worker,
        new Error(`The calculation worker stopped unexpectedly (exit code ${code})`),
      );
    });
    return worker;
  }

  /** Forgets the worker (the next calculation starts another) and fails every calculation it held. */
  #fail(worker: Worker | undefined, reason: Error): void {
    if (worker === undefined || this.#worker !== worker) return;
    this.#worker = undefined;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
    if (!this.#closed) void worker.terminate();
  }
}
