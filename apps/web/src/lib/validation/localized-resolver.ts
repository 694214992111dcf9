// A react-hook-form resolver that validates with a shared zod schema and localizes its errors.
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { localizeIssues, type FieldLabels, type Locale } from '@costory/shared';

export interface LocalizedResolverOptions {
  /** Read at each validation, so switching the language changes the next messages. */
  readonly getLocale: () => Locale;
  /** Labels by field path; a function gets the locale, for labels that are translated. */
  readonly fieldLabels?: FieldLabels | ((locale: Locale) => FieldLabels);
}

/**
 * Runs `schema` (the same one the server uses) on the form values; on failure returns one error
 * per field, `{ type: rule, message }`, in the language of the moment.
 */
export function createLocalizedResolver<TInput extends FieldValues, TOutput, TContext = unknown>(
  schema: z.ZodType<TOutput, TInput>,
  { getLocale, fieldLabels }: LocalizedResolverOptions,
): Resolver<TInput, TContext, TOutput> {
  return async (values, _context, options) => {
    // reportInput tells a missing value ("required") from a wrong one; it stays in this function.
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const locale = getLocale();
    const labels = typeof fieldLabels === 'function' ? fieldLabels(locale) : fieldLabels;
    const flatErrors: Record<string, FieldError> = {};
    for (const error of localizeIssues(result.error.issues, locale, labels)) {
      // An issue about the whole form has no field path; react-hook-form keeps those in `root`.
      flatErrors[error.field === '' ? 'root' : error.field] = {
        type: error.rule,
        message: error.message,
      };
    }
    const errors: FieldErrors = flatErrors;
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
