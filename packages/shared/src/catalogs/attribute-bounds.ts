// Optional minimum and maximum of NUMBER and INTEGER attributes (decision 0029): one check for the attribute form, the server and the instance editor.
import { LOCALE_FORMAT_TAGS, type Locale } from '../locale';
import { parseNumber } from '../validation/values';
import type { AttributeType } from './schemas';

/** Inclusive limits; null is "no limit". */
export interface AttributeBounds {
  minimum: number | null;
  maximum: number | null;
}

/** A broken bound as a validation rule (the shared `min_value` / `max_value` messages). */
export type BoundFailure =
  { rule: 'min_value'; params: { min: number } } | { rule: 'max_value'; params: { max: number } };

/** Only numbers are compared, so only number types may have bounds. */
export function typeHasBounds(type: AttributeType): boolean {
  return type === 'NUMBER' || type === 'INTEGER';
}

/** Why `value` lies outside `bounds`, or null when it lies inside. */
export function boundFailure(value: number, bounds: AttributeBounds): BoundFailure | null {
  if (bounds.minimum !== null && value < bounds.minimum) {
    return { rule: 'min_value', params: { min: bounds.minimum } };
  }
  if (bounds.maximum !== null && value > bounds.maximum) {
    return { rule: 'max_value', params: { max: bounds.maximum } };
  }
  return null;
}

export interface AttributeBoundsInput extends AttributeBounds {
  type: AttributeType;
  /** As stored (a number) or as typed in a form (a text with a dot or comma). */
  defaultValue: unknown;
}

export interface AttributeBoundsProblem {
  field: 'minimum' | 'maximum' | 'defaultValue';
  rule: string;
  params: Readonly<Record<string, number>>;
}

/**
 * The rules between an attribute's bounds and its default: an INTEGER's bounds are whole
 * numbers, the minimum is not above the maximum, and a numeric default lies within them. Bounds
 * of other types and defaults that are no numbers are left to the type checks.
 */
export function attributeBoundsProblems(attribute: AttributeBoundsInput): AttributeBoundsProblem[] {
  const { minimum, maximum } = attribute;
  if (!typeHasBounds(attribute.type)) return [];
  const problems: AttributeBoundsProblem[] = [];
  if (attribute.type === 'INTEGER') {
    if (minimum !== null && !Number.isInteger(minimum)) {
      problems.push({ field: 'minimum', rule: 'integer', params: {} });
    }
    if (maximum !== null && !Number.isInteger(maximum)) {
      problems.push({ field: 'maximum', rule: 'integer', params: {} });
    }
  }
  if (minimum !== null && maximum !== null && minimum > maximum) {
    problems.push({ field: 'minimum', rule: 'max_value', params: { max: maximum } });
    return problems;
  }
  const defaultNumber = parseNumber(attribute.defaultValue);
  const failure = defaultNumber === null ? null : boundFailure(defaultNumber, attribute);
  if (failure !== null) problems.push({ field: 'defaultValue', ...failure });
  return problems;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A bound as the locale writes numbers ("1,5" in Czech); no grouping, as in validation texts. */
export function formatBound(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE_FORMAT_TAGS[locale], {
      maximumFractionDigits: 20,
      useGrouping: false,
    });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** The message at an instance value outside its attribute's bounds. */
export function boundFailureMessage(failure: BoundFailure, locale: Locale): string {
  if (failure.rule === 'min_value') {
    const min = formatBound(failure.params.min, locale);
    return locale === 'cs' ? `Musí být alespoň ${min}` : `Must be at least ${min}`;
  }
  const max = formatBound(failure.params.max, locale);
  return locale === 'cs' ? `Musí být nejvýše ${max}` : `Must be at most ${max}`;
}

/** The bounds as a hint beside the value ("From 0 to 100"); null when there are none. */
export function boundsHint(bounds: AttributeBounds, locale: Locale): string | null {
  const min = bounds.minimum === null ? null : formatBound(bounds.minimum, locale);
  const max = bounds.maximum === null ? null : formatBound(bounds.maximum, locale);
  if (min !== null && max !== null) {
    return locale === 'cs' ? `Od ${min} do ${max}` : `From ${min} to ${max}`;
  }
  if (min !== null) return locale === 'cs' ? `Alespoň ${min}` : `At least ${min}`;
  if (max !== null) return locale === 'cs' ? `Nejvýše ${max}` : `At most ${max}`;
  return null;
}
