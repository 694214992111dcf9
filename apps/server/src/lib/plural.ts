// A number with its counted noun in the plural form the number takes in each language: "1 item",
// "2 items"; "1 položka", "3 položky", "5 položek", "1,5 položky" (docs/glossary.md).
import { LOCALE_FORMAT_TAGS, type Locale } from '@costory/shared';

/** A text per plural category of the language; `{count}` stands for the number. */
export type PluralForms = Readonly<
  Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }
>;

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesOf(locale: Locale): Intl.PluralRules {
  const existing = pluralRules.get(locale);
  if (existing) return existing;
  const created = new Intl.PluralRules(LOCALE_FORMAT_TAGS[locale]);
  pluralRules.set(locale, created);
  return created;
}

function formatOf(locale: Locale, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}:${String(grouping)}`;
  const existing = numberFormats.get(key);
  if (existing) return existing;
  const created = new Intl.NumberFormat(LOCALE_FORMAT_TAGS[locale], { useGrouping: grouping });
  numberFormats.set(key, created);
  return created;
}

export interface CountOptions {
  /** Thousands separators ("20,001" rows); limits of characters read better without ("2000"). */
  grouping?: boolean;
}

/** The form `count` takes in `locale`, with `{count}` replaced by the number in the locale's format. */
export function countText(
  locale: Locale,
  count: number,
  forms: PluralForms,
  { grouping = true }: CountOptions = {},
): string {
  const form = forms[rulesOf(locale).select(count)] ?? forms.other;
  return form.replaceAll('{count}', formatOf(locale, grouping).format(count));
}

/** The same count in English and Czech, each in its own plural form. */
export function countTexts(
  count: number,
  forms: Readonly<Record<Locale, PluralForms>>,
  options: CountOptions = {},
): Record<Locale, string> {
  return {
    en: countText('en', count, forms.en, options),
    cs: countText('cs', count, forms.cs, options),
  };
}
