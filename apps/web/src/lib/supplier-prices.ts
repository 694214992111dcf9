// The price setup's rules as pure functions: the form's values and schema, which rows changed, and prices as the user reads them.
import { z } from 'zod';
import {
  PRICE_ADJUSTMENT_MAX_PERCENT,
  PRICE_ADJUSTMENT_MIN_PERCENT,
  fieldRules,
  parseNumber,
  rules,
  unitPriceInputSchema,
  type Locale,
  type SupplierPriceRole,
  type SupplierPricesUpdate,
} from '@costory/shared';
import { formatMoney, formatNumber } from './format';

/**
 * A supplier's price as typed in the table: empty means "the catalog's price applies" (null);
 * anything else follows the role price rules (greater than zero, at most 4 decimals, dot or comma).
 */
export const supplierPriceInputSchema = z
  .string()
  .transform((text) => (text.trim() === '' ? null : text.trim()))
  .pipe(unitPriceInputSchema.nullable());

/** One catalog's prices as a form: one entry per role, in the order of the catalog's roles. */
export const catalogPricesFormSchema = z.object({
  prices: z.array(z.object({ price: supplierPriceInputSchema })),
});
export type CatalogPricesFormValues = z.input<typeof catalogPricesFormSchema>;
export type CatalogPricesFormOutput = z.output<typeof catalogPricesFormSchema>;

// API prices are decimal strings ("1200.5000"): formatting the text keeps every digit exact.
function numericText(price: string): Intl.StringNumericLiteral {
  return price.trim() as Intl.StringNumericLiteral;
}

/**
 * A stored price as the user would type it in their language: "1250.5000" is "1250.5" in English
 * and "1250,5" in Czech (no grouping, so it is valid input as it stands).
 */
export function priceAsInput(price: string, locale: Locale): string {
  return formatNumber(numericText(price), locale, {
    maximumFractionDigits: 4,
    useGrouping: false,
  });
}

/** A price in the catalog's currency and the user's format, e.g. "1 250,50 Kč" in Czech. */
export function formatSupplierPrice(price: string, currency: string, locale: Locale): string {
  return formatMoney(numericText(price), currency, locale, { maximumFractionDigits: 4 });
}

export function catalogPricesFormValues(
  roles: readonly SupplierPriceRole[],
  locale: Locale,
): CatalogPricesFormValues {
  return {
    prices: roles.map((role) => ({
      price: role.price === null ? '' : priceAsInput(role.price, locale),
    })),
  };
}

// "+1 250,50" and "1250.5" are the same price; the server compares at 4 decimals too.
function canonicalDecimal(text: string): string {
  const plain = text.trim().replace(',', '.').replace(/^\+/, '');
  const [whole = '', fraction = ''] = plain.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? digits : `${digits}.${decimals}`;
}

function samePrice(typed: string | null, stored: string | null): boolean {
  if (typed === null || stored === null) return typed === stored;
  return canonicalDecimal(typed) === canonicalDecimal(stored);
}

export type SupplierPriceChange = SupplierPricesUpdate['prices'][number];

/**
 * The rows whose price differs from the one loaded, as the PUT sends them: the price as typed
 * (the server reads a comma too) or null to fall back to the catalog's price, with the version
 * the row was loaded at (null while it had no price).
 */
export function changedPrices(
  roles: readonly SupplierPriceRole[],
  typed: CatalogPricesFormOutput,
): SupplierPriceChange[] {
  return roles.flatMap((role, index) => {
    const price = typed.prices[index]?.price ?? null;
    return samePrice(price, role.price)
      ? []
      : [{ roleId: role.roleId, price, version: role.version }];
  });
}

/** Whether a save only adds prices (spec: "Failed to create role price") rather than changing some. */
export function onlyNewPrices(
  roles: readonly SupplierPriceRole[],
  changes: readonly SupplierPriceChange[],
): boolean {
  return changes.every(
    (change) => roles.find((role) => role.roleId === change.roleId)?.price === null,
  );
}

/** The bulk change's percentage as typed ("-10,5"): a decimal from −90 to 500. */
export const adjustmentPercentSchema = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    fieldRules(z.string(), [
      rules.required(),
      rules.decimal(4),
      rules.between(PRICE_ADJUSTMENT_MIN_PERCENT, PRICE_ADJUSTMENT_MAX_PERCENT),
    ]),
  )
  // The rules above let only decimal text through, so the fallback never applies.
  .transform((text) => parseNumber(text) ?? 0);

/** The bulk change form: the percentage and a catalog ('' for every catalog). */
export const priceAdjustmentFormSchema = z.object({
  percent: adjustmentPercentSchema,
  catalogId: z.string(),
});
export type PriceAdjustmentFormValues = z.input<typeof priceAdjustmentFormSchema>;

const SERVER_PRICE_FIELD = /^prices\.(\d+)\.price$/;

/**
 * Where a server field error on the PUT body belongs in the form: the body lists only the changed
 * rows, so its `prices.{n}.price` is the n-th change, not the n-th role of the table.
 */
export function formPathOfServerField(
  field: string,
  roles: readonly SupplierPriceRole[],
  changes: readonly SupplierPriceChange[],
): `prices.${number}.price` | null {
  const index = SERVER_PRICE_FIELD.exec(field)?.[1];
  const roleId = index === undefined ? undefined : changes[Number(index)]?.roleId;
  const row = roles.findIndex((role) => role.roleId === roleId);
  return row < 0 ? null : `prices.${row}.price`;
}
