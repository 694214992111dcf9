// Tables of the story context (decision 0022): stories, favourites, members, invites, labels,
// item instances, published item versions and story events.
import {
  STORY_MEMBER_ROLES,
  STORY_STATUSES,
  type AttributeType,
  type LocalizedText,
  type StoryMemberRole,
  type StoryStatus,
} from '@costory/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  catalogItems,
  catalogs,
  type StoredDefaultValue,
  type StoredEnumValue,
  type StoredEventChange,
} from './catalogs';
import { emptyArray, emptyObject, oneOf, timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/** An attribute as an item version publishes it (what instances are checked and calculated against). */
export interface PublishedAttribute {
  id: number;
  level: number;
  code: string;
  name: LocalizedText;
  type: AttributeType;
  mandatory: boolean;
  defaultValue: StoredDefaultValue | null;
  enumValues: StoredEnumValue[];
  /** Absent in versions published before attributes had bounds (decision 0029). */
  minimum?: number | null;
  maximum?: number | null;
}

export interface PublishedFormula {
  roleId: number;
  level: number;
  name: string;
  expression: string;
}

export type StoredInstanceValue = string | number | boolean | null;

/**
 * What an item looked like when it was completed: stories calculate with an item's latest
 * published version, so rework (back to TO_EQUATION) reaches them only on the next COMPLETE.
 */
export const itemVersions = pgTable(
  'item_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    attributes: jsonb().$type<PublishedAttribute[]>().notNull().default(emptyArray),
    formulas: jsonb().$type<PublishedFormula[]>().notNull().default(emptyArray),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('item_versions_item_version_unique').on(table.itemId, table.version)],
);

export const stories = pgTable(
  'stories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The last calculation's main totals, kept for the list (refreshed with every change); wide
    // enough for any number of instances at the calculation's largest line price.
    price: numeric({ precision: 30, scale: 2 }).notNull().default('0'),
    estimatedMandays: numeric({ precision: 30, scale: 4 }).notNull().default('0'),
    instanceCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    searchText: text().notNull().default(''),
    version: integer().notNull().default(0),
    // Raised by triggers whenever an instance or an instance's labels change: with the catalog's
    // calcVersion it keys the stored calculation (decision 0036).
    calcVersion: integer().notNull().default(0),
    // Lifecycle (decision 0031): who set the status last and when (the creation for a new story).
    status: text().$type<StoryStatus>().notNull().default('DRAFT'),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    statusChangedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    // Deliberate catalog upgrades (decision 0043): the story calculates with its pinned item versions.
    pinsItemVersions: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // "Some story is already using this name": unique per company, case-insensitively.
    uniqueIndex('stories_company_name_unique').on(table.companyId, sql`lower(${table.name})`),
    index('stories_catalog_id_index').on(table.catalogId),
    // The story list's sorts: a page is read in index order, membership checked per row, and the
    // scan stops at the page's end instead of sorting every story of the user (issue 16).
    index('stories_last_activity_index').on(table.lastActivityAt, table.id),
    index('stories_created_index').on(table.createdAt, table.id),
    index('stories_name_index').on(sql`lower(${table.name})`, table.id),
    check('stories_version_non_negative', sql`${table.version} >= 0`),
    check('stories_status_known', oneOf(table.status, STORY_STATUSES)),
  ],
);

export const storyMembers = pgTable(
  'story_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<StoryMemberRole>().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('story_members_user_unique').on(table.storyId, table.userId),
    // The story list and every access check start from the user.
    index('story_members_user_id_index').on(table.userId, table.storyId),
    check('story_members_role_known', oneOf(table.role, STORY_MEMBER_ROLES)),
  ],
);

export const storyFavourites = pgTable(
  'story_favourites',
  {
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId] }),
    index('story_favourites_story_id_index').on(table.storyId),
  ],
);

/** E-mail invites (single use) and invite links (until expiry or revocation). */
export const storyInvites = pgTable(
  'story_invites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    role: text().$type<StoryMemberRole>().notNull(),
    // Lower-cased; null for an invite link.
    email: text(),
    // 128 random bits, base64url. Kept readable so the story's admins can copy a link again;
    // links expire and can be revoked, which bounds what a leaked code gives.
    code: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    acceptedCount: integer().notNull().default(0),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('story_invites_code_unique').on(table.code),
    index('story_invites_story_id_index').on(table.storyId),
    check('story_invites_role_known', oneOf(table.role, STORY_MEMBER_ROLES)),
  ],
);

export const storyLabels = pgTable(
  'story_labels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull(),
    ...timestamps,
  },
  (table) => [
    index('story_labels_story_id_index').on(table.storyId),
    check('story_labels_color_hex', sql`${table.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const storyInstances = pgTable(
  'story_instances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    // Instances outlive the item's retirement (deprecation is a soft delete).
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id),
    name: text().notNull().default(''),
    description: text().notNull().default(''),
    optional: boolean().notNull().default(false),
    level: integer().notNull().default(1),
    values: jsonb().$type<Record<string, StoredInstanceValue>>().notNull().default(emptyObject),
    verifiedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp({ withTimezone: true }),
    // The last calculation of this instance (main or optional, by its flag).
    price: numeric({ precision: 20, scale: 2 }).notNull().default('0'),
    // Exact (MANDAYS amounts + HOUR amounts / 8 has at most 7 decimals), so that the story's
    // cached total, their sum rounded to 4 decimals, equals the calculation's total; the API
    // shows it rounded to 4 decimals, as the calculation does.
    mandays: numeric({ precision: 24, scale: 7 }).notNull().default('0'),
    errorCount: integer().notNull().default(0),
    position: integer().notNull().default(0),
    // The folded instance name, which the instance list searches (with the item's code and names).
    searchText: text().notNull().default(''),
    revision: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('story_instances_story_id_index').on(table.storyId, table.id),
    // By item, then story: whether a story still uses an item (its waiting upgrades) is one probe.
    index('story_instances_item_id_index').on(table.itemId, table.storyId),
    check('story_instances_level_range', sql`${table.level} between 1 and 10`),
    check('story_instances_revision_non_negative', sql`${table.revision} >= 0`),
  ],
);

export const storyInstanceLabels = pgTable(
  'story_instance_labels',
  {
    instanceId: integer()
      .notNull()
      .references(() => storyInstances.id, { onDelete: 'cascade' }),
    labelId: integer()
      .notNull()
      .references(() => storyLabels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.labelId] }),
    index('story_instance_labels_label_id_index').on(table.labelId, table.instanceId),
  ],
);

/** Who changed what in a story, and when; each one also moves the story's last activity. */
export const storyEvents = pgTable(
  'story_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    instanceId: integer().references(() => storyInstances.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    type: text().notNull(),
    changes: jsonb().$type<StoredEventChange[]>().notNull().default(emptyArray),
  },
  (table) => [index('story_events_story_id_index').on(table.storyId, table.id)],
);

/**
 * The item version a story that pins its item versions calculates with (decision 0043); the item's
 * latest version for every item without one. A trigger pins each item a pinning story starts to use.
 */
export const storyItemPins = pgTable(
  'story_item_pins',
  {
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.itemId] })],
);

export type ItemVersionRow = typeof itemVersions.$inferSelect;
export type StoryRow = typeof stories.$inferSelect;
export type StoryMemberRow = typeof storyMembers.$inferSelect;
export type StoryInviteRow = typeof storyInvites.$inferSelect;
export type StoryLabelRow = typeof storyLabels.$inferSelect;
export type StoryInstanceRow = typeof storyInstances.$inferSelect;
export type StoryEventRow = typeof storyEvents.$inferSelect;
