// Path builders produce addresses the route table accepts.
import { describe, expect, it } from 'vitest';
import { companyKindOfParam, paths } from './paths';

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

describe('company paths', () => {
  it('keeps the subscriber tab in the address and leaves the default bare', () => {
    expect(paths.companies()).toBe('/companies');
    expect(paths.companies('SUPPLIER')).toBe('/companies');
    expect(paths.companies('SUBSCRIBER')).toBe('/companies?kind=subscriber');
    expect(paths.company(7)).toBe('/companies/7');
  });

  it('reads the tab back, suppliers for anything else', () => {
    expect(companyKindOfParam('subscriber')).toBe('SUBSCRIBER');
    expect(companyKindOfParam('supplier')).toBe('SUPPLIER');
    expect(companyKindOfParam(null)).toBe('SUPPLIER');
    expect(companyKindOfParam('SUBSCRIBER')).toBe('SUPPLIER');
  });
});
