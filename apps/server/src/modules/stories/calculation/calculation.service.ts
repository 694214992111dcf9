// GET /stories/{storyId}/calculation: the whole story calculated with @costory/calc from its published items, roles and groups.
import { createStoryCalculator, type StoryCalculation } from '@costory/calc';
import type { StoryCalculationDto } from '@costory/shared';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import { calculationWithoutPrices, readsMargins } from '../common/margins';
import type { Actor, StoryDeps } from '../common/deps';
import { calculationEtag, etagMatches, type CalculationStore } from './calculation-store';
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

/** The calculation's answer: 304 when the caller holds the current one, else its JSON. */
export type CalculationAnswer =
  { etag: string; notModified: true } | { etag: string; notModified: false; body: Buffer };

/**
 * The story's totals by role, phase, group, label and instance, and its errors (any member; a
 * customer reads amounts and time only). One query (the access check, which also reads the
 * story's and the catalog's calculation versions) when the caller or `store` holds the answer for
 * those versions; else five more (roles, groups, published items, instances and their label
 * links), the calculation, and the answer is stored.
 */
export async function storyCalculationAnswer(
  deps: StoryDeps,
  store: CalculationStore,
  user: Actor,
  storyId: number,
  ifNoneMatch: string | undefined,
): Promise<CalculationAnswer> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const key = {
    story: access.story,
    catalogCalcVersion: access.catalogCalcVersion,
    withPrices: readsMargins(access),
  };
  const etag = calculationEtag(key);
  if (etagMatches(ifNoneMatch, etag)) return { etag, notModified: true };
  const body = await store.getOrCalculate(key, async () => {
    // The versions were read before the data: what is stored is at least as new as its key.
    const [model, instances] = await Promise.all([
      loadStoryModel(deps.db, access.story),
      loadCalcInstances(deps.db, storyId),
    ]);
    const calculation = toCalculationDto(createStoryCalculator(model).calculate(instances));
    const answer = key.withPrices ? calculation : calculationWithoutPrices(calculation);
    return Buffer.from(JSON.stringify(answer));
  });
  return { etag, notModified: false, body };
}
