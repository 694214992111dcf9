// Worker thread entry (dist/calculation-worker.js in the bundle): runs the calculation tasks CalculationThread posts, keeping story calculators between them, and posts back each output or the error.
import { parentPort } from 'node:worker_threads';
import {
  createTaskRunner,
  type CalculationTask,
  type CalculationTaskOutput,
} from './calculation-tasks';

export type CalculationJob = { id: number } & CalculationTask;

/** Errors cross the thread boundary by structured clone, which keeps their message and stack. */
export type CalculationJobResult =
  { id: number; ok: true; output: CalculationTaskOutput } | { id: number; ok: false; error: Error };

/**
 * Calculators of about 200,000 instances in all (about 200 MB): twenty 10,000-instance stories
 * edited at once stay incremental.
 */
const MAX_HELD_INSTANCES = 200_000;

if (!parentPort) {
  throw new Error('calculation-worker runs only as a worker thread (see CalculationThread)');
}
const port = parentPort;
const run = createTaskRunner(MAX_HELD_INSTANCES);

port.on('message', (job: CalculationJob) => {
  let result: CalculationJobResult;
  try {
    result = { id: job.id, ok: true, output: run(job) };
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    result = { id: job.id, ok: false, error: reason };
  }
  port.postMessage(result);
});
