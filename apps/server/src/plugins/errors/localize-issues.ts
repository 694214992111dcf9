// Adapter between validation failures and localized FieldError[]: the one place the server calls shared localization.
import { createFieldError, localizeIssues, type FieldError, type Locale } from '@costory/shared';
import type { z } from 'zod';

/** One localized error per invalid field of a request that failed its zod schema. */
export function localizeFieldIssues(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
  fieldLabels?: Record<string, string>,
): FieldError[] {
  return localizeIssues(issues, locale, fieldLabels);
}

/**
 * A failure a service found outside any schema (e.g. a duplicate story name), with the shared
 * message of its rule: `localizeRuleFailure('cs', 'name', 'story_name_duplicate')`.
 */
export function localizeRuleFailure(
  locale: Locale,
  field: string,
  rule: string,
  params?: Readonly<Record<string, unknown>>,
  fieldLabels?: Record<string, string>,
): FieldError {
  return createFieldError(
    locale,
    field,
    params === undefined ? { rule } : { rule, params },
    fieldLabels,
  );
}
