// Keeps each story's calculator between calculations, so that a story changed since its last calculation recalculates only the instances that changed (the engine's `update` and `remove`), not the whole story.
import {
  createStoryCalculator,
  type CalcInstance,
  type StoryCalculation,
  type StoryCalculator,
  type StoryModel,
} from '@costory/calc';
import { WeighedLru } from '../../../lib/weighed-lru';
import { calculationAnswerText } from './calculation-answer';
import { parseCalcInstances } from './calc-instances-text';

/** What a calculation is made from: the story's model and its instances as the database answers them. */
export interface CalculationInput {
  storyId: number;
  /**
   * A frozen version of the story (decision 0042): its calculator is kept apart from the live
   * story's, which keeps changing.
   */
  versionId?: number;
  /**
   * The live story as every waiting item upgrade would make it (decision 0043): kept apart too, so
   * that a comparison does not throw away the live story's calculator.
   */
  upgraded?: boolean;
  model: StoryModel;
  /** The instances as `loadCalcInstancesText` reads them (parsed here, off the main thread). */
  instancesText: string;
  withPrices: boolean;
}

/** The answer's JSON text, and how many instances were calculated to make it ('all': every one; tests and benches read it). */
export interface CalculationOutput {
  text: string;
  calculated: number | 'all';
}

interface Held {
  /** The model the calculator compiled, as text: a different one (a new item, price or group) starts over. */
  modelText: string;
  calculator: StoryCalculator;
  instances: Map<number, CalcInstance>;
  /** The largest instance id kept: instances are kept in id order, as a full calculation lists them. */
  largestId: number;
  calculation: StoryCalculation;
}

/** Whether the engine would calculate the two alike (names and cached figures do not count). */
function calculatesAlike(a: CalcInstance, b: CalcInstance): boolean {
  if (a.itemId !== b.itemId || a.level !== b.level || a.optional !== b.optional) return false;
  if (a.labelIds.length !== b.labelIds.length) return false;
  if (a.labelIds.some((id, index) => b.labelIds[index] !== id)) return false;
  const keys = Object.keys(a.values);
  if (keys.length !== Object.keys(b.values).length) return false;
  return keys.every((key) => Object.hasOwn(b.values, key) && a.values[key] === b.values[key]);
}

/**
 * Past this many changed instances (and past an eighth of the story) one calculation of every
 * instance with the calculator already compiled is cheaper: each `update` or `remove` copies the
 * story's instance order and builds a whole snapshot, so k changes one by one cost k times the
 * story (a label taken off every instance would cost the square of it).
 */
const MIN_CHANGES_FOR_A_FULL_PASS = 64;

/** What changed since the calculator was last brought up to date: instances to update, ids to remove. */
interface Changes {
  updated: CalcInstance[];
  removed: number[];
  /** A new instance whose id is below a kept one: an update would append it out of id order. */
  outOfOrder: boolean;
}

function changesSince(held: Held, instances: readonly CalcInstance[]): Changes {
  const changes: Changes = { updated: [], removed: [], outOfOrder: false };
  const present = new Set<number>();
  for (const instance of instances) {
    present.add(instance.id);
    const before = held.instances.get(instance.id);
    if (before === undefined && instance.id < held.largestId) changes.outOfOrder = true;
    if (before === undefined || !calculatesAlike(before, instance)) changes.updated.push(instance);
  }
  for (const id of held.instances.keys()) if (!present.has(id)) changes.removed.push(id);
  return changes;
}

/**
 * Calculators of the most recently calculated stories, up to `maxInstances` instances in all (the
 * least recently calculated go first). A story whose model is unchanged is brought up to date by
 * comparing its instances with those it was calculated from and recalculating the changed ones;
 * the totals are exact, so adjusting them by subtraction and addition answers what a full
 * calculation would. Many changes at once, or an instance that would land out of id order, are
 * calculated in one pass with the compiled calculator.
 */
export class IncrementalCalculations {
  private readonly held: WeighedLru<string, Held>;

  constructor(maxInstances: number) {
    // An empty story's calculator weighs something too, so that empty ones cannot pile up.
    this.held = new WeighedLru(maxInstances, (held) => held.instances.size + 1);
  }

  /** The answer, and how many instances were calculated to make it ('all': every one). */
  calculate(input: CalculationInput): CalculationOutput {
    const instances = parseCalcInstances(input.instancesText);
    const modelText = JSON.stringify(input.model);
    const key =
      input.versionId !== undefined
        ? `version:${input.versionId}`
        : `${input.upgraded === true ? 'upgraded' : 'story'}:${input.storyId}`;
    const held = this.held.get(key);
    // Out until it is up to date again: a calculation that throws halfway leaves nothing behind.
    this.held.delete(key);
    const calculator =
      held?.modelText === modelText ? held.calculator : createStoryCalculator(input.model);
    let calculation: StoryCalculation | undefined;
    let calculated: number | 'all' = 'all';
    if (held !== undefined && calculator === held.calculator) {
      const changes = changesSince(held, instances);
      const count = changes.updated.length + changes.removed.length;
      if (
        !changes.outOfOrder &&
        count <= Math.max(MIN_CHANGES_FOR_A_FULL_PASS, instances.length / 8)
      ) {
        calculation = held.calculation;
        for (const instance of changes.updated) calculation = calculator.update(instance);
        for (const id of changes.removed) calculation = calculator.remove(id);
        calculated = changes.updated.length;
      }
    }
    calculation ??= calculator.calculate(instances);
    this.held.set(key, {
      modelText,
      calculator,
      instances: new Map(instances.map((instance) => [instance.id, instance])),
      largestId: instances.reduce((largest, instance) => Math.max(largest, instance.id), 0),
      calculation,
    });
    return { text: calculationAnswerText(calculation, input.withPrices), calculated };
  }
}
