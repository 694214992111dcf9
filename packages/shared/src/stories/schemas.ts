// Request and response shapes of the story API (decision 0022), shared by server and forms.
import { EVALUATION_ERROR_CODES } from '@costory/calc';
import { z } from 'zod';
import {
  catalogTypeSchema,
  storyMemberRoleSchema,
  storyStatusSchema,
  unitOfMeasureSchema,
} from '../enums';
import { rules } from '../validation/rules/descriptors';
import { v } from '../validation/zod';
import {
  attributeTypeSchema,
  eventChangeSchema,
  labelFieldsSchema,
  labelSchema,
  MEMBER_DESCRIPTION_MAX,
} from '../catalogs/schemas';
import { localizedTextSchema } from '../catalogs/localized-text';
import { idListTextSchema, idSchema, idTextSchema, versionSchema } from '../ids';

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

// ---- stories -----------------------------------------------------------------------------------

export const storyFieldsSchema = z.strictObject({
  /** Unique within the company: the server answers STORY_NAME_TAKEN with the spec's message. */
  name: v.storyName(),
  description: v.optionalString(rules.max(2000)),
});
export const storyCreateSchema = storyFieldsSchema.extend({ catalogId: idSchema });
export type StoryCreate = z.infer<typeof storyCreateSchema>;
export const storyUpdateSchema = storyFieldsSchema.extend({ version: versionSchema });
export type StoryUpdate = z.infer<typeof storyUpdateSchema>;

export const storySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  catalog: z.object({
    id: idSchema,
    name: z.string(),
    code: z.string(),
    type: catalogTypeSchema,
    currency: z.string(),
    defaultLanguage: z.string(),
    /** The catalog was deleted (decision 0029): the story keeps its figures, nothing new is added. */
    deleted: z.boolean(),
  }),
  ownerCompany: z.object({ id: idSchema, name: z.string() }),
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** Main total of the last calculation (non-optional instances); null for a member without READ_MARGINS (decision 0033). */
  price: moneySchema.nullable(),
  estimatedMandays: z.number(),
  instanceCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  favourite: z.boolean(),
  myRole: storyMemberRoleSchema,
  /** Where the story stands with its customer (decision 0031). */
  status: storyStatusSchema,
  /** When and by whom the status was last set (the creation for a new story). */
  statusChangedAt: z.string(),
  statusChangedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  version: versionSchema,
  /**
   * Raised with every change of the story's instances, their labels or their figures (decision
   * 0036): what the caller saw of the live story, sent back when restoring a version (0042).
   */
  contentVersion: versionSchema,
  /** The story calculates with the item versions it pinned, not the latest (decision 0043). */
  pinsItemVersions: z.boolean(),
  /** Items whose newer published version waits for an upgrade (0 when the story does not pin). */
  upgradesWaiting: z.number().int().nonnegative(),
});
export type Story = z.infer<typeof storySchema>;

/** PUT /stories/{id}/status: the new status with the story's version (stale: 409). */
export const storyStatusUpdateSchema = z.strictObject({
  status: storyStatusSchema,
  version: versionSchema,
});
export type StoryStatusUpdate = z.infer<typeof storyStatusUpdateSchema>;

/** POST /stories/{id}/copies: a new DRAFT story of the same company and catalog (decision 0031). */
export const storyCopySchema = z.strictObject({
  /** Unique within the company, as for a new story. */
  name: v.storyName(),
  includeLineups: z.boolean().default(false),
  includeMembers: z.boolean().default(false),
});
export type StoryCopy = z.infer<typeof storyCopySchema>;

export const STORY_FILTERS = ['all', 'personal', 'favourite'] as const;
export type StoryFilter = (typeof STORY_FILTERS)[number];
/** `lastActivity` and `created` newest first, `name` A to Z. */
export const STORY_SORTS = ['lastActivity', 'name', 'created'] as const;
export type StorySort = (typeof STORY_SORTS)[number];

export const storyListQuerySchema = z.object({
  filter: z.enum(STORY_FILTERS).default('all'),
  q: z.string().max(200).optional(),
  sort: z.enum(STORY_SORTS).default('lastActivity'),
  /**
   * Only stories in this status. Without it every status but ARCHIVED, unless `q` searches:
   * a search finds archived stories too.
   */
  status: storyStatusSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type StoryListQuery = z.infer<typeof storyListQuerySchema>;

export const favouriteSchema = z.strictObject({ favourite: z.boolean() });

// ---- item instances ----------------------------------------------------------------------------

export const instanceValueSchema = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
]);
export const instanceValuesSchema = z.record(z.string().max(50), instanceValueSchema);

export const instanceFieldsSchema = z.strictObject({
  name: v.optionalString(rules.max(200)),
  description: v.optionalString(rules.max(2000)),
  optional: z.boolean(),
  /** 1..the item's max level ("increase level"). */
  level: z.number().int().min(1).max(10),
  /** Attribute code -> value; values are checked against the item's attributes by type. */
  values: instanceValuesSchema,
  labelIds: z.array(idSchema).max(100).default([]),
});
export const instanceCreateSchema = instanceFieldsSchema.extend({ itemId: idSchema });
export type InstanceCreate = z.infer<typeof instanceCreateSchema>;
export const instanceUpdateSchema = instanceFieldsSchema.extend({ revision: versionSchema });
export type InstanceUpdate = z.infer<typeof instanceUpdateSchema>;

export const instanceSchema = z.object({
  id: idSchema,
  itemId: idSchema,
  item: z.object({
    code: z.string(),
    name: localizedTextSchema,
    groupId: idSchema.nullable(),
    phaseId: idSchema.nullable(),
    icon: z.string(),
    /** The item's published version the calculation uses. */
    version: z.number().int(),
    /** The item's latest published version: newer than `version` when the story pins an older one (decision 0043). */
    latestVersion: z.number().int(),
    maxLevel: z.number().int().nonnegative(),
    repeatable: z.boolean(),
    deprecated: z.boolean(),
  }),
  name: z.string(),
  description: z.string(),
  optional: z.boolean(),
  level: z.number().int(),
  values: instanceValuesSchema,
  labelIds: z.array(idSchema),
  verified: z.boolean(),
  verifiedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  revision: versionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null for a member without READ_MARGINS: the story's own prices are the catalog's (decision 0033). */
  price: moneySchema.nullable(),
  mandays: z.number(),
  errorCount: z.number().int().nonnegative(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instanceListQuerySchema = z.object({
  /** Instances of items in this catalog group and its sub-groups. */
  groupId: idTextSchema.optional(),
  /** Comma-separated story label ids; instances carrying every one of them. */
  labelIds: idListTextSchema.optional(),
  /** Instances the role works on: their item's formulas price this role at the instance's level. */
  roleId: idTextSchema.optional(),
  /** Instances of items in this phase. */
  phaseId: idTextSchema.optional(),
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET …/instances/subtotal: the filters of the list, without paging. */
export const instanceSubtotalQuerySchema = instanceListQuerySchema.omit({
  cursor: true,
  limit: true,
});

/** The sums of the instances that match the list's filters (decision 0039). */
export const instanceSubtotalSchema = z.object({
  /** Instances that match the filters. */
  count: z.number().int().nonnegative(),
  /** Of them, the optional ones: counted but, like the story's totals, not summed. */
  optionalCount: z.number().int().nonnegative(),
  /** Mandays of the non-optional matching instances (displayMandays rounding as the list). */
  mandays: z.number(),
  /** Price of the non-optional matching instances; null for a member without READ_MARGINS (decision 0033). */
  price: moneySchema.nullable(),
  /** Formula errors of the matching instances. */
  errorCount: z.number().int().nonnegative(),
});
export type InstanceSubtotal = z.infer<typeof instanceSubtotalSchema>;

/** The most rows one batch adds (a paste of spreadsheet rows, decision 0039). */
export const INSTANCE_BATCH_MAX = 500;

/** POST …/instances/batch: instances added all or nothing, in this order. */
export const instanceBatchCreateSchema = z.strictObject({
  instances: z.array(instanceCreateSchema).min(1).max(INSTANCE_BATCH_MAX),
});
export type InstanceBatchCreate = z.infer<typeof instanceBatchCreateSchema>;

/** The added instances, in the order of the request. */
export const instanceBatchSchema = z.object({ items: z.array(instanceSchema) });

export const instanceVerifySchema = z.strictObject({
  verified: z.boolean(),
  revision: versionSchema,
});

// ---- the story's catalog (story-scoped reads) -------------------------------------------------

/**
 * GET /stories/{id}/catalog: everything a member needs to browse the catalog's items, add
 * instances and recalculate them in the browser, whatever the catalog's visibility (a customer
 * of a story may not be a member of a PRIVATE catalog). Items are the latest published versions
 * (decision 0022) of items that can be added now and of items the story's instances use.
 */
export const storyCatalogAttributeSchema = z.object({
  code: z.string(),
  name: localizedTextSchema,
  level: z.number().int(),
  type: attributeTypeSchema,
  mandatory: z.boolean(),
  /** Typed default (decision 0020): number for NUMBER/INTEGER, boolean, text, ENUM code. */
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  enumValues: z.array(z.object({ code: z.string(), label: localizedTextSchema })),
  minimum: z.number().nullable(),
  maximum: z.number().nullable(),
});
export type StoryCatalogAttribute = z.infer<typeof storyCatalogAttributeSchema>;

export const storyCatalogItemSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  groupId: idSchema.nullable(),
  phaseId: idSchema.nullable(),
  icon: z.string(),
  /** The published version the story calculates with. */
  version: z.number().int(),
  maxLevel: z.number().int().nonnegative(),
  repeatable: z.boolean(),
  deprecated: z.boolean(),
  /** COMPLETE, not deprecated and the catalog not deleted: a new instance may be made of it. */
  addable: z.boolean(),
  /** The story has an instance of it (a non-repeatable item cannot be added again). */
  inStory: z.boolean(),
  attributes: z.array(storyCatalogAttributeSchema),
  /** Empty for a member without READ_MARGINS (decision 0033). */
  formulas: z.array(
    z.object({ roleId: idSchema, level: z.number().int(), expression: z.string() }),
  ),
});
export type StoryCatalogItem = z.infer<typeof storyCatalogItemSchema>;

export const storyCatalogSchema = z.object({
  groups: z.array(
    z.object({
      id: idSchema,
      parentId: idSchema.nullable(),
      code: z.string(),
      name: localizedTextSchema,
    }),
  ),
  phases: z.array(
    z.object({ id: idSchema, code: z.string(), name: localizedTextSchema, position: z.number() }),
  ),
  roles: z.array(
    z.object({
      id: idSchema,
      code: z.string(),
      name: localizedTextSchema,
      unit: unitOfMeasureSchema,
      /** The catalog role's price; null for a member without READ_MARGINS (decision 0033). */
      price: z.string().nullable(),
      /** The price the story itself calculates with: the catalog's (lineups price it otherwise). */
      unitPrice: z.string().nullable(),
    }),
  ),
  items: z.array(storyCatalogItemSchema),
});
export type StoryCatalog = z.infer<typeof storyCatalogSchema>;

// ---- story labels ------------------------------------------------------------------------------

export const storyLabelFieldsSchema = labelFieldsSchema;
export const storyLabelSchema = labelSchema;
export type StoryLabel = z.infer<typeof storyLabelSchema>;

// ---- members, invites, access codes ------------------------------------------------------------

export const storyMemberSchema = z.object({
  id: idSchema,
  userId: idSchema,
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  role: storyMemberRoleSchema,
  description: z.string(),
});
export type StoryMember = z.infer<typeof storyMemberSchema>;
export const storyMemberUpdateSchema = z.strictObject({
  role: storyMemberRoleSchema,
  description: v.optionalString(rules.max(MEMBER_DESCRIPTION_MAX)),
});

/** Days an e-mail invite or an invite link stays valid unless told otherwise. */
export const INVITE_DEFAULT_DAYS = 14;
export const INVITE_MAX_DAYS = 90;

export const storyInviteCreateSchema = z.strictObject({
  role: storyMemberRoleSchema,
  /** An e-mail invite when given; an invite link to copy when absent. */
  email: v.email({ required: false }).optional(),
  expiresInDays: z.number().int().min(1).max(INVITE_MAX_DAYS).default(INVITE_DEFAULT_DAYS),
});
export type StoryInviteCreate = z.infer<typeof storyInviteCreateSchema>;

export const INVITE_STATUSES = ['ACTIVE', 'ACCEPTED', 'EXPIRED', 'REVOKED'] as const;
export const storyInviteSchema = z.object({
  id: idSchema,
  role: storyMemberRoleSchema,
  email: z.string().nullable(),
  /** The /public-access/{code} link; present to the story's admins only. */
  url: z.string(),
  status: z.enum(INVITE_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  acceptedCount: z.number().int().nonnegative(),
});
export type StoryInvite = z.infer<typeof storyInviteSchema>;

/** GET /api/v1/access-codes/{code} (public, rate-limited): what the code leads to. */
export const ACCESS_CODE_STATES = ['VALID', 'EXPIRED', 'REVOKED', 'UNKNOWN'] as const;
export const accessCodeSchema = z.object({
  state: z.enum(ACCESS_CODE_STATES),
  storyName: z.string().nullable(),
  role: storyMemberRoleSchema.nullable(),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;

/** POST /api/v1/access-codes/{code}/acceptance answers the story the visitor now belongs to. */
export const accessCodeAcceptanceSchema = z.object({
  storyId: idSchema,
  role: storyMemberRoleSchema,
});
export type AccessCodeAcceptance = z.infer<typeof accessCodeAcceptanceSchema>;

// ---- calculation (summaries) -------------------------------------------------------------------

/** Prices are null for a member without READ_MARGINS: they are the catalog's (decision 0033). */
const totalsShape = { price: moneySchema.nullable(), mandays: z.number() };

export const storyCalculationSchema = z.object({
  total: z.object(totalsShape),
  optional: z.object(totalsShape),
  byRole: z.array(
    z.object({
      ...totalsShape,
      roleId: idSchema,
      amount: z.number(),
      unitPrice: z.string().nullable(),
    }),
  ),
  byPhase: z.array(z.object({ ...totalsShape, phaseId: idSchema.nullable() })),
  byGroup: z.array(z.object({ ...totalsShape, groupId: idSchema.nullable() })),
  byLabel: z.array(z.object({ ...totalsShape, labelId: idSchema })),
  byInstance: z.array(
    z.object({
      ...totalsShape,
      instanceId: idSchema,
      optional: z.boolean(),
      errorCount: z.number().int().nonnegative(),
    }),
  ),
  errors: z.array(
    z.object({
      instanceId: idSchema,
      itemId: idSchema,
      roleId: idSchema,
      level: z.number().int(),
      inputs: z.record(z.string(), instanceValueSchema),
      unitPrice: z.string().nullable(),
      expression: z.string().nullable(),
      error: z.object({
        code: z.enum(EVALUATION_ERROR_CODES),
        attribute: z.string().optional(),
      }),
    }),
  ),
});
export type StoryCalculationDto = z.infer<typeof storyCalculationSchema>;

// ---- events ------------------------------------------------------------------------------------

/** Event types the server records (`storyEventSchema.type` stays a string so new ones do not break old clients). */
export const STORY_EVENT_TYPES = [
  'STORY_CREATED',
  'STORY_UPDATED',
  'STATUS_CHANGED',
  'STORY_COPIED',
  'INSTANCE_CREATED',
  'INSTANCE_UPDATED',
  'INSTANCE_DELETED',
  'INSTANCE_VERIFIED',
  'INSTANCE_UNVERIFIED',
  'LABEL_CREATED',
  'LABEL_UPDATED',
  'LABEL_DELETED',
  'MEMBER_ADDED',
  'MEMBER_UPDATED',
  'MEMBER_REMOVED',
  'INVITE_CREATED',
  'INVITE_REVOKED',
  'LINEUP_CREATED',
  'LINEUP_UPDATED',
  'LINEUP_DELETED',
  'QUOTE_ISSUED',
  'VERSION_FROZEN',
  'VERSION_DELETED',
  'VERSION_RESTORED',
  'ITEM_PINNING_CHANGED',
  'ITEMS_UPGRADED',
] as const;
export const storyEventTypeSchema = z.enum(STORY_EVENT_TYPES);
export type StoryEventType = z.infer<typeof storyEventTypeSchema>;

/** Events of lineups and their quotes: a customer's history leaves them out (decision 0033). */
export const LINEUP_EVENT_TYPES: readonly StoryEventType[] = [
  'LINEUP_CREATED',
  'LINEUP_UPDATED',
  'LINEUP_DELETED',
  'QUOTE_ISSUED',
];

export const storyEventListQuerySchema = z.object({
  /** Only the events of this instance. */
  instanceId: idTextSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Like `catalogEventSchema`: who changed what and when, `changes` as `[{field, old, new}]`. */
export const storyEventSchema = z.object({
  id: idSchema,
  at: z.string(),
  type: z.string(),
  /** The instance concerned; null for story and label events and once the instance is deleted. */
  instanceId: idSchema.nullable(),
  user: z.object({ id: idSchema, name: z.string() }).nullable(),
  changes: z.array(eventChangeSchema),
});
export type StoryEvent = z.infer<typeof storyEventSchema>;

/**
 * How many instances of the main total a formula error left unpriced (optional ones are totalled
 * apart): a total with such instances is incomplete, and every summary, export and lineup says so.
 */
export function unpricedInstanceCount(calculation: {
  readonly byInstance: readonly { readonly optional: boolean; readonly errorCount: number }[];
}): number {
  return calculation.byInstance.filter((entry) => !entry.optional && entry.errorCount > 0).length;
}
