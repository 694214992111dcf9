// Completion rules of the formula editor: the word at the caret, what fits it, and the text after a choice.
import { describe, expect, it } from 'vitest';
import {
  applySuggestion,
  attributeReference,
  suggestionsFor,
  wordAtCaret,
  type CompletionAttribute,
} from './formula-completion';

const ATTRIBUTES: CompletionAttribute[] = [
  { code: 'area', name: 'Area', level: 1, type: 'NUMBER' },
  { code: 'area-m2', name: 'Area in m²', level: 1, type: 'NUMBER' },
  { code: 'rooms', name: 'Rooms', level: 2, type: 'INTEGER' },
];

describe('formula completion', () => {
  it('finds the word before the caret, but not in numbers or quoted texts', () => {
    expect(wordAtCaret('2 * ar', 6)).toEqual({ start: 4, word: 'ar' });
    expect(wordAtCaret('2 * ar + 1', 6)).toEqual({ start: 4, word: 'ar' });
    expect(wordAtCaret('2 * ', 4)).toEqual({ start: 4, word: '' });
    expect(wordAtCaret('2e3', 3)).toEqual({ start: 3, word: '' });
    expect(wordAtCaret('is(size, "sm', 12)).toBeNull();
    expect(wordAtCaret('is(size, "S") and a', 19)).toEqual({ start: 18, word: 'a' });
  });

  it('offers attributes the level may read, then functions, then keywords', () => {
    expect(suggestionsFor('a', ATTRIBUTES, 1).map((s) => s.label)).toEqual([
      'area',
      'area-m2',
      'abs(x)',
      'and',
    ]);
    expect(suggestionsFor('r', ATTRIBUTES, 1).map((s) => s.label)).toEqual(['round(x, digits)']);
    expect(suggestionsFor('R', ATTRIBUTES, 2).map((s) => s.label)).toEqual([
      'rooms',
      'round(x, digits)',
    ]);
    // A word typed out in full leaves Enter to the text.
    expect(suggestionsFor('rooms', ATTRIBUTES, 2)).toEqual([]);
  });

  it('inserts codes that are no plain words with value("…") and functions with their parenthesis', () => {
    expect(attributeReference('area')).toBe('area');
    expect(attributeReference('area-m2')).toBe('value("area-m2")');
    expect(attributeReference('max')).toBe('value("max")');
    const fn = suggestionsFor('ce', ATTRIBUTES, 1)[0];
    expect(fn?.insert).toBe('ceil(');
    expect(applySuggestion('2 * ce + 1', 4, 6, 'ceil(')).toEqual({
      text: '2 * ceil( + 1',
      caret: 9,
    });
  });
});
