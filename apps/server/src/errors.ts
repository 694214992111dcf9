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
  /** Fields to blame, shown as the problem's `errors` (e.g. `name` of STORY_NAME_TAKEN). */
  fields?: readonly FieldProblem[];
  /**
   * Extension members of the problem (RFC 9457 §3.2), sent as they are next to the standard
   * ones, e.g. `formulaIssues` of FORMULA_INVALID. They never replace a standard member.
   */
  extensions?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly status: number;
  readonly detail: LocalizedText | undefined;
  readonly fields: readonly FieldProblem[];
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(options: AppErrorOptions = {}) {
    super(
      typeof options.detail === 'string' ? options.detail : (options.detail?.en ?? new.target.name),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.detail = options.detail;
    this.fields = options.fields ?? [];
    this.extensions = options.extensions ?? {};
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

  constructor(fields: readonly FieldProblem[], options: Omit<AppErrorOptions, 'fields'> = {}) {
    super({ ...options, fields });
  }
}

/**
 * 400: formulas that do not pass their checks (decision 0021). The field errors name
 * `formulas.{index}.expression`; the problem's `formulaIssues` member holds every issue with its
 * position, per formula index, for the editor to underline.
 */
export class FormulaInvalidError extends AppError {
  readonly code = 'FORMULA_INVALID';
  readonly status = 400;
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

/** 403: a state-changing /api request without the matching XSRF-TOKEN cookie and X-XSRF-TOKEN header. */
export class XsrfMismatchError extends AppError {
  readonly code = 'XSRF_MISMATCH';
  readonly status = 403;
}

/** 409: a story name the company already uses (field error `name`, rule story_name_duplicate). */
export class StoryNameTakenError extends AppError {
  readonly code = 'STORY_NAME_TAKEN';
  readonly status = 409;
}

/** 403: a story on a PUBLIC_PAID catalog whose owner has not made the user's company a client. */
export class CatalogClientRequiredError extends AppError {
  readonly code = 'CATALOG_CLIENT_REQUIRED';
  readonly status = 403;
}

/** 409: a second instance of an item that is not repeatable. */
export class InstanceNotRepeatableError extends AppError {
  readonly code = 'INSTANCE_NOT_REPEATABLE';
  readonly status = 409;
}

/** 409: the change would leave the story without an ICT_ADMIN (demoting or removing the last one). */
export class LastStoryAdminError extends AppError {
  readonly code = 'LAST_STORY_ADMIN';
  readonly status = 409;
}

/** 409: a partner company that lineups use cannot be deleted; the detail names them. */
export class CompanyInUseError extends AppError {
  readonly code = 'COMPANY_IN_USE';
  readonly status = 409;
}

/** 409: a catalog that stories use, deleted without confirming their number; the detail names them. */
export class CatalogInUseError extends AppError {
  readonly code = 'CATALOG_IN_USE';
  readonly status = 409;
}

/** 409: a version restored onto a story that changed since the caller last saw it (decision 0042). */
export class StoryChangedSinceError extends AppError {
  readonly code = 'STORY_CHANGED_SINCE';
  readonly status = 409;
}

/** 410: an access code that expired, was revoked, or (an e-mail invite) was already used. */
export class InviteGoneError extends AppError {
  readonly code = 'INVITE_GONE';
  readonly status = 410;
}

/** 403: an e-mail invite accepted by a user signed in with another address (decision 0022). */
export class InviteEmailMismatchError extends AppError {
  readonly code = 'INVITE_EMAIL_MISMATCH';
  readonly status = 403;
}

/** 401: wrong e-mail or password (never says which). */
export class InvalidCredentialsError extends AppError {
  readonly code = 'INVALID_CREDENTIALS';
  readonly status = 401;
}

/** 403: the password is right, but the address has not been confirmed yet. */
export class EmailNotVerifiedError extends AppError {
  readonly code = 'EMAIL_NOT_VERIFIED';
  readonly status = 403;
}

/** 400: a confirmation code that is wrong, expired or already used. */
export class ConfirmationFailedError extends AppError {
  readonly code = 'CONFIRMATION_FAILED';
  readonly status = 400;
}

/** 400: a confirmation request without a code. */
export class ConfirmationCodeMissingError extends AppError {
  readonly code = 'CONFIRMATION_CODE_MISSING';
  readonly status = 400;
}

/** 429: too many attempts (the answer carries Retry-After). */
export class RateLimitedError extends AppError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
  /** Sent as Retry-After when known (@fastify/rate-limit sets the header itself). */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: AppErrorOptions & { retryAfterSeconds?: number } = {}) {
    super(options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 503: a dependency (database, mail server) is down. */
export class ServiceUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;
}
