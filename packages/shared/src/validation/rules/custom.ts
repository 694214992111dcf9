// The product's own rules (spec section 5, "Custom rules") as pure predicates: true means valid.
import { characterCount, everyFile, isBlank, isEmpty, parseNumber, toText } from '../values';

// NUL cannot be stored by PostgreSQL; a lone surrogate is not Unicode (JSON columns refuse it);
// embedding, override and isolate controls make a name read reversed to everyone else.
const FORBIDDEN_CHARACTER =
  /[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A text without NUL, lone surrogates or bidirectional embedding/override/isolate controls. */
export function textCharacters(value: unknown): boolean {
  return typeof value !== 'string' || (!value.includes('\0') && !FORBIDDEN_CHARACTER.test(value));
}

/** Shortest text each language of a localized description may have. */
export const DESCRIPTION_MIN_LENGTH = 3;

const LETTER = /\p{L}/u;
const DIGIT = /[0-9]/;
const WHITESPACE = /\s/;
const DECIMAL = /^[+-]?[0-9]+(?:[.,]([0-9]+))?$/;

/** When a password is given: at least one letter and one digit, and no whitespace anywhere. */
export function passwordStrength(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = toText(value);
  return text !== null && LETTER.test(text) && DIGIT.test(text) && !WHITESPACE.test(text);
}

/**
 * A localized description (language -> text): at least one language, and every text at least
 * `minLength` characters once trimmed. With `languages`, each of them must be present too, so a
 * catalog cannot skip one of its supported languages.
 */
export function descriptionMinLength(
  value: unknown,
  languages: readonly string[] = [],
  minLength: number = DESCRIPTION_MIN_LENGTH,
): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const texts = new Map<string, unknown>(Object.entries(value));
  if (texts.size === 0) return false;
  if (languages.some((language) => !texts.has(language))) return false;
  return [...texts.values()].every(
    (text) => typeof text === 'string' && characterCount(text.trim()) >= minLength,
  );
}

/**
 * A number above zero, typed with a dot or a comma. Unlike the format rules an empty value fails:
 * nothing is not "above 0" (quantities and prices must be given).
 */
export function greaterThanZero(value: unknown): boolean {
  const number = parseNumber(value);
  return number !== null && number > 0;
}

/**
 * A decimal number with an optional sign and a dot or comma separator, with at most `decimals`
 * digits after it (0 means any number). Empty passes: the spec allows an empty decimal field.
 */
export function decimal(value: unknown, decimals = 0): boolean {
  if (isEmpty(value)) return true;
  const text = toText(value);
  const match = text === null ? null : DECIMAL.exec(text);
  if (match === null) return false;
  const fraction = match[1] ?? '';
  return decimals <= 0 || fraction.length <= decimals;
}

export function storyNameNotEmpty(value: unknown): boolean {
  return typeof value === 'string' && !isBlank(value);
}

/**
 * The form of a story name that uniqueness compares: surrounding spaces, letter case and the way
 * accents are encoded do not make a new name ("Rozpočet" and " rozpočet" are the same story).
 * The server compares the same form in its database lookup.
 */
export function normalizeStoryName(name: string): string {
  // toLowerCase, not toLocaleLowerCase: browser and server must agree whatever their locale.
  return name.normalize('NFC').trim().toLowerCase();
}

/**
 * Whether `name` is already used by one of `existingNames`. When renaming a story, leave its own
 * current name out of the list.
 */
export function isStoryNameTaken(name: string, existingNames: Iterable<string>): boolean {
  const wanted = normalizeStoryName(name);
  if (wanted === '') return false;
  for (const existing of existingNames) {
    if (normalizeStoryName(existing) === wanted) return true;
  }
  return false;
}

/** Every file at most `maxBytes` bytes (the "file over limit" rule, in bytes). */
export function fileWithinLimit(value: unknown, maxBytes: number): boolean {
  if (isEmpty(value)) return true;
  return everyFile(value, (file) => file.size <= maxBytes);
}

/**
 * A Czech company registration number (IČO): 8 digits whose last is the mod-11 check digit of the
 * first seven (weights 8 to 2; c = (11 - sum mod 11) mod 10). Empty passes (the field is optional).
 */
export function companyIdNumber(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = toText(value);
  if (text === null || !/^[0-9]{8}$/.test(text)) return false;
  let sum = 0;
  for (let index = 0; index < 7; index += 1) sum += Number(text[index]) * (8 - index);
  return (11 - (sum % 11)) % 10 === Number(text[7]);
}

/**
 * A VAT identification number (DIČ): a two-letter country code and 2 to 12 letters or digits; a
 * Czech one ("CZ") has 8 to 10 digits. Empty passes (the field is optional).
 */
export function vatIdNumber(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = toText(value);
  if (text === null) return false;
  const match = /^([A-Z]{2})([A-Z0-9]{2,12})$/.exec(text);
  if (match === null) return false;
  return match[1] !== 'CZ' || /^[0-9]{8,10}$/.test(match[2] ?? '');
}
