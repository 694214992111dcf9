// A list cell of titles read back as the titles that were written, also where a title holds a comma.
import { describe, expect, it } from 'vitest';
import { knownTitles, splitTitleList } from '../src/lib/spreadsheets/title-list';

const knownOf = (...titles: string[]) => knownTitles(titles, (title) => titles.includes(title));

describe('a list cell of titles', () => {
  it('splits at commas and trims, dropping empty parts', () => {
    expect(splitTitleList(' Outdoor,Heavy , ,', knownOf('Outdoor', 'Heavy'))).toEqual([
      'Outdoor',
      'Heavy',
    ]);
    expect(splitTitleList('', knownOf())).toEqual([]);
  });

  it('keeps a known title that holds a comma whole, the longest known title first', () => {
    const known = knownOf('Phase 1', 'Phase 1, backend', 'QA');
    expect(splitTitleList('Phase 1, backend, QA', known)).toEqual(['Phase 1, backend', 'QA']);
    expect(splitTitleList('QA, Phase 1', known)).toEqual(['QA', 'Phase 1']);
  });

  it('leaves a part that starts no known title alone, for the caller to report', () => {
    expect(splitTitleList('Attic, Phase 1, backend', knownOf('Phase 1, backend'))).toEqual([
      'Attic',
      'Phase 1, backend',
    ]);
  });

  it('reads a hostile cell of many thousands of commas in one pass', () => {
    const cell = `${'x,'.repeat(30_000)}Phase 1, backend`;
    const titles = splitTitleList(cell, knownOf('Phase 1, backend', 'x'));
    expect(titles).toHaveLength(30_001);
    expect(titles.at(-1)).toBe('Phase 1, backend');
  });
});
