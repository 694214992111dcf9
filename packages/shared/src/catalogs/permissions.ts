// The catalog permission matrix of design.md §4 and the item workflow: one source for server and UI.
import type { CatalogMemberRole, ItemState } from '../enums';

export const CATALOG_ACTIONS = [
  'READ_CATALOG',
  'READ_ALL_ITEM_STATES',
  'READ_MEMBERS',
  'SUGGEST_ITEM',
  'EDIT_ITEM',
  'MOVE_PENDING_INSPECT',
  'MOVE_INSPECT_EQUATION',
  'EDIT_FORMULAS',
  'MOVE_EQUATION_COMPLETE',
  'DEPRECATE_ITEM',
  'MANAGE_STRUCTURE',
  'MANAGE_CATALOG',
] as const;
export type CatalogAction = (typeof CATALOG_ACTIONS)[number];

const READER: readonly CatalogAction[] = ['READ_CATALOG'];

/**
 * Which member role may take which action. REPORTER's EDIT_ITEM and MOVE_PENDING_INSPECT hold
 * only for their own PENDING items (see `canActOnItem`). PUBLIC_READABLE is the pseudo-member
 * a PUBLIC or PUBLIC_PAID catalog grants every signed-in user: reader rights, except the list of
 * members and clients (READ_MEMBERS), which shows people's e-mail addresses to members only
 * (decision 0016).
 */
export const CATALOG_PERMISSIONS: Readonly<Record<CatalogMemberRole, readonly CatalogAction[]>> = {
  PUBLIC_READABLE: READER,
  CTL_READER: ['READ_CATALOG', 'READ_MEMBERS'],
  CTL_REPORTER: [
    'READ_CATALOG',
    'READ_ALL_ITEM_STATES',
    'READ_MEMBERS',
    'SUGGEST_ITEM',
    'EDIT_ITEM',
    'MOVE_PENDING_INSPECT',
  ],
  CTL_INSPECTOR: [
    'READ_CATALOG',
    'READ_ALL_ITEM_STATES',
    'READ_MEMBERS',
    'SUGGEST_ITEM',
    'EDIT_ITEM',
    'MOVE_PENDING_INSPECT',
    'MOVE_INSPECT_EQUATION',
  ],
  CTL_MATHEMATICIAN: [
    'READ_CATALOG',
    'READ_ALL_ITEM_STATES',
    'READ_MEMBERS',
    'EDIT_FORMULAS',
    'MOVE_EQUATION_COMPLETE',
  ],
  CTL_ADMIN: CATALOG_ACTIONS,
};

/** Actions that a reporter may take only on an item they suggested that is still PENDING. */
const OWN_PENDING_ONLY: ReadonlySet<CatalogAction> = new Set(['EDIT_ITEM', 'MOVE_PENDING_INSPECT']);

export function roleAllows(role: CatalogMemberRole | null, action: CatalogAction): boolean {
  return role !== null && CATALOG_PERMISSIONS[role].includes(action);
}

export interface ItemContext {
  readonly state: ItemState;
  readonly createdByUserId: number | null;
  /** A deprecated (retired) item takes no further workflow step. */
  readonly deprecated?: boolean;
}

/** Whether a member with `role` (user `userId`) may take `action` on the given item. */
export function canActOnItem(
  role: CatalogMemberRole | null,
  action: CatalogAction,
  item: ItemContext,
  userId: number,
): boolean {
  if (!roleAllows(role, action)) return false;
  if (role === 'CTL_REPORTER' && OWN_PENDING_ONLY.has(action)) {
    return item.state === 'PENDING' && item.createdByUserId === userId;
  }
  return true;
}

export const ITEM_TRANSITION_ACTIONS = [
  'MOVE_TO_PENDING',
  'MOVE_TO_INSPECT',
  'MOVE_TO_EQUATION',
  'MOVE_TO_COMPLETE',
  'DEPRECATE',
] as const;
export type ItemTransitionAction = (typeof ITEM_TRANSITION_ACTIONS)[number];

interface Transition {
  readonly from: ItemState;
  readonly to: ItemState;
  readonly permission: CatalogAction;
}

/** The allowed one-step moves: PENDING <-> TO_INSPECT <-> TO_EQUATION <-> COMPLETE. */
const TRANSITIONS: Readonly<
  Record<Exclude<ItemTransitionAction, 'DEPRECATE'>, readonly Transition[]>
> = {
  MOVE_TO_PENDING: [{ from: 'TO_INSPECT', to: 'PENDING', permission: 'MOVE_PENDING_INSPECT' }],
  MOVE_TO_INSPECT: [
    { from: 'PENDING', to: 'TO_INSPECT', permission: 'MOVE_PENDING_INSPECT' },
    { from: 'TO_EQUATION', to: 'TO_INSPECT', permission: 'MOVE_INSPECT_EQUATION' },
  ],
  MOVE_TO_EQUATION: [
    { from: 'TO_INSPECT', to: 'TO_EQUATION', permission: 'MOVE_INSPECT_EQUATION' },
    { from: 'COMPLETE', to: 'TO_EQUATION', permission: 'MOVE_EQUATION_COMPLETE' },
  ],
  MOVE_TO_COMPLETE: [{ from: 'TO_EQUATION', to: 'COMPLETE', permission: 'MOVE_EQUATION_COMPLETE' }],
};

export type TransitionCheck =
  | { readonly ok: true; readonly to: ItemState | 'DEPRECATED' }
  | { readonly ok: false; readonly reason: 'NOT_ALLOWED_FROM_STATE' | 'FORBIDDEN' };

/** Whether `action` may be taken on `item` by this member: first the state, then the role. */
export function checkItemTransition(
  role: CatalogMemberRole | null,
  action: ItemTransitionAction,
  item: ItemContext,
  userId: number,
): TransitionCheck {
  if (item.deprecated === true) return { ok: false, reason: 'NOT_ALLOWED_FROM_STATE' };
  if (action === 'DEPRECATE') {
    return canActOnItem(role, 'DEPRECATE_ITEM', item, userId)
      ? { ok: true, to: 'DEPRECATED' }
      : { ok: false, reason: 'FORBIDDEN' };
  }
  const transition = TRANSITIONS[action].find((candidate) => candidate.from === item.state);
  if (!transition) return { ok: false, reason: 'NOT_ALLOWED_FROM_STATE' };
  return canActOnItem(role, transition.permission, item, userId)
    ? { ok: true, to: transition.to }
    : { ok: false, reason: 'FORBIDDEN' };
}

/** The workflow actions this member may take on the item now (what the UI offers). */
export function availableItemActions(
  role: CatalogMemberRole | null,
  item: ItemContext,
  userId: number,
): ItemTransitionAction[] {
  return ITEM_TRANSITION_ACTIONS.filter(
    (action) => checkItemTransition(role, action, item, userId).ok,
  );
}
