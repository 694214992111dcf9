// The interface locale and the catalog's texts in it: localized maps, language names, numbers and dates.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LANGUAGES,
  pickLocalized,
  type Catalog,
  type LanguageOption,
  type Locale,
  type LocalizedText,
} from '@costory/shared';
import { localeOfLanguage } from '@/i18n';
import { getLanguagesQueryOptions } from '@/lib/api/languages';

export function useUiLocale(): Locale {
  const { i18n } = useTranslation();
  return localeOfLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Picks a catalog text in the user's language, else in the catalog's default language. */
export function useLocalizedText(
  catalog: Pick<Catalog, 'defaultLanguage'>,
): (text: LocalizedText | null | undefined) => string {
  const locale = useUiLocale();
  const { defaultLanguage } = catalog;
  return useCallback(
    (text) => pickLocalized(text, locale, defaultLanguage),
    [locale, defaultLanguage],
  );
}

/** The languages a catalog may support (GET /languages) and their names in the user's language. */
export function useLanguages(): {
  languages: readonly LanguageOption[];
  nameOf: (code: string) => string;
} {
  const locale = useUiLocale();
  const { data = CATALOG_LANGUAGES } = useQuery(getLanguagesQueryOptions());
  const nameOf = useCallback(
    (code: string) =>
      data.find((language) => language.code === code)?.names[locale] ?? code.toUpperCase(),
    [data, locale],
  );
  return { languages: data, nameOf };
}
