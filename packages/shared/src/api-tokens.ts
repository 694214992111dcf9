// Personal API tokens (issue 20 item 4, decision 0044): a user's tokens for calling /api/v1 as themselves, read-only or read-write.
import { z } from 'zod';
import { idSchema } from './ids';
import { v } from './validation/zod';
import { rules } from './validation/rules/descriptors';

/** READ tokens may only read (GET, HEAD, OPTIONS); READ_WRITE tokens may do what their user may. */
export const API_TOKEN_SCOPES = ['READ', 'READ_WRITE'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every secret starts with this marker, so the API tells a personal token from a sign-in JWT. */
export const API_TOKEN_MARKER = 'cst_';
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** How far ahead a token may expire: a year (366 days, so "a year from today" always fits). */
export const API_TOKEN_MAX_LIFETIME_DAYS = 366;
/** Longer than any ISO 8601 date-time with fractions and an offset (every text has a limit). */
const API_TOKEN_EXPIRY_MAX_LENGTH = 40;

/** POST /api/v1/me/api-tokens (signed in through the app, not with a token). */
export const apiTokenCreateSchema = z.strictObject({
  name: v.requiredString(rules.max(API_TOKEN_NAME_MAX_LENGTH)),
  scope: apiTokenScopeSchema,
  /** ISO 8601 date-time, in the future and at most API_TOKEN_MAX_LIFETIME_DAYS ahead. */
  expiresAt: z.iso.datetime({ offset: true }).max(API_TOKEN_EXPIRY_MAX_LENGTH),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A token as its owner sees it in the list: never its secret, nor its hash. */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The secret's first characters after the marker, e.g. `cst_AbCd1234…`. */
  prefix: z.string(),
  scope: apiTokenScopeSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of POST: the token and its secret, which is shown this once only. */
export const apiTokenCreatedSchema = z.object({
  token: apiTokenSchema,
  secret: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** GET /api/v1/me/api-tokens: the user's tokens not revoked (expired ones too), newest first. */
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
