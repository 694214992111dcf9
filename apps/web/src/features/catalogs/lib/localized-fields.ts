// Localized texts in forms: one text per catalog language while editing, a compact map (language -> text) when saved.
import { z } from 'zod';
import { customRules, DESCRIPTION_MIN_LENGTH, rules, v, type LocalizedText } from '@costory/shared';

/** What a form holds for a localized text: one entry per language shown, empty when not filled. */
export type LocalizedValues = Record<string, string>;

/** The form values for `text`: every language of `languages`, empty where the text has none. */
export function toLocalizedValues(
  text: LocalizedText | undefined,
  languages: readonly string[],
): LocalizedValues {
  return Object.fromEntries(languages.map((language) => [language, text?.[language] ?? '']));
}

/** Trimmed texts without the empty ones: what the API stores. */
export function compactLocalized(values: LocalizedValues): LocalizedText {
  return Object.fromEntries(
    Object.entries(values)
      .map(([language, text]) => [language, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
}

/** A localized name: the catalog's default language is required, the others optional. */
export function localizedNameSchema(
  languages: readonly string[],
  defaultLanguage: string,
  maxLength = 200,
) {
  const shape = Object.fromEntries(
    languages.map((language) => [
      language,
      language === defaultLanguage
        ? v.requiredString(rules.max(maxLength))
        : v.optionalString(rules.max(maxLength)),
    ]),
  );
  return z.object(shape).transform((values) => compactLocalized(values));
}

/**
 * A localized description under the spec's rule (each text at least 3 characters). `required`
 * languages must be filled; the other languages may stay empty, but a text given is checked too.
 */
export function localizedDescriptionSchema(required: readonly string[]) {
  return z
    .record(z.string(), z.string())
    .transform((values) => {
      const kept = compactLocalized(values);
      // A required language left empty stays in, so the rule reports it.
      for (const language of required) kept[language] ??= '';
      return kept;
    })
    .pipe(
      required.length > 0
        ? v.localizedDescription(required)
        : z
            .record(z.string(), z.string())
            .refine(
              (texts) => Object.keys(texts).length === 0 || customRules.descriptionMinLength(texts),
              {
                params: {
                  rule: 'description_min_length',
                  min: DESCRIPTION_MIN_LENGTH,
                  languages: [],
                },
              },
            ),
    );
}

/** Whether one language's text breaks the description rule (to mark that very field). */
export function isDescriptionTextInvalid(text: string | undefined, required: boolean): boolean {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return required;
  return !customRules.descriptionMinLength({ text: trimmed });
}
