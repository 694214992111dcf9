// Story versions (decision 0042): a story frozen under a name with everything its figures were made of, so that they never change afterwards.
import type { LocalizedText, UnitOfMeasure } from '@costory/shared';
import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { emptyArray } from './columns';
import { stories, type PublishedAttribute, type PublishedFormula } from './stories';
import { users } from './users';

/**
 * The catalog as the version froze it: the roles with their units and prices, the groups and
 * phases, and the published version of each item the story's instances used (not the whole
 * catalog), with the names to show them by.
 */
export interface FrozenCatalog {
  roles: { id: number; code: string; name: LocalizedText; unit: UnitOfMeasure; price: string }[];
  groups: { id: number; parentId: number | null; code: string; name: LocalizedText }[];
  phases: { id: number; code: string; name: LocalizedText; position: number }[];
  items: {
    id: number;
    code: string;
    name: LocalizedText;
    icon: string;
    groupId: number | null;
    phaseId: number | null;
    version: number;
    attributes: PublishedAttribute[];
    formulas: PublishedFormula[];
  }[];
}

/** A lineup as the version froze it: its companies, custom prices, the supplier's prices and shares. */
export interface FrozenLineup {
  id: number;
  name: string;
  description: string;
  supplier: { id: number; name: string };
  subscriber: { id: number; name: string };
  /** [role id, price] as stored (NUMERIC text). */
  customPrices: [number, string][];
  /** [role id, the supplier's price] for the catalog's roles. */
  supplierPrices: [number, string][];
  /** The CUSTOMER members who read it (decision 0033). */
  sharedWith: { id: number; name: string }[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The story's own names of what the figures are grouped by: labels, and each instance's name. */
export interface FrozenNames {
  labels: { id: number; title: string; color: string }[];
  /** [instance id, item id, name, description], in id order. */
  instances: [number, number, string, string][];
}

export const storyVersions = pgTable(
  'story_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    note: text().notNull().default(''),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The catalog's currency when the version was frozen.
    currency: text().notNull(),
    catalog: jsonb().$type<FrozenCatalog>().notNull(),
    // The instances exactly as the calculation reads them (`loadCalcInstancesText`): handed to the
    // calculation as they are, never parsed on the request's thread.
    instances: text().notNull(),
    names: jsonb().$type<FrozenNames>().notNull(),
    lineups: jsonb().$type<FrozenLineup[]>().notNull().default(emptyArray),
    // The totals when the version was frozen, for the list without calculating each version.
    price: numeric({ precision: 30, scale: 2 }).notNull(),
    mandays: numeric({ precision: 30, scale: 4 }).notNull(),
    optionalPrice: numeric({ precision: 30, scale: 2 }).notNull(),
    optionalMandays: numeric({ precision: 30, scale: 4 }).notNull(),
    instanceCount: integer().notNull(),
    errorCount: integer().notNull(),
  },
  (table) => [
    uniqueIndex('story_versions_story_name_unique').on(table.storyId, sql`lower(${table.name})`),
  ],
);

export type StoryVersionRow = typeof storyVersions.$inferSelect;
