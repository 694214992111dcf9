// Story versions (decision 0042): a story frozen under a name, with its figures as they were, whatever changes later.
import { z } from 'zod';
import { unitOfMeasureSchema } from '../enums';
import { localizedTextSchema } from '../catalogs/localized-text';
import { idSchema, versionSchema } from '../ids';
import { rules } from '../validation/rules/descriptors';
import { fieldRules, v } from '../validation/zod';
import { storyCalculationSchema } from './schemas';

/** As long as a lineup's name: a version is named like the quote it keeps ("Quote for Novák, 25 Nov"). */
export const STORY_VERSION_NAME_MAX = 200;
export const STORY_VERSION_NOTE_MAX = 2000;

/**
 * POST /api/v1/stories/{storyId}/versions. The name is trimmed and unique within the story (the
 * server answers VALIDATION_FAILED with the rule `story_version_name_taken` on `name`).
 */
export const storyVersionCreateSchema = z.strictObject({
  name: fieldRules(z.string().trim(), [
    rules.required(),
    rules.textCharacters(),
    rules.max(STORY_VERSION_NAME_MAX),
  ]),
  note: fieldRules(z.string().trim(), [
    rules.textCharacters(),
    rules.max(STORY_VERSION_NOTE_MAX),
  ]).default(''),
});
export type StoryVersionCreate = z.input<typeof storyVersionCreateSchema>;

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
/** Prices are null for a member without READ_MARGINS, as in the live story (decision 0033). */
const totalsSchema = z.object({ price: moneySchema.nullable(), mandays: z.number() });

/** A version as the story's list of versions shows it: newest first. */
export const storyVersionSchema = z.object({
  id: idSchema,
  name: z.string(),
  note: z.string(),
  createdAt: z.string(),
  /** Null once the author's account is gone. */
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** The catalog's currency when the version was frozen. */
  currency: z.string(),
  /** Main and optional totals as they were frozen. */
  total: totalsSchema,
  optional: totalsSchema,
  instanceCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
});
export type StoryVersion = z.infer<typeof storyVersionSchema>;

/**
 * What the summaries' ids stand for, named as they were when the version was frozen: no prices or
 * formulas, so every member reads it.
 */
export const storyVersionLegendSchema = z.object({
  roles: z.array(
    z.object({
      id: idSchema,
      code: z.string(),
      name: localizedTextSchema,
      unit: unitOfMeasureSchema,
    }),
  ),
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
  items: z.array(
    z.object({
      id: idSchema,
      code: z.string(),
      name: localizedTextSchema,
      icon: z.string(),
      groupId: idSchema.nullable(),
      phaseId: idSchema.nullable(),
      /** The published version the instances calculated with. */
      version: z.number().int(),
    }),
  ),
  labels: z.array(z.object({ id: idSchema, title: z.string(), color: z.string() })),
  instances: z.array(
    z.object({ id: idSchema, itemId: idSchema, name: z.string(), description: z.string() }),
  ),
});
export type StoryVersionLegend = z.infer<typeof storyVersionLegendSchema>;

/**
 * GET …/versions/{versionId}: the version with its summaries, the same answer as the live story's
 * GET …/calculation, calculated from what the version froze.
 */
export const storyVersionDetailSchema = storyVersionSchema.extend({
  calculation: storyCalculationSchema,
  legend: storyVersionLegendSchema,
});
export type StoryVersionDetail = z.infer<typeof storyVersionDetailSchema>;

/**
 * POST …/versions/{versionId}/restore: what the caller last saw of the live story (the story's
 * `contentVersion`); the server answers STORY_CHANGED_SINCE (409) when the story changed since.
 */
export const storyVersionRestoreSchema = z.strictObject({ contentVersion: versionSchema });
export type StoryVersionRestore = z.infer<typeof storyVersionRestoreSchema>;

/**
 * The answer of a restore: the version the live state was frozen as first, and the items of the
 * restored instances that were deleted (retired) from the catalog since: they are restored all
 * the same, as live stories keep instances of retired items.
 */
export const storyVersionRestoredSchema = z.object({
  keptAs: storyVersionSchema,
  retiredItems: z.array(z.object({ id: idSchema, code: z.string(), name: localizedTextSchema })),
});
export type StoryVersionRestored = z.infer<typeof storyVersionRestoredSchema>;

/** POST …/versions/{versionId}/copy: a new DRAFT story from the version, named as a new story. */
export const storyVersionCopySchema = z.strictObject({
  /** Unique within the company, as for a new story (STORY_NAME_TAKEN). */
  name: v.storyName(),
});
export type StoryVersionCopy = z.infer<typeof storyVersionCopySchema>;
