// The words for a failed call: the server's own explanation when it gives one, else a localized text.
import { ApiError } from './api-client';

/**
 * Refusals such as "the group still has items" or "the last admin cannot leave" are explained by
 * the server in the user's language (problem `detail`, worded by Accept-Language); other failures
 * get `fallback`.
 */
export function problemText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export function isProblem(error: unknown, code: ApiError['code']): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * A query's failure for useQueryErrorToast, leaving out "not found": a page that has its own text
 * for a missing object (or a not-found page) does not toast on top of it.
 */
export function failureOtherThanNotFound(query: {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}): { isError: boolean; errorUpdatedAt: number } {
  return {
    isError: query.isError && !isProblem(query.error, 'NOT_FOUND'),
    errorUpdatedAt: query.errorUpdatedAt,
  };
}
