// Turns anything thrown while answering a request into a problem+json body (RFC 9457) with a stable code.
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ErrorCode, FieldError, FieldLabels, Locale, Problem } from '@costory/shared';
import { AppError, type LocalizedText } from '../../errors';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { localizeFieldIssues, localizeRuleFailure } from './localize-issues';
import { PROBLEM_TEXTS } from './messages';

/** A problem `type` URI per code; stable, so clients may switch on it as well as on `code`. */
export function problemType(code: ErrorCode): string {
  return `urn:costory:problem:${code.toLowerCase().replaceAll('_', '-')}`;
}

// Our API answers 400 for every body it cannot use (the SPA shows one kind of message for all
// of them); the code says which problem it was.
const FASTIFY_CODES: Record<string, { code: ErrorCode; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 400 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function localize(text: LocalizedText, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale];
}

interface Classified {
  code: ErrorCode;
  status: number;
  detail?: LocalizedText;
  errors?: (locale: Locale) => FieldError[];
  /** Extension members of the problem (e.g. `formulaIssues`). */
  extensions?: Readonly<Record<string, unknown>>;
  /** A fault on our side: logged with its stack, never shown. */
  internal: boolean;
}

function numberProperty(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'number' ? found : undefined;
}

function stringProperty(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
}

/**
 * fastify-type-provider-zod flattens each zod issue into {keyword, instancePath, message, params};
 * this puts the issue back together so that the shared localization sees what zod reported.
 */
function zodIssuesOf(
  validation: ReadonlyArray<{
    keyword: string;
    instancePath: string;
    message?: string;
    params: Record<string, unknown>;
  }>,
): z.core.$ZodIssue[] {
  return validation.map(
    (item) =>
      ({
        ...item.params,
        code: item.keyword,
        message: item.message ?? '',
        path: item.instancePath
          .split('/')
          .filter((segment) => segment !== '')
          .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
      }) as z.core.$ZodIssue,
  );
}

/** Field labels per language, so that messages name a field as the form does ("company name"). */
export type LocalizedFieldLabels = Readonly<Record<Locale, FieldLabels>>;

export function classify(error: unknown, fieldLabels?: LocalizedFieldLabels): Classified {
  if (error instanceof AppError) {
    const fields = error.fields;
    const classified: Classified = {
      code: error.code,
      status: error.status,
      detail: error.detail,
      internal: false,
    };
    if (Object.keys(error.extensions).length > 0) classified.extensions = error.extensions;
    if (fields.length > 0) {
      classified.errors = (locale) =>
        fields.map((field) =>
          field.message === undefined
            ? localizeRuleFailure(
                locale,
                field.field,
                field.rule,
                field.params,
                fieldLabels?.[locale],
              )
            : { field: field.field, rule: field.rule, message: localize(field.message, locale) },
        );
    }
    return classified;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = zodIssuesOf(error.validation);
    return {
      code: 'VALIDATION_FAILED',
      status: 400,
      errors: (locale) => localizeFieldIssues(issues, locale, fieldLabels?.[locale]),
      internal: false,
    };
  }
  if (typeof error === 'object' && error !== null && 'validation' in error) {
    return { code: 'VALIDATION_FAILED', status: 400, internal: false };
  }
  const fastifyCode = stringProperty(error, 'code');
  const known = fastifyCode === undefined ? undefined : FASTIFY_CODES[fastifyCode];
  if (known) return { ...known, internal: false };
  const status = numberProperty(error, 'statusCode');
  if (status !== undefined && status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return { code, status: code === 'PAYLOAD_TOO_LARGE' ? 400 : status, internal: false };
  }
  if (status === 503 || isDatabaseUnavailable(error)) {
    return { code: 'SERVICE_UNAVAILABLE', status: 503, internal: true };
  }
  return { code: 'INTERNAL', status: 500, internal: true };
}

/** A problem body: the standard members and any extension members of the error. */
export type ProblemBody = Problem & { readonly [member: string]: unknown };

export function buildProblem(
  classified: Classified,
  locale: Locale,
  instance: string | undefined,
): ProblemBody {
  const texts = PROBLEM_TEXTS[classified.code][locale];
  const problem: Problem = {
    type: problemType(classified.code),
    title: texts.title,
    status: classified.status,
    code: classified.code,
    detail: classified.detail === undefined ? texts.detail : localize(classified.detail, locale),
  };
  if (instance !== undefined) problem.instance = instance;
  const errors = classified.errors?.(locale);
  if (errors && errors.length > 0) problem.errors = errors;
  // Extensions come first, so a standard member always keeps its own value.
  return { ...classified.extensions, ...problem };
}
