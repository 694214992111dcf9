// Runs story calculations on a worker thread of their own (one per process), so that a large story's calculation never holds up the requests of the main thread.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/worker-thread';
import type { CalculationInput, CalculationOutput } from './incremental-calculations';
import type { CalculationJob, CalculationJobResult } from './calculation-worker';

interface Pending {
  resolve: (output: CalculationOutput) => void;
  reject: (error: Error) => void;
}

/**
 * One worker, started on the first calculation and then kept (unreferenced while idle, so it never
 * keeps the process alive). Calculations run one after the other in the order asked; the worker
 * keeps each story's calculator, so they are sent to the same thread every time. A worker that
 * crashes fails the calculations it held and is replaced by the next one. close() on shutdown.
 */
export class CalculationThread {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  calculate(input: CalculationInput): Promise<CalculationOutput> {
    if (this.#closed) return Promise.reject(new Error('The calculation thread is closed'));
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise<CalculationOutput>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...input } satisfies CalculationJob);
    });
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
      if (result.ok) pending?.resolve({ text: result.text, calculated: result.calculated });
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
