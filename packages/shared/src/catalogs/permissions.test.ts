// The catalog permission matrix and the item workflow, walked role by role (design.md §4).
import { describe, expect, it } from 'vitest';
import { CATALOG_MEMBER_ROLES, type CatalogMemberRole, type ItemState } from '../enums';
import {
  availableItemActions,
  checkItemTransition,
  roleAllows,
  type CatalogAction,
  type ItemTransitionAction,
} from './permissions';

const GRANTS: Record<CatalogAction, readonly CatalogMemberRole[]> = {
  READ_CATALOG: CATALOG_MEMBER_ROLES,
  READ_ALL_ITEM_STATES: ['CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_MATHEMATICIAN', 'CTL_ADMIN'],
  READ_MEMBERS: ['CTL_READER', 'CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_MATHEMATICIAN', 'CTL_ADMIN'],
  SUGGEST_ITEM: ['CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_ADMIN'],
  EDIT_ITEM: ['CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_ADMIN'],
  MOVE_PENDING_INSPECT: ['CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_ADMIN'],
  MOVE_INSPECT_EQUATION: ['CTL_INSPECTOR', 'CTL_ADMIN'],
  EDIT_FORMULAS: ['CTL_MATHEMATICIAN', 'CTL_ADMIN'],
  MOVE_EQUATION_COMPLETE: ['CTL_MATHEMATICIAN', 'CTL_ADMIN'],
  DEPRECATE_ITEM: ['CTL_ADMIN'],
  MANAGE_STRUCTURE: ['CTL_ADMIN'],
  MANAGE_CATALOG: ['CTL_ADMIN'],
};

describe('roleAllows', () => {
  for (const [action, granted] of Object.entries(GRANTS) as [
    CatalogAction,
    CatalogMemberRole[],
  ][]) {
    for (const role of CATALOG_MEMBER_ROLES) {
      const expected = granted.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(roleAllows(role, action)).toBe(expected);
      });
    }
  }

  it('denies everything to a non-member', () => {
    expect(roleAllows(null, 'READ_CATALOG')).toBe(false);
  });
});

const ME = 7;
const OTHER = 8;
const item = (state: ItemState, createdByUserId = ME) => ({ state, createdByUserId });

describe('checkItemTransition', () => {
  it.each<[ItemTransitionAction, ItemState, ItemState]>([
    ['MOVE_TO_INSPECT', 'PENDING', 'TO_INSPECT'],
    ['MOVE_TO_PENDING', 'TO_INSPECT', 'PENDING'],
    ['MOVE_TO_EQUATION', 'TO_INSPECT', 'TO_EQUATION'],
    ['MOVE_TO_INSPECT', 'TO_EQUATION', 'TO_INSPECT'],
    ['MOVE_TO_COMPLETE', 'TO_EQUATION', 'COMPLETE'],
    ['MOVE_TO_EQUATION', 'COMPLETE', 'TO_EQUATION'],
  ])('an admin may %s from %s to %s', (action, from, to) => {
    expect(checkItemTransition('CTL_ADMIN', action, item(from), ME)).toEqual({ ok: true, to });
  });

  it.each<[ItemTransitionAction, ItemState]>([
    ['MOVE_TO_COMPLETE', 'PENDING'],
    ['MOVE_TO_COMPLETE', 'TO_INSPECT'],
    ['MOVE_TO_EQUATION', 'PENDING'],
    ['MOVE_TO_PENDING', 'COMPLETE'],
    ['MOVE_TO_INSPECT', 'COMPLETE'],
  ])('skipping a step (%s from %s) is refused even for an admin', (action, from) => {
    expect(checkItemTransition('CTL_ADMIN', action, item(from), ME)).toEqual({
      ok: false,
      reason: 'NOT_ALLOWED_FROM_STATE',
    });
  });

  it('a reporter moves only their own PENDING item to inspection', () => {
    expect(checkItemTransition('CTL_REPORTER', 'MOVE_TO_INSPECT', item('PENDING'), ME).ok).toBe(
      true,
    );
    expect(
      checkItemTransition('CTL_REPORTER', 'MOVE_TO_INSPECT', item('PENDING', OTHER), ME),
    ).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(checkItemTransition('CTL_REPORTER', 'MOVE_TO_PENDING', item('TO_INSPECT'), ME)).toEqual({
      ok: false,
      reason: 'FORBIDDEN',
    });
  });

  it('an inspector cannot complete and a mathematician cannot inspect', () => {
    expect(
      checkItemTransition('CTL_INSPECTOR', 'MOVE_TO_COMPLETE', item('TO_EQUATION'), ME),
    ).toEqual({ ok: false, reason: 'FORBIDDEN' });
    expect(
      checkItemTransition('CTL_MATHEMATICIAN', 'MOVE_TO_EQUATION', item('TO_INSPECT'), ME),
    ).toEqual({ ok: false, reason: 'FORBIDDEN' });
  });

  it('a deprecated item takes no step at all, not even for an admin', () => {
    for (const action of ['MOVE_TO_INSPECT', 'MOVE_TO_EQUATION', 'DEPRECATE'] as const) {
      expect(
        checkItemTransition('CTL_ADMIN', action, { ...item('TO_INSPECT'), deprecated: true }, ME),
      ).toEqual({ ok: false, reason: 'NOT_ALLOWED_FROM_STATE' });
    }
    expect(
      availableItemActions('CTL_ADMIN', { ...item('COMPLETE'), deprecated: true }, ME),
    ).toEqual([]);
  });

  it('only an admin deprecates, from any state', () => {
    for (const state of ['PENDING', 'TO_INSPECT', 'TO_EQUATION', 'COMPLETE'] as const) {
      expect(checkItemTransition('CTL_ADMIN', 'DEPRECATE', item(state), ME).ok).toBe(true);
      expect(checkItemTransition('CTL_INSPECTOR', 'DEPRECATE', item(state), ME).ok).toBe(false);
    }
  });
});

describe('availableItemActions', () => {
  it('offers each role only what it may do now', () => {
    expect(availableItemActions('CTL_READER', item('PENDING'), ME)).toEqual([]);
    expect(availableItemActions('CTL_REPORTER', item('PENDING'), ME)).toEqual(['MOVE_TO_INSPECT']);
    expect(availableItemActions('CTL_INSPECTOR', item('TO_INSPECT'), ME)).toEqual([
      'MOVE_TO_PENDING',
      'MOVE_TO_EQUATION',
    ]);
    expect(availableItemActions('CTL_MATHEMATICIAN', item('TO_EQUATION'), ME)).toEqual([
      'MOVE_TO_COMPLETE',
    ]);
    expect(availableItemActions('CTL_ADMIN', item('COMPLETE'), ME)).toEqual([
      'MOVE_TO_EQUATION',
      'DEPRECATE',
    ]);
  });
});
