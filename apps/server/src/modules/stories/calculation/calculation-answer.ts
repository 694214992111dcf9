// The calculation as the API answers it (JSON text, with prices or as a customer reads it), from the engine's snapshot, wherever the story was calculated.
import type { StoryCalculation } from '@costory/calc';
import type { StoryCalculationDto } from '@costory/shared';
import { calculationWithoutPrices } from '../common/margins';

/**
 * The engine's totals already have the answer's shape, so they are passed on as they are (no copy
 * per instance); only the error entries are rebuilt.
 */
function toCalculationDto(calculation: StoryCalculation): StoryCalculationDto {
  return {
    total: calculation.total,
    optional: calculation.optional,
    byRole: [...calculation.byRole],
    byPhase: [...calculation.byPhase],
    byGroup: [...calculation.byGroup],
    byLabel: [...calculation.byLabel],
    byInstance: [...calculation.byInstance],
    errors: calculation.errors.map((entry) => ({
      instanceId: entry.instanceId,
      itemId: entry.itemId,
      roleId: entry.roleId,
      level: entry.level,
      inputs: { ...entry.inputs },
      unitPrice: entry.unitPrice,
      expression: entry.expression,
      error: {
        code: entry.error.code,
        ...(entry.error.attribute === undefined ? {} : { attribute: entry.error.attribute }),
      },
    })),
  };
}

/** The answer's JSON text: with prices, or amounts and time only (a customer's). */
export function calculationAnswerText(calculation: StoryCalculation, withPrices: boolean): string {
  const answer = toCalculationDto(calculation);
  return JSON.stringify(withPrices ? answer : calculationWithoutPrices(answer));
}
