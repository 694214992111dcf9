// How a story's figures read: money in the catalog's currency for budgets, plain scores for MNT and SRV catalogs, time in mandays.
import { useCallback } from 'react';
import { isScored, type CatalogType, type Locale } from '@costory/shared';
import { formatMoney, formatNumber, type FormattableNumber } from '../../../lib/format';
import { useUiLocale } from '../../catalogs/hooks/use-catalog-locale';

/** Money arrives from the API as decimal strings ("1234.50"), which Intl formats exactly. */
type Figure = number | string;

function asFormattable(value: Figure): FormattableNumber {
  return typeof value === 'string' ? (value as Intl.StringNumericLiteral) : value;
}

export function formatStoryPrice(
  value: Figure,
  catalog: { type: CatalogType; currency: string },
  locale: Locale,
): string {
  return isScored(catalog.type)
    ? formatNumber(asFormattable(value), locale, {
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      })
    : formatMoney(asFormattable(value), catalog.currency, locale);
}

export function formatMandays(value: Figure, locale: Locale): string {
  return formatNumber(asFormattable(value), locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
}

export interface StoryFigureFormat {
  locale: Locale;
  price: (value: Figure) => string;
  mandays: (value: Figure) => string;
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
  const mandays = useCallback((value: Figure) => formatMandays(value, locale), [locale]);
  return { locale, price, mandays };
}
