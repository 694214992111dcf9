// The item workflow: one step at a time by the shared checkItemTransition; COMPLETE counts the version up and publishes it; DEPRECATE retires the item.
import { checkItemTransition, type Item, type ItemTransitionAction } from '@costory/shared';
import { ConflictError, ForbiddenError } from '../../../errors';
import { loadCatalogAccess } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import {
  ITEM_DEPRECATED,
  notAllowedFromState,
  REPORTER_OWN_PENDING_ONLY,
  STALE_WRITE,
  transitionForbidden,
} from '../common/messages';
import { requireValidStoredFormulas } from '../formulas/formulas.service';
import {
  queueRecalculationOfItem,
  RECALCULATION_QUEUE,
} from '../../stories/calculation/recalculate';
import { publishItemVersion } from './item-versions.repository';
import { itemView, loadVisibleItem } from './items.service';
import { updateItemIfRevision } from './items.repository';

/**
 * Takes one workflow step. A step the state does not allow is 409, one the role does not allow
 * 403, a stale revision 409; in each case nothing changes.
 */
export async function transitionItem(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  request: { action: ItemTransitionAction; revision: number },
): Promise<Item> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const before = await loadVisibleItem(deps, access, itemId);
  const context = {
    state: before.state,
    createdByUserId: before.createdByUserId,
    deprecated: before.deprecatedAt !== null,
  };
  const check = checkItemTransition(access.role, request.action, context, user.id);
  if (!check.ok) {
    if (check.reason === 'NOT_ALLOWED_FROM_STATE') {
      throw new ConflictError({
        detail: context.deprecated
          ? ITEM_DEPRECATED
          : notAllowedFromState(before.state, request.action),
      });
    }
    // Allowed had the caller suggested the item: the reporter's "own PENDING items only" rule.
    const ownItem = { ...context, createdByUserId: user.id };
    const ownershipOnly = checkItemTransition(access.role, request.action, ownItem, user.id).ok;
    throw new ForbiddenError({
      detail: ownershipOnly
        ? REPORTER_OWN_PENDING_ONLY
        : transitionForbidden(access.role, request.action),
    });
  }
  if (before.revision !== request.revision) throw new ConflictError({ detail: STALE_WRITE.item });
  // An item is not COMPLETE with a formula that no longer passes its checks (decision 0021).
  if (check.to === 'COMPLETE') await requireValidStoredFormulas(deps.db, access.catalog, itemId);

  const deprecate = check.to === 'DEPRECATED';
  const state = deprecate ? undefined : check.to;
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateItemIfRevision(tx, itemId, request.revision, {
      ...(state === undefined ? {} : { state }),
      nextVersion: state === 'COMPLETE',
      deprecate,
    });
    if (!updated) throw new ConflictError({ detail: STALE_WRITE.item });
    // What stories calculate with from now on (decision 0022).
    if (updated.state === 'COMPLETE' && updated.version !== before.version) {
      await publishItemVersion(tx, itemId, updated.version);
      // Stories with instances of the item calculate with it now: their cached figures follow.
      await queueRecalculationOfItem(tx, deps.jobs, itemId);
    }
    await recordEvent(tx, {
      catalogId,
      itemId,
      userId: user.id,
      type: deprecate ? 'ITEM_DEPRECATED' : 'ITEM_STATE_CHANGED',
      changes: deprecate
        ? [{ field: 'deprecated', old: false, new: true }]
        : [
            { field: 'state', old: before.state, new: updated.state },
            ...(updated.version === before.version
              ? []
              : [{ field: 'version' as const, old: before.version, new: updated.version }]),
          ],
    });
    return updated;
  });
  deps.jobs.workSoon(RECALCULATION_QUEUE);
  return itemView(deps, access, row);
}
