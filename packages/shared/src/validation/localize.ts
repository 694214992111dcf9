// Turns zod issues (from our rules or zod's own checks) into one localized FieldError per field.
import type { z } from 'zod';
import type { Locale } from '../locale';
import type { FieldError } from '../problem';
import { formatValidationMessage } from './format';
import { FALLBACK_RULE } from './names';

/** Field labels by dot-joined path; `items.*.name` labels every element of a list. */
export type FieldLabels = Readonly<Record<string, string>>;

type Issue = z.core.$ZodIssue;

interface LocatedFailure {
  readonly path: readonly PropertyKey[];
  readonly rule: string;
  readonly params: Readonly<Record<string, unknown>>;
}

// Without `reportInput` zod drops the input from its issues, but its default message still says
// what it received; with `reportInput` (as validateWithSchema parses) the input itself decides.
const RECEIVED_NOTHING = /received (?:undefined|null)$/;

function isMissing(issue: Issue): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  return RECEIVED_NOTHING.test(issue.message);
}

function at(issue: Issue, rule: string, params: Readonly<Record<string, unknown>> = {}) {
  return [{ path: issue.path, rule, params }];
}

function fromInvalidType(issue: z.core.$ZodIssueInvalidType): LocatedFailure[] {
  if (issue.expected === 'nonoptional' || isMissing(issue)) return at(issue, 'required');
  if (issue.expected === 'number') return at(issue, 'numeric');
  if (issue.expected === 'int' || issue.expected === 'bigint') return at(issue, 'integer');
  return at(issue, FALLBACK_RULE);
}

function fromTooSmall(issue: z.core.$ZodIssueTooSmall): LocatedFailure[] {
  const limit = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return at(issue, issue.exact === true ? 'length' : 'min', { length: limit });
    case 'number':
    case 'int':
    case 'bigint':
      if (issue.inclusive !== false) return at(issue, 'min_value', { min: limit });
      return limit === 0
        ? at(issue, 'greater_than_zero')
        : at(issue, 'greater_than', { min: limit });
    case 'array':
    case 'set':
      return at(issue, 'min_items', { length: limit });
    default:
      return at(issue, FALLBACK_RULE);
  }
}

function fromTooBig(issue: z.core.$ZodIssueTooBig): LocatedFailure[] {
  const limit = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return at(issue, issue.exact === true ? 'length' : 'max', { length: limit });
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false
        ? at(issue, 'less_than', { max: limit })
        : at(issue, 'max_value', { max: limit });
    case 'array':
    case 'set':
      return at(issue, 'max_items', { length: limit });
    case 'file':
      return at(issue, 'file_over_limit', { maxSize: limit });
    default:
      return at(issue, FALLBACK_RULE);
  }
}

function fromInvalidFormat(issue: z.core.$ZodIssueInvalidStringFormat): LocatedFailure[] {
  switch (issue.format) {
    case 'email':
    case 'url':
      return at(issue, issue.format);
    case 'regex':
    case 'starts_with':
    case 'ends_with':
    case 'includes':
      return at(issue, 'regex');
    default:
      return at(issue, FALLBACK_RULE);
  }
}

/** The branch of a failed union that came closest: fewest issues, and past the type check. */
function closestBranch(branches: readonly (readonly Issue[])[]): Issue | undefined {
  const typeFailure = (issues: readonly Issue[]) =>
    issues[0]?.code === 'invalid_type' && issues[0].path.length === 0 ? 1 : 0;
  const ranked = branches
    .filter((issues) => issues.length > 0)
    .toSorted((a, b) => a.length - b.length || typeFailure(a) - typeFailure(b));
  return ranked[0]?.[0];
}

function toFailures(issue: Issue): LocatedFailure[] {
  switch (issue.code) {
    case 'invalid_type':
      return fromInvalidType(issue);
    case 'too_small':
      return fromTooSmall(issue);
    case 'too_big':
      return fromTooBig(issue);
    case 'invalid_format':
      return fromInvalidFormat(issue);
    case 'not_multiple_of':
      return at(issue, issue.divisor === 1 ? 'integer' : FALLBACK_RULE);
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: [...issue.path, key],
        rule: 'unknown_field',
        params: {},
      }));
    case 'invalid_value':
      // z.literal(true) is how a schema says "this box must be ticked".
      if (issue.values.length === 1 && issue.values[0] === true) return at(issue, 'required');
      return at(issue, 'one_of', { values: issue.values.map(String) });
    case 'invalid_union': {
      const closest = closestBranch(issue.errors);
      if (closest === undefined) return at(issue, FALLBACK_RULE);
      return toFailures(closest).map((failure) => ({
        ...failure,
        path: [...issue.path, ...failure.path],
      }));
    }
    case 'custom': {
      const { rule, ...params } = issue.params ?? {};
      return at(issue, typeof rule === 'string' ? rule : FALLBACK_RULE, params);
    }
    default:
      return at(issue, FALLBACK_RULE);
  }
}

function labelFor(
  path: readonly PropertyKey[],
  fieldLabels: FieldLabels | undefined,
): string | undefined {
  const field = path.map(String).join('.');
  const anyElement = path.map((segment) => (typeof segment === 'number' ? '*' : String(segment)));
  const own = fieldLabels?.[field] ?? fieldLabels?.[anyElement.join('.')];
  if (own !== undefined) return own;
  // An element of a list is best named after the list, not "0".
  const named = path.findLast((segment) => typeof segment !== 'number');
  return named === undefined ? undefined : String(named);
}

function toFieldError(
  locale: Locale,
  path: readonly PropertyKey[],
  failure: Pick<LocatedFailure, 'rule' | 'params'>,
  fieldLabels: FieldLabels | undefined,
): FieldError {
  const label = labelFor(path, fieldLabels);
  return {
    field: path.map(String).join('.'),
    rule: failure.rule,
    message: formatValidationMessage(locale, failure.rule, {
      ...failure.params,
      ...(label === undefined ? {} : { field: label }),
    }),
  };
}

/**
 * One FieldError per field path (the first issue of each, in order): `field` is the dot-joined
 * path, `rule` the rule name (zod's own issues mapped to the nearest rule) and `message` the text
 * in `locale`, naming the field by `fieldLabels[path]` or else by its last path segment.
 */
export function localizeIssues(
  issues: readonly Issue[],
  locale: Locale,
  fieldLabels?: FieldLabels,
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    for (const failure of toFailures(issue)) {
      const field = failure.path.map(String).join('.');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push(toFieldError(locale, failure.path, failure, fieldLabels));
    }
  }
  return errors;
}

/**
 * A FieldError for a failure found outside a schema, e.g. the server's story-name lookup:
 * `createFieldError(locale, 'name', { rule: 'story_name_duplicate' })`.
 */
export function createFieldError(
  locale: Locale,
  field: string,
  failure: { readonly rule: string; readonly params?: Readonly<Record<string, unknown>> },
  fieldLabels?: FieldLabels,
): FieldError {
  // List indexes as numbers, so that `attributes.0.minimum` finds the label `attributes.*.minimum`.
  const path =
    field === '' ? [] : field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return toFieldError(
    locale,
    path,
    { rule: failure.rule, params: failure.params ?? {} },
    fieldLabels,
  );
}

export type ValidationResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly errors: FieldError[] };

/** Parses `data` and, when it is invalid, returns its localized field errors. */
export async function validateWithSchema<T>(
  schema: z.ZodType<T>,
  data: unknown,
  locale: Locale,
  fieldLabels?: FieldLabels,
): Promise<ValidationResult<T>> {
  // reportInput lets a missing value be told apart from a wrong one; inputs never leave here.
  const result = await schema.safeParseAsync(data, { reportInput: true });
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: localizeIssues(result.error.issues, locale, fieldLabels) };
}
