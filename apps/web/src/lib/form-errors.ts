// Puts the server's field errors (problem+json `errors`) on the fields of a react-hook-form form.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { FieldError } from '@costory/shared';

/**
 * Shows each error on its field when the form has that field, focusing the first one; returns
 * whether any was shown (if not, the caller shows a general message instead).
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  errors: readonly FieldError[],
  fields: readonly FieldPath<TValues>[],
): boolean {
  let applied = false;
  for (const error of errors) {
    const field = fields.find((name) => name === error.field);
    if (field === undefined) continue;
    setError(field, { type: error.rule, message: error.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
