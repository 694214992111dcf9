// Locale-aware formatting of numbers, money and dates with the tags the product fixes per interface language.
import { LOCALE_FORMAT_TAGS, type Locale } from '@costory/shared';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

// Intl constructors are slow enough to matter in long tables, so each configuration is built once.
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_FORMAT_TAGS[locale], options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_FORMAT_TAGS[locale], options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Decimal strings are accepted so money from the API keeps its precision (no binary floats). */
export type FormattableNumber = number | bigint | Intl.StringNumericLiteral;

export function formatNumber(
  value: FormattableNumber,
  locale: Locale,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 20 },
): string {
  return numberFormat(locale, options).format(value);
}

export function formatMoney(
  value: FormattableNumber,
  currency: string,
  locale: Locale,
  options: Omit<Intl.NumberFormatOptions, 'style' | 'currency'> = {},
): string {
  return numberFormat(locale, { ...options, style: 'currency', currency }).format(value);
}

export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateFormat(locale, options).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, locale: Locale): string {
  return formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

const KIBIBYTE = 1024;
const MEBIBYTE = 1024 * 1024;

/** A file's size in kB below a megabyte, else in MB, with at most one decimal: "12.3 kB", "20 MB". */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] =
    bytes < MEBIBYTE ? [bytes / KIBIBYTE, 'kilobyte'] : [bytes / MEBIBYTE, 'megabyte'];
  return formatNumber(value, locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}
