// Exact decimal money (decision 0021): integers of 1/10,000 (amounts, unit prices) and 1/100
// (line prices, totals) held in a JavaScript number while exact (below 2^53) and a BigInt beyond,
// rounding half away from zero, decimal strings in and out.
import type { Money } from './types';

/**
 * An integer count of units of 10^-scale (the scale is known from context: 4 for amounts and
 * unit prices, 2 for money). A number while it is a safe integer, a bigint beyond.
 */
export type Scaled = number | bigint;

/** Decimals of amounts and unit prices (NUMERIC(18,4)). */
export const AMOUNT_DECIMALS = 4;
/** Decimals of money (cents). */
export const MONEY_DECIMALS = 2;

/** The largest amount a formula may give: beyond a trillion units no estimate is meant. */
export const MAX_AMOUNT = 1e12;
/** The largest price of one line: a quadrillion, what stored prices and totals are sized for. */
export const MAX_LINE_PRICE = 1e15;
/** MAX_AMOUNT in units of 1/10,000, and MAX_LINE_PRICE in cents. */
export const MAX_AMOUNT_UNITS: Scaled = BigInt(MAX_AMOUNT) * 10n ** BigInt(AMOUNT_DECIMALS);
export const MAX_LINE_PRICE_CENTS: Scaled = BigInt(MAX_LINE_PRICE) * 10n ** BigInt(MONEY_DECIMALS);

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);
/** 10^0 … 10^22, all exact doubles. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

/** A bigint back to a number when it is a safe integer: one value has one representation. */
function normalize(value: bigint): Scaled {
  return value >= -MAX_SAFE_BIG && value <= MAX_SAFE_BIG ? Number(value) : value;
}

function big(value: Scaled): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

export function addScaled(a: Scaled, b: Scaled): Scaled {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (sum <= MAX_SAFE && sum >= -MAX_SAFE) return sum;
  }
  return normalize(big(a) + big(b));
}

export function subtractScaled(a: Scaled, b: Scaled): Scaled {
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = a - b;
    if (difference <= MAX_SAFE && difference >= -MAX_SAFE) return difference;
  }
  return normalize(big(a) - big(b));
}

export function multiplyScaled(a: Scaled, b: Scaled): Scaled {
  if (typeof a === 'number' && typeof b === 'number') {
    // exact when the true product is a safe integer; otherwise it is not (and BigInt takes over)
    const product = a * b;
    if (Number.isSafeInteger(product)) return product;
  }
  return normalize(big(a) * big(b));
}

/** `value / divisor` rounded half away from zero; `divisor` is a positive safe integer. */
export function divideRounded(value: Scaled, divisor: number): Scaled {
  if (typeof value === 'number') {
    const remainder = value % divisor; // exact for integers
    const quotient = (value - remainder) / divisor; // exact: a multiple of divisor
    if (2 * Math.abs(remainder) >= divisor) return quotient + (value < 0 ? -1 : 1);
    return quotient + 0; // no -0
  }
  const bigDivisor = BigInt(divisor);
  const remainder = value % bigDivisor; // sign of value
  let quotient = value / bigDivisor; // truncates
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice >= bigDivisor) quotient += value < 0n ? -1n : 1n;
  return normalize(quotient);
}

export function compareScaled(a: Scaled, b: Scaled): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const difference = big(a) - big(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * The decimal digits of |x| with 15 significant digits (what a person typed or meant: 2.675,
 * 1.00005, 0.1 + 0.2 = 0.3), as `digits` with the decimal point after `point` digits.
 */
function decimalDigits(x: number): { digits: string; point: number } {
  const text = Math.abs(x).toPrecision(15);
  const exponentAt = text.indexOf('e');
  const mantissa = exponentAt < 0 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt < 0 ? 0 : Number(text.slice(exponentAt + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  return { digits, point };
}

/**
 * `x` rounded half away from zero to `decimals` decimals (negative: tens, hundreds…), as an
 * integer count of 10^-decimals; null when x is not finite.
 *
 * The rule: x is read as the decimal with 15 significant digits that its double stands for
 * (so 2.675 rounds to 2.68 and 1.00005 to 1.0001 although their doubles lie just below), then
 * rounded. A fast path on x·10^decimals gives the same answer whenever x is not within the
 * error of that reading of a tie; the rest goes through the decimal string.
 */
export function roundToScaled(x: number, decimals: number): Scaled | null {
  if (!Number.isFinite(x)) return null;
  const magnitude = Math.abs(x);
  if (decimals >= 0 && decimals <= 15) {
    const scale = POW10[decimals] ?? 1;
    const y = magnitude * scale;
    if (y < 1e15) {
      const floor = Math.floor(y);
      const fraction = y - floor; // exact
      // |decimal reading - x|·scale <= 5e-15·y, the product's own error <= 1.2e-16·y
      if (Math.abs(fraction - 0.5) > y * 1e-14) {
        const units = fraction > 0.5 ? floor + 1 : floor;
        return x < 0 && units !== 0 ? -units : units;
      }
    }
  }
  const { digits, point } = decimalDigits(magnitude);
  const keep = point + decimals; // digits before the rounding digit
  let units: bigint;
  if (keep < 0) {
    units = 0n;
  } else if (keep >= digits.length) {
    units = BigInt(digits + '0'.repeat(keep - digits.length));
  } else {
    const head = digits.slice(0, keep);
    units = BigInt(head === '' ? '0' : head) + (digits.charAt(keep) >= '5' ? 1n : 0n);
  }
  return normalize(x < 0 ? -units : units);
}

/** Units of 10^-decimals as a number (the nearest double). */
export function scaledToNumber(units: Scaled, decimals: number): number {
  if (typeof units === 'number' && decimals >= 0 && decimals <= 22) {
    return units / (POW10[decimals] ?? 1) + 0; // correctly rounded quotient; no -0
  }
  if (typeof units === 'number' && decimals < 0 && -decimals <= 22) {
    return units * (POW10[-decimals] ?? 1) + 0;
  }
  return Number(formatScaled(units, Math.max(0, decimals))) * (decimals < 0 ? 10 ** -decimals : 1);
}

/** `x` rounded half away from zero to `decimals` decimals (the rule of roundToScaled). */
export function roundHalfAwayFromZero(x: number, decimals: number): number {
  const units = roundToScaled(x, decimals);
  return units === null ? x : scaledToNumber(units, decimals);
}

/**
 * Units of 10^-decimals as a decimal string with exactly `decimals` decimals: "1234.50",
 * "-0.05", "8000.0000".
 */
export function formatScaled(units: Scaled, decimals: number): string {
  if (typeof units === 'number' && (decimals === 2 || decimals === 4)) {
    // the common case without padding and slicing: whole and fraction by exact integer steps
    const magnitude = units < 0 ? -units : units;
    const scale = decimals === 2 ? 100 : 10_000;
    const fraction = magnitude % scale;
    const whole = (magnitude - fraction) / scale;
    const sign = units < 0 ? '-' : '';
    if (decimals === 2) return `${sign}${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
    const pad = fraction < 10 ? '000' : fraction < 100 ? '00' : fraction < 1000 ? '0' : '';
    return `${sign}${whole}.${pad}${fraction}`;
  }
  const negative = typeof units === 'bigint' ? units < 0n : units < 0;
  const digits = (typeof units === 'bigint' ? (negative ? -units : units) : Math.abs(units))
    .toString()
    .padStart(decimals + 1, '0');
  const sign = negative ? '-' : '';
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal string ("8000.0000", "12.5", "-3", "7.") as units of 10^-decimals; null when it is
 * not a plain decimal or has more decimals than `decimals`.
 */
export function parseDecimal(text: string, decimals: number = AMOUNT_DECIMALS): Scaled | null {
  const match = DECIMAL.exec(text.trim());
  if (match === null) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const digits = (whole + fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  const units = digits.length <= 15 ? Number(digits) : normalize(BigInt(digits));
  if (sign === '-') return typeof units === 'bigint' ? normalize(-units) : units === 0 ? 0 : -units;
  return units;
}

/** Cents as money: "1234.50". */
export function formatMoney(cents: Scaled): Money {
  return formatScaled(cents, MONEY_DECIMALS);
}

/** Money ("1234.50", or any decimal with up to 2 decimals) as cents; null when malformed. */
export function parseMoney(text: string): Scaled | null {
  return parseDecimal(text, MONEY_DECIMALS);
}

/** The exact sum of money strings (e.g. to total lines on a page): "0.00" for none. */
export function sumMoney(values: readonly Money[]): Money {
  let total: Scaled = 0;
  for (const value of values) {
    const cents = parseMoney(value);
    if (cents === null) throw new RangeError(`not money: ${JSON.stringify(value)}`);
    total = addScaled(total, cents);
  }
  return formatMoney(total);
}

/** An amount (4 decimals) as units of 1/10,000, rounded half away from zero; null if not finite. */
export function amountToScaled(amount: number): Scaled | null {
  return roundToScaled(amount, AMOUNT_DECIMALS);
}

/**
 * A line price in cents: amount (units of 1/10,000) × unit price (units of 1/10,000) is exact in
 * units of 10^-8, then rounded half away from zero to cents.
 */
export function linePriceCents(amountUnits: Scaled, unitPriceUnits: Scaled): Scaled {
  return divideRounded(multiplyScaled(amountUnits, unitPriceUnits), 1_000_000);
}

/**
 * Estimated time in units of 1/10,000 manday: MANDAYS amounts + HOUR amounts / 8 (both in units
 * of 1/10,000), rounded half away from zero.
 */
export function mandaysScaled(mandayUnits: Scaled, hourUnits: Scaled): Scaled {
  return divideRounded(addScaled(multiplyScaled(mandayUnits, 8), hourUnits), 8);
}

/** Estimated time as a number with 4 decimals. */
export function mandaysOf(mandayUnits: Scaled, hourUnits: Scaled): number {
  return scaledToNumber(mandaysScaled(mandayUnits, hourUnits), AMOUNT_DECIMALS);
}
