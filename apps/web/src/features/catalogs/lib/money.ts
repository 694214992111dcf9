// Role prices as the user reads them: in the catalog's currency (budget catalogs) and the user's number format.
import type { Catalog, Locale } from '@costory/shared';
import { formatMoney, formatNumber } from '@/lib/format';

// API prices are decimal strings ("1200.5000"): formatting the text keeps every digit exact.
function asNumericText(price: string): Intl.StringNumericLiteral {
  return price.trim() as Intl.StringNumericLiteral;
}

/** Budget catalogs price in money; scoring and survey catalogs weigh in plain numbers. */
export function formatRolePrice(
  price: string,
  catalog: Pick<Catalog, 'type' | 'currency'>,
  locale: Locale,
): string {
  const value = asNumericText(price);
  return catalog.type === 'BDT'
    ? formatMoney(value, catalog.currency, locale, { maximumFractionDigits: 4 })
    : formatNumber(value, locale, { maximumFractionDigits: 4 });
}

/** A stored price for the form: no trailing zeros ("1200.5000" -> "1200.5"). */
export function priceForInput(price: string): string {
  return price.includes('.') ? price.replace(/\.?0+$/, '') : price;
}

/** What the user typed ("1 200,5") as the API's decimal text ("1200.5"). */
export function priceForApi(price: string): string {
  return price.trim().replace(',', '.');
}
