// An attribute's value as typed in the instance editor, and back: numbers in the locale, empty = not filled in (the default applies).
import type { AttributeValue } from '@costory/calc';
import {
  boundFailure,
  parseNumber,
  type BoundFailure,
  type Locale,
  type StoryCatalogAttribute,
} from '@costory/shared';
import { formatNumber } from '@/lib/format';

/** What the user typed or chose; a switch holds a boolean. */
export type Entry = string | boolean;

export function entryOf(
  attribute: StoryCatalogAttribute,
  stored: AttributeValue | undefined,
  locale: Locale,
): Entry {
  if (attribute.type === 'BOOLEAN') {
    if (typeof stored === 'boolean') return stored;
    return attribute.defaultValue === true;
  }
  if (stored === null || stored === undefined) return '';
  if (typeof stored === 'number') {
    return formatNumber(stored, locale, { useGrouping: false, maximumFractionDigits: 20 });
  }
  return String(stored);
}

/** The entry as the engine and the API take it; a number that does not read stays text (and is refused). */
export function valueOfEntry(attribute: StoryCatalogAttribute, entry: Entry): AttributeValue {
  if (typeof entry === 'boolean') return entry;
  if (entry.trim() === '') return null;
  if (attribute.type === 'NUMBER' || attribute.type === 'INTEGER') {
    return parseNumber(entry) ?? entry;
  }
  return entry;
}

export type EntryProblem = 'required' | 'notANumber' | 'notAnInteger';

/** What is wrong with the entry: a problem of its own, or a number outside the attribute's bounds. */
export function entryProblem(
  attribute: StoryCatalogAttribute,
  entry: Entry,
): EntryProblem | BoundFailure | null {
  if (typeof entry === 'boolean') return null;
  if (entry.trim() === '') {
    return attribute.mandatory && attribute.defaultValue === null ? 'required' : null;
  }
  if (attribute.type !== 'NUMBER' && attribute.type !== 'INTEGER') return null;
  const number = parseNumber(entry);
  if (number === null) return 'notANumber';
  if (attribute.type === 'INTEGER' && !Number.isInteger(number)) return 'notAnInteger';
  return boundFailure(number, attribute);
}
