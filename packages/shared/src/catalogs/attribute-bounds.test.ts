// The attribute bounds rules and their texts in both languages.
import { describe, expect, it } from 'vitest';
import {
  attributeBoundsProblems,
  boundFailure,
  boundFailureMessage,
  boundsHint,
} from './attribute-bounds';

describe('boundFailure', () => {
  it('accepts values on the bounds and names the broken one', () => {
    const bounds = { minimum: 0.5, maximum: 10 };
    expect(boundFailure(0.5, bounds)).toBeNull();
    expect(boundFailure(10, bounds)).toBeNull();
    expect(boundFailure(0.4, bounds)).toEqual({ rule: 'min_value', params: { min: 0.5 } });
    expect(boundFailure(11, bounds)).toEqual({ rule: 'max_value', params: { max: 10 } });
    expect(boundFailure(-1e12, { minimum: null, maximum: null })).toBeNull();
  });
});

describe('attributeBoundsProblems', () => {
  it('wants the minimum not above the maximum and the default within them', () => {
    expect(
      attributeBoundsProblems({ type: 'NUMBER', minimum: 5, maximum: 1, defaultValue: null }),
    ).toEqual([{ field: 'minimum', rule: 'max_value', params: { max: 1 } }]);
    expect(
      attributeBoundsProblems({ type: 'NUMBER', minimum: 0, maximum: 1, defaultValue: '1,5' }),
    ).toEqual([{ field: 'defaultValue', rule: 'max_value', params: { max: 1 } }]);
    expect(
      attributeBoundsProblems({ type: 'INTEGER', minimum: 0.5, maximum: null, defaultValue: 1 }),
    ).toEqual([{ field: 'minimum', rule: 'integer', params: {} }]);
  });

  it('leaves other types and defaults that are no numbers to the type checks', () => {
    expect(
      attributeBoundsProblems({ type: 'TEXT', minimum: 5, maximum: 1, defaultValue: 'x' }),
    ).toEqual([]);
    expect(
      attributeBoundsProblems({ type: 'NUMBER', minimum: 0, maximum: 1, defaultValue: 'abc' }),
    ).toEqual([]);
  });
});

describe('texts', () => {
  it('writes the bounds as each language writes numbers', () => {
    const below = { rule: 'min_value', params: { min: 0.5 } } as const;
    expect(boundFailureMessage(below, 'en')).toBe('Must be at least 0.5');
    expect(boundFailureMessage(below, 'cs')).toBe('Musí být alespoň 0,5');
    const above = { rule: 'max_value', params: { max: 1000 } } as const;
    expect(boundFailureMessage(above, 'en')).toBe('Must be at most 1000');
    expect(boundFailureMessage(above, 'cs')).toBe('Musí být nejvýše 1000');
    expect(boundsHint({ minimum: 0, maximum: 2.5 }, 'cs')).toBe('Od 0 do 2,5');
    expect(boundsHint({ minimum: 1, maximum: null }, 'en')).toBe('At least 1');
    expect(boundsHint({ minimum: null, maximum: 3 }, 'en')).toBe('At most 3');
    expect(boundsHint({ minimum: null, maximum: null }, 'en')).toBeNull();
  });
});
