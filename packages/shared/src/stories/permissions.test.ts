import { describe, expect, it } from 'vitest';
import { STORY_MEMBER_ROLES } from '../enums';
import { STORY_ACTIONS, storyRoleAllows, type StoryAction } from './permissions';

// design.md §4, the story table, written out row by row so a change to the matrix shows here.
const TABLE: Record<StoryAction, readonly string[]> = {
  READ_STORY: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'],
  EDIT_INSTANCES: ['ICT_ADMIN', 'ICT_MODELER'],
  VERIFY_INSTANCES: ['ICT_ADMIN', 'ICT_VERIFIER'],
  READ_LINEUPS: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER'],
  EDIT_LINEUPS: ['ICT_ADMIN', 'ICT_MODELER'],
  MANAGE_STORY: ['ICT_ADMIN'],
  READ_MARGINS: ['ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'CTL_READER'],
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
});
