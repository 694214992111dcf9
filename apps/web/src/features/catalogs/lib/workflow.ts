// Which workflow buttons an item shows: the server's `availableActions`, cross-checked with the shared rules.
import {
  availableItemActions,
  type CatalogMemberRole,
  type Item,
  type ItemTransitionAction,
} from '@costory/shared';

/**
 * The actions the server offers that the shared matrix also allows from the item's state. The
 * server is the authority; the check only drops an action that a stale answer would offer. When
 * the user id is unknown (no numeric subject in the token) the server's word on ownership stands.
 */
export function offeredItemActions(
  item: Pick<Item, 'state' | 'createdByUserId' | 'availableActions'>,
  role: CatalogMemberRole,
  userId: number | null,
): ItemTransitionAction[] {
  const actor = userId ?? item.createdByUserId ?? 0;
  const allowed = new Set(availableItemActions(role, item, actor));
  return item.availableActions.filter((action) => allowed.has(action));
}
