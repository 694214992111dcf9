// Words for catalog events: the event types and changed fields the UI names, and how a changed value is shown.
import type { TFunction } from 'i18next';
import {
  CATALOG_MEMBER_ROLES,
  CATALOG_TYPES,
  CATALOG_VISIBILITIES,
  ITEM_STATES,
  UNITS_OF_MEASURE,
  pickLocalized,
  type Locale,
} from '@costory/shared';
import { formatNumber } from '../../../lib/format';

export const EVENT_TYPES = [
  'CATALOG_CREATED',
  'CATALOG_UPDATED',
  'ITEM_CREATED',
  'ITEM_UPDATED',
  'ITEM_STATE_CHANGED',
  'ITEM_DEPRECATED',
  'ATTRIBUTES_UPDATED',
  'GROUP_CREATED',
  'GROUP_UPDATED',
  'GROUP_DELETED',
  'PHASE_CREATED',
  'PHASE_UPDATED',
  'PHASE_DELETED',
  'ROLE_CREATED',
  'ROLE_UPDATED',
  'ROLE_DELETED',
  'LABEL_CREATED',
  'LABEL_UPDATED',
  'LABEL_DELETED',
  'MEMBER_INVITED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'CLIENT_ADDED',
  'CLIENT_REMOVED',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_FIELDS = [
  'name',
  'code',
  'title',
  'description',
  'state',
  'version',
  'type',
  'visibility',
  'currency',
  'price',
  'unit',
  'role',
  'color',
  'icon',
  'repeatable',
  'groupId',
  'phaseId',
  'parentId',
  'labelIds',
  'attributes',
  'formulas',
  'email',
  'companyCode',
  'defaultLanguage',
  'supportedLanguages',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export function isEventType(type: string): type is EventType {
  return isOneOf(EVENT_TYPES, type);
}

export function isEventField(field: string): field is EventField {
  return isOneOf(EVENT_FIELDS, field);
}

/** "ITEM_RESTORED" -> "Item restored": a readable fallback for a type this version does not know. */
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
    Object.values(value).every((text) => typeof text === 'string')
  );
}

/** A changed value as words: enumerations translated, numbers in the locale, localized texts picked. */
export function formatEventValue(
  value: unknown,
  locale: Locale,
  defaultLanguage: string,
  tDomain: TFunction<'domain'>,
  tCatalogs: TFunction<'catalogs'>,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isOneOf(ITEM_STATES, value)) return tDomain(`itemState.${value}`);
  if (isOneOf(UNITS_OF_MEASURE, value)) return tDomain(`unit.${value}`);
  if (isOneOf(CATALOG_MEMBER_ROLES, value)) return tDomain(`catalogMemberRole.${value}`);
  if (isOneOf(CATALOG_VISIBILITIES, value)) return tDomain(`catalogVisibility.${value}`);
  if (isOneOf(CATALOG_TYPES, value)) return tDomain(`catalogType.${value}`);
  if (typeof value === 'boolean') return value ? tCatalogs('common.yes') : tCatalogs('common.no');
  if (typeof value === 'number') return formatNumber(value, locale);
  // Prices and amounts travel as decimal text ("850.5000"); they read as numbers in the locale.
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) {
    return formatNumber(value as Intl.StringNumericLiteral, locale, { maximumFractionDigits: 4 });
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (isStringMap(value)) return pickLocalized(value, locale, defaultLanguage) || '—';
  return JSON.stringify(value);
}
