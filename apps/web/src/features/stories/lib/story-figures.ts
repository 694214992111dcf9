// How a story's figures read: money in the catalog's currency for budgets, plain scores for MNT and SRV catalogs, time in mandays.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isScored, type CatalogType, type Locale } from '@costory/shared';
import { formatMoney, formatNumber, type FormattableNumber } from '@/lib/format';
import { useUiLocale } from '@/hooks/use-catalog-locale';

/** Money arrives from the API as decimal strings ("1234.50"), which Intl formats exactly. */
type Figure = number | string;

function asFormattable(value: Figure): FormattableNumber {
  return typeof value === 'string' ? (value as Intl.StringNumericLiteral) : value;
}

/** A difference writes its sign either way ("+€500.00", "−2 MD"); zero has none. */
const SIGNED = { signDisplay: 'exceptZero' } as const;

export function formatStoryPrice(
  value: Figure,
  catalog: { type: CatalogType; currency: string },
  locale: Locale,
  signed = false,
): string {
  const sign = signed ? SIGNED : {};
  return isScored(catalog.type)
    ? formatNumber(asFormattable(value), locale, {
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
        ...sign,
      })
    : formatMoney(asFormattable(value), catalog.currency, locale, sign);
}

/**
 * A unit price with the 4 decimals the calculation multiplies with (at least 2 for money), so
 * that amount × unit price = price checks out by hand.
 */
export function formatUnitPrice(
  value: Figure,
  catalog: { type: CatalogType; currency: string },
  locale: Locale,
): string {
  return isScored(catalog.type)
    ? formatNumber(asFormattable(value), locale, { maximumFractionDigits: 4 })
    : formatMoney(asFormattable(value), catalog.currency, locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      });
}

/** Time in mandays with the 4 decimals the calculation keeps (screens and exports agree). */
export function formatMandays(value: Figure, locale: Locale, signed = false): string {
  return formatNumber(asFormattable(value), locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 4,
    ...(signed ? SIGNED : {}),
  });
}

export interface StoryFigureFormat {
  locale: Locale;
  price: (value: Figure) => string;
  unitPrice: (value: Figure) => string;
  mandays: (value: Figure) => string;
  /** A difference: "+€500.00", "-€12.30", "€0.00". */
  priceDifference: (value: Figure) => string;
  /** A difference in mandays: "+1.5", "-0.25", "0". */
  mandaysDifference: (value: Figure) => string;
  /** "Total price (2 instances with formula errors not priced)"; the label alone when complete. */
  incompleteTotal: (label: string, unpriced: number) => string;
}

export function useStoryFigures(catalog: {
  type: CatalogType;
  currency: string;
}): StoryFigureFormat {
  const locale = useUiLocale();
  const { type, currency } = catalog;
  const price = useCallback(
    (value: Figure) => formatStoryPrice(value, { type, currency }, locale),
    [type, currency, locale],
  );
  const unitPrice = useCallback(
    (value: Figure) => formatUnitPrice(value, { type, currency }, locale),
    [type, currency, locale],
  );
  const mandays = useCallback((value: Figure) => formatMandays(value, locale), [locale]);
  const priceDifference = useCallback(
    (value: Figure) => formatStoryPrice(value, { type, currency }, locale, true),
    [type, currency, locale],
  );
  const mandaysDifference = useCallback(
    (value: Figure) => formatMandays(value, locale, true),
    [locale],
  );
  const { t } = useTranslation('domain');
  const incompleteTotal = useCallback(
    (label: string, unpriced: number) =>
      unpriced === 0
        ? label
        : t('incompleteTotal', { label, count: unpriced, number: formatNumber(unpriced, locale) }),
    [t, locale],
  );
  return { locale, price, unitPrice, mandays, priceDifference, mandaysDifference, incompleteTotal };
}
