// What the calculation thread does, as one runner used both on its worker and, for small stories, on the calling thread: a story's calculation answer, or the figures of some of its lineups.
import {
  priceLineups,
  type LineupFigures,
  type LineupsPricingInput,
} from '../lineups/lineup-pricing';
import {
  IncrementalCalculations,
  type CalculationInput,
  type CalculationOutput,
} from './incremental-calculations';

export type CalculationTask =
  { kind: 'story'; input: CalculationInput } | { kind: 'lineups'; input: LineupsPricingInput };

export type CalculationTaskOutput = CalculationOutput | LineupFigures[];

/** Runs tasks, keeping story calculators of up to `maxHeldInstances` instances between them. */
export function createTaskRunner(
  maxHeldInstances: number,
): (task: CalculationTask) => CalculationTaskOutput {
  const calculations = new IncrementalCalculations(maxHeldInstances);
  return (task) =>
    task.kind === 'story' ? calculations.calculate(task.input) : priceLineups(task.input);
}
