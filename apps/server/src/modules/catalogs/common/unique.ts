// Turns a unique-index hit on a code into the 409 with a field error that the forms show at the code field.
import { ConflictError, type LocalizedText } from '../../../errors';
import { isUniqueViolation } from '../../../lib/db-errors';

export function duplicateCodeError(message: LocalizedText, field = 'code'): ConflictError {
  return new ConflictError({ detail: message, fields: [{ field, rule: 'unique', message }] });
}

/**
 * Runs `work`; a hit on the unique index `constraint` becomes 409 CONFLICT with a field error.
 * The index decides (no racy "is it taken?" query first), and the transaction rolls back.
 */
export async function withUniqueCode<T>(
  constraint: string,
  message: LocalizedText,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw duplicateCodeError(message);
    throw error;
  }
}
