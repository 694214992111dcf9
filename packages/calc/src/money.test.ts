// Exact money: rounding half away from zero, scaled integers (number and BigInt), decimal strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addScaled,
  amountToScaled,
  compareScaled,
  divideRounded,
  formatMoney,
  formatScaled,
  linePriceCents,
  mandaysOf,
  multiplyScaled,
  parseDecimal,
  parseMoney,
  roundHalfAwayFromZero,
  roundToScaled,
  scaledToNumber,
  subtractScaled,
  sumMoney,
} from './money';

describe('rounding of doubles', () => {
  it.each([
    [0.5, 0, 1],
    [1.5, 0, 2],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [-0.4, 0, 0],
    [2.675, 2, 2.68],
    [1.005, 2, 1.01],
    [1.00005, 4, 1.0001],
    [1.00004999, 4, 1],
    [-1.00005, 4, -1.0001],
    [0.1 + 0.2, 4, 0.3],
    [1234.5, -2, 1200],
    [1250, -2, 1300],
    [1e-7, 4, 0],
    [4.35 * 100, 0, 435],
    [8.345, 2, 8.35],
    [1.45, 1, 1.5],
    [123456789.12345, 4, 123456789.1235],
  ])('%d to %d decimals is %d', (x, decimals, expected) => {
    expect(roundHalfAwayFromZero(x, decimals)).toBe(expected);
  });

  it('gives scaled integers, -0 as 0, null for non-finite values', () => {
    expect(roundToScaled(2.675, 2)).toBe(268);
    expect(roundToScaled(-0.00001, 4)).toBe(0);
    expect(Object.is(roundToScaled(-0.00001, 4), 0)).toBe(true);
    expect(roundToScaled(Number.NaN, 4)).toBeNull();
    expect(roundToScaled(Number.POSITIVE_INFINITY, 4)).toBeNull();
  });

  it('goes to BigInt when the units pass 2^53', () => {
    expect(roundToScaled(1e15, 4)).toBe(10_000_000_000_000_000_000n);
    expect(roundToScaled(123456789012345.6, 4)).toBe(1_234_567_890_123_460_000n);
    expect(roundToScaled(-1e20, 2)).toBe(-(10n ** 22n));
    expect(scaledToNumber(10_000_000_000_000_000_000n, 4)).toBe(1e15);
  });

  it('the fast path agrees with rounding the 15-digit decimal string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e9, max: 1e9, noNaN: true }),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 10000 + 0.00005),
          fc.integer({ min: 0, max: 1e6 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 6 }),
        (x, decimals) => {
          const text = Math.abs(x).toPrecision(15);
          const [mantissa = '', exponent = '0'] = text.split('e');
          const [whole = '', fraction = ''] = mantissa.split('.');
          // reference: decimal arithmetic on the string with BigInt
          const digits = BigInt(whole + fraction);
          const scale = fraction.length - Number(exponent);
          const shift = scale - decimals;
          let units: bigint;
          if (shift <= 0) units = digits * 10n ** BigInt(-shift);
          else {
            const divisor = 10n ** BigInt(shift);
            units = digits / divisor + ((digits % divisor) * 2n >= divisor ? 1n : 0n);
          }
          const expected = x < 0 ? -units : units;
          const actual = roundToScaled(x, decimals);
          expect(actual === null ? null : BigInt(actual)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  }, 30_000);
});

describe('scaled integers', () => {
  const max = Number.MAX_SAFE_INTEGER;

  it('adds, subtracts and multiplies exactly, BigInt only beyond 2^53', () => {
    expect(addScaled(1, 2)).toBe(3);
    expect(addScaled(max, 1)).toBe(9_007_199_254_740_992n);
    expect(addScaled(max, 2)).toBe(9_007_199_254_740_993n);
    expect(subtractScaled(9_007_199_254_740_993n, 2)).toBe(max);
    expect(typeof subtractScaled(9_007_199_254_740_993n, 2)).toBe('number');
    expect(subtractScaled(-max, 1)).toBe(-9_007_199_254_740_992n);
    expect(multiplyScaled(94_906_267, 94_906_267)).toBe(9_007_199_515_875_289n);
    expect(multiplyScaled(3, -4)).toBe(-12);
    expect(compareScaled(10n ** 20n, max)).toBe(1);
    expect(compareScaled(-3, 2)).toBe(-1);
  });

  it('divides rounding half away from zero', () => {
    expect(divideRounded(15, 10)).toBe(2);
    expect(divideRounded(14, 10)).toBe(1);
    expect(divideRounded(-15, 10)).toBe(-2);
    expect(divideRounded(-14, 10)).toBe(-1);
    expect(Object.is(divideRounded(-4, 10), 0)).toBe(true);
    expect(divideRounded(25_000_000_000_000_000_005n, 10)).toBe(2_500_000_000_000_000_001n);
    expect(divideRounded(-25n * 10n ** 20n - 5n, 10)).toBe(-25n * 10n ** 19n - 1n);
    expect(divideRounded(10n ** 21n + 5n, 10)).toBe(10n ** 20n + 1n);
    expect(divideRounded(9_007_199_254_740_993n, 1_000_000)).toBe(9_007_199_255);
  });

  it('divides large safe integers exactly (no floating-point quotient)', () => {
    // 9007199254740991 / 1e6 = 9007199254.740991: a float division would be inexact here
    expect(divideRounded(max, 1_000_000)).toBe(9_007_199_255);
    expect(divideRounded(max - 240_991, 1_000_000)).toBe(9_007_199_255);
    expect(divideRounded(max - 240_992, 1_000_000)).toBe(9_007_199_254);
    expect(divideRounded(8_999_999_999_499_999, 1_000_000)).toBe(8_999_999_999);
    expect(divideRounded(8_999_999_999_500_000, 1_000_000)).toBe(9_000_000_000);
  });
});

describe('decimal strings', () => {
  it('parses decimals with up to 4 decimals into units of 1/10,000', () => {
    expect(parseDecimal('8000.0000')).toBe(80_000_000);
    expect(parseDecimal('12.5')).toBe(125_000);
    expect(parseDecimal('7.')).toBe(70_000);
    expect(parseDecimal('-3')).toBe(-30_000);
    expect(parseDecimal('-0.0000')).toBe(0);
    expect(parseDecimal('0.0001')).toBe(1);
    expect(parseDecimal(' 5 ')).toBe(50_000);
    expect(parseDecimal('99999999999999.9999')).toBe(999_999_999_999_999_999n);
    expect(parseDecimal('1.23456')).toBeNull();
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('1,5')).toBeNull();
  });

  it('formats with exactly the scale of decimals', () => {
    expect(formatMoney(123450)).toBe('1234.50');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(12_345_678_901_234_567_890n)).toBe('123456789012345678.90');
    expect(formatMoney(-12_345_678_901_234_567_890n)).toBe('-123456789012345678.90');
    expect(formatScaled(80_000_000, 4)).toBe('8000.0000');
    expect(formatScaled(7, 0)).toBe('7');
  });

  it('parses and sums money exactly', () => {
    expect(parseMoney('1234.50')).toBe(123_450);
    expect(parseMoney('1.005')).toBeNull();
    expect(sumMoney(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['90071992547409.91', '0.01'])).toBe('90071992547409.92');
    expect(() => sumMoney(['x'])).toThrow(RangeError);
  });
});

describe('line prices and time', () => {
  it('amount × unit price is exact, then rounded half away from zero to cents', () => {
    const price = (amount: number, unitPrice: string) =>
      formatMoney(linePriceCents(amountToScaled(amount) ?? 0, parseDecimal(unitPrice) ?? 0));
    expect(price(2, '8000.0000')).toBe('16000.00');
    expect(price(6.75, '650.5000')).toBe('4390.88');
    expect(price(1.5, '0.0100')).toBe('0.02');
    expect(price(0.5, '0.0100')).toBe('0.01');
    expect(price(0.4999, '0.0100')).toBe('0.00');
    expect(price(0.3333, '3.0000')).toBe('1.00');
    expect(price(0.0001, '0.0001')).toBe('0.00');
    expect(price(1.2345, '6789.1234')).toBe('8381.17');
    expect(price(-1.5, '0.0100')).toBe('-0.02');
  });

  it('uses BigInt for huge amounts and prices, exactly', () => {
    // 12,345,678.9012 × 98,765,432.1098 = 1,219,326,311,365,858.86175176
    const cents = linePriceCents(amountToScaled(12_345_678.9012) ?? 0, 987_654_321_098n);
    expect(formatMoney(cents)).toBe('1219326311365858.86');
    const huge = linePriceCents(10n ** 18n, parseDecimal('99999999999999.9999') ?? 0);
    expect(formatMoney(huge)).toBe('9999999999999999990000000000.00');
  });

  it('estimated time: MANDAYS + HOUR / 8, rounded half away from zero to 4 decimals', () => {
    expect(mandaysOf(10_000, 40_000)).toBe(1.5);
    expect(mandaysOf(0, 1)).toBe(0);
    expect(mandaysOf(0, 4)).toBe(0.0001);
    expect(mandaysOf(0, 3)).toBe(0);
    expect(mandaysOf(29_750, 87_500)).toBe(4.0688);
    expect(mandaysOf(10n ** 20n, 8n * 10n ** 20n)).toBe(2e16);
  });
});
