// Texts kept per language (language code -> text), as catalogs store names and descriptions.
import { z } from 'zod';

export const languageCodeSchema = z.string().regex(/^[a-z]{2}$/);
export type LanguageCode = z.infer<typeof languageCodeSchema>;

export const localizedTextSchema = z.record(languageCodeSchema, z.string().max(4000));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The text in the wanted language, else in the fallback language, else the first non-empty one. */
export function pickLocalized(
  text: LocalizedText | null | undefined,
  language: string,
  fallbackLanguage: string,
): string {
  if (!text) return '';
  const wanted = text[language]?.trim();
  if (wanted) return wanted;
  const fallback = text[fallbackLanguage]?.trim();
  if (fallback) return fallback;
  return Object.values(text).find((value) => value.trim() !== '') ?? '';
}
