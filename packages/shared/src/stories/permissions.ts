// The story permission table of design.md §4: one source for the server's checks and the UI.
import type { StoryMemberRole } from '../enums';

export const STORY_ACTIONS = [
  'READ_STORY',
  'EDIT_INSTANCES',
  'VERIFY_INSTANCES',
  'READ_LINEUPS',
  'EDIT_LINEUPS',
  'MANAGE_STORY',
  'READ_MARGINS',
] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/**
 * READ_STORY covers the story, its instances, summaries and events; EDIT_INSTANCES instances
 * and labels; READ_LINEUPS reading and exporting lineups; MANAGE_STORY members, invites,
 * settings and deletion. READ_MARGINS is what a customer never reads (decision 0033): the catalog's
 * and suppliers' prices, price sources, formulas, the story priced with the catalog, and every
 * lineup; without it a member reads only the lineups shared with them, with final prices.
 */
export const STORY_PERMISSIONS: Readonly<Record<StoryMemberRole, readonly StoryAction[]>> = {
  ICT_ADMIN: STORY_ACTIONS,
  ICT_MODELER: ['READ_STORY', 'EDIT_INSTANCES', 'READ_LINEUPS', 'EDIT_LINEUPS', 'READ_MARGINS'],
  ICT_VERIFIER: ['READ_STORY', 'VERIFY_INSTANCES', 'READ_LINEUPS', 'READ_MARGINS'],
  ICT_CUSTOMER: ['READ_STORY', 'READ_LINEUPS'],
  CTL_READER: ['READ_STORY', 'READ_MARGINS'],
};

export function storyRoleAllows(role: StoryMemberRole | null, action: StoryAction): boolean {
  return role !== null && STORY_PERMISSIONS[role].includes(action);
}
