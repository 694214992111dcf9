// Companies area contract (decision 0024): the tenant's supplier and subscriber companies and a supplier's price setup.
import { z } from 'zod';
import { companySchema, companyTaxIdsShape } from './accounts';
import { unitPriceInputSchema } from './catalogs/schemas';
import { idSchema, versionSchema } from './ids';
import { localizedTextSchema } from './catalogs/localized-text';
import { unitOfMeasureSchema } from './enums';

/** A supplier prices roles for the tenant's lineups; a subscriber is the customer a quote is made for. */
export const PARTNER_KINDS = ['SUPPLIER', 'SUBSCRIBER'] as const;
export const partnerKindSchema = z.enum(PARTNER_KINDS);
export type PartnerKind = z.infer<typeof partnerKindSchema>;

/** POST /api/v1/partner-companies: the eight company fields and the kind. */
export const partnerCompanyCreateSchema = companySchema.extend({
  ...companyTaxIdsShape,
  kind: partnerKindSchema,
});
export type PartnerCompanyCreate = z.infer<typeof partnerCompanyCreateSchema>;
/** PUT /api/v1/partner-companies/{id}: the fields with the version read (stale -> 409). */
export const partnerCompanyUpdateSchema = companySchema.extend({
  ...companyTaxIdsShape,
  version: versionSchema,
});
export type PartnerCompanyUpdate = z.infer<typeof partnerCompanyUpdateSchema>;

export const partnerCompanySchema = z.object({
  id: idSchema,
  kind: partnerKindSchema,
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
  /** Role prices of a supplier (0 for a subscriber). */
  priceCount: z.number().int().nonnegative(),
  version: versionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

/** GET /api/v1/partner-companies: one kind, searched by name, e-mail or city (accents folded), by name. */
export const partnerCompanyListQuerySchema = z.object({
  kind: partnerKindSchema,
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PartnerCompanyListQuery = z.infer<typeof partnerCompanyListQuerySchema>;

/**
 * GET /api/v1/partner-companies/{id}/prices: the supplier's price setup, one block per catalog the
 * tenant uses (catalogs of its stories, and catalogs already priced for this supplier), every
 * role of the catalog with the catalog's own price and the supplier's price where set.
 */
export const supplierPriceRoleSchema = z.object({
  roleId: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  unit: unitOfMeasureSchema,
  /** The catalog role's price (decimal text with a dot). */
  catalogPrice: z.string(),
  /** The supplier's price in the catalog's currency; null where the catalog's price applies. */
  price: z.string().nullable(),
  /** The price row's version; null while no price is set. */
  version: versionSchema.nullable(),
});
export type SupplierPriceRole = z.infer<typeof supplierPriceRoleSchema>;

export const supplierPriceCatalogSchema = z.object({
  catalogId: idSchema,
  name: z.string(),
  code: z.string(),
  currency: z.string(),
  defaultLanguage: z.string(),
  roles: z.array(supplierPriceRoleSchema),
});
export const supplierPricesSchema = z.object({
  catalogs: z.array(supplierPriceCatalogSchema),
});
export type SupplierPrices = z.infer<typeof supplierPricesSchema>;

/**
 * PUT /api/v1/partner-companies/{id}/prices: prices of one catalog's roles at once. `price` null
 * removes the supplier's price (the catalog's applies again); `version` is the version read
 * (null for a new price); any stale one -> 409 and nothing is saved.
 */
export const supplierPricesUpdateSchema = z.strictObject({
  catalogId: idSchema,
  prices: z
    .array(
      z.strictObject({
        roleId: idSchema,
        price: unitPriceInputSchema.nullable(),
        version: versionSchema.nullable(),
      }),
    )
    .min(1)
    .max(500),
});
export type SupplierPricesUpdate = z.infer<typeof supplierPricesUpdateSchema>;

export const PRICE_ADJUSTMENT_MIN_PERCENT = -90;
export const PRICE_ADJUSTMENT_MAX_PERCENT = 500;

/**
 * POST /api/v1/partner-companies/{id}/prices/adjustment: raise or lower every price of the
 * supplier (or of one catalog) by a percentage, rounded to cents half away from zero. With
 * `apply` false nothing is saved and the answer is the preview.
 */
export const priceAdjustmentSchema = z.strictObject({
  percent: z.number().min(PRICE_ADJUSTMENT_MIN_PERCENT).max(PRICE_ADJUSTMENT_MAX_PERCENT),
  catalogId: idSchema.optional(),
  apply: z.boolean(),
});
export type PriceAdjustment = z.infer<typeof priceAdjustmentSchema>;

export const priceAdjustmentResultSchema = z.object({
  applied: z.boolean(),
  changes: z.array(
    z.object({ catalogId: idSchema, roleId: idSchema, before: z.string(), after: z.string() }),
  ),
});
export type PriceAdjustmentResult = z.infer<typeof priceAdjustmentResultSchema>;
