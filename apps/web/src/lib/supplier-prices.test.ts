// The price setup's pure rules: input parsing (empty = catalog price), changed rows, input format per language, server field paths.
import { describe, expect, it } from 'vitest';
import { createSupplierPriceRole } from '@/features/companies/test/partner-fixtures';
import {
  adjustmentPercentSchema,
  catalogPricesFormSchema,
  catalogPricesFormValues,
  changedPrices,
  formPathOfServerField,
  onlyNewPrices,
  priceAsInput,
  supplierPriceInputSchema,
} from '@/lib/supplier-prices';

const NEW = createSupplierPriceRole({ roleId: 1 });
const PRICED = createSupplierPriceRole({ roleId: 2, price: '1250.5000', version: 4 });

function typed(...prices: string[]) {
  return catalogPricesFormSchema.parse({ prices: prices.map((price) => ({ price })) });
}

describe('supplierPriceInputSchema', () => {
  it('reads an empty field as null (the catalog price applies)', () => {
    expect(supplierPriceInputSchema.parse('')).toBeNull();
    expect(supplierPriceInputSchema.parse('   ')).toBeNull();
  });

  it('keeps a valid price as typed, comma included', () => {
    expect(supplierPriceInputSchema.parse(' 1250,5 ')).toBe('1250,5');
  });

  it.each(['0', '-5', '1.23456', 'abc'])('refuses %j', (value) => {
    expect(supplierPriceInputSchema.safeParse(value).success).toBe(false);
  });
});

describe('changedPrices', () => {
  it('sends only rows whose price differs, with the version they were loaded at', () => {
    expect(changedPrices([NEW, PRICED], typed('900,5', '1250.50'))).toEqual([
      { roleId: 1, price: '900,5', version: null },
    ]);
  });

  it('sends null for an emptied price', () => {
    expect(changedPrices([NEW, PRICED], typed('', ''))).toEqual([
      { roleId: 2, price: null, version: 4 },
    ]);
  });

  it('tells adding prices from changing them', () => {
    expect(onlyNewPrices([NEW, PRICED], [{ roleId: 1, price: '5', version: null }])).toBe(true);
    expect(
      onlyNewPrices(
        [NEW, PRICED],
        [
          { roleId: 1, price: '5', version: null },
          { roleId: 2, price: null, version: 4 },
        ],
      ),
    ).toBe(false);
  });
});

describe('prices as input', () => {
  it('writes a stored price the way the language types it', () => {
    expect(priceAsInput('1250.5000', 'en')).toBe('1250.5');
    expect(priceAsInput('1250.5000', 'cs')).toBe('1250,5');
    expect(catalogPricesFormValues([NEW, PRICED], 'cs')).toEqual({
      prices: [{ price: '' }, { price: '1250,5' }],
    });
  });
});

describe('formPathOfServerField', () => {
  it('maps the n-th changed row of the body back to its role row', () => {
    const changes = [{ roleId: 2, price: '5', version: 4 }];
    expect(formPathOfServerField('prices.0.price', [NEW, PRICED], changes)).toBe('prices.1.price');
    expect(formPathOfServerField('prices.1.price', [NEW, PRICED], changes)).toBeNull();
    expect(formPathOfServerField('catalogId', [NEW, PRICED], changes)).toBeNull();
  });
});

describe('adjustmentPercentSchema', () => {
  it('reads a percentage with a dot or comma and a sign', () => {
    expect(adjustmentPercentSchema.parse('-10,5')).toBe(-10.5);
    expect(adjustmentPercentSchema.parse(' 500 ')).toBe(500);
  });

  it.each(['', '-90.01', '500.5', '1.23456'])('refuses %j', (value) => {
    expect(adjustmentPercentSchema.safeParse(value).success).toBe(false);
  });
});
