// Tables of the Companies area (decision 0024): a tenant's supplier and subscriber companies, and a supplier's price per catalog role.
import { PARTNER_KINDS, type PartnerKind } from '@costory/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogRoles } from './catalogs';
import { oneOf, timestamps } from './columns';
import { companies } from './companies';

/** A supplier or subscriber company kept by one tenant; other tenants never see it. */
export const partnerCompanies = pgTable(
  'partner_companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The tenant that keeps the company.
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    kind: text().$type<PartnerKind>().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    // The only optional field of the form: stored as '' rather than null, so the API never maps.
    phone: text().notNull().default(''),
    country: text().notNull(),
    city: text().notNull(),
    street: text().notNull(),
    streetNumber: text().notNull(),
    zip: text().notNull(),
    // Registration number (IČO) and VAT number (DIČ), '' when not given (decision 0032).
    ico: text().notNull().default(''),
    dic: text().notNull().default(''),
    // Name, e-mail and city lower-cased without accents, so "novak" finds "Novák" (kept by the repository).
    searchText: text().notNull().default(''),
    // Optimistic locking: an update naming an older version is refused.
    version: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    // The list of one kind, sorted by name, and its cursor (lower(name), id).
    index('partner_companies_list_index').on(
      table.companyId,
      table.kind,
      sql`lower(${table.name})`,
      table.id,
    ),
    check('partner_companies_kind_known', oneOf(table.kind, PARTNER_KINDS)),
    check('partner_companies_version_non_negative', sql`${table.version} >= 0`),
  ],
);

/**
 * A supplier's price of one catalog role, in the catalog's currency. Rows go with their supplier
 * and with their role; a role without a row keeps the catalog's price.
 */
export const supplierRolePrices = pgTable(
  'supplier_role_prices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    partnerCompanyId: integer()
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => catalogRoles.id, { onDelete: 'cascade' }),
    // Money is decimal, never a binary float (design.md §2), with the scale of catalog role prices.
    price: numeric({ precision: 18, scale: 4 }).notNull(),
    version: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('supplier_role_prices_partner_role_unique').on(
      table.partnerCompanyId,
      table.roleId,
    ),
    // Deleting a role cascades here; without the index that would scan the table.
    index('supplier_role_prices_role_id_index').on(table.roleId),
    check('supplier_role_prices_price_positive', sql`${table.price} > 0`),
    check('supplier_role_prices_version_non_negative', sql`${table.version} >= 0`),
  ],
);

export type PartnerCompanyRow = typeof partnerCompanies.$inferSelect;
export type SupplierRolePriceRow = typeof supplierRolePrices.$inferSelect;
