// GET /stories/{storyId}/calculation: the whole story calculated with @costory/calc from its published items, roles and groups.
import { createStoryCalculator, type StoryCalculation } from '@costory/calc';
import type { StoryCalculationDto } from '@costory/shared';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import { calculationWithoutPrices, readsMargins } from '../common/margins';
import type { Actor, StoryDeps } from '../common/deps';
import { loadCalcInstances, loadStoryModel } from './model';

/**
 * The calculation as the API answers it. The engine's totals already have the answer's shape, so
 * they are passed on as they are (no copy per instance); only the error entries are rebuilt.
 */
export function toCalculationDto(calculation: StoryCalculation): StoryCalculationDto {
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

/**
 * The story's totals by role, phase, group, label and instance, and its errors (any member; a
 * customer reads amounts and time only).
 * Six queries whatever the size: the access check, roles, groups, published items, instances
 * and their label links.
 */
export async function calculateStory(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryCalculationDto> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const [model, instances] = await Promise.all([
    loadStoryModel(deps.db, access.story),
    loadCalcInstances(deps.db, storyId),
  ]);
  const calculation = toCalculationDto(createStoryCalculator(model).calculate(instances));
  return readsMargins(access) ? calculation : calculationWithoutPrices(calculation);
}
