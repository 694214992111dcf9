// Validation library shared by the forms and the server: rules, messages, zod schemas, localization.
export type {
  FileLike,
  Rule,
  RuleContext,
  RuleFailure,
  RuleParamValue,
  RuleParams,
  RuleScalar,
} from './types';
export {
  CUSTOM_RULE_NAMES,
  FALLBACK_RULE,
  MESSAGE_KEYS,
  SCHEMA_RULE_NAMES,
  STANDARD_RULE_NAMES,
  type CustomRuleName,
  type MessageKey,
  type SchemaRuleName,
  type StandardRuleName,
} from './names';
export * as standardRules from './rules/standard';
export * as customRules from './rules/custom';
export { DESCRIPTION_MIN_LENGTH, isStoryNameTaken, normalizeStoryName } from './rules/custom';
export { rules } from './rules/descriptors';
export { runRules, validateValue, validateValueAsync } from './run';
export { isEmpty, isFileLike, parseNumber } from './values';
export { UNNAMED_FIELD_LABEL, validationMessages } from './messages';
export { formatFileSize, formatValidationMessage, messageKeyFor } from './format';
export {
  crossFieldRules,
  fieldRules,
  v,
  type DecimalOptions,
  type FileOptions,
  type RequiredOption,
  type StoryNameOptions,
} from './zod';
export {
  createFieldError,
  localizeIssues,
  validateWithSchema,
  type FieldLabels,
  type ValidationResult,
} from './localize';
