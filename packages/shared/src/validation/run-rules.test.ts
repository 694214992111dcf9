// Rules of a field run in order and only the first failure counts.
import { describe, expect, it } from 'vitest';
import { rules } from './rules/descriptors';
import { validateValue, validateValueAsync } from './run';
import type { Rule } from './types';

describe('validateValue', () => {
  const code = [rules.required(), rules.alphaNum(), rules.min(3), rules.max(6)];

  it('returns null when every rule passes', () => {
    expect(validateValue('AB12', code)).toBeNull();
  });

  it('stops at the first failing rule', () => {
    expect(validateValue('', code)).toEqual({ rule: 'required', params: {} });
    // "a-" breaks alpha_num and min: only alpha_num is reported.
    expect(validateValue('a-', code)).toEqual({ rule: 'alpha_num', params: {} });
    expect(validateValue('ab', code)).toEqual({ rule: 'min', params: { length: 3 } });
  });

  it('does not even run the rules after a failure', () => {
    let laterRuns = 0;
    const counting: Rule = { name: 'counting', params: {}, check: () => (laterRuns += 1) > 0 };
    validateValue('', [rules.required(), counting]);
    expect(laterRuns).toBe(0);
  });

  it('reads sibling values for cross-field rules', () => {
    const confirmation = [rules.required(), rules.confirmed('password')];
    expect(validateValue('abc1', confirmation, { values: { password: 'abc1' } })).toBeNull();
    expect(validateValue('abc2', confirmation, { values: { password: 'abc1' } })).toEqual({
      rule: 'confirmed',
      params: { target: 'password' },
    });
  });

  it('refuses asynchronous rules, which need validateValueAsync', async () => {
    const unique = [rules.storyNameNotEmpty(), rules.storyNameUnique(() => Promise.resolve(true))];
    expect(() => validateValue('Plan', unique)).toThrow(TypeError);
    await expect(validateValueAsync('Plan', unique)).resolves.toEqual({
      rule: 'story_name_duplicate',
      params: {},
    });
    await expect(validateValueAsync('', unique)).resolves.toEqual({
      rule: 'story_name_empty',
      params: {},
    });
  });
});
