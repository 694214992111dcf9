import { describe, expect, it } from 'vitest';
import { STORY_MEMBER_ROLES, STORY_STATUSES } from '../enums';
import {
  STORY_ACTIONS,
  storyRoleAllows,
  storyStatusTargets,
  type StoryAction,
} from './permissions';

// design.md §4, the story table, written out row by row so a change to the matrix shows here.
const TABLE: Record<StoryAction, readonly string[]> = {
  READ_STORY: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'],
  EDIT_INSTANCES: ['ICT_ADMIN', 'ICT_MODELER'],
  VERIFY_INSTANCES: ['ICT_ADMIN', 'ICT_VERIFIER'],
  READ_LINEUPS: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER'],
  EDIT_LINEUPS: ['ICT_ADMIN', 'ICT_MODELER'],
  MANAGE_STORY: ['ICT_ADMIN'],
  READ_MARGINS: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'CTL_READER'],
  SET_STATUS: ['ICT_ADMIN', 'ICT_MODELER'],
  ANSWER_STORY: ['ICT_ADMIN', 'ICT_CUSTOMER'],
  FREEZE_VERSIONS: ['ICT_ADMIN', 'ICT_MODELER'],
  RESTORE_VERSIONS: ['ICT_ADMIN', 'ICT_MODELER'],
  DELETE_VERSIONS: ['ICT_ADMIN'],
  UPGRADE_ITEMS: ['ICT_ADMIN', 'ICT_MODELER'],
};

describe('story permissions', () => {
  for (const action of STORY_ACTIONS) {
    for (const role of STORY_MEMBER_ROLES) {
      const allowed = TABLE[action].includes(role);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        expect(storyRoleAllows(role, action)).toBe(allowed);
      });
    }
  }

  it('grants nothing without a membership', () => {
    for (const action of STORY_ACTIONS) expect(storyRoleAllows(null, action)).toBe(false);
  });

  // The instance writes (POST …/instances, …/batch, PUT, copy) answer prices as they are.
  it('lets only roles that read margins edit instances', () => {
    for (const role of STORY_MEMBER_ROLES) {
      if (storyRoleAllows(role, 'EDIT_INSTANCES')) {
        expect(storyRoleAllows(role, 'READ_MARGINS'), role).toBe(true);
      }
    }
  });
});

describe('story status transitions (decision 0031)', () => {
  it('lets admins and modelers move a story to any other status', () => {
    for (const role of ['ICT_ADMIN', 'ICT_MODELER'] as const) {
      for (const current of STORY_STATUSES) {
        expect(storyStatusTargets(role, current)).toEqual(
          STORY_STATUSES.filter((status) => status !== current),
        );
      }
    }
  });

  it('lets a customer only accept or reject a sent story', () => {
    expect(storyStatusTargets('ICT_CUSTOMER', 'SENT')).toEqual(['ACCEPTED', 'REJECTED']);
    for (const current of STORY_STATUSES.filter((status) => status !== 'SENT')) {
      expect(storyStatusTargets('ICT_CUSTOMER', current)).toEqual([]);
    }
  });

  it('lets verifiers, readers and non-members change nothing', () => {
    for (const current of STORY_STATUSES) {
      expect(storyStatusTargets('ICT_VERIFIER', current)).toEqual([]);
      expect(storyStatusTargets('CTL_READER', current)).toEqual([]);
      expect(storyStatusTargets(null, current)).toEqual([]);
    }
  });
});
