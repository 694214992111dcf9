// Words for catalog and story events: whether the web knows a type or field, and a changed value as a person reads it.
import type { TFunction } from 'i18next';
import {
  CATALOG_MEMBER_ROLES,
  CATALOG_TYPES,
  CATALOG_VISIBILITIES,
  EVENT_FIELDS,
  ITEM_STATES,
  STORY_MEMBER_ROLES,
  STORY_STATUSES,
  UNITS_OF_MEASURE,
  pickLocalized,
  type EventField,
  type Locale,
} from '@costory/shared';
import { formatDateTime, formatNumber } from './format';

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export function isEventField(field: string): field is EventField {
  return isOneOf(EVENT_FIELDS, field);
}

/** "ITEM_RESTORED" -> "Item restored": a readable fallback for what a newer server records. */
export function humanizeCode(code: string): string {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isStringMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string' && !DECIMAL_TEXT.test(text))
  );
}

/**
 * A changed value as words: enumerations translated, numbers and dates in the locale, localized
 * texts picked, other maps (instance values, custom prices by role) as "key: value" pairs.
 */
export function formatEventValue(
  value: unknown,
  locale: Locale,
  defaultLanguage: string,
  tDomain: TFunction<'domain'>,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isOneOf(ITEM_STATES, value)) return tDomain(`itemState.${value}`);
  if (isOneOf(UNITS_OF_MEASURE, value)) return tDomain(`unit.${value}`);
  if (isOneOf(CATALOG_MEMBER_ROLES, value)) return tDomain(`catalogMemberRole.${value}`);
  if (isOneOf(STORY_MEMBER_ROLES, value)) return tDomain(`storyMemberRole.${value}`);
  if (isOneOf(STORY_STATUSES, value)) return tDomain(`storyStatus.${value}`);
  if (isOneOf(CATALOG_VISIBILITIES, value)) return tDomain(`catalogVisibility.${value}`);
  if (isOneOf(CATALOG_TYPES, value)) return tDomain(`catalogType.${value}`);
  if (typeof value === 'boolean') return tDomain(`boolean.${value}`);
  if (typeof value === 'number') return formatNumber(value, locale);
  // Prices and amounts travel as decimal text ("850.5000"); they read as numbers in the locale.
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) {
    return formatNumber(value as Intl.StringNumericLiteral, locale, { maximumFractionDigits: 4 });
  }
  if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatDateTime(value, locale);
  }
  if (typeof value === 'string') return value;
  const inner = (item: unknown) => formatEventValue(item, locale, defaultLanguage, tDomain);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(inner).join(', ');
  if (isStringMap(value)) return pickLocalized(value, locale, defaultLanguage) || '—';
  const entries = typeof value === 'object' ? Object.entries(value) : [];
  if (entries.length === 0) return '—';
  return entries.map(([key, item]) => `${key}: ${inner(item)}`).join(', ');
}
