// The bulk price change's arithmetic (decision 0024): exact scaled integers, cents half away from zero, one cent at least, no binary-float drift.
import { describe, expect, it } from 'vitest';
import { adjustPrice, percentToUnits } from '../../src/modules/companies/partners/price-adjustment';

function adjusted(before: string, percent: number): string {
  const units = percentToUnits(percent);
  if (units === null) throw new Error(`percent ${percent} refused`);
  const result = adjustPrice(before, units);
  if (!result.ok) throw new Error(`${before} ${percent}% refused`);
  return result.price;
}

describe('percentToUnits', () => {
  it('reads the percentage exactly, to 1/10,000 %', () => {
    expect(percentToUnits(7.5)).toBe(75_000);
    expect(percentToUnits(-33)).toBe(-330_000);
    expect(percentToUnits(0)).toBe(0);
    expect(percentToUnits(-90)).toBe(-900_000);
    expect(percentToUnits(500)).toBe(5_000_000);
    expect(percentToUnits(12.3456)).toBe(123_456);
  });

  it('refuses more than four decimals rather than rounding the percentage', () => {
    expect(percentToUnits(7.12345)).toBeNull();
    expect(percentToUnits(0.1 + 0.2)).toBeNull();
    expect(percentToUnits(1e-7)).toBeNull();
  });
});

describe('adjustPrice', () => {
  it.each([
    ['9500.0000', 7.5, '10212.50'],
    ['950.1500', -33, '636.60'],
    ['950.1500', 7.5, '1021.41'],
    ['9500', -33, '6365.00'],
    ['1200.5', 0, '1200.50'],
    ['950.15', -90, '95.02'],
    ['1.005', 0, '1.01'],
    ['1.0049', 0, '1.00'],
    ['2.675', 0, '2.68'],
    ['0.1', 200, '0.30'],
    ['100', 12.3456, '112.35'],
    ['999999999999', 0, '999999999999.00'],
  ])('%s changed by %s %% is %s', (before, percent, after) => {
    expect(adjusted(before, percent)).toBe(after);
  });

  it('never goes below one cent', () => {
    expect(adjusted('0.01', -90)).toBe('0.01');
    expect(adjusted('0.01', -33)).toBe('0.01');
    expect(adjusted('0.0001', 0)).toBe('0.01');
    expect(adjusted('0.05', -90)).toBe('0.01');
    expect(adjusted('0.1', -90)).toBe('0.01');
    expect(adjusted('0.15', -90)).toBe('0.02');
  });

  it('refuses a result above the largest role price', () => {
    const units = percentToUnits(0.0001);
    expect(units).not.toBeNull();
    expect(adjustPrice('999999999999', units ?? 0)).toEqual({ ok: false, reason: 'too_large' });
    expect(adjustPrice('999999999999', percentToUnits(500) ?? 0)).toEqual({
      ok: false,
      reason: 'too_large',
    });
  });
});
