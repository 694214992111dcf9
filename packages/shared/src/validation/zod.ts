// zod schemas built from the rules, so the server and the forms validate with the same schemas.
import { z } from 'zod';
import { rules } from './rules/descriptors';
import { runRules } from './run';
import type { FileLike, Rule, RuleContext, RuleFailure } from './types';
import { isFileLike } from './values';
import { formatValidationMessage } from './format';
import { localizedTextSchema } from '../catalogs/localized-text';
import { EMAIL_MAX_LENGTH, STORY_NAME_MAX_LENGTH } from '../constants';

type Refinement = z.core.$RefinementCtx;

function addFailure(ctx: Refinement, failure: RuleFailure, path?: readonly PropertyKey[]): void {
  ctx.addIssue({
    code: 'custom',
    // English text for logs and plain zod users; localizeIssues rebuilds it from the params.
    message: formatValidationMessage('en', failure.rule, failure.params),
    params: { ...failure.params, rule: failure.rule },
    input: ctx.value,
    ...(path === undefined ? {} : { path: [...path] }),
  });
}

function report(
  ctx: Refinement,
  result: RuleFailure | null | Promise<RuleFailure | null>,
  path?: readonly PropertyKey[],
): void | Promise<void> {
  if (result instanceof Promise) {
    return result.then((failure) => {
      if (failure !== null) addFailure(ctx, failure, path);
    });
  }
  if (result !== null) addFailure(ctx, result, path);
}

/**
 * Adds an ordered list of rules to a schema: after the schema's own type check, the rules run in
 * order and only the first failure becomes an issue (`code: 'custom'`,
 * `params: { rule, ...ruleParams }`).
 */
export function fieldRules<T extends z.ZodType>(schema: T, ruleList: readonly Rule[]): T {
  const refined = schema.superRefine((value, ctx) => report(ctx, runRules(value, ruleList)));
  // `max` and `regex` rules are also the field's limit and format in the OpenAPI document.
  const maxLength = ruleList.find((rule) => rule.name === 'max')?.params.length;
  const pattern = ruleList.find((rule) => rule.name === 'regex')?.params.pattern;
  const meta = {
    ...(typeof maxLength === 'number' ? { maxLength } : {}),
    ...(typeof pattern === 'string' ? { pattern: patternSource(pattern) } : {}),
  };
  return Object.keys(meta).length > 0 ? refined.meta(meta) : refined;
}

/** A regex rule's pattern without the slashes and flags that `String(/…/u)` adds. */
function patternSource(pattern: string): string {
  const literal = /^\/(.*)\/[a-z]*$/s.exec(pattern);
  return literal?.[1] ?? pattern;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rules that compare a field with its siblings (`confirmed`, `requiredIf`), run on the whole
 * object. They run even when other fields are invalid, so "passwords do not match" shows at once;
 * a field that already has an issue keeps its first one (see localizeIssues).
 */
export function crossFieldRules<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  fields: Readonly<Partial<Record<keyof z.output<T> & string, readonly Rule[]>>>,
): T {
  return schema.superRefine(
    (values, ctx) => {
      const context: RuleContext = { values };
      const pending: Promise<void>[] = [];
      for (const [field, ruleList = []] of Object.entries<readonly Rule[] | undefined>(fields)) {
        const outcome = report(ctx, runRules(values[field], ruleList, context), [field]);
        if (outcome instanceof Promise) pending.push(outcome);
      }
      if (pending.length > 0) return Promise.all(pending).then(() => undefined);
    },
    { when: (payload) => isRecord(payload.value) },
  );
}

export interface RequiredOption {
  /** Whether an empty value fails with `required`; see each builder for its default. */
  readonly required?: boolean;
}

function withRequired(required: boolean, ruleList: readonly Rule[]): readonly Rule[] {
  return required ? [rules.required(), ...ruleList] : ruleList;
}

// Forms hold numbers as text; JSON bodies may hold real numbers.
const numberOrText = () => z.union([z.string(), z.number()]);

export interface DecimalOptions extends RequiredOption {
  /** Most digits after the separator; 0 (the default) allows any number. */
  readonly decimals?: number;
}

export interface StoryNameOptions {
  /** Names of the company's other stories (leave out the story's own name when renaming). */
  readonly existingNames?: Iterable<string>;
  /** Asks whether a name is taken; when it returns a promise, parse with `parseAsync`. */
  readonly isTaken?: (name: string) => boolean | Promise<boolean>;
}

export interface FileOptions {
  /** Largest file in bytes ("file over limit"). */
  readonly maxSize?: number;
  readonly image?: boolean;
  readonly mimes?: readonly string[];
  readonly ext?: readonly string[];
}

// Nothing is let through the type check so that `required` can word the error, not a type error.
function isFileOrNothing(value: unknown): boolean {
  return isFileLike(value) || value === undefined || value === null;
}

function fileRules({ maxSize, image = false, mimes, ext }: FileOptions): readonly Rule[] {
  return [
    ...(image ? [rules.image()] : []),
    ...(mimes === undefined ? [] : [rules.mimes(mimes)]),
    ...(ext === undefined ? [] : [rules.ext(ext)]),
    ...(maxSize === undefined ? [] : [rules.fileOverLimit(maxSize)]),
  ];
}

/** Schema builders for the product's fields. */
export const v = {
  fieldRules,
  crossFieldRules,
  /** A text that must not be blank, then `extra` rules in order. */
  requiredString: (...extra: readonly Rule[]) =>
    fieldRules(z.string(), [rules.required(), rules.textCharacters(), ...extra]),
  /** A text that may be empty; when given, `extra` rules apply in order. */
  optionalString: (...extra: readonly Rule[]) =>
    fieldRules(z.string(), [rules.textCharacters(), ...extra]),
  /** Required by default. */
  email: ({ required = true }: RequiredOption = {}) =>
    fieldRules(z.string(), withRequired(required, [rules.email(), rules.max(EMAIL_MAX_LENGTH)])),
  /** Required by default. */
  url: ({ required = true }: RequiredOption = {}) =>
    fieldRules(z.string(), withRequired(required, [rules.url()])),
  /** Required by default; when given, at least one letter and one digit and no whitespace. */
  password: ({ required = true }: RequiredOption = {}) =>
    fieldRules(z.string(), withRequired(required, [rules.passwordStrength()])),
  /** language -> text; every text at least 3 characters, and every listed language present. */
  localizedDescription: (languages: readonly string[] = []) =>
    fieldRules(localizedTextSchema, [rules.descriptionMinLength(languages)]),
  /** Optional by default, as the spec allows an empty decimal. */
  decimal: ({ decimals = 0, required = false }: DecimalOptions = {}) =>
    fieldRules(numberOrText(), withRequired(required, [rules.decimal(decimals)])),
  greaterThanZero: () => fieldRules(numberOrText(), [rules.greaterThanZero()]),
  /**
   * Non-empty ("Story name cannot be empty", a missing name included) and, when told the other
   * names or given `isTaken`, unique ("Some story is already using this name").
   */
  storyName: ({ existingNames, isTaken }: StoryNameOptions = {}) => {
    const uniqueness = isTaken ?? existingNames;
    return fieldRules(z.string().default(''), [
      rules.storyNameNotEmpty(),
      rules.textCharacters(),
      rules.max(STORY_NAME_MAX_LENGTH),
      ...(uniqueness === undefined ? [] : [rules.storyNameUnique(uniqueness)]),
    ]);
  },
  /** One file (a browser File or any {name, type, size}) that must be given. */
  file: (options: FileOptions = {}) =>
    fieldRules(z.custom<FileLike>(isFileOrNothing), [rules.required(), ...fileRules(options)]),
  /** One file, or nothing (null or undefined). */
  optionalFile: (options: FileOptions = {}) =>
    fieldRules(z.custom<FileLike | null | undefined>(isFileOrNothing), fileRules(options)),
} as const;
