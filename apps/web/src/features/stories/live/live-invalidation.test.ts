// Which queries each event type makes stale.
import { describe, expect, it } from 'vitest';
import { storyKeys } from '../api/query-keys';
import { everythingOf, keysForEvent } from './live-invalidation';

describe('the live refetch map', () => {
  it.each([
    ['INSTANCE_UPDATED', ['instances', 'calculation', 'detail', 'lineups', 'upgrades', 'events']],
    ['LABEL_DELETED', ['labels', 'instances', 'calculation', 'events']],
    ['MEMBER_REMOVED', ['members', 'invites', 'detail', 'events']],
    ['INVITE_CREATED', ['invites', 'events']],
    ['QUOTE_ISSUED', ['lineups', 'events']],
    ['VERSION_FROZEN', ['versions', 'events']],
    ['ITEMS_UPGRADED', ['instances', 'calculation', 'detail', 'upgrades', 'catalog', 'events']],
  ])('%s refetches its parts of the story and its history', (type, parts) => {
    const keys = keysForEvent(12, type).filter((key) => key[0] === 'story');
    for (const part of parts) expect(keys).toContainEqual(['story', 12, part]);
    expect(keys).not.toContainEqual(['story', 12]);
  });

  it('writes the keys as api/query-keys.ts does', () => {
    const keys = [...keysForEvent(12, 'ITEMS_UPGRADED'), ...keysForEvent(12, 'MEMBER_ADDED')];
    for (const key of [
      storyKeys.instances(12),
      storyKeys.calculation(12),
      storyKeys.detail(12),
      storyKeys.catalog(12),
      storyKeys.upgrades(12),
      storyKeys.events(12),
      storyKeys.members(12),
      storyKeys.invites(12),
      storyKeys.lists(),
    ]) {
      expect(keys).toContainEqual(key);
    }
    expect(everythingOf(12)).toContainEqual(storyKeys.scope(12));
  });

  it('refetches everything of the story after a restore or an unknown event type', () => {
    expect(keysForEvent(12, 'VERSION_RESTORED')).toEqual(everythingOf(12));
    expect(keysForEvent(12, 'SOMETHING_NEW')).toEqual(everythingOf(12));
    expect(everythingOf(12)).toContainEqual(['story', 12]);
  });
});
