// Languages a catalog may support, with their names in the interface languages (GET /api/v1/languages).
import { z } from 'zod';
import type { Locale } from '../locale';

export interface LanguageOption {
  readonly code: string;
  readonly names: Readonly<Record<Locale, string>>;
}

export const CATALOG_LANGUAGES: readonly LanguageOption[] = [
  { code: 'cs', names: { en: 'Czech', cs: 'čeština' } },
  { code: 'en', names: { en: 'English', cs: 'angličtina' } },
  { code: 'sk', names: { en: 'Slovak', cs: 'slovenština' } },
  { code: 'de', names: { en: 'German', cs: 'němčina' } },
  { code: 'pl', names: { en: 'Polish', cs: 'polština' } },
  { code: 'hu', names: { en: 'Hungarian', cs: 'maďarština' } },
  { code: 'fr', names: { en: 'French', cs: 'francouzština' } },
  { code: 'es', names: { en: 'Spanish', cs: 'španělština' } },
  { code: 'it', names: { en: 'Italian', cs: 'italština' } },
  { code: 'uk', names: { en: 'Ukrainian', cs: 'ukrajinština' } },
];

/** One entry of GET /api/v1/languages. */
export const languageOptionSchema = z.object({
  code: z.string(),
  names: z.object({ en: z.string(), cs: z.string() }),
}) satisfies z.ZodType<LanguageOption>;

export const CATALOG_LANGUAGE_CODES = CATALOG_LANGUAGES.map((language) => language.code);

/** Currencies offered first in forms; any ISO 4217 code is accepted. */
export const COMMON_CURRENCIES = ['EUR', 'CZK', 'USD', 'GBP', 'PLN', 'CHF', 'HUF'] as const;
export const DEFAULT_CURRENCY = 'EUR';
