// How validation messages name catalog form fields, including one label per language of a localized text.
import { CATALOG_LANGUAGES, type FieldLabels, type Locale } from '@costory/shared';

/** A language's name in the interface language (the list GET /languages serves). */
export function languageName(code: string, locale: Locale): string {
  return CATALOG_LANGUAGES.find((language) => language.code === code)?.names[locale] ?? code;
}

/** `name.cs` -> "name (Czech)": one label per language under `path`. */
export function localizedLabels(
  path: string,
  label: string,
  languages: readonly string[],
  locale: Locale,
): FieldLabels {
  return Object.fromEntries(
    languages.map((language) => [
      `${path}.${language}`,
      `${label} (${languageName(language, locale)})`,
    ]),
  );
}
