// Request and response shapes of the catalogue API (decision 0011), shared by server and forms.
import { MAX_AMOUNT } from '@costory/calc';
import { z } from 'zod';
import {
  catalogMemberRoleSchema,
  catalogTypeSchema,
  catalogVisibilitySchema,
  itemStateSchema,
  unitOfMeasureSchema,
} from '../enums';
import { rules } from '../validation/rules/descriptors';
import { fieldRules, v } from '../validation/zod';
import { languageCodeSchema, localizedTextSchema } from './localized-text';
import { ITEM_TRANSITION_ACTIONS } from './permissions';
import { idListTextSchema, idSchema, idTextSchema, versionSchema } from '../ids';

export const ATTRIBUTE_TYPES = ['NUMBER', 'INTEGER', 'BOOLEAN', 'TEXT', 'ENUM'] as const;
export const attributeTypeSchema = z.enum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof attributeTypeSchema>;

const codeSchema = v.requiredString(rules.max(50), rules.regex('^[A-Za-z0-9_.-]+$'));
const nameSchema = v.requiredString(rules.max(200));
const currencySchema = v.requiredString(rules.regex('^[A-Z]{3}$'));

/** A localized name: the catalog's default language must be filled (checked by the service). */
export const localizedNameSchema = localizedTextSchema;

// ---- catalogs ----------------------------------------------------------------------------------

export const catalogFieldsSchema = z.strictObject({
  name: nameSchema,
  code: codeSchema,
  companyCode: v.optionalString(rules.max(50)),
  type: catalogTypeSchema,
  defaultLanguage: languageCodeSchema,
  supportedLanguages: z.array(languageCodeSchema).min(1).max(20),
  description: v.localizedDescription(),
  currency: currencySchema,
  visibility: catalogVisibilitySchema,
});
export type CatalogFields = z.infer<typeof catalogFieldsSchema>;

export const catalogUpdateSchema = catalogFieldsSchema.extend({ version: versionSchema });
export type CatalogUpdate = z.infer<typeof catalogUpdateSchema>;

export const catalogSchema = z.object({
  id: idSchema,
  name: z.string(),
  code: z.string(),
  companyCode: z.string(),
  type: catalogTypeSchema,
  defaultLanguage: z.string(),
  supportedLanguages: z.array(z.string()),
  description: localizedTextSchema,
  currency: z.string(),
  visibility: catalogVisibilitySchema,
  ownerCompany: z.object({ id: idSchema, name: z.string() }),
  /** The caller's role in this catalog (PUBLIC_READABLE for a non-member of a public catalog). */
  myRole: catalogMemberRoleSchema,
  /** Whether the caller's company may build stories on it (design.md visibility and clients). */
  canBuildStories: z.boolean(),
  itemCount: z.number().int().nonnegative(),
  version: versionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Catalog = z.infer<typeof catalogSchema>;

/**
 * GET /catalogs/{id}/usage (decision 0029): the stories built on the catalog, named where the
 * caller is their member and only counted otherwise, so that a delete can say what it affects.
 */
export const catalogUsageSchema = z.object({
  stories: z.array(z.object({ id: idSchema, name: z.string() })),
  /** Stories on the catalog the caller is no member of. */
  hiddenCount: z.number().int().nonnegative(),
});
export type CatalogUsage = z.infer<typeof catalogUsageSchema>;

/** DELETE /catalogs/{id}: `confirmStories` repeats the number of stories on it (409 otherwise). */
export const catalogDeleteQuerySchema = z.object({
  confirmStories: z.coerce.number().int().nonnegative().optional(),
});

/** `name` A to Z; `createdAt` and `updatedAt` newest first. */
export const CATALOG_SORTS = ['name', 'createdAt', 'updatedAt'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const catalogListQuerySchema = z.object({
  /** `true`/`1`/`yes` or `false`/`0`/`no` (z.coerce.boolean read "false" as true). */
  mine: z.stringbool().optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(CATALOG_SORTS).default('name'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CatalogListQuery = z.infer<typeof catalogListQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

// ---- groups, phases, roles, labels -------------------------------------------------------------

export const groupFieldsSchema = z.strictObject({
  name: localizedNameSchema,
  code: codeSchema,
  description: localizedTextSchema.default({}),
  parentId: idSchema.nullable(),
});
export const groupSchema = z.object({
  id: idSchema,
  name: localizedTextSchema,
  code: z.string(),
  description: localizedTextSchema,
  parentId: idSchema.nullable(),
  itemCount: z.number().int().nonnegative(),
});
export type Group = z.infer<typeof groupSchema>;

export const phaseFieldsSchema = z.strictObject({
  name: localizedNameSchema,
  code: codeSchema,
  description: localizedTextSchema.default({}),
});
export const phaseSchema = phaseFieldsSchema.extend({ id: idSchema, position: z.number().int() });
export type Phase = z.infer<typeof phaseSchema>;

/** Highest unit price a role may have; prices are stored as NUMERIC(18,4). */
export const MAX_ROLE_PRICE = 999_999_999_999;

/** A unit price as the user types it: decimal with a dot or comma, above zero (spec rules). */
export const unitPriceInputSchema = fieldRules(z.string(), [
  rules.required(),
  rules.decimal(4),
  rules.greaterThanZero(),
  rules.maxValue(MAX_ROLE_PRICE),
  // Leading zeros would otherwise make a valid price of any length.
  rules.max(30),
]);

export const roleFieldsSchema = z.strictObject({
  name: localizedNameSchema,
  code: codeSchema,
  description: localizedTextSchema.default({}),
  unit: unitOfMeasureSchema,
  price: unitPriceInputSchema,
});
export const roleUpdateSchema = roleFieldsSchema.extend({ version: versionSchema });
export const roleSchema = z.object({
  id: idSchema,
  name: localizedTextSchema,
  code: z.string(),
  description: localizedTextSchema,
  unit: unitOfMeasureSchema,
  /** Decimal string with a dot, as stored (NUMERIC). */
  price: z.string(),
  version: versionSchema,
});
export type Role = z.infer<typeof roleSchema>;

export const labelFieldsSchema = z.strictObject({
  title: nameSchema,
  description: v.optionalString(rules.max(1000)),
  color: v.requiredString(rules.regex('^#[0-9a-fA-F]{6}$')),
});
export const labelSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  color: z.string(),
  usageCount: z.number().int().nonnegative(),
});
export type Label = z.infer<typeof labelSchema>;

// ---- items and attributes ----------------------------------------------------------------------

export const enumValueSchema = z.strictObject({
  code: codeSchema,
  label: localizedTextSchema,
});

// Within the calculation's amounts, like every attribute value.
const attributeBoundSchema = z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT).nullable().default(null);

export const attributeFieldsSchema = z.strictObject({
  id: idSchema.optional(),
  level: z.number().int().min(1).max(10),
  code: codeSchema,
  name: localizedNameSchema,
  type: attributeTypeSchema,
  mandatory: z.boolean(),
  description: localizedTextSchema.default({}),
  defaultValue: z.union([z.string().max(2000), z.number(), z.boolean()]).nullable(),
  enumValues: z.array(enumValueSchema).max(200).default([]),
  /** Inclusive bounds of NUMBER and INTEGER values (decision 0029); null is "no limit". */
  minimum: attributeBoundSchema,
  maximum: attributeBoundSchema,
});
export type AttributeFields = z.infer<typeof attributeFieldsSchema>;
export const attributeSchema = attributeFieldsSchema.extend({ id: idSchema });
export type Attribute = z.infer<typeof attributeSchema>;

export const attributesBulkSchema = z.strictObject({
  revision: versionSchema,
  attributes: z.array(attributeFieldsSchema).max(200),
});

export const itemFieldsSchema = z.strictObject({
  name: localizedNameSchema,
  description: localizedTextSchema.default({}),
  code: codeSchema,
  groupId: idSchema.nullable(),
  phaseId: idSchema.nullable(),
  icon: v.optionalString(rules.max(64)),
  repeatable: z.boolean(),
  labelIds: z.array(idSchema).max(100).default([]),
});
export type ItemFields = z.infer<typeof itemFieldsSchema>;
export const itemCreateSchema = itemFieldsSchema.extend({
  attributes: z.array(attributeFieldsSchema).max(200).default([]),
});
export const itemUpdateSchema = itemFieldsSchema.extend({ revision: versionSchema });

export const itemSummarySchema = z.object({
  id: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  groupId: idSchema.nullable(),
  phaseId: idSchema.nullable(),
  icon: z.string(),
  state: itemStateSchema,
  deprecated: z.boolean(),
  version: z.number().int(),
  revision: versionSchema,
  repeatable: z.boolean(),
  labelIds: z.array(idSchema),
  maxLevel: z.number().int().nonnegative(),
  createdByUserId: idSchema.nullable(),
  updatedAt: z.string(),
});
export type ItemSummary = z.infer<typeof itemSummarySchema>;

export const itemSchema = itemSummarySchema.extend({
  description: localizedTextSchema,
  attributes: z.array(attributeSchema),
  /** Workflow actions the caller may take now. */
  availableActions: z.array(z.enum(ITEM_TRANSITION_ACTIONS)),
});
export type Item = z.infer<typeof itemSchema>;

export const itemListQuerySchema = z.object({
  state: itemStateSchema.optional(),
  /** Items of this group and of all its sub-groups (decision 0018). */
  groupId: idTextSchema.optional(),
  /** Comma-separated label ids (at most 50); items carrying every one of them. */
  labelIds: idListTextSchema.optional(),
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const itemTransitionSchema = z.strictObject({
  action: z.enum(ITEM_TRANSITION_ACTIONS),
  revision: versionSchema,
});

// ---- members, clients, events ------------------------------------------------------------------

export const CATALOG_INVITABLE_ROLES = [
  'CTL_READER',
  'CTL_REPORTER',
  'CTL_INSPECTOR',
  'CTL_MATHEMATICIAN',
  'CTL_ADMIN',
] as const;
export const catalogInvitableRoleSchema = z.enum(CATALOG_INVITABLE_ROLES);

export const memberInviteSchema = z.strictObject({
  email: v.email(),
  role: catalogInvitableRoleSchema,
});
/** The longest description of a catalog or story member (spec section 3: what the person does there). */
export const MEMBER_DESCRIPTION_MAX = 500;

/** A description left out keeps the stored one, so the role can change alone. */
export const memberUpdateSchema = z.strictObject({
  role: catalogInvitableRoleSchema,
  description: v.optionalString(rules.max(MEMBER_DESCRIPTION_MAX)).optional(),
});
export const memberSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  role: catalogInvitableRoleSchema,
  /** Also of a pending invitation: the admin may note what the invitee will do. */
  description: z.string(),
  pending: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * GET /api/v1/catalog-invitations/{code} (public): what a catalog invitation's link offers. The
 * catalog's name and the role only while the invitation waits; EXPIRED once its link's time is up
 * (INVITE_DEFAULT_DAYS after it was mailed, or resent); UNKNOWN once it was accepted or cancelled,
 * or for a code that never existed.
 */
export const CATALOG_INVITATION_STATES = ['VALID', 'EXPIRED', 'UNKNOWN'] as const;
export const catalogInvitationSchema = z.object({
  state: z.enum(CATALOG_INVITATION_STATES),
  catalogName: z.string().nullable(),
  role: catalogInvitableRoleSchema.nullable(),
});
export type CatalogInvitation = z.infer<typeof catalogInvitationSchema>;

/** POST /api/v1/catalog-invitations/{code}/acceptance answers the catalog the user now belongs to. */
export const catalogInvitationAcceptanceSchema = z.object({
  catalogId: idSchema,
  role: catalogInvitableRoleSchema,
});
export type CatalogInvitationAcceptance = z.infer<typeof catalogInvitationAcceptanceSchema>;

export const clientInviteSchema = z.strictObject({ companyId: idSchema });
export const clientSchema = z.object({
  companyId: idSchema,
  companyName: z.string(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** Event types the server records (`catalogEventSchema.type` stays a string so new ones do not break old clients). */
export const CATALOG_EVENT_TYPES = [
  'CATALOG_CREATED',
  'CATALOG_UPDATED',
  'CATALOG_DELETED',
  'ITEM_CREATED',
  'ITEM_UPDATED',
  'ITEM_STATE_CHANGED',
  'ITEM_DEPRECATED',
  'ATTRIBUTES_UPDATED',
  'GROUP_CREATED',
  'GROUP_UPDATED',
  'GROUP_DELETED',
  'PHASE_CREATED',
  'PHASE_UPDATED',
  'PHASE_DELETED',
  'ROLE_CREATED',
  'ROLE_UPDATED',
  'ROLE_DELETED',
  'LABEL_CREATED',
  'LABEL_UPDATED',
  'LABEL_DELETED',
  'MEMBER_INVITED',
  'MEMBER_INVITATION_RESENT',
  'MEMBER_JOINED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_UPDATED',
  'MEMBER_REMOVED',
  'CLIENT_ADDED',
  'CLIENT_REMOVED',
] as const;
export const catalogEventTypeSchema = z.enum(CATALOG_EVENT_TYPES);
export type CatalogEventType = z.infer<typeof catalogEventTypeSchema>;

export const eventListQuerySchema = z.object({
  /** Only the events of this item. */
  itemId: idTextSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const eventChangeSchema = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export const catalogEventSchema = z.object({
  id: idSchema,
  at: z.string(),
  type: z.string(),
  itemId: idSchema.nullable(),
  user: z.object({ id: idSchema, name: z.string() }).nullable(),
  changes: z.array(eventChangeSchema),
});
export type CatalogEvent = z.infer<typeof catalogEventSchema>;
