// The story permission table of design.md §4: one source for the server's checks and the UI.
import { STORY_STATUSES, type StoryMemberRole, type StoryStatus } from '../enums';

export const STORY_ACTIONS = [
  'READ_STORY',
  'EDIT_INSTANCES',
  'VERIFY_INSTANCES',
  'READ_LINEUPS',
  'EDIT_LINEUPS',
  'MANAGE_STORY',
  'READ_MARGINS',
  'SET_STATUS',
  'ANSWER_STORY',
  'FREEZE_VERSIONS',
  'RESTORE_VERSIONS',
  'DELETE_VERSIONS',
  'UPGRADE_ITEMS',
] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/**
 * READ_STORY covers the story, its instances, summaries, events and frozen versions;
 * EDIT_INSTANCES instances and labels; READ_LINEUPS reading and exporting lineups (a version's
 * too); MANAGE_STORY members, invites, settings and deletion; SET_STATUS moving the story to any
 * status; ANSWER_STORY accepting or rejecting a SENT story (decision 0031); FREEZE_VERSIONS
 * freezing the story as a named version, RESTORE_VERSIONS putting the story's instances and
 * labels back to a version (the live state frozen first) and DELETE_VERSIONS deleting one
 * (decision 0042); UPGRADE_ITEMS pinning the story's item versions and upgrading them (0043).
 * READ_MARGINS is what a customer never reads (decision 0033): the catalog's and suppliers'
 * prices, price sources, formulas, the story priced with the catalog, and every lineup; without it
 * a member reads only the lineups shared with them, with final prices (in versions as well).
 */
export const STORY_PERMISSIONS: Readonly<Record<StoryMemberRole, readonly StoryAction[]>> = {
  ICT_ADMIN: STORY_ACTIONS,
  ICT_MODELER: [
    'READ_STORY',
    'EDIT_INSTANCES',
    'READ_LINEUPS',
    'EDIT_LINEUPS',
    'READ_MARGINS',
    'SET_STATUS',
    'FREEZE_VERSIONS',
    'RESTORE_VERSIONS',
    'UPGRADE_ITEMS',
  ],
  ICT_VERIFIER: ['READ_STORY', 'VERIFY_INSTANCES', 'READ_LINEUPS', 'READ_MARGINS'],
  ICT_CUSTOMER: ['READ_STORY', 'READ_LINEUPS', 'ANSWER_STORY'],
  CTL_READER: ['READ_STORY', 'READ_MARGINS'],
};

export function storyRoleAllows(role: StoryMemberRole | null, action: StoryAction): boolean {
  return role !== null && STORY_PERMISSIONS[role].includes(action);
}

/** The answers a customer gives to a story that was sent to them. */
export const STORY_ANSWERS: readonly StoryStatus[] = ['ACCEPTED', 'REJECTED'];

/**
 * The statuses `role` may move a story in status `current` to (never `current` itself):
 * SET_STATUS any other status; ANSWER_STORY only ACCEPTED or REJECTED, and only from SENT.
 */
export function storyStatusTargets(
  role: StoryMemberRole | null,
  current: StoryStatus,
): StoryStatus[] {
  if (storyRoleAllows(role, 'SET_STATUS')) {
    return STORY_STATUSES.filter((status) => status !== current);
  }
  if (storyRoleAllows(role, 'ANSWER_STORY') && current === 'SENT') return [...STORY_ANSWERS];
  return [];
}
