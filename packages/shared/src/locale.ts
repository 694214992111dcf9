// Interface languages: English (default) and Czech, and how a stored value maps to one of them.
import { z } from 'zod';

export const LOCALES = ['en', 'cs'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export const DEFAULT_LOCALE: Locale = 'en';
/** Local-storage key of the chosen locale (spec section 3). */
export const LOCALE_STORAGE_KEY = 'locale';

/** Any unknown or missing value falls back to English. */
export function parseLocale(value: unknown): Locale {
  const parsed = localeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/** BCP 47 tags used for number, currency and date formatting. */
export const LOCALE_FORMAT_TAGS: Record<Locale, string> = {
  en: 'en-GB',
  cs: 'cs-CZ',
};
