// How the summaries write their figures: shown (locale, currency or score, MD), copied (plain numbers) and on chart axes.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isScored, type Locale, type Story } from '@costory/shared';
import { formatMoney, formatNumber, type FormattableNumber } from '@/lib/format';
import { useStoryFigures } from '../lib/story-figures';

type Figure = number | string;

function asFormattable(value: Figure): FormattableNumber {
  return typeof value === 'string' ? (value as Intl.StringNumericLiteral) : value;
}

export interface SummaryFormat {
  locale: Locale;
  scored: boolean;
  /** Prices are shown: a customer reads the story in amounts and time only (decision 0033). */
  withPrices: boolean;
  /** "1 250,50 €" (or "1 250,5" for scores). */
  price: (value: Figure) => string;
  /** "33,3333 €": a unit price with the decimals the calculation used. */
  unitPrice: (value: Figure) => string;
  /** "Total price (2 instances with formula errors not priced)"; the label alone when complete. */
  incompleteTotal: (label: string, unpriced: number) => string;
  /** "7,5 MD". */
  mandays: (value: number) => string;
  /** An amount in its unit: up to 4 decimals, as the calculation keeps them. */
  amount: (value: number) => string;
  /** "12,5 %", or a dash when there is no total to take a share of. */
  share: (value: number | null) => string;
  /**
   * What the copy buttons put on the clipboard: the number alone, in the locale's decimal mark
   * but without grouping, currency or unit, so it pastes into a spreadsheet in that language.
   */
  plain: (value: Figure) => string;
  /** The same for money: 2 decimals at least, "1250,50" (scores as they are). */
  plainMoney: (value: Figure) => string;
  /** Short axis ticks: "1,2 tis. €", "15 MD". */
  priceTick: (value: number) => string;
  mandaysTick: (value: number) => string;
  amountTick: (value: number) => string;
}

export function useSummaryFormat(catalog: Story['catalog'], withPrices: boolean): SummaryFormat {
  const { t } = useTranslation('summaries');
  const { locale, price, unitPrice, mandays, incompleteTotal } = useStoryFigures(catalog);
  const scored = isScored(catalog.type);
  const { currency } = catalog;
  return useMemo(() => {
    const compact = (value: number) =>
      formatNumber(value, locale, { notation: 'compact', maximumFractionDigits: 1 });
    return {
      locale,
      scored,
      withPrices,
      price,
      unitPrice,
      incompleteTotal,
      mandays: (value) => t('figures.mandays', { value: mandays(value) }),
      amount: (value) => formatNumber(value, locale, { maximumFractionDigits: 4 }),
      share: (value) =>
        value === null
          ? t('figures.none')
          : formatNumber(value, locale, { style: 'percent', maximumFractionDigits: 1 }),
      plain: (value) =>
        formatNumber(asFormattable(value), locale, {
          useGrouping: false,
          maximumFractionDigits: 4,
        }),
      plainMoney: (value) =>
        formatNumber(asFormattable(value), locale, {
          useGrouping: false,
          minimumFractionDigits: scored ? 0 : 2,
          maximumFractionDigits: 4,
        }),
      priceTick: (value) =>
        scored
          ? compact(value)
          : formatMoney(value, currency, locale, { notation: 'compact', maximumFractionDigits: 1 }),
      mandaysTick: (value) => t('figures.mandays', { value: compact(value) }),
      amountTick: compact,
    };
  }, [t, price, unitPrice, mandays, incompleteTotal, locale, scored, withPrices, currency]);
}
