// Worker thread entry (dist/calculation-worker.js in the bundle): calculates stories for CalculationThread, keeping their calculators between calls, and posts back each answer's JSON text or the error.
import { parentPort } from 'node:worker_threads';
import {
  IncrementalCalculations,
  type CalculationInput,
  type CalculationOutput,
} from './incremental-calculations';

export interface CalculationJob extends CalculationInput {
  id: number;
}

/** Errors cross the thread boundary by structured clone, which keeps their message and stack. */
export type CalculationJobResult =
  ({ id: number; ok: true } & CalculationOutput) | { id: number; ok: false; error: Error };

/**
 * Calculators of about 200,000 instances in all (about 200 MB): twenty 10,000-instance stories
 * edited at once stay incremental.
 */
const MAX_HELD_INSTANCES = 200_000;

if (!parentPort) {
  throw new Error('calculation-worker runs only as a worker thread (see CalculationThread)');
}
const port = parentPort;
const calculations = new IncrementalCalculations(MAX_HELD_INSTANCES);

port.on('message', (job: CalculationJob) => {
  let result: CalculationJobResult;
  try {
    result = { id: job.id, ok: true, ...calculations.calculate(job) };
  } catch (error) {
    result = {
      id: job.id,
      ok: false,
      error: error instanceof Error ? error : new Error(String(error)),
    };
  }
  port.postMessage(result);
});
