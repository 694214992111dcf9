// GET /stories/{storyId}/calculation: the whole story calculated with @costory/calc from its published items, roles and groups (a large story on the calculation thread).
import { loadStoryAccess, requireStoryAction } from '../common/access';
import { readsMargins } from '../common/margins';
import type { Actor, StoryDeps } from '../common/deps';
import { calculationEtag, etagMatches, type CalculationStore } from './calculation-store';
import { loadCalcInstancesText, loadStoryModel } from './model';

/** The calculation's answer: 304 when the caller holds the current one, else its JSON. */
export type CalculationAnswer =
  { etag: string; notModified: true } | { etag: string; notModified: false; body: Buffer };

/**
 * The story's totals by role, phase, group, label and instance, and its errors (any member; a
 * customer reads amounts and time only). One query (the access check, which also reads the
 * story's and the catalog's calculation versions) when the caller or `store` holds the answer for
 * those versions; else four more (roles, groups, published items, instances with their label
 * links), the calculation (a large story's on the calculation thread; either recalculates only
 * the instances that changed since it last calculated the story), and the answer is stored.
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
      loadCalcInstancesText(deps.db, storyId),
    ]);
    const { text } = await deps.calculations.calculate(
      { storyId, model, instancesText: instances.text, withPrices: key.withPrices },
      instances.count,
    );
    return Buffer.from(text);
  });
  return { etag, notModified: false, body };
}
