// localizeIssues: one localized FieldError per field, from our rules and from zod's own checks.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFieldError, localizeIssues, validateWithSchema } from './localize';
import { rules } from './rules/descriptors';
import { crossFieldRules, v } from './zod';

function issuesOf(schema: z.ZodType, value: unknown, reportInput = false) {
  const result = schema.safeParse(value, { reportInput });
  if (result.success) throw new Error('expected the value to be invalid');
  return result.error.issues;
}

const company = z
  .object({
    name: v.requiredString(rules.min(3)),
    email: v.email(),
    phone: v.optionalString(rules.numeric()),
    employees: z.number().int().min(1),
    address: z.object({ zip: v.requiredString(rules.digits(5)) }),
  })
  .strict();

const valid = {
  name: 'Stavby Brno',
  email: 'info@stavby.cz',
  phone: '',
  employees: 12,
  address: { zip: '60200' },
};

describe('localizeIssues', () => {
  it('localizes our rules in English and Czech, naming the field by its label', () => {
    const issues = issuesOf(company, { ...valid, name: 'AB', email: 'info@' });
    expect(localizeIssues(issues, 'en', { name: 'company name', email: 'e-mail' })).toEqual([
      { field: 'name', rule: 'min', message: 'The company name must be at least 3 characters' },
      { field: 'email', rule: 'email', message: 'The e-mail must be a valid email' },
    ]);
    expect(localizeIssues(issues, 'cs', { name: 'název firmy', email: 'e-mail' })).toEqual([
      { field: 'name', rule: 'min', message: 'Pole název firmy musí mít alespoň 3 znaky' },
      { field: 'email', rule: 'email', message: 'Pole e-mail musí být platná e-mailová adresa' },
    ]);
  });

  it('names a field by its last path segment without a label, and joins paths with dots', () => {
    const issues = issuesOf(company, { ...valid, address: { zip: '602' } });
    expect(localizeIssues(issues, 'en')).toEqual([
      {
        field: 'address.zip',
        rule: 'digits',
        message: 'The zip must be numeric and exactly 5 digits long',
      },
    ]);
  });

  it('reports only the first issue of each field', () => {
    const schema = z.object({
      code: z
        .string()
        .min(3)
        .regex(/^[A-Z]+$/),
    });
    const issues = issuesOf(schema, { code: 'a' });
    expect(issues).toHaveLength(2);
    expect(localizeIssues(issues, 'en')).toEqual([
      { field: 'code', rule: 'min', message: 'The code must be at least 3 characters' },
    ]);
  });

  it('maps a missing value to required, with or without reportInput', () => {
    const { name: _name, ...withoutName } = valid;
    for (const reportInput of [false, true]) {
      const errors = localizeIssues(issuesOf(company, withoutName, reportInput), 'cs', {
        name: 'název',
      });
      expect(errors).toEqual([
        { field: 'name', rule: 'required', message: 'Pole název je povinné' },
      ]);
    }
  });

  it('maps unrecognized keys to unknown_field, one per key', () => {
    const issues = issuesOf(company, { ...valid, isAdmin: true, role: 'x' });
    expect(localizeIssues(issues, 'en')).toEqual([
      { field: 'isAdmin', rule: 'unknown_field', message: 'Unknown field isAdmin' },
      { field: 'role', rule: 'unknown_field', message: 'Unknown field role' },
    ]);
    expect(localizeIssues(issues, 'cs')[0]?.message).toBe('Neznámé pole isAdmin');
  });

  it("maps zod's built-in checks to the nearest standard rule", () => {
    const schema = z.object({
      text: z.string(),
      short: z.string().max(2),
      exact: z.string().length(6),
      count: z.number().min(1),
      most: z.number().max(10),
      positive: z.number().positive(),
      above: z.number().gt(5),
      below: z.number().lt(5),
      whole: z.number().int(),
      step: z.number().multipleOf(1),
      mail: z.email(),
      site: z.url(),
      pattern: z.string().regex(/^a$/),
      kind: z.enum(['BDT', 'MNT']),
      terms: z.literal(true),
      tags: z.array(z.string()).min(1),
      few: z.array(z.string()).max(1),
      number: z.number(),
      uuid: z.uuid(),
    });
    const issues = issuesOf(schema, {
      text: 1,
      short: 'abc',
      exact: 'abc',
      count: 0,
      most: 11,
      positive: 0,
      above: 5,
      below: 5,
      whole: 1.5,
      step: 1.5,
      mail: 'x',
      site: 'x',
      pattern: 'b',
      kind: 'SRV',
      terms: false,
      tags: [],
      few: ['a', 'b'],
      number: 'abc',
      uuid: 'x',
    });
    const byField = Object.fromEntries(
      localizeIssues(issues, 'en').map((error) => [error.field, error.rule]),
    );
    expect(byField).toEqual({
      text: 'default',
      short: 'max',
      exact: 'length',
      count: 'min_value',
      most: 'max_value',
      positive: 'greater_than_zero',
      above: 'greater_than',
      below: 'less_than',
      whole: 'integer',
      step: 'integer',
      mail: 'email',
      site: 'url',
      pattern: 'regex',
      kind: 'one_of',
      terms: 'required',
      tags: 'min_items',
      few: 'max_items',
      number: 'numeric',
      uuid: 'default',
    });
  });

  it('words mapped checks with their limits', () => {
    const schema = z.object({ price: z.number().gt(5), tags: z.array(z.string()).min(2) });
    expect(localizeIssues(issuesOf(schema, { price: 1, tags: [] }), 'cs')).toEqual([
      { field: 'price', rule: 'greater_than', message: 'Pole price musí být větší než 5' },
      { field: 'tags', rule: 'min_items', message: 'Pole tags musí mít alespoň 2 záznamy' },
    ]);
  });

  it('gives custom issues without a rule the fallback message', () => {
    const schema = z.object({ code: z.string().refine((code) => code.startsWith('X')) });
    expect(localizeIssues(issuesOf(schema, { code: 'A' }), 'en', { code: 'Code' })).toEqual([
      { field: 'code', rule: 'default', message: 'Code is not valid' },
    ]);
    expect(localizeIssues(issuesOf(schema, { code: 'A' }), 'cs', { code: 'Kód' })).toEqual([
      { field: 'code', rule: 'default', message: 'Pole Kód není platné' },
    ]);
  });

  it('uses the spec texts of the custom rules', () => {
    const story = z.object({
      name: v.storyName({ existingNames: ['Plan'] }),
      description: v.localizedDescription(),
      password: v.password(),
    });
    const issues = issuesOf(story, { name: 'plan', description: { en: 'ab' }, password: 'abc' });
    expect(localizeIssues(issues, 'en').map((error) => error.message)).toEqual([
      'Some story is already using this name',
      'Each key in the description must have at least 3 characters',
      'Password must contain at least 1 digit and 1 letter without a space',
    ]);
  });

  it('labels list elements by a wildcard label or by the list name', () => {
    const schema = z.object({ items: z.array(z.object({ name: v.requiredString() })) });
    const issues = issuesOf(schema, { items: [{ name: 'a' }, { name: '' }] });
    expect(localizeIssues(issues, 'en', { 'items.*.name': 'item name' })).toEqual([
      { field: 'items.1.name', rule: 'required', message: 'The item name is required' },
    ]);
    const tags = issuesOf(z.object({ tags: z.array(v.requiredString()) }), { tags: [''] });
    expect(localizeIssues(tags, 'en')[0]?.message).toBe('The tags is required');
  });

  it('follows the closest branch of a union', () => {
    const schema = z.object({ amount: z.union([z.number(), z.string().regex(/^\d+$/)]) });
    expect(localizeIssues(issuesOf(schema, { amount: 'x' }), 'en')).toEqual([
      { field: 'amount', rule: 'regex', message: 'The amount format is invalid' },
    ]);
  });

  it('keeps the first issue when a cross-field rule also fails', () => {
    const schema = crossFieldRules(z.object({ password: z.string(), again: z.string().min(4) }), {
      again: [rules.confirmed('password')],
    });
    expect(localizeIssues(issuesOf(schema, { password: 'abcd1', again: 'ab' }), 'en')).toEqual([
      { field: 'again', rule: 'min', message: 'The again must be at least 4 characters' },
    ]);
  });
});

describe('createFieldError', () => {
  it('builds the error of a rule checked outside a schema', () => {
    expect(createFieldError('cs', 'name', { rule: 'story_name_duplicate' })).toEqual({
      field: 'name',
      rule: 'story_name_duplicate',
      message: 'Tento název už používá jiný příběh',
    });
    expect(createFieldError('en', 'price', { rule: 'min_value', params: { min: 1 } })).toEqual({
      field: 'price',
      rule: 'min_value',
      message: 'The price must be 1 or more',
    });
  });

  it('names a field of a list element by the label of every element', () => {
    const labels = { 'attributes.*.minimum': 'minimum value' };
    const failure = { rule: 'max_value', params: { max: 2 } };
    expect(createFieldError('en', 'attributes.3.minimum', failure, labels)).toEqual({
      field: 'attributes.3.minimum',
      rule: 'max_value',
      message: 'The minimum value must be 2 or less',
    });
  });
});

describe('validateWithSchema', () => {
  it('returns the parsed data or the localized errors', async () => {
    await expect(validateWithSchema(company, valid, 'en')).resolves.toEqual({
      success: true,
      data: valid,
    });
    await expect(validateWithSchema(company, { ...valid, email: '' }, 'cs')).resolves.toEqual({
      success: false,
      errors: [{ field: 'email', rule: 'required', message: 'Pole email je povinné' }],
    });
  });
});
