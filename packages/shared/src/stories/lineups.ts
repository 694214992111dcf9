// Lineups (design.md §4, decision 0025): a story priced for one supplier and one subscriber, with custom prices per role.
import { z } from 'zod';
import { unitOfMeasureSchema } from '../enums';
import { unitPriceInputSchema } from '../catalogs/schemas';
import { idSchema, versionSchema } from '../ids';
import { localizedTextSchema } from '../catalogs/localized-text';
import { rules } from '../validation/rules/descriptors';
import { fieldRules, v } from '../validation/zod';

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
const totalsSchema = z.object({ price: moneySchema, mandays: z.number() });

/**
 * Where a role's unit price in a lineup comes from, first match wins: the lineup's custom price,
 * else the supplier's price setup, else the catalog role's price.
 */
export const PRICE_SOURCES = ['CUSTOM', 'SUPPLIER', 'CATALOG'] as const;
export const priceSourceSchema = z.enum(PRICE_SOURCES);
export type PriceSource = z.infer<typeof priceSourceSchema>;

export const LINEUP_NAME_MAX = 200;
export const LINEUP_DESCRIPTION_MAX = 2000;
export const LINEUP_SHARES_MAX = 100;

export const lineupCustomPriceSchema = z.strictObject({
  roleId: idSchema,
  /** Decimal with a dot or comma, above zero, at most 4 decimals (the role price rules). */
  price: unitPriceInputSchema,
});
export type LineupCustomPriceInput = z.infer<typeof lineupCustomPriceSchema>;

/**
 * POST /api/v1/stories/{storyId}/lineups. The supplier and the subscriber are partner companies
 * of the story's company (another company's are 404); a role appears at most once among the
 * custom prices, which replace the lineup's previous ones as a whole.
 */
export const lineupFieldsSchema = z.strictObject({
  name: v.requiredString(rules.max(LINEUP_NAME_MAX)),
  description: v.optionalString(rules.max(LINEUP_DESCRIPTION_MAX)).default(''),
  supplierId: idSchema,
  subscriberId: idSchema,
  customPrices: z.array(lineupCustomPriceSchema).max(500).default([]),
  /** User ids of the story's CUSTOMER members who read this lineup besides the subscriber's own people (decision 0033). */
  sharedWith: z.array(idSchema).max(LINEUP_SHARES_MAX).default([]),
});
export type LineupFields = z.input<typeof lineupFieldsSchema>;
/** PUT …/lineups/{lineupId}: the fields and the version read (stale -> 409, nothing saved). */
export const lineupUpdateSchema = lineupFieldsSchema.extend({ version: versionSchema });
export type LineupUpdate = z.input<typeof lineupUpdateSchema>;

const partyRefSchema = z.object({ id: idSchema, name: z.string() });

/** A lineup as lists show it, with the story's totals priced its way. */
export const lineupSchema = z.object({
  id: idSchema,
  storyId: idSchema,
  name: z.string(),
  description: z.string(),
  supplier: partyRefSchema,
  subscriber: partyRefSchema,
  /** Prices as stored: decimal text with a dot, no trailing zeros; empty for a customer (decision 0033). */
  customPrices: z.array(z.object({ roleId: idSchema, price: z.string() })),
  /** The CUSTOMER members the lineup is shared with; empty for a customer. */
  sharedWith: z.array(partyRefSchema),
  /** Main and optional totals with the lineup's unit prices. */
  total: totalsSchema,
  optional: totalsSchema,
  errorCount: z.number().int().nonnegative(),
  /** Instances of the main total that formula errors left unpriced: the total is incomplete. */
  unpricedInstances: z.number().int().nonnegative(),
  version: versionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lineup = z.infer<typeof lineupSchema>;

/** One role of a lineup: its amount in the story, each candidate price and the one used. */
export const lineupRolePricingSchema = z.object({
  roleId: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  unit: unitOfMeasureSchema,
  /** The role's amount in the story's main total (optional instances apart). */
  amount: z.number(),
  /** The candidate prices and the source are null for a customer: those are the margins (decision 0033). */
  catalogPrice: z.string().nullable(),
  supplierPrice: z.string().nullable(),
  customPrice: z.string().nullable(),
  unitPrice: z.string(),
  source: priceSourceSchema.nullable(),
  /** The role's price in the main total with `unitPrice`. */
  price: moneySchema,
  mandays: z.number(),
});
export type LineupRolePricing = z.infer<typeof lineupRolePricingSchema>;

/** Whether a role line is worth showing: roles the story does not use (no amount, no price) would be empty lines. */
export function isUsedRole(role: { amount: number; price: string }): boolean {
  return role.amount !== 0 || role.price !== '0.00';
}

/** GET …/lineups/{lineupId}: the lineup with the story priced its way, role by role. */
export const lineupPricingSchema = lineupSchema.extend({
  currency: z.string(),
  roles: z.array(lineupRolePricingSchema),
});
export type LineupPricing = z.infer<typeof lineupPricingSchema>;

// ---- quotes (decision 0032) --------------------------------------------------------------------

export const QUOTE_PAYMENT_TERMS_MAX = 500;
export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_DEFAULT_VAT_RATE = '21';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * POST /api/v1/stories/{storyId}/lineups/{lineupId}/quotes: the validity date (ISO, not before the
 * issue date, today in the caller's time zone), the VAT rate in percent (0 to 100, at most 2
 * decimals, a dot or comma), the payment terms and a note. The server numbers the quote.
 */
export const quoteCreateSchema = z.strictObject({
  validUntil: v.requiredString(rules.regex(ISO_DATE)),
  vatRate: fieldRules(z.union([z.number(), z.string().max(10)]), [
    rules.required(),
    rules.decimal(2),
    rules.minValue(0),
    rules.maxValue(100),
  ]).default(QUOTE_DEFAULT_VAT_RATE),
  paymentTerms: v.optionalString(rules.max(QUOTE_PAYMENT_TERMS_MAX)).default(''),
  note: v.optionalString(rules.max(QUOTE_NOTE_MAX)).default(''),
  /** The caller's IANA time zone (the browser's): the issue date is today there. */
  timeZone: z.string().max(64).optional(),
});
export type QuoteCreate = z.input<typeof quoteCreateSchema>;

/** An issued quote: its number, dates, terms and the totals as they were when it was issued. */
export const quoteSchema = z.object({
  id: idSchema,
  lineupId: idSchema,
  /** "2026-0001": the year of issue and the company's counter. */
  number: z.string(),
  /** ISO dates (YYYY-MM-DD). */
  issueDate: z.string(),
  validUntil: z.string(),
  /** Percent as decimal text ("21", "12.5"). */
  vatRate: z.string(),
  paymentTerms: z.string(),
  note: z.string(),
  currency: z.string(),
  /** Money at issue time, decimal text with 2 decimals. */
  totalWithoutVat: moneySchema,
  vatAmount: moneySchema,
  totalWithVat: moneySchema,
  createdAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
