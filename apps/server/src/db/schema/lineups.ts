// Tables of story lineups (decision 0025): a story priced for a supplier and a subscriber, with custom prices per catalog role.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { UnitOfMeasure } from '@costory/shared';
import { catalogRoles } from './catalogs';
import { timestamps } from './columns';
import { companies } from './companies';
import { partnerCompanies } from './partner-companies';
import { stories } from './stories';
import { users } from './users';

export const storyLineups = pgTable(
  'story_lineups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    // Partner companies of the story's company. Restrict: a company a lineup uses cannot be
    // deleted (the service says which lineups use it before the database would refuse).
    supplierId: integer()
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'restrict' }),
    subscriberId: integer()
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'restrict' }),
    version: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('story_lineups_story_name_unique').on(table.storyId, sql`lower(${table.name})`),
    index('story_lineups_supplier_id_index').on(table.supplierId),
    index('story_lineups_subscriber_id_index').on(table.subscriberId),
    check('story_lineups_version_non_negative', sql`${table.version} >= 0`),
  ],
);

/** A lineup's own price of one catalog role, overriding the supplier's and the catalog's. */
export const lineupRolePrices = pgTable(
  'lineup_role_prices',
  {
    lineupId: integer()
      .notNull()
      .references(() => storyLineups.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => catalogRoles.id, { onDelete: 'cascade' }),
    price: numeric({ precision: 18, scale: 4 }).notNull(),
  },
  (table) => [
    uniqueIndex('lineup_role_prices_lineup_role_unique').on(table.lineupId, table.roleId),
    index('lineup_role_prices_role_id_index').on(table.roleId),
    check('lineup_role_prices_price_positive', sql`${table.price} > 0`),
  ],
);

/** One role line of a quote as it was priced when the quote was issued. */
export interface QuoteLine {
  roleId: number;
  unit: UnitOfMeasure;
  amount: number;
  mandays: number;
  /** Decimal text with a dot (the unit price used). */
  unitPrice: string;
  /** Money text ("1234.50"). */
  price: string;
}

/**
 * A quote issued for a lineup (decision 0032): numbered per issuing company (the story's), with
 * its dates, VAT rate, terms and the lineup's lines and totals as they were when it was issued.
 */
export const lineupQuotes = pgTable(
  'lineup_quotes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    lineupId: integer()
      .notNull()
      .references(() => storyLineups.id, { onDelete: 'cascade' }),
    number: text().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    validUntil: date({ mode: 'string' }).notNull(),
    vatRate: numeric({ precision: 5, scale: 2 }).notNull(),
    paymentTerms: text().notNull().default(''),
    note: text().notNull().default(''),
    currency: text().notNull(),
    lines: jsonb().$type<QuoteLine[]>().notNull(),
    totalMandays: numeric({ precision: 18, scale: 4 }).notNull(),
    unpricedInstances: integer().notNull().default(0),
    totalWithoutVat: numeric({ precision: 18, scale: 2 }).notNull(),
    vatAmount: numeric({ precision: 18, scale: 2 }).notNull(),
    totalWithVat: numeric({ precision: 18, scale: 2 }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lineup_quotes_company_number_unique').on(table.companyId, table.number),
    index('lineup_quotes_lineup_id_index').on(table.lineupId, table.id),
    check('lineup_quotes_valid_after_issue', sql`${table.validUntil} >= ${table.issueDate}`),
    check('lineup_quotes_vat_rate_range', sql`${table.vatRate} >= 0 and ${table.vatRate} <= 100`),
  ],
);

export type LineupQuoteRow = typeof lineupQuotes.$inferSelect;
export type StoryLineupRow = typeof storyLineups.$inferSelect;
export type LineupRolePriceRow = typeof lineupRolePrices.$inferSelect;

/**
 * A CUSTOMER member who reads the lineup (decision 0033): customers read only the lineups shared
 * with them, never the others of the story.
 */
export const lineupShares = pgTable(
  'lineup_shares',
  {
    lineupId: integer()
      .notNull()
      .references(() => storyLineups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('lineup_shares_lineup_user_unique').on(table.lineupId, table.userId),
    index('lineup_shares_user_id_index').on(table.userId),
  ],
);
