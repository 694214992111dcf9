// Checks of localized texts against a catalog's languages (decision 0011): names need the default language, descriptions the spec's rule.
import {
  CATALOG_LANGUAGES,
  customRules,
  DESCRIPTION_MIN_LENGTH,
  type Locale,
  type LocalizedText,
} from '@costory/shared';
import type { FieldProblem } from '../../../errors';

export interface CatalogLanguages {
  defaultLanguage: string;
  supportedLanguages: readonly string[];
}

/** How a field is named in messages, per interface language. */
export type FieldLabel = Readonly<Record<Locale, string>>;

function languageName(code: string, locale: Locale): string {
  return CATALOG_LANGUAGES.find((language) => language.code === code)?.names[locale] ?? code;
}

/** Trimmed texts without the blank ones: a blank text is no text (what the forms send too). */
export function compactText(text: LocalizedText): LocalizedText {
  return Object.fromEntries(
    Object.entries(text)
      .map(([language, value]) => [language, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

function foreignLanguages(
  field: string,
  text: LocalizedText,
  languages: CatalogLanguages,
  label: FieldLabel,
): FieldProblem[] {
  const foreign = Object.keys(text).filter((code) => !languages.supportedLanguages.includes(code));
  if (foreign.length === 0) return [];
  const list = languages.supportedLanguages.join(', ');
  return [
    {
      field,
      rule: 'one_of',
      params: { values: [...languages.supportedLanguages] },
      message: {
        en: `The ${label.en} may only be given in the catalog's languages (${list})`,
        cs: `Pole ${label.cs} lze vyplnit jen v jazycích katalogu (${list})`,
      },
    },
  ];
}

/** A localized name: only the catalog's languages, and the default language filled. */
export function checkLocalizedName(
  field: string,
  text: LocalizedText,
  languages: CatalogLanguages,
  label: FieldLabel,
): FieldProblem[] {
  const foreign = foreignLanguages(field, text, languages, label);
  if (foreign.length > 0) return foreign;
  const language = languages.defaultLanguage;
  if (text[language] !== undefined) return [];
  return [
    {
      field,
      rule: 'required',
      params: { language },
      message: {
        en: `The ${label.en} in the catalog's default language (${languageName(language, 'en')}) is required`,
        cs: `Pole ${label.cs} ve výchozím jazyce katalogu (${languageName(language, 'cs')}) je povinné`,
      },
    },
  ];
}

/**
 * A localized description: only the catalog's languages, and the spec's rule (every text at
 * least 3 characters). With `required` languages each of them must be there; without, an empty
 * description is fine.
 */
export function checkLocalizedDescription(
  field: string,
  text: LocalizedText,
  languages: CatalogLanguages,
  label: FieldLabel,
  required: readonly string[] = [],
): FieldProblem[] {
  const foreign = foreignLanguages(field, text, languages, label);
  if (foreign.length > 0) return foreign;
  if (required.length === 0 && Object.keys(text).length === 0) return [];
  if (customRules.descriptionMinLength(text, required)) return [];
  return [
    {
      field,
      rule: 'description_min_length',
      params: { min: DESCRIPTION_MIN_LENGTH, languages: [...required] },
    },
  ];
}
