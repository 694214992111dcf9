// The story permission table of design.md §4: one source for the server's checks and the UI.
import type { StoryMemberRole } from '../enums';

export const STORY_ACTIONS = [
  'READ_STORY',
  'EDIT_INSTANCES',
  'VERIFY_INSTANCES',
  'READ_LINEUPS',
  'EDIT_LINEUPS',
  'MANAGE_STORY',
] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/**
 * READ_STORY covers the story, its instances, summaries and events; EDIT_INSTANCES instances
 * and labels; READ_LINEUPS reading and exporting lineups; MANAGE_STORY members, invites,
 * settings and deletion.
 */
export const STORY_PERMISSIONS: Readonly<Record<StoryMemberRole, readonly StoryAction[]>> = {
  ICT_ADMIN: STORY_ACTIONS,
  ICT_MODELER: ['READ_STORY', 'EDIT_INSTANCES', 'READ_LINEUPS', 'EDIT_LINEUPS'],
  ICT_VERIFIER: ['READ_STORY', 'VERIFY_INSTANCES', 'READ_LINEUPS'],
  ICT_CUSTOMER: ['READ_STORY', 'READ_LINEUPS'],
  CTL_READER: ['READ_STORY'],
};

export function storyRoleAllows(role: StoryMemberRole | null, action: StoryAction): boolean {
  return role !== null && STORY_PERMISSIONS[role].includes(action);
}
