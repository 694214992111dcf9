// The API's error contract: application/problem+json bodies with a stable `code` the SPA localizes.
import { z } from 'zod';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Accounts and sign-in (decision 0009).
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'CONFIRMATION_FAILED',
  'CONFIRMATION_CODE_MISSING',
  'XSRF_MISMATCH',
  // Formulas (decision 0021): a formula does not pass its checks; details in `formulaIssues`.
  'FORMULA_INVALID',
  // Stories (decision 0022): a name the company already uses (field error on `name`), a
  // PUBLIC_PAID catalog whose owner has not made the company a client, and a non-repeatable item
  // that is already in the story.
  'STORY_NAME_TAKEN',
  'CATALOG_CLIENT_REQUIRED',
  'INSTANCE_NOT_REPEATABLE',
  // Story members and invites (decision 0022): taking the role from the story's last ICT_ADMIN
  // (409), an access code that expired, was revoked or was used (410), and an e-mail invite
  // accepted by a user signed in with another address (403).
  'LAST_STORY_ADMIN',
  'INVITE_GONE',
  'INVITE_EMAIL_MISMATCH',
  // Companies (decision 0025): a supplier or subscriber that lineups use cannot be deleted (409).
  'COMPANY_IN_USE',
  // A catalog that stories use is deleted only with their number confirmed (decision 0029).
  'CATALOG_IN_USE',
  // Restoring a version onto a story that changed since the caller last saw it (decision 0042).
  'STORY_CHANGED_SINCE',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One invalid field: its path (dot-separated), the rule that failed and the localized reason. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: errorCodeSchema,
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
