// The zod builders: issues carry the rule and its params, one per field, the same on both sides.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rules } from './rules/descriptors';
import { crossFieldRules, fieldRules, v } from './zod';

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
}

function ruleOf(issue: z.core.$ZodIssue): unknown {
  return issue.code === 'custom' ? issue.params?.rule : issue.code;
}

function rulesOf(schema: z.ZodType, value: unknown): unknown[] {
  return issuesOf(schema, value).map(ruleOf);
}

describe('fieldRules', () => {
  const code = fieldRules(z.string(), [rules.required(), rules.alpha(), rules.min(3)]);

  it('passes a valid value through unchanged', () => {
    expect(code.parse('Kůň')).toBe('Kůň');
  });

  it('reports only the first failing rule, with its params and an English message', () => {
    const issues = issuesOf(code, '1');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'custom',
      path: [],
      params: { rule: 'alpha' },
      message: 'The value may only contain letters',
    });
    expect(issuesOf(code, 'ab')[0]).toMatchObject({ params: { rule: 'min', length: 3 } });
  });

  it('leaves type errors to the schema', () => {
    expect(rulesOf(code, 5)).toEqual(['invalid_type']);
  });
});

describe('v builders', () => {
  it('requiredString', () => {
    const name = v.requiredString(rules.max(5));
    expect(rulesOf(name, '  ')).toEqual(['required']);
    expect(rulesOf(name, 'abcdef')).toEqual(['max']);
    expect(rulesOf(name, 'abc')).toEqual([]);
  });

  it('optionalString', () => {
    const phone = v.optionalString(rules.numeric());
    expect(rulesOf(phone, '')).toEqual([]);
    expect(rulesOf(phone, '12a')).toEqual(['numeric']);
  });

  it('email, required by default', () => {
    expect(rulesOf(v.email(), '')).toEqual(['required']);
    expect(rulesOf(v.email(), 'jana@')).toEqual(['email']);
    expect(rulesOf(v.email(), 'jana@example.cz')).toEqual([]);
    expect(rulesOf(v.email({ required: false }), '')).toEqual([]);
  });

  it('url', () => {
    expect(rulesOf(v.url(), 'example')).toEqual(['url']);
    expect(rulesOf(v.url({ required: false }), '')).toEqual([]);
  });

  it('password', () => {
    expect(rulesOf(v.password(), '')).toEqual(['required']);
    expect(rulesOf(v.password(), 'abc def1')).toEqual(['password_strength']);
    expect(rulesOf(v.password({ required: false }), '')).toEqual([]);
    expect(rulesOf(v.password(), 'abcdef1')).toEqual([]);
  });

  it('localizedDescription', () => {
    const description = v.localizedDescription(['en', 'cs']);
    expect(rulesOf(description, { en: 'Cable', cs: 'Kabel' })).toEqual([]);
    expect(rulesOf(description, { en: 'Cable', cs: 'Ka' })).toEqual(['description_min_length']);
    expect(rulesOf(description, { en: 'Cable' })).toEqual(['description_min_length']);
    expect(rulesOf(v.localizedDescription(), {})).toEqual(['description_min_length']);
  });

  it('decimal, optional by default', () => {
    const price = v.decimal({ decimals: 2 });
    expect(rulesOf(price, '')).toEqual([]);
    expect(rulesOf(price, '12,50')).toEqual([]);
    expect(rulesOf(price, 12.5)).toEqual([]);
    expect(issuesOf(price, '1.234')[0]).toMatchObject({ params: { rule: 'decimal', decimals: 2 } });
    expect(rulesOf(v.decimal({ required: true }), '')).toEqual(['required']);
  });

  it('greaterThanZero', () => {
    expect(rulesOf(v.greaterThanZero(), '0,5')).toEqual([]);
    expect(rulesOf(v.greaterThanZero(), 0)).toEqual(['greater_than_zero']);
    expect(rulesOf(v.greaterThanZero(), '')).toEqual(['greater_than_zero']);
  });

  it('storyName: empty (or missing) first, then duplicate', () => {
    const name = v.storyName({ existingNames: ['Office move'] });
    expect(rulesOf(name, '')).toEqual(['story_name_empty']);
    expect(rulesOf(name, undefined)).toEqual(['story_name_empty']);
    expect(rulesOf(name, 'office move')).toEqual(['story_name_duplicate']);
    expect(name.parse('New office')).toBe('New office');
    expect(rulesOf(v.storyName(), 'anything')).toEqual([]);
  });

  it('storyName with an asynchronous lookup', async () => {
    const name = v.storyName({ isTaken: (candidate) => Promise.resolve(candidate === 'Taken') });
    const taken = await name.safeParseAsync('Taken');
    expect(taken.success ? [] : taken.error.issues).toEqual([
      expect.objectContaining({ code: 'custom', params: { rule: 'story_name_duplicate' } }),
    ]);
    await expect(name.parseAsync('Free')).resolves.toBe('Free');
  });

  it('file and optionalFile', () => {
    const logo = v.file({ image: true, maxSize: 1024 });
    expect(rulesOf(logo, undefined)).toEqual(['required']);
    expect(rulesOf(logo, { name: 'a.pdf', type: 'application/pdf', size: 10 })).toEqual(['image']);
    expect(issuesOf(logo, { name: 'a.png', type: 'image/png', size: 2048 })[0]).toMatchObject({
      params: { rule: 'file_over_limit', maxSize: 1024 },
      message: 'The file is too large. Maximum file size: 1 KB',
    });
    expect(rulesOf(logo, { name: 'a.png', type: 'image/png', size: 10 })).toEqual([]);
    expect(rulesOf(v.optionalFile({ ext: ['pdf'] }), null)).toEqual([]);
    // Not a file at all: a plain custom issue, which localizes to "{field} is not valid".
    expect(issuesOf(v.optionalFile({ ext: ['pdf'] }), 'a.pdf')).toEqual([
      { code: 'custom', path: [], message: 'Invalid input' },
    ]);
  });
});

describe('crossFieldRules', () => {
  const registration = crossFieldRules(
    z.object({ password: v.password(), passwordConfirmation: z.string() }),
    { passwordConfirmation: [rules.required(), rules.confirmed('password')] },
  );

  it('compares the fields', () => {
    expect(registration.safeParse({ password: 'abc1', passwordConfirmation: 'abc1' }).success).toBe(
      true,
    );
    const issues = issuesOf(registration, { password: 'abc1', passwordConfirmation: 'abc2' });
    expect(issues).toEqual([
      expect.objectContaining({
        path: ['passwordConfirmation'],
        params: { rule: 'confirmed', target: 'password' },
      }),
    ]);
  });

  it('still runs when another field is invalid', () => {
    const issues = issuesOf(registration, { password: 'abc', passwordConfirmation: 'abd' });
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'password',
      'passwordConfirmation',
    ]);
  });

  it('does not run on something that is not an object', () => {
    expect(rulesOf(registration, 'nope')).toEqual(['invalid_type']);
  });

  it('supports required_if', () => {
    const catalog = crossFieldRules(z.object({ type: z.string(), currency: z.string() }), {
      currency: [rules.requiredIf('type', ['BDT'])],
    });
    expect(rulesOf(catalog, { type: 'BDT', currency: '' })).toEqual(['required_if']);
    expect(rulesOf(catalog, { type: 'SRV', currency: '' })).toEqual([]);
  });
});
