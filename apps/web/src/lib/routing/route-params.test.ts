// Route parameter parsing: digits-only ids, optional groups, label lists, and what counts as not found.
import { describe, expect, it } from 'vitest';
import {
  CATALOG_ITEMS_PARAMS,
  PARTNER_COMPANY_PARAMS,
  PUBLIC_ACCESS_PARAMS,
  STORY_ITEMS_PARAMS,
  parseId,
  parseIdList,
  parseOptionalId,
  parseRouteParams,
} from './route-params';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
  ])('reads %s as %d', (input, expected) => {
    expect(parseId(input)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    '0',
    '-1',
    '+1',
    '1.5',
    '1e3',
    ' 1',
    'abc',
    '12a',
    '99999999999999999999',
  ])('rejects %j', (input) => {
    expect(parseId(input)).toBeNull();
  });
});

describe('parseOptionalId (groupId)', () => {
  it('is undefined when absent', () => {
    expect(parseOptionalId(undefined)).toBeUndefined();
  });

  it('accepts digits only', () => {
    expect(parseOptionalId('3')).toBe(3);
    expect(parseOptionalId('x3')).toBeNull();
  });
});

describe('parseIdList (itemsLabels)', () => {
  it('is an empty list when absent', () => {
    expect(parseIdList(undefined)).toEqual([]);
  });

  it('reads comma-separated ids as numbers', () => {
    expect(parseIdList('1')).toEqual([1]);
    expect(parseIdList('1,2,30')).toEqual([1, 2, 30]);
  });

  it.each(['1,a', 'a', '1,,2', '1,', ',1', '1, 2', '1;2'])('rejects %j', (input) => {
    expect(parseIdList(input)).toBeNull();
  });
});

describe('parseRouteParams', () => {
  it('parses the story items route with every part present', () => {
    expect(
      parseRouteParams({ storyId: '12', groupId: '3', itemsLabels: '1,2' }, STORY_ITEMS_PARAMS),
    ).toEqual({ storyId: 12, groupId: 3, itemsLabels: [1, 2] });
  });

  it('leaves the optional parts empty when absent', () => {
    expect(parseRouteParams({ storyId: '12' }, STORY_ITEMS_PARAMS)).toEqual({
      storyId: 12,
      groupId: undefined,
      itemsLabels: [],
    });
  });

  it('is null (not found) when any part is invalid', () => {
    expect(parseRouteParams({ storyId: 'x' }, STORY_ITEMS_PARAMS)).toBeNull();
    expect(parseRouteParams({ storyId: '1', groupId: 'g' }, STORY_ITEMS_PARAMS)).toBeNull();
    expect(parseRouteParams({ storyId: '1', itemsLabels: '1,x' }, STORY_ITEMS_PARAMS)).toBeNull();
    expect(parseRouteParams({ catalogId: '5', itemId: '0' }, CATALOG_ITEMS_PARAMS)).toBeNull();
  });

  it('reads the company of /companies/:companyId as digits only', () => {
    expect(parseRouteParams({ companyId: '7' }, PARTNER_COMPANY_PARAMS)).toEqual({ companyId: 7 });
    expect(parseRouteParams({ companyId: '7a' }, PARTNER_COMPANY_PARAMS)).toBeNull();
    expect(parseRouteParams({ companyId: '0' }, PARTNER_COMPANY_PARAMS)).toBeNull();
  });

  it('accepts access codes made of URL-safe characters only', () => {
    expect(parseRouteParams({ code: 'Ab-9_x' }, PUBLIC_ACCESS_PARAMS)).toEqual({ code: 'Ab-9_x' });
    expect(parseRouteParams({ code: 'a b' }, PUBLIC_ACCESS_PARAMS)).toBeNull();
  });
});
