// Named, parameterised rules (`rules.min(3)`) to list in order for a field; each wraps a predicate.
import type { Rule, RuleContext, RuleParams, RuleScalar } from '../types';
import * as custom from './custom';
import * as standard from './standard';

type Check = (value: unknown, context: RuleContext) => boolean | Promise<boolean>;

function rule(name: string, params: RuleParams, check: Check): Rule {
  return { name, params, check };
}

function siblingValue(context: RuleContext, field: string): unknown {
  return context.values?.[field];
}

/**
 * Rule factories, named after the spec's rules. Rules that compare fields (`confirmed`,
 * `requiredIf`) read the sibling value from the context: use them through `crossFieldRules`.
 */
export const rules = {
  required: (): Rule => rule('required', {}, (value) => standard.required(value)),
  requiredIf: (target: string, values?: readonly RuleScalar[]): Rule =>
    rule('required_if', { target, values }, (value, context) =>
      standard.requiredIf(value, siblingValue(context, target), values),
    ),
  confirmed: (target: string): Rule =>
    rule('confirmed', { target }, (value, context) =>
      standard.confirmed(value, siblingValue(context, target)),
    ),
  alpha: (): Rule => rule('alpha', {}, (value) => standard.alpha(value)),
  alphaNum: (): Rule => rule('alpha_num', {}, (value) => standard.alphaNum(value)),
  alphaDash: (): Rule => rule('alpha_dash', {}, (value) => standard.alphaDash(value)),
  alphaSpaces: (): Rule => rule('alpha_spaces', {}, (value) => standard.alphaSpaces(value)),
  between: (min: number, max: number): Rule =>
    rule('between', { min, max }, (value) => standard.between(value, min, max)),
  digits: (length: number): Rule =>
    rule('digits', { length }, (value) => standard.digits(value, length)),
  dimensions: (width: number, height: number): Rule =>
    rule('dimensions', { width, height }, (value) => standard.dimensions(value, width, height)),
  email: (): Rule => rule('email', {}, (value) => standard.email(value)),
  excluded: (values: readonly RuleScalar[]): Rule =>
    rule('excluded', { values }, (value) => standard.excluded(value, values)),
  notOneOf: (values: readonly RuleScalar[]): Rule =>
    rule('not_one_of', { values }, (value) => standard.notOneOf(value, values)),
  ext: (extensions: readonly string[]): Rule =>
    rule('ext', { extensions }, (value) => standard.ext(value, extensions)),
  image: (): Rule => rule('image', {}, (value) => standard.image(value)),
  integer: (): Rule => rule('integer', {}, (value) => standard.integer(value)),
  length: (length: number): Rule =>
    rule('length', { length }, (value) => standard.length(value, length)),
  max: (length: number): Rule => rule('max', { length }, (value) => standard.max(value, length)),
  maxValue: (max: number): Rule =>
    rule('max_value', { max }, (value) => standard.maxValue(value, max)),
  mimes: (types: readonly string[]): Rule =>
    rule('mimes', { types }, (value) => standard.mimes(value, types)),
  min: (length: number): Rule => rule('min', { length }, (value) => standard.min(value, length)),
  minValue: (min: number): Rule =>
    rule('min_value', { min }, (value) => standard.minValue(value, min)),
  numeric: (): Rule => rule('numeric', {}, (value) => standard.numeric(value)),
  oneOf: (values: readonly RuleScalar[]): Rule =>
    rule('one_of', { values }, (value) => standard.oneOf(value, values)),
  regex: (pattern: RegExp | string): Rule =>
    rule('regex', { pattern: String(pattern) }, (value) => standard.regex(value, pattern)),
  /** `kilobytes` KB per file (1 KB = 1024 bytes). */
  size: (kilobytes: number): Rule =>
    rule('size', { size: kilobytes }, (value) => standard.size(value, kilobytes)),
  url: (): Rule => rule('url', {}, (value) => standard.url(value)),

  textCharacters: (): Rule => rule('text_characters', {}, (value) => custom.textCharacters(value)),
  passwordStrength: (): Rule =>
    rule('password_strength', {}, (value) => custom.passwordStrength(value)),
  descriptionMinLength: (languages: readonly string[] = []): Rule =>
    rule('description_min_length', { min: custom.DESCRIPTION_MIN_LENGTH, languages }, (value) =>
      custom.descriptionMinLength(value, languages),
    ),
  greaterThanZero: (): Rule =>
    rule('greater_than_zero', {}, (value) => custom.greaterThanZero(value)),
  /** `decimals` places at most; 0 allows any number of them. */
  decimal: (decimals = 0): Rule =>
    rule('decimal', { decimals }, (value) => custom.decimal(value, decimals)),
  storyNameNotEmpty: (): Rule =>
    rule('story_name_empty', {}, (value) => custom.storyNameNotEmpty(value)),
  /**
   * Fails when the name is taken: either among `existing` names, or by asking `isTaken` (which may
   * be asynchronous, e.g. an API call; the schema must then be parsed with `parseAsync`).
   */
  storyNameUnique: (
    existing: Iterable<string> | ((name: string) => boolean | Promise<boolean>),
  ): Rule =>
    rule('story_name_duplicate', {}, (value) => {
      if (typeof value !== 'string') return true;
      if (typeof existing !== 'function') return !custom.isStoryNameTaken(value, existing);
      const taken = existing(value);
      return taken instanceof Promise ? taken.then((isTaken) => !isTaken) : !taken;
    }),
  /** A Czech company registration number (IČO) with its mod-11 check digit. */
  companyIdNumber: (): Rule =>
    rule('company_id_number', {}, (value) => custom.companyIdNumber(value)),
  /** A VAT identification number (DIČ): country code and 2 to 12 letters or digits. */
  vatIdNumber: (): Rule => rule('vat_id_number', {}, (value) => custom.vatIdNumber(value)),
  /** At most `maxBytes` bytes per file; the message shows the limit as e.g. "5 MB". */
  fileOverLimit: (maxBytes: number): Rule =>
    rule('file_over_limit', { maxSize: maxBytes }, (value) =>
      custom.fileWithinLimit(value, maxBytes),
    ),
} as const;
