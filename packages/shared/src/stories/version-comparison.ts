// Comparing two states of a story (issue 19, decision 0042 "Comparison"): two versions, or a version and the live story, as totals, roles, phases and instances with their differences and why they differ.
import { z } from 'zod';
import { unitOfMeasureSchema } from '../enums';
import { localizedTextSchema } from '../catalogs/localized-text';
import { idSchema, idTextSchema } from '../ids';
import { instanceValueSchema } from './schemas';
import { LIVE_STORY, UPGRADED_STORY } from './comparison-sides';

/** One side of a comparison in the query string: a version's id, `live` or `upgraded`. */
export const comparisonSideTextSchema = z.union([
  z.literal(LIVE_STORY),
  z.literal(UPGRADED_STORY),
  idTextSchema,
]);
export type ComparisonSideText = z.output<typeof comparisonSideTextSchema>;

/**
 * GET /api/v1/stories/{storyId}/versions/compare?from=…&to=…: both sides are required; the same
 * side twice is allowed and answers no differences.
 */
export const versionComparisonQuerySchema = z.object({
  from: comparisonSideTextSchema,
  to: comparisonSideTextSchema,
});

/**
 * Why a figure differs when it is not (only) an edit of the story: `ROLE_PRICE` a role the
 * instance is priced with has another price or unit, `ITEM_VERSION` the item calculates with
 * another published version (formulas or attributes), `EDIT` the instance's own values, level,
 * optional flag or labels changed.
 */
export const COMPARISON_REASONS = ['EDIT', 'ITEM_VERSION', 'ROLE_PRICE'] as const;
export const comparisonReasonSchema = z.enum(COMPARISON_REASONS);
export type ComparisonReason = z.infer<typeof comparisonReasonSchema>;

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
/** Prices are null for a member without READ_MARGINS, as in the live story (decision 0033). */
const figuresSchema = z.object({ price: moneySchema.nullable(), mandays: z.number() });

/** Both sides' figures and `to` minus `from` (exact cents, mandays to 4 decimals). */
const figuresDiffSchema = z.object({
  from: figuresSchema,
  to: figuresSchema,
  difference: figuresSchema,
});

const sideSchema = z.object({
  /** Null for the live story. */
  versionId: idSchema.nullable(),
  /** The live story as every waiting upgrade would make it (`upgraded` in the query). */
  upgraded: z.boolean(),
  /** The version's name; null for the live story. */
  name: z.string().nullable(),
  /** The version's freezing time; null for the live story. */
  createdAt: z.string().nullable(),
  currency: z.string(),
  instanceCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
});

const roleSideSchema = z.object({
  unit: unitOfMeasureSchema,
  amount: z.number(),
  /** Null without READ_MARGINS. */
  unitPrice: z.string().nullable(),
  price: moneySchema.nullable(),
  mandays: z.number(),
});

/** A role of either side; `from` or `to` is null where the side has no such role or no amount of it. */
export const comparedRoleSchema = z.object({
  roleId: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  from: roleSideSchema.nullable(),
  to: roleSideSchema.nullable(),
  difference: figuresSchema,
  /** `ROLE_PRICE` when the role's price (for READ_MARGINS) or unit differs between the sides. */
  reasons: z.array(comparisonReasonSchema),
});

/** A phase of either side; a null id is the items without a phase. */
export const comparedPhaseSchema = figuresDiffSchema.extend({
  phaseId: idSchema.nullable(),
  code: z.string().nullable(),
  name: localizedTextSchema.nullable(),
});

const instanceStateSchema = z.object({
  level: z.number().int(),
  optional: z.boolean(),
  labelIds: z.array(idSchema),
  /** The item's published version the instance calculates with; null if the side has none of the item. */
  itemVersion: z.number().int().nullable(),
  price: moneySchema.nullable(),
  mandays: z.number(),
  errorCount: z.number().int().nonnegative(),
});

/** What names an instance: its own name and its item's code and name (the `to` side's when both have it). */
const instanceNamesShape = {
  instanceId: idSchema,
  itemId: idSchema,
  itemCode: z.string(),
  itemName: localizedTextSchema,
  name: z.string(),
};

/** An instance only one side has. */
export const comparedInstanceSchema = z.object({
  ...instanceNamesShape,
  state: instanceStateSchema,
  values: z.record(z.string(), instanceValueSchema),
});

/** An instance both sides have whose inputs or figures differ. */
export const changedInstanceSchema = z.object({
  ...instanceNamesShape,
  reasons: z.array(comparisonReasonSchema),
  from: instanceStateSchema,
  to: instanceStateSchema,
  /** `to` minus `from`. */
  difference: figuresSchema,
  /** The values that differ, by attribute code; a value one side lacks is null there. */
  values: z.array(
    z.object({
      attribute: z.string(),
      from: instanceValueSchema,
      to: instanceValueSchema,
    }),
  ),
});

export const storyVersionComparisonSchema = z.object({
  from: sideSchema,
  to: sideSchema,
  total: figuresDiffSchema,
  optional: figuresDiffSchema,
  byRole: z.array(comparedRoleSchema),
  byPhase: z.array(comparedPhaseSchema),
  instances: z.object({
    added: z.array(comparedInstanceSchema),
    removed: z.array(comparedInstanceSchema),
    changed: z.array(changedInstanceSchema),
  }),
});
export type StoryVersionComparison = z.infer<typeof storyVersionComparisonSchema>;
export type ComparedRole = z.infer<typeof comparedRoleSchema>;
export type ComparedPhase = z.infer<typeof comparedPhaseSchema>;
export type ComparedInstance = z.infer<typeof comparedInstanceSchema>;
export type ChangedInstance = z.infer<typeof changedInstanceSchema>;
