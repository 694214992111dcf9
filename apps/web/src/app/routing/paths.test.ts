// Path builders produce addresses the route table accepts.
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the story items address with and without its optional parts', () => {
    expect(paths.storyItems(12)).toBe('/story-detail/12/items/groups/itemsLabels');
    expect(paths.storyItems(12, 3)).toBe('/story-detail/12/items/groups/3/itemsLabels');
    expect(paths.storyItems(12, 3, [1, 2])).toBe('/story-detail/12/items/groups/3/itemsLabels/1,2');
    expect(paths.storyItems(12, undefined, [4])).toBe(
      '/story-detail/12/items/groups/itemsLabels/4',
    );
  });
});
