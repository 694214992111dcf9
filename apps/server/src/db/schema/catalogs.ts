// Tables of the catalogue context (decision 0011): catalogs, their members, clients, groups, phases, roles, labels, items, attributes and events.
import {
  ATTRIBUTE_TYPES,
  CATALOG_INVITABLE_ROLES,
  CATALOG_TYPES,
  CATALOG_VISIBILITIES,
  ITEM_STATES,
  UNITS_OF_MEASURE,
  type AttributeType,
  type CatalogType,
  type CatalogVisibility,
  type EventField,
  type ItemState,
  type LocalizedText,
  type UnitOfMeasure,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { emptyArray, emptyObject, oneOf, timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

export type CatalogMemberRoleValue = (typeof CATALOG_INVITABLE_ROLES)[number];

/** A value of an ENUM attribute: its code (what formulas compare) and its localized label. */
export interface StoredEnumValue {
  code: string;
  label: LocalizedText;
}

/** An attribute's default, already of the attribute's type. */
export type StoredDefaultValue = string | number | boolean;

export interface StoredEventChange {
  /** One of the shared EVENT_FIELDS, so that the web can name it in every language. */
  field: EventField;
  old: unknown;
  new: unknown;
}

export const catalogs = pgTable(
  'catalogs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The owner company (tenant); the creator's company.
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    code: text().notNull(),
    companyCode: text().notNull().default(''),
    type: text().$type<CatalogType>().notNull(),
    defaultLanguage: text().notNull(),
    supportedLanguages: text().array().notNull(),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    currency: text().notNull().default('EUR'),
    visibility: text().$type<CatalogVisibility>().notNull(),
    // Lower-cased name and code without accents, so that "vyvoj" finds "Vývoj" (kept by the repository).
    searchText: text().notNull().default(''),
    // Optimistic locking of the settings: an update naming an older version is refused.
    version: integer().notNull().default(0),
    // Raised by triggers whenever what a story calculation reads from the catalog changes (roles,
    // groups, items, published versions): stored calculations are keyed by it (decision 0036).
    calcVersion: integer().notNull().default(0),
    // Soft delete (decision 0017): a deleted catalog answers 404 and frees its code.
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('catalogs_company_code_unique')
      .on(table.companyId, table.code)
      .where(sql`deleted_at is null`),
    // The list sorted by name (the default) and its cursor.
    index('catalogs_name_index').on(sql`lower(${table.name})`, table.id),
    index('catalogs_visibility_index')
      .on(table.visibility)
      .where(sql`deleted_at is null`),
    check('catalogs_type_known', oneOf(table.type, CATALOG_TYPES)),
    check('catalogs_visibility_known', oneOf(table.visibility, CATALOG_VISIBILITIES)),
    check('catalogs_version_non_negative', sql`${table.version} >= 0`),
  ],
);

/**
 * A member: a user with a role, or a pending invitation of an e-mail address that has no account
 * yet (user_id null). The invitation becomes a membership when that address signs in.
 */
export const catalogMembers = pgTable(
  'catalog_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    // Lower-cased; set only while the invitation is pending.
    email: text(),
    // The secret of the pending invitation's link (random, 128 bits); gone once accepted.
    code: text(),
    // When the link stops working (set with each code): a forgotten mail opens nothing for ever.
    codeExpiresAt: timestamp({ withTimezone: true }),
    role: text().$type<CatalogMemberRoleValue>().notNull(),
    // What the person does in the catalog (spec section 3); kept when an invitation is accepted.
    description: text().notNull().default(''),
    invitedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalog_members_user_unique')
      .on(table.catalogId, table.userId)
      .where(sql`user_id is not null`),
    uniqueIndex('catalog_members_email_unique')
      .on(table.catalogId, table.email)
      .where(sql`user_id is null`),
    uniqueIndex('catalog_members_code_unique')
      .on(table.code)
      .where(sql`code is not null`),
    // "My catalogs" and the access check look members up by user.
    index('catalog_members_user_id_index').on(table.userId),
    // Pending invitations are claimed by e-mail when their addressee signs in.
    index('catalog_members_pending_email_index')
      .on(table.email)
      .where(sql`user_id is null`),
    check('catalog_members_role_known', oneOf(table.role, CATALOG_INVITABLE_ROLES)),
    check(
      'catalog_members_user_or_email',
      sql`(${table.userId} is null) <> (${table.email} is null)`,
    ),
  ],
);

/** Companies that may build stories on a PUBLIC_PAID catalog. */
export const catalogClients = pgTable(
  'catalog_clients',
  {
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.companyId] }),
    index('catalog_clients_company_id_index').on(table.companyId),
  ],
);

export const catalogGroups = pgTable(
  'catalog_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    // A group with sub-groups cannot be deleted (the service says why; the key is the backstop).
    parentId: integer().references((): AnyPgColumn => catalogGroups.id),
    code: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('catalog_groups_code_unique').on(table.catalogId, table.code),
    index('catalog_groups_parent_id_index').on(table.parentId),
    check('catalog_groups_not_own_parent', sql`${table.parentId} <> ${table.id}`),
  ],
);

export const catalogPhases = pgTable(
  'catalog_phases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('catalog_phases_code_unique').on(table.catalogId, table.code)],
);

export const catalogRoles = pgTable(
  'catalog_roles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    unit: text().$type<UnitOfMeasure>().notNull(),
    // Money is decimal, never a binary float (design.md §2); drizzle reads it as a string.
    price: numeric({ precision: 18, scale: 4 }).notNull(),
    version: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('catalog_roles_code_unique').on(table.catalogId, table.code),
    check('catalog_roles_unit_known', oneOf(table.unit, UNITS_OF_MEASURE)),
    check('catalog_roles_price_positive', sql`${table.price} > 0`),
    check('catalog_roles_version_non_negative', sql`${table.version} >= 0`),
  ],
);

export const catalogLabels = pgTable(
  'catalog_labels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull(),
    ...timestamps,
  },
  (table) => [
    index('catalog_labels_catalog_id_index').on(table.catalogId),
    check('catalog_labels_color_hex', sql`${table.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const catalogItems = pgTable(
  'catalog_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    // Deleting a group or phase is refused while live items use it; retired items let go of it.
    groupId: integer().references(() => catalogGroups.id, { onDelete: 'set null' }),
    phaseId: integer().references(() => catalogPhases.id, { onDelete: 'set null' }),
    code: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    icon: text().notNull().default(''),
    repeatable: boolean().notNull().default(false),
    state: text().$type<ItemState>().notNull().default('PENDING'),
    // The workflow version: +1 on every move to COMPLETE (what stories pin).
    version: integer().notNull().default(0),
    // Optimistic concurrency: +1 on every change; a write naming an older one is refused.
    revision: integer().notNull().default(0),
    deprecatedAt: timestamp({ withTimezone: true }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (table) => [
    // Codes are unique among the live items; a retired item's code may be used again (0017).
    // Byte order ("C") so that the list's order and its cursor agree on PGlite and PostgreSQL.
    uniqueIndex('catalog_items_code_unique')
      .on(table.catalogId, sql`${table.code} collate "C"`)
      .where(sql`deprecated_at is null`),
    index('catalog_items_state_index')
      .on(table.catalogId, table.state)
      .where(sql`deprecated_at is null`),
    index('catalog_items_group_id_index').on(table.groupId),
    index('catalog_items_phase_id_index').on(table.phaseId),
    check('catalog_items_state_known', oneOf(table.state, ITEM_STATES)),
    check('catalog_items_version_non_negative', sql`${table.version} >= 0`),
    check('catalog_items_revision_non_negative', sql`${table.revision} >= 0`),
  ],
);

export const catalogItemLabels = pgTable(
  'catalog_item_labels',
  {
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    labelId: integer()
      .notNull()
      .references(() => catalogLabels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.labelId] }),
    index('catalog_item_labels_label_id_index').on(table.labelId, table.itemId),
  ],
);

export const itemAttributes = pgTable(
  'item_attributes',
  {
    // By default, not always: a bulk replace re-inserts kept attributes under their own ids.
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    code: text().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    type: text().$type<AttributeType>().notNull(),
    mandatory: boolean().notNull().default(false),
    description: jsonb().$type<LocalizedText>().notNull().default(emptyObject),
    defaultValue: jsonb().$type<StoredDefaultValue>(),
    enumValues: jsonb().$type<StoredEnumValue[]>().notNull().default(emptyArray),
    // Inclusive bounds of NUMBER and INTEGER values (decision 0029); null is "no limit".
    minimum: numeric({ mode: 'number' }),
    maximum: numeric({ mode: 'number' }),
    position: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('item_attributes_code_unique').on(table.itemId, table.code),
    check('item_attributes_level_positive', sql`${table.level} >= 1`),
    check('item_attributes_type_known', oneOf(table.type, ATTRIBUTE_TYPES)),
  ],
);

/**
 * A formula of an item for one catalog role at one level (decision 0021): instances of level N
 * use the role's formula with the highest level <= N. Checked by @costory/calc on every save.
 */
export const itemFormulas = pgTable(
  'item_formulas',
  {
    // By default, not always: a bulk replace re-inserts kept formulas under their own ids.
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    // A role used by formulas cannot be deleted (decision 0017; the service says why). No action
    // rather than restrict: a catalog removed as a whole takes its items' formulas and its roles
    // in one statement, and the key is checked once that statement's cascades are done.
    roleId: integer()
      .notNull()
      .references(() => catalogRoles.id),
    level: integer().notNull(),
    name: text().notNull(),
    expression: text().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('item_formulas_role_level_unique').on(table.itemId, table.roleId, table.level),
    // What uses a role (countRoleUsages).
    index('item_formulas_role_id_index').on(table.roleId),
    check('item_formulas_level_range', sql`${table.level} between 1 and 10`),
  ],
);

/** Who changed what in a catalog, and when (design.md §4: every change is an event). */
export const catalogEvents = pgTable(
  'catalog_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer()
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    itemId: integer().references(() => catalogItems.id, { onDelete: 'cascade' }),
    // Kept when the user goes, so the history outlives them.
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    type: text().notNull(),
    changes: jsonb().$type<StoredEventChange[]>().notNull().default(emptyArray),
  },
  (table) => [
    // Both lists read newest first: the catalog's, and one item's.
    index('catalog_events_catalog_id_index').on(table.catalogId, table.id),
    // The invitation limit counts an inviter's recent invitation mails.
    index('catalog_events_invitations_by_user_index')
      .on(table.userId, table.occurredAt)
      .where(sql`type in ('MEMBER_INVITED', 'MEMBER_INVITATION_RESENT')`),
    index('catalog_events_item_id_index').on(table.itemId, table.id),
  ],
);

export type CatalogRow = typeof catalogs.$inferSelect;
export type CatalogMemberRow = typeof catalogMembers.$inferSelect;
export type CatalogGroupRow = typeof catalogGroups.$inferSelect;
export type CatalogPhaseRow = typeof catalogPhases.$inferSelect;
export type CatalogRoleRow = typeof catalogRoles.$inferSelect;
export type CatalogLabelRow = typeof catalogLabels.$inferSelect;
export type CatalogItemRow = typeof catalogItems.$inferSelect;
export type ItemAttributeRow = typeof itemAttributes.$inferSelect;
export type NewItemAttributeRow = typeof itemAttributes.$inferInsert;
export type ItemFormulaRow = typeof itemFormulas.$inferSelect;
export type NewItemFormulaRow = typeof itemFormulas.$inferInsert;
export type CatalogEventRow = typeof catalogEvents.$inferSelect;
