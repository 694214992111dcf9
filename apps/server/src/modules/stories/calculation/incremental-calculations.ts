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
  model: StoryModel;
  /** The instances as `loadCalcInstancesText` reads them (parsed here, off the main thread). */
  instancesText: string;
  withPrices: boolean;
}

/** The answer's JSON text, and how many instances were calculated to make it ('all' from scratch). */
export interface CalculationOutput {
  text: string;
  calculated: number | 'all';
}

interface Held {
  /** The model the calculator compiled, as text: a different one (a new item, price or group) starts over. */
  modelText: string;
  calculator: StoryCalculator;
  instances: Map<number, CalcInstance>;
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
 * Calculators of the most recently calculated stories, up to `maxInstances` instances in all (the
 * least recently calculated go first). A story whose model is unchanged is brought up to date by
 * comparing its instances with those it was calculated from; the totals are exact, so adjusting
 * them by subtraction and addition answers what a full calculation would.
 */
export class IncrementalCalculations {
  private readonly held: WeighedLru<number, Held>;

  constructor(maxInstances: number) {
    this.held = new WeighedLru(maxInstances, (held) => held.instances.size);
  }

  calculate(input: CalculationInput): CalculationOutput {
    const instances = parseCalcInstances(input.instancesText);
    const modelText = JSON.stringify(input.model);
    const held = this.held.get(input.storyId);
    // Out until it is up to date again: a calculation that throws halfway leaves nothing behind.
    this.held.delete(input.storyId);
    let calculated: number | 'all';
    let kept: Held;
    if (held?.modelText === modelText) {
      calculated = 0;
      const now = new Map<number, CalcInstance>();
      for (const instance of instances) {
        now.set(instance.id, instance);
        const before = held.instances.get(instance.id);
        if (before !== undefined && calculatesAlike(before, instance)) continue;
        held.calculation = held.calculator.update(instance);
        calculated += 1;
      }
      for (const id of held.instances.keys()) {
        if (!now.has(id)) held.calculation = held.calculator.remove(id);
      }
      kept = { ...held, instances: now };
    } else {
      const calculator = createStoryCalculator(input.model);
      const calculation = calculator.calculate(instances);
      calculated = 'all';
      kept = {
        modelText,
        calculator,
        instances: new Map(instances.map((instance) => [instance.id, instance])),
        calculation,
      };
    }
    this.held.set(input.storyId, kept);
    return { text: calculationAnswerText(kept.calculation, input.withPrices), calculated };
  }
}
