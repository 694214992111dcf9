// A row's labels typed as text: titles as written win over titles that differ only in case; unknown titles named; labels the text cannot name kept.
import { describe, expect, it } from 'vitest';
import { createStoryLabel } from '../test/story-fixtures';
import { labelsText, parseLabels, unnamedLabelIds } from './grid-labels';

const urgent = createStoryLabel({ id: 1, title: 'Urgent' });
const shouting = createStoryLabel({ id: 2, title: 'URGENT' });
const offer = createStoryLabel({ id: 3, title: 'Needs an offer' });
const comma = createStoryLabel({ id: 4, title: 'Phase 1, part 2' });
const labels = [urgent, shouting, offer, comma];

describe('grid labels', () => {
  it('reads back what it writes, also for titles that differ only in case', () => {
    const text = labelsText([2, 3, 4], labels);
    expect(text).toBe('URGENT, Needs an offer');
    expect(parseLabels(text, labels)).toEqual({ ids: [2, 3], unknown: [] });
    expect(parseLabels('Urgent', labels).ids).toEqual([1]);
    expect(unnamedLabelIds([2, 3, 4], labels)).toEqual([4]);
  });

  it('matches other spellings without regard to case and names the titles it does not know', () => {
    expect(parseLabels('needs AN offer; Later', labels)).toEqual({ ids: [3], unknown: ['Later'] });
  });
});
