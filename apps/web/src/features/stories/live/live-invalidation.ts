// Which of a story's queries an event makes stale: the pure map from an event type to query keys (the history is stale after every event).
import type { QueryKey } from '@tanstack/react-query';
import { storyKeys } from '../api/query-keys';

/** The story's whole scope: for `reset`, a reconnection and event types this web does not know. */
export function everythingOf(storyId: number): QueryKey[] {
  return [storyKeys.scope(storyId), storyKeys.lists()];
}

/** Figures changed (a recalculation): the story's row and its calculation, and the instances' prices. */
export function figuresOf(storyId: number): QueryKey[] {
  return [
    storyKeys.detail(storyId),
    storyKeys.calculation(storyId),
    storyKeys.instances(storyId),
    storyKeys.lists(),
  ];
}

export function keysForEvent(storyId: number, type: string): QueryKey[] {
  const instances = [
    storyKeys.instances(storyId),
    storyKeys.calculation(storyId),
    storyKeys.detail(storyId),
    storyKeys.lineups(storyId),
    storyKeys.upgrades(storyId),
  ];
  const story = [storyKeys.detail(storyId), storyKeys.lists()];
  const own = ((): QueryKey[] | null => {
    switch (type) {
      case 'INSTANCE_CREATED':
      case 'INSTANCE_UPDATED':
      case 'INSTANCE_DELETED':
      case 'INSTANCE_VERIFIED':
      case 'INSTANCE_UNVERIFIED':
        return instances;
      case 'ITEM_PINNING_CHANGED':
      case 'ITEMS_UPGRADED':
        return [...instances, storyKeys.catalog(storyId)];
      case 'STORY_CREATED':
      case 'STORY_UPDATED':
      case 'STATUS_CHANGED':
      case 'STORY_COPIED':
        // A story's name, status, currency or margins: its figures may follow.
        return [...story, storyKeys.calculation(storyId), storyKeys.lineups(storyId)];
      case 'LABEL_CREATED':
      case 'LABEL_UPDATED':
      case 'LABEL_DELETED':
        // Instances carry label ids, and the summaries group by label.
        return [
          storyKeys.labels(storyId),
          storyKeys.instances(storyId),
          storyKeys.calculation(storyId),
        ];
      case 'MEMBER_ADDED':
      case 'MEMBER_UPDATED':
      case 'MEMBER_REMOVED':
        // The story says the user's own role.
        return [storyKeys.members(storyId), storyKeys.invites(storyId), ...story];
      case 'INVITE_CREATED':
      case 'INVITE_REVOKED':
        return [storyKeys.invites(storyId)];
      case 'LINEUP_CREATED':
      case 'LINEUP_UPDATED':
      case 'LINEUP_DELETED':
      case 'QUOTE_ISSUED':
        return [storyKeys.lineups(storyId)];
      case 'VERSION_FROZEN':
      case 'VERSION_DELETED':
        return [storyKeys.versions(storyId)];
      default:
        // VERSION_RESTORED replaces everything; an unknown type may touch anything.
        return null;
    }
  })();
  return own === null ? everythingOf(storyId) : [...own, storyKeys.events(storyId)];
}
