// Which of a story's queries an event makes stale: the pure map from an event type to query keys (the history is stale after every event).
import type { QueryKey } from '@tanstack/react-query';

// The shapes of api/query-keys.ts's storyKeys, written out so that this module (loaded after the
// page) does not split query-keys.ts into a chunk of its own; live-invalidation.test.ts checks them.
const storyKeys = {
  lists: () => ['stories', 'list'] as const,
  scope: (storyId: number) => ['story', storyId] as const,
  part: (storyId: number, part: string) => ['story', storyId, part] as const,
};

/** The story's whole scope: for `reset`, a reconnection and event types this web does not know. */
export function everythingOf(storyId: number): QueryKey[] {
  return [storyKeys.scope(storyId), storyKeys.lists()];
}

/** Figures changed (a recalculation): the story's row and its calculation, and the instances' prices. */
export function figuresOf(storyId: number): QueryKey[] {
  return [
    storyKeys.part(storyId, 'detail'),
    storyKeys.part(storyId, 'calculation'),
    storyKeys.part(storyId, 'instances'),
    storyKeys.lists(),
  ];
}

export function keysForEvent(storyId: number, type: string): QueryKey[] {
  const instances = [
    storyKeys.part(storyId, 'instances'),
    storyKeys.part(storyId, 'calculation'),
    storyKeys.part(storyId, 'detail'),
    storyKeys.part(storyId, 'lineups'),
    storyKeys.part(storyId, 'upgrades'),
  ];
  const story = [storyKeys.part(storyId, 'detail'), storyKeys.lists()];
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
        return [...instances, storyKeys.part(storyId, 'catalog')];
      case 'STORY_CREATED':
      case 'STORY_UPDATED':
      case 'STATUS_CHANGED':
      case 'STORY_COPIED':
        // A story's name, status, currency or margins: its figures may follow.
        return [
          ...story,
          storyKeys.part(storyId, 'calculation'),
          storyKeys.part(storyId, 'lineups'),
        ];
      case 'LABEL_CREATED':
      case 'LABEL_UPDATED':
      case 'LABEL_DELETED':
        // Instances carry label ids, and the summaries group by label.
        return [
          storyKeys.part(storyId, 'labels'),
          storyKeys.part(storyId, 'instances'),
          storyKeys.part(storyId, 'calculation'),
        ];
      case 'MEMBER_ADDED':
      case 'MEMBER_UPDATED':
      case 'MEMBER_REMOVED':
        // The story says the user's own role.
        return [storyKeys.part(storyId, 'members'), storyKeys.part(storyId, 'invites'), ...story];
      case 'INVITE_CREATED':
      case 'INVITE_REVOKED':
        return [storyKeys.part(storyId, 'invites')];
      case 'LINEUP_CREATED':
      case 'LINEUP_UPDATED':
      case 'LINEUP_DELETED':
      case 'QUOTE_ISSUED':
        return [storyKeys.part(storyId, 'lineups')];
      case 'VERSION_FROZEN':
      case 'VERSION_DELETED':
        return [storyKeys.part(storyId, 'versions')];
      default:
        // VERSION_RESTORED replaces everything; an unknown type may touch anything.
        return null;
    }
  })();
  return own === null ? everythingOf(storyId) : [...own, storyKeys.part(storyId, 'events')];
}
