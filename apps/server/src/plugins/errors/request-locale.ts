// Picks the answer language (en or cs) from a request's Accept-Language header.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@costory/shared';

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * Honours quality values ("cs;q=0.9, en;q=0.8") and regional tags ("cs-CZ"); anything that
 * names neither English nor Czech falls back to English.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!isLocale(language)) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
