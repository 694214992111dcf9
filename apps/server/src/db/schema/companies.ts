// Table `companies`: a registered company is a tenant; every user belongs to one.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
