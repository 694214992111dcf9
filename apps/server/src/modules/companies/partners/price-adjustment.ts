// Exact arithmetic of the bulk price change (decision 0024): price × (1 + percent/100) in scaled integers, rounded to cents half away from zero, never below one cent.
import {
  AMOUNT_DECIMALS,
  MONEY_DECIMALS,
  addScaled,
  compareScaled,
  divideRounded,
  formatScaled,
  multiplyScaled,
  parseDecimal,
  type Scaled,
} from '@costory/calc';
import { MAX_ROLE_PRICE } from '@costory/shared';

/** Decimals a percentage may have: enough for any typed value, few enough to stay exact. */
export const PERCENT_DECIMALS = 4;

/** One hundred percent in units of 10^-6 (a factor of 1 + percent/100 with percent in 1/10,000). */
const FACTOR_ONE = 1_000_000;
/** Units of 10^-4 (price) × 10^-6 (factor) = 10^-10; cents are 10^-2. */
const PRODUCT_PER_CENT = 100_000_000;
const ONE_CENT = 1;
const MAX_PRICE_CENTS = MAX_ROLE_PRICE * 100;

/**
 * The percentage as an integer count of 1/10,000 %, read from the shortest decimal that the JSON
 * number stands for (7.5 -> 75000, -33 -> -330000); null when it has more than four decimals,
 * because rounding the percentage itself would change prices silently.
 */
export function percentToUnits(percent: number): Scaled | null {
  return parseDecimal(String(percent), PERCENT_DECIMALS);
}

export type AdjustedPrice =
  | { ok: true; /** Decimal text with two decimals ("10212.50"). */ price: string }
  | { ok: false; reason: 'too_large' };

/**
 * `before` (NUMERIC text, up to 4 decimals) changed by `percentUnits` (from percentToUnits):
 * round(before × (1 + percent/100), 2), half away from zero; a result below 0.01 is 0.01 (a price
 * must stay above zero), one above the largest price a role may have is refused.
 */
export function adjustPrice(before: string, percentUnits: Scaled): AdjustedPrice {
  const beforeUnits = parseDecimal(before, AMOUNT_DECIMALS);
  if (beforeUnits === null) throw new RangeError(`not a stored price: ${JSON.stringify(before)}`);
  const factor = addScaled(FACTOR_ONE, percentUnits);
  const cents = divideRounded(multiplyScaled(beforeUnits, factor), PRODUCT_PER_CENT);
  if (compareScaled(cents, MAX_PRICE_CENTS) > 0) return { ok: false, reason: 'too_large' };
  const clamped = compareScaled(cents, ONE_CENT) < 0 ? ONE_CENT : cents;
  return { ok: true, price: formatScaled(clamped, MONEY_DECIMALS) };
}
