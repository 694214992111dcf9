// The spec's standard rules (the vee-validate set) as pure predicates: true means the value is valid.
import { z } from 'zod';
import type { RuleScalar } from '../types';
import {
  characterCount,
  everyFile,
  everyValue,
  isBlank,
  isEmpty,
  parseNumber,
  toText,
} from '../values';

// Letters of every script, with combining marks, so Czech names such as "Řehoř Žďárský" pass
// whether the browser sends composed or decomposed accents.
const ALPHA = /^[\p{L}\p{M}]+$/u;
const ALPHA_NUM = /^[\p{L}\p{M}\p{Nd}]+$/u;
const ALPHA_DASH = /^[\p{L}\p{M}\p{Nd}_-]+$/u;
const ALPHA_SPACES = /^[\p{L}\p{M}\p{Zs}]+$/u;
const NUMERIC = /^[0-9]+$/;
const INTEGER = /^-?[0-9]+$/;

// zod's own email pattern, so `v.email()` and a plain `z.email()` accept the same addresses.
const EMAIL = z.regexes.email;
// Web addresses a user would paste: http(s) to a domain, localhost or an IPv4 address.
const WEB_URL = z.url({
  protocol: /^https?$/,
  hostname:
    /^(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/i,
});

function matchesText(value: unknown, pattern: RegExp): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => {
    const text = toText(item);
    return text !== null && pattern.test(text.normalize('NFC'));
  });
}

function sameValue(left: unknown, right: unknown): boolean {
  // Form controls hold strings while schemas and options often hold numbers or booleans.
  if (left === right) return true;
  const leftText = typeof left === 'boolean' ? String(left) : toText(left);
  const rightText = typeof right === 'boolean' ? String(right) : toText(right);
  return leftText !== null && leftText === rightText;
}

function numberWithin(value: unknown, lowest: number, highest: number): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => {
    const number = parseNumber(item);
    return number !== null && number >= lowest && number <= highest;
  });
}

function lengthWithin(value: unknown, shortest: number, longest: number): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => {
    const text = toText(item);
    if (text === null) return false;
    const count = characterCount(text);
    return count >= shortest && count <= longest;
  });
}

export function required(value: unknown): boolean {
  // An unticked checkbox is `false`: required checkboxes (accept terms) must be ticked.
  return value !== false && !isBlank(value);
}

/**
 * Required only while another field holds one of `values` (or, without `values`, holds anything).
 */
export function requiredIf(
  value: unknown,
  targetValue: unknown,
  values?: readonly RuleScalar[],
): boolean {
  const applies =
    values !== undefined && values.length > 0
      ? values.some((expected) => sameValue(expected, targetValue))
      : targetValue !== false && !isBlank(targetValue);
  return !applies || required(value);
}

export function confirmed(value: unknown, targetValue: unknown): boolean {
  return value === targetValue;
}

export function alpha(value: unknown): boolean {
  return matchesText(value, ALPHA);
}

export function alphaNum(value: unknown): boolean {
  return matchesText(value, ALPHA_NUM);
}

export function alphaDash(value: unknown): boolean {
  return matchesText(value, ALPHA_DASH);
}

export function alphaSpaces(value: unknown): boolean {
  return matchesText(value, ALPHA_SPACES);
}

export function between(value: unknown, lowest: number, highest: number): boolean {
  return numberWithin(value, lowest, highest);
}

/** Only digits, exactly `length` of them (codes, postcodes). */
export function digits(value: unknown, length: number): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => {
    const text = toText(item);
    return text !== null && NUMERIC.test(text) && text.length === length;
  });
}

/** An image of exactly `width` x `height` pixels; a file whose size is unknown fails. */
export function dimensions(value: unknown, width: number, height: number): boolean {
  if (isEmpty(value)) return true;
  return everyFile(value, (file) => file.width === width && file.height === height);
}

export function email(value: unknown): boolean {
  return matchesText(value, EMAIL);
}

export function excluded(value: unknown, values: readonly RuleScalar[]): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => !values.some((forbidden) => sameValue(forbidden, item)));
}

/** vee-validate's other name for `excluded`. */
export const notOneOf = excluded;

export function ext(value: unknown, extensions: readonly string[]): boolean {
  if (isEmpty(value)) return true;
  const suffixes = extensions.map((extension) => `.${extension.replace(/^\./, '').toLowerCase()}`);
  return everyFile(value, (file) =>
    suffixes.some((suffix) => file.name.toLowerCase().endsWith(suffix)),
  );
}

export function image(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return everyFile(value, (file) => file.type.startsWith('image/'));
}

export function integer(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) =>
    typeof item === 'number' ? Number.isInteger(item) : matchesText(item, INTEGER),
  );
}

/** Exactly `length` characters, or exactly `length` entries for a list. */
export function length(value: unknown, expected: number): boolean {
  if (isEmpty(value)) return true;
  if (Array.isArray(value)) return value.length === expected;
  return lengthWithin(value, expected, expected);
}

/** At most `length` characters. */
export function max(value: unknown, maxLength: number): boolean {
  return lengthWithin(value, 0, maxLength);
}

export function maxValue(value: unknown, limit: number): boolean {
  return numberWithin(value, Number.NEGATIVE_INFINITY, limit);
}

/** MIME types, with wildcards such as `image/*`. */
export function mimes(value: unknown, types: readonly string[]): boolean {
  if (isEmpty(value)) return true;
  return everyFile(value, (file) =>
    types.some((type) =>
      type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type,
    ),
  );
}

/** At least `length` characters. */
export function min(value: unknown, minLength: number): boolean {
  return lengthWithin(value, minLength, Number.POSITIVE_INFINITY);
}

export function minValue(value: unknown, limit: number): boolean {
  return numberWithin(value, limit, Number.POSITIVE_INFINITY);
}

/** Digits only; signs and separators belong to `integer` and `decimal`. */
export function numeric(value: unknown): boolean {
  return matchesText(value, NUMERIC);
}

export function oneOf(value: unknown, values: readonly RuleScalar[]): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => values.some((allowed) => sameValue(allowed, item)));
}

export function regex(value: unknown, pattern: RegExp | string): boolean {
  // A fresh expression without g/y: a stateful lastIndex would make the rule pass every other time.
  const expression =
    typeof pattern === 'string'
      ? new RegExp(pattern)
      : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return matchesText(value, expression);
}

/** Each file at most `kilobytes` KB (1 KB = 1024 bytes), as in vee-validate. */
export function size(value: unknown, kilobytes: number): boolean {
  if (isEmpty(value)) return true;
  return everyFile(value, (file) => file.size <= kilobytes * 1024);
}

export function url(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return everyValue(value, (item) => WEB_URL.safeParse(item).success);
}
