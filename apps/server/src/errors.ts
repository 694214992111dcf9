// Typed errors that services throw; the errors plugin turns each into a problem+json answer with a stable code.
import type { ErrorCode, Locale } from '@costory/shared';

/** Text the API sends in the caller's language: one string, or one per locale. */
export type LocalizedText = string | Readonly<Record<Locale, string>>;

/**
 * One invalid field as a service reports it; localized when the answer is written. Without a
 * `message`, the text is the shared validation message of `rule` (with `params`), e.g.
 * `{ field: 'name', rule: 'story_name_duplicate' }`.
 */
export interface FieldProblem {
  field: string;
  rule: string;
  params?: Readonly<Record<string, unknown>>;
  message?: LocalizedText;
}

export interface AppErrorOptions {
  /** Replaces the code's standard detail text. */
  detail?: LocalizedText;
  cause?: unknown;
}

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly status: number;
  readonly detail: LocalizedText | undefined;

  constructor(options: AppErrorOptions = {}) {
    super(
      typeof options.detail === 'string' ? options.detail : (options.detail?.en ?? new.target.name),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.detail = options.detail;
  }
}

/** 400: the request cannot be processed as sent (no single field to blame). */
export class BadRequestError extends AppError {
  readonly code = 'BAD_REQUEST';
  readonly status = 400;
}

/** 400: one or more fields break a rule that only the service can check (e.g. a duplicate name). */
export class ValidationError extends AppError {
  readonly code = 'VALIDATION_FAILED';
  readonly status = 400;
  readonly fields: readonly FieldProblem[];

  constructor(fields: readonly FieldProblem[], options: AppErrorOptions = {}) {
    super(options);
    this.fields = fields;
  }
}

/** 401: no valid sign-in. */
export class UnauthorizedError extends AppError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;
}

/** 403: signed in, but the user may not do this to something they may see. */
export class ForbiddenError extends AppError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
}

/** 404: missing, or hidden from this user (design: never reveal what a user may not read). */
export class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
}

/** 409: a stale version or a uniqueness clash. */
export class ConflictError extends AppError {
  readonly code = 'CONFLICT';
  readonly status = 409;
}

/** 429: too many attempts (@fastify/rate-limit adds the Retry-After header). */
export class RateLimitedError extends AppError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
}

/** 503: a dependency (database, mail server) is down. */
export class ServiceUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;
}
