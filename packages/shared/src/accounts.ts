// Accounts and sign-in contract (decision 0009): the request and response schemas of registration, e-mail confirmation, sign-in, the signed-in user and the company profile.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants';
import { rules } from './validation/rules/descriptors';
import { fieldRules, v } from './validation/zod';

/** How long a confirmation link and its one-time code stay valid. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
/** The characters of the ONE_TIME_CODE_LENGTH one-time code: no 0/O or 1/I/L, so it can be read aloud and typed from a phone. */
export const ONE_TIME_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Length limits shared by forms and server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
const PHONE_PATTERN = /^\+?\(?[0-9][0-9 ()/.-]{4,24}$/;

/** An e-mail address that must be given. */
const requiredEmail = () =>
  fieldRules(z.string(), [rules.required(), rules.email(), rules.max(EMAIL_MAX_LENGTH)]);

/**
 * The eight company fields (spec section 3) with their rules: everything but the phone is required,
 * so a quote (lineup export) can always print a full address.
 */
export const companySchema = z.strictObject({
  name: v.requiredString(rules.max(200)),
  email: requiredEmail(),
  phone: v.optionalString(rules.regex(PHONE_PATTERN), rules.max(30)).optional(),
  country: v.requiredString(rules.max(100)),
  city: v.requiredString(rules.max(100)),
  street: v.requiredString(rules.max(200)),
  streetNumber: v.requiredString(rules.max(20)),
  zip: v.requiredString(rules.regex(ZIP_PATTERN)),
});
export type CompanyFields = z.infer<typeof companySchema>;

/**
 * The registration number (IČO) and VAT number (DIČ) of a partner company and of the own company
 * profile (decision 0032); both optional, printed on quotes. An empty text clears them.
 */
export const companyTaxIdsShape = {
  ico: v.optionalString(rules.companyIdNumber(), rules.max(8)).optional(),
  dic: v.optionalString(rules.vatIdNumber(), rules.max(14)).optional(),
};
/** The company fields with the registration and VAT numbers (partner companies, the profile). */
export const companyWithTaxIdsSchema = companySchema.extend(companyTaxIdsShape);
export type CompanyWithTaxIds = z.infer<typeof companyWithTaxIdsSchema>;

export interface CompanyTaxIds {
  ico?: string | undefined;
  dic?: string | undefined;
}

/** The spec's password rule (a letter and a digit, no whitespace), plus sensible length bounds. */
export const newPasswordSchema = fieldRules(z.string(), [
  rules.required(),
  rules.passwordStrength(),
  rules.min(PASSWORD_MIN_LENGTH),
  rules.max(PASSWORD_MAX_LENGTH),
]);

export const registrationUserSchema = z.strictObject({
  email: requiredEmail(),
  password: newPasswordSchema,
  firstName: v.requiredString(rules.max(100)),
  lastName: v.requiredString(rules.max(100)),
});

/** Body of POST /api/v1/registrations. */
export const registrationSchema = z.strictObject({
  company: companySchema,
  user: registrationUserSchema,
});
export type Registration = z.infer<typeof registrationSchema>;

/**
 * 201 answer of POST /api/v1/registrations: the address now waits for the mail. The same whether
 * or not the address already had an account (its owner is mailed instead), so it tells nobody.
 */
export const registrationResultSchema = z.object({
  email: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/**
 * Body of POST /api/v1/email-confirmations: the link's `code`, or the `email` with the
 * `oneTimeCode` from the mail. Without either, the answer is 400 CONFIRMATION_CODE_MISSING.
 */
export const emailConfirmationSchema = z.strictObject({
  code: z.string().max(200).optional(),
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  oneTimeCode: z.string().max(32).optional(),
});
export type EmailConfirmation = z.infer<typeof emailConfirmationSchema>;

/** 200 answer of POST /api/v1/email-confirmations: whose address is now confirmed. */
export const emailConfirmationResultSchema = z.object({ email: z.string() });
export type EmailConfirmationResult = z.infer<typeof emailConfirmationResultSchema>;

/** Body of POST /api/v1/email-confirmations/resend (always 202, whether the address exists or not). */
export const emailConfirmationResendSchema = z.strictObject({ email: requiredEmail() });
export type EmailConfirmationResend = z.infer<typeof emailConfirmationResendSchema>;

/** GET /api/v1/me: the signed-in user. */
export const meSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/v1/users/{userId}/company: the company, every field a string ('' when unknown). */
export const companyProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  zip: z.string(),
  /** Registration number (IČO), '' when not given. */
  ico: z.string(),
  /** VAT number (DIČ), '' when not given. */
  dic: z.string(),
  /** Whether a logo is uploaded (GET /api/v1/users/{userId}/company/logo serves it). */
  hasLogo: z.boolean(),
  /** Incremented by every update; send it back with PUT (a stale one answers 409 CONFLICT). */
  version: z.number().int(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** The largest company logo (PNG or JPEG), in bytes. */
export const COMPANY_LOGO_MAX_BYTES = 512 * 1024;
/**
 * Body of PUT /api/v1/users/{userId}/company/logo: the image file's bytes in base64. The text may
 * be longer than the limit allows, so that a file somewhat too large is answered with the size
 * rule's message rather than the length's (the request body limit still applies).
 */
export const companyLogoUploadSchema = z.strictObject({
  data: z.string().max(1_000_000),
});
export type CompanyLogoUpload = z.infer<typeof companyLogoUploadSchema>;

/** Body of PUT /api/v1/users/{userId}/company. */
export const companyProfileUpdateSchema = companySchema.extend({
  ...companyTaxIdsShape,
  version: z.number().int().min(1),
});
export type CompanyProfileUpdate = z.infer<typeof companyProfileUpdateSchema>;

/** Body of POST /auth/interaction/{uid}/login (the SPA's login form). */
export const loginSchema = z.strictObject({
  email: requiredEmail(),
  password: fieldRules(z.string(), [rules.required(), rules.max(PASSWORD_MAX_LENGTH)]),
});
export type Login = z.infer<typeof loginSchema>;

/** 200 answer of the login form: the SPA sets `window.location` to it. */
export const loginResultSchema = z.object({ redirectTo: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /auth/interaction/{uid}/details: what the sign-in service asks of the login form. */
export const interactionDetailsSchema = z.object({
  uid: z.string(),
  /** `login` (show the form) or `consent` (nothing to ask: the first-party client consents). */
  prompt: z.string(),
  /** The authorize request's `ui_locales`, in order (e.g. ['cs', 'en']); empty when not given. */
  uiLocales: z.array(z.string()),
  /** The authorize request's `login_hint`, to prefill the e-mail. */
  loginHint: z.string().optional(),
  /** Where "Register a company" leads (the authorize request's `new_user_uri`). */
  newUserUri: z.string().optional(),
  /** The database holds the demo data. */
  demo: z.boolean(),
  /** Present only outside production while the demo password still works. */
  demoUser: z.object({ email: z.string(), password: z.string() }).optional(),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;
