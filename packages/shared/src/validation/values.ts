// Value helpers every rule relies on, so "empty", "a number" and "a length" mean one thing.
import type { FileLike } from './types';

/**
 * Nothing was entered: no value, an empty text or an empty list. Format rules let such a value
 * pass (as vee-validate does), so "optional but well-formed" is a field without `required`.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return Array.isArray(value) && value.length === 0;
}

/** Empty, or only spaces: what `required` rejects, since a blank name is no name. */
export function isBlank(value: unknown): boolean {
  return isEmpty(value) || (typeof value === 'string' && value.trim() === '');
}

// Optional sign, digits, one dot or comma, digits: how people type numbers in English and Czech.
const DECIMAL_TEXT = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * The number a value stands for, accepting a comma as the decimal separator (Czech users type
 * "1,5"); null when it is not a plain number.
 */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** Text of a scalar value; null for objects, which no text rule can judge. */
export function toText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** Length in characters as a person counts them: composed accents and emoji count once. */
export function characterCount(text: string): number {
  return Array.from(text.normalize('NFC')).length;
}

/** Applies a test to one value or to every value of a list (multi-selects, multiple files). */
export function everyValue(value: unknown, test: (item: unknown) => boolean): boolean {
  const items: readonly unknown[] = Array.isArray(value) ? value : [value];
  return items.every(test);
}

export function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<Record<keyof FileLike, unknown>>;
  return (
    typeof file.name === 'string' && typeof file.type === 'string' && typeof file.size === 'number'
  );
}

/** Every file of a single file or a list; false when anything in it is not a file. */
export function everyFile(value: unknown, test: (file: FileLike) => boolean): boolean {
  return everyValue(value, (item) => isFileLike(item) && test(item));
}
