// Table `companies`: a registered company is a tenant; every user belongs to one.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

export const companies = pgTable('companies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  email: text(),
  phone: text(),
  country: text(),
  city: text(),
  street: text(),
  streetNumber: text(),
  zip: text(),
  // Registration number (IČO) and VAT number (DIČ), '' when not given (decision 0032).
  ico: text().notNull().default(''),
  dic: text().notNull().default(''),
  // The last quote number's counter; issuing a quote increments it atomically (decision 0032).
  quoteSeq: integer().notNull().default(0),
  // Optimistic locking: every update increments it, and an update naming an older one is refused.
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;

/** The company's own logo (PNG or JPEG, at most 512 KB), printed at the top of its quotes. */
export const companyLogos = pgTable('company_logos', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type CompanyLogoRow = typeof companyLogos.$inferSelect;
