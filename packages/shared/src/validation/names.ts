// Names of the rules as they travel in zod issues and FieldError.rule, and of the other messages.

/** The standard rules the spec lists, by their vee-validate names. */
export const STANDARD_RULE_NAMES = [
  'alpha',
  'alpha_num',
  'alpha_dash',
  'alpha_spaces',
  'between',
  'confirmed',
  'digits',
  'dimensions',
  'email',
  'excluded',
  'not_one_of',
  'ext',
  'image',
  'integer',
  'length',
  'max',
  'max_value',
  'mimes',
  'min',
  'min_value',
  'numeric',
  'one_of',
  'regex',
  'required',
  'required_if',
  'size',
  'url',
] as const;
export type StandardRuleName = (typeof STANDARD_RULE_NAMES)[number];

/** The product's own rules (spec section 5). */
export const CUSTOM_RULE_NAMES = [
  'password_strength',
  'password_common',
  'description_min_length',
  'greater_than_zero',
  'decimal',
  'story_name_empty',
  'story_name_duplicate',
  'file_over_limit',
  'text_characters',
  'company_id_number',
  'vat_id_number',
] as const;
export type CustomRuleName = (typeof CUSTOM_RULE_NAMES)[number];

/**
 * Rules that only come from zod's built-in checks (`.positive()`, `.gt(5)`, arrays' `.min(1)`,
 * `.strict()` objects), named so that they localize like the rest.
 */
export const SCHEMA_RULE_NAMES = [
  'greater_than',
  'less_than',
  'min_items',
  'max_items',
  'unknown_field',
] as const;
export type SchemaRuleName = (typeof SCHEMA_RULE_NAMES)[number];

/** The rule of a failure nothing more specific describes; its message is "{field} is not valid". */
export const FALLBACK_RULE = 'default';

/** Every message key, by a camelCase name for code that refers to one message. */
export const MESSAGE_KEYS = {
  alpha: 'alpha',
  alphaNum: 'alpha_num',
  alphaDash: 'alpha_dash',
  alphaSpaces: 'alpha_spaces',
  between: 'between',
  confirmed: 'confirmed',
  digits: 'digits',
  dimensions: 'dimensions',
  email: 'email',
  excluded: 'excluded',
  notOneOf: 'not_one_of',
  ext: 'ext',
  image: 'image',
  integer: 'integer',
  length: 'length',
  max: 'max',
  maxValue: 'max_value',
  mimes: 'mimes',
  min: 'min',
  minValue: 'min_value',
  numeric: 'numeric',
  oneOf: 'one_of',
  regex: 'regex',
  required: 'required',
  requiredIf: 'required_if',
  size: 'size',
  url: 'url',
  passwordStrength: 'password_strength',
  /** A new password found in the server's list of common passwords (checked there only). */
  passwordCommon: 'password_common',
  descriptionMinLength: 'description_min_length',
  /** The short text of the description field's error tooltip. */
  descriptionTooltip: 'description_tooltip',
  greaterThanZero: 'greater_than_zero',
  decimal: 'decimal',
  /** `decimal` with a limit on the decimal places, whose message names the limit. */
  decimalPlaces: 'decimal_places',
  storyNameEmpty: 'story_name_empty',
  storyNameDuplicate: 'story_name_duplicate',
  fileOverLimit: 'file_over_limit',
  textCharacters: 'text_characters',
  companyIdNumber: 'company_id_number',
  vatIdNumber: 'vat_id_number',
  greaterThan: 'greater_than',
  lessThan: 'less_than',
  minItems: 'min_items',
  maxItems: 'max_items',
  unknownField: 'unknown_field',
  fallback: FALLBACK_RULE,
} as const;
export type MessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];
