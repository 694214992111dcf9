// The catalogue request schemas where they do more than check types: query flags, label lists, role prices.
import { describe, expect, it } from 'vitest';
import { catalogListQuerySchema, itemListQuerySchema, roleFieldsSchema } from './schemas';

const role = { name: { en: 'Developer' }, code: 'DEV', unit: 'MANDAYS' };

describe('catalogListQuerySchema', () => {
  it('reads mine=false as false (and true, 1, yes as true)', () => {
    expect(catalogListQuerySchema.parse({ mine: 'false' }).mine).toBe(false);
    expect(catalogListQuerySchema.parse({ mine: '0' }).mine).toBe(false);
    for (const value of ['true', '1', 'yes']) {
      expect(catalogListQuerySchema.parse({ mine: value }).mine).toBe(true);
    }
    expect(catalogListQuerySchema.parse({}).mine).toBeUndefined();
    expect(catalogListQuerySchema.safeParse({ mine: 'perhaps' }).success).toBe(false);
  });

  it('defaults to the name order and 50 rows', () => {
    expect(catalogListQuerySchema.parse({})).toEqual({ sort: 'name', limit: 50 });
  });
});

describe('itemListQuerySchema', () => {
  it('turns labelIds into numbers and accepts at most 50 of them', () => {
    expect(itemListQuerySchema.parse({ labelIds: '3,1' }).labelIds).toEqual([3, 1]);
    const fifty = Array.from({ length: 50 }, (_, index) => index + 1).join(',');
    expect(itemListQuerySchema.safeParse({ labelIds: fifty }).success).toBe(true);
    expect(itemListQuerySchema.safeParse({ labelIds: `${fifty},51` }).success).toBe(false);
    expect(itemListQuerySchema.safeParse({ labelIds: '1,,2' }).success).toBe(false);
  });
});

describe('roleFieldsSchema price', () => {
  it.each(['850', '850.5', '850,5', '0.0001', '999999999999'])('accepts %s', (price) => {
    expect(roleFieldsSchema.safeParse({ ...role, price }).success).toBe(true);
  });

  it.each(['0', '-1', 'abc', '1.23456', '1000000000000', ''])('refuses %s', (price) => {
    expect(roleFieldsSchema.safeParse({ ...role, price }).success).toBe(false);
  });
});
