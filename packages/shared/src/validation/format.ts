// Turns a rule name and its parameters into the message text of a locale.
import { LOCALE_FORMAT_TAGS, type Locale } from '../locale';
import { UNNAMED_FIELD_LABEL, validationMessages } from './messages';
import { FALLBACK_RULE, type MessageKey } from './names';

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

// Intl objects are costly to build and a server localizes many messages: one of each per locale.
function memoByLocale<T>(create: (tag: string) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    const existing = made.get(locale);
    if (existing !== undefined) return existing;
    const created = create(LOCALE_FORMAT_TAGS[locale]);
    made.set(locale, created);
    return created;
  };
}

const fileSizeFormat = memoByLocale(
  (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1, useGrouping: false }),
);
// No grouping: "1000 characters" reads better than "1,000" and cannot be misread in Czech.
const numberFormat = memoByLocale(
  (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 20, useGrouping: false }),
);
const pluralRules = memoByLocale((tag) => new Intl.PluralRules(tag));

/** A byte count as people read it: 5242880 -> "5 MB", 1536 -> "1.5 KB" ("1,5 KB" in Czech). */
export function formatFileSize(bytes: number, locale: Locale = 'en'): string {
  let amount = bytes;
  let unitIndex = 0;
  while (amount >= 1024 && unitIndex < FILE_SIZE_UNITS.length - 1) {
    amount /= 1024;
    unitIndex += 1;
  }
  const number = fileSizeFormat(locale).format(amount);
  return `${number} ${FILE_SIZE_UNITS[unitIndex] ?? 'B'}`;
}

function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale).format(value);
}

function formatParam(name: string, value: unknown, locale: Locale): string {
  // Byte counts travel raw so that each locale can print them its own way.
  if (name === 'maxSize' && typeof value === 'number') return formatFileSize(value, locale);
  if (typeof value === 'number') return formatNumber(value, locale);
  if (Array.isArray(value)) {
    return value.map((item: unknown) => formatParam('', item, locale)).join(', ');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

function findClosingBrace(template: string, openAt: number): number {
  let depth = 0;
  for (let index = openAt; index < template.length; index += 1) {
    const char = template[index];
    if (char === '{') depth += 1;
    if (char === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

const PLURAL = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/;
const PLURAL_BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const SIMPLE = /^\s*(\w+)\s*$/;

function renderPlural(
  name: string,
  branchesText: string,
  locale: Locale,
  params: Readonly<Record<string, unknown>>,
): string {
  const raw = params[name];
  const count = typeof raw === 'number' ? raw : Number(raw);
  const branches = new Map<string, string>();
  for (const match of branchesText.matchAll(PLURAL_BRANCH)) {
    branches.set(match[1] ?? '', match[2] ?? '');
  }
  const category = pluralRules(locale).select(count);
  const branch = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other') ?? '';
  return branch.replaceAll('#', formatNumber(count, locale));
}

function interpolate(
  template: string,
  locale: Locale,
  params: Readonly<Record<string, unknown>>,
): string {
  let result = '';
  let index = 0;
  while (index < template.length) {
    const openAt = template.indexOf('{', index);
    const closeAt = openAt < 0 ? -1 : findClosingBrace(template, openAt);
    if (openAt < 0 || closeAt < 0) {
      result += template.slice(index);
      break;
    }
    result += template.slice(index, openAt);
    const body = template.slice(openAt + 1, closeAt);
    const plural = PLURAL.exec(body);
    const simple = SIMPLE.exec(body);
    if (plural?.[1] !== undefined && plural[1] in params) {
      result += renderPlural(plural[1], plural[2] ?? '', locale, params);
    } else if (simple?.[1] !== undefined && simple[1] in params) {
      result += formatParam(simple[1], params[simple[1]], locale);
    } else {
      // A parameter nobody supplied stays visible rather than silently vanishing from the text.
      result += template.slice(openAt, closeAt + 1);
    }
    index = closeAt + 1;
  }
  return result;
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(validationMessages.en, key);
}

/** The message a failure of `rule` shows; some rules word it differently for some parameters. */
export function messageKeyFor(
  rule: string,
  params: Readonly<Record<string, unknown>> = {},
): MessageKey {
  if (rule === 'decimal' && typeof params.decimals === 'number' && params.decimals > 0) {
    return 'decimal_places';
  }
  return isMessageKey(rule) ? rule : FALLBACK_RULE;
}

/**
 * The localized text for a failure of `rule`. `params.field` is the label of the field; an unknown
 * rule gets the fallback "{field} is not valid".
 */
export function formatValidationMessage(
  locale: Locale,
  rule: string,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const template = validationMessages[locale][messageKeyFor(rule, params)];
  return interpolate(template, locale, {
    ...params,
    field: params.field ?? UNNAMED_FIELD_LABEL[locale],
  });
}
