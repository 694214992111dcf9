// Deliberate catalog upgrades (issue 19 item 5, decision 0043): a story may pin the item versions it calculates with; a newly published version then waits until someone upgrades to it.
import { z } from 'zod';
import { localizedTextSchema } from '../catalogs/localized-text';
import { idSchema } from '../ids';

/**
 * PUT /api/v1/stories/{storyId}/pinning (UPGRADE_ITEMS). `pinned: true` pins every item the story
 * uses at the version it calculates with now, and every item added later at its latest version;
 * `false` drops the pins, and the story calculates with the latest versions again.
 */
export const storyPinningSchema = z.strictObject({ pinned: z.boolean() });
export type StoryPinning = z.infer<typeof storyPinningSchema>;

/** The most items one upgrade request names. */
export const STORY_UPGRADE_ITEMS_MAX = 1000;

/**
 * POST /api/v1/stories/{storyId}/upgrades (UPGRADE_ITEMS): these items (every waiting one when
 * `itemIds` is absent) move to their latest published version, for all their instances in the
 * story (an item has one version in a story). Items with nothing waiting are left as they are.
 */
export const storyUpgradeSchema = z.strictObject({
  itemIds: z.array(idSchema).min(1).max(STORY_UPGRADE_ITEMS_MAX).optional(),
});
export type StoryUpgrade = z.infer<typeof storyUpgradeSchema>;

/** An item of the story with a newer published version than the one the story is pinned to. */
export const waitingUpgradeSchema = z.object({
  itemId: idSchema,
  code: z.string(),
  name: localizedTextSchema,
  icon: z.string(),
  /** The version the story calculates with. */
  version: z.number().int().positive(),
  /** The item's latest published version. */
  latestVersion: z.number().int().positive(),
  /** The story's instances of the item, all of which move together. */
  instanceCount: z.number().int().positive(),
  /** The item was retired since; its instances may still be upgraded. */
  deprecated: z.boolean(),
});
export type WaitingUpgrade = z.infer<typeof waitingUpgradeSchema>;

/**
 * GET /api/v1/stories/{storyId}/upgrades (READ_STORY), and the answer of both writes: whether the
 * story pins its item versions and the items waiting for an upgrade (none when it does not pin),
 * by code.
 */
export const storyUpgradesSchema = z.object({
  pinned: z.boolean(),
  items: z.array(waitingUpgradeSchema),
});
export type StoryUpgrades = z.infer<typeof storyUpgradesSchema>;
