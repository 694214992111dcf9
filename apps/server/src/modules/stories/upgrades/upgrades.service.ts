// Deliberate catalog upgrades (issue 19 item 5, decision 0043): a story pins its item versions (ICT_ADMIN, ICT_MODELER), lists the items whose newer published version waits (every member) and upgrades them on request, recalculated at once.
import type { StoryPinning, StoryUpgrade, StoryUpgrades } from '@costory/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories } from '../../../db/schema';
import { ConflictError } from '../../../errors';
import { recalculateStory } from '../calculation/recalculate';
import { loadStoryAccess, lockStory, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { CATALOG_DELETED } from '../common/messages';
import {
  dropPins,
  listWaitingUpgrades,
  pinUsedItems,
  upgradePins,
  type WaitingUpgradeRow,
} from './upgrades.repository';

function toUpgrades(pinned: boolean, rows: readonly WaitingUpgradeRow[]): StoryUpgrades {
  return {
    pinned,
    items: rows.map((row) => ({
      itemId: row.itemId,
      code: row.code,
      name: row.name,
      icon: row.icon,
      version: row.version,
      latestVersion: row.latestVersion,
      instanceCount: row.instanceCount,
      deprecated: row.deprecated,
    })),
  };
}

async function upgradesOf(db: Db, storyId: number): Promise<StoryUpgrades> {
  const [story] = await db
    .select({ pinned: stories.pinsItemVersions })
    .from(stories)
    .where(eq(stories.id, storyId));
  const pinned = story?.pinned ?? false;
  return toUpgrades(pinned, pinned ? await listWaitingUpgrades(db, storyId) : []);
}

/**
 * 404 for a non-member, 403 without UPGRADE_ITEMS, 409 once the catalog is deleted: pinning,
 * unpinning (which recalculates with the latest versions) and upgrading all move figures, and
 * nothing of a deleted catalog moves any more.
 */
async function requireUpgradeRight(deps: StoryDeps, user: Actor, storyId: number): Promise<void> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'UPGRADE_ITEMS');
  if (access.catalogDeleted) throw new ConflictError({ detail: CATALOG_DELETED });
}

/** The story under its lock, with whether it pins its item versions. */
async function lockedStory(tx: Db, storyId: number) {
  await lockStory(tx, storyId);
  const [story] = await tx
    .select({ id: stories.id, catalogId: stories.catalogId, pinned: stories.pinsItemVersions })
    .from(stories)
    .where(eq(stories.id, storyId));
  return story;
}

/** Whether the story pins its item versions and which items wait for an upgrade (any member). */
export async function getUpgrades(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryUpgrades> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  return upgradesOf(deps.db, storyId);
}

/**
 * Pins the story's item versions, or drops the pins (UPGRADE_ITEMS), under the story's lock:
 * pinning keeps every item at the version it calculates with now (its latest); dropping the pins
 * recalculates the story with the latest versions. Records ITEM_PINNING_CHANGED when it changed;
 * 409 when the catalog is deleted.
 */
export async function setPinning(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: StoryPinning,
): Promise<StoryUpgrades> {
  await requireUpgradeRight(deps, user, storyId);
  await deps.db.transaction(async (tx) => {
    const story = await lockedStory(tx, storyId);
    if (!story || story.pinned === input.pinned) return;
    await tx.update(stories).set({ pinsItemVersions: input.pinned }).where(eq(stories.id, storyId));
    if (input.pinned) {
      await pinUsedItems(tx, storyId);
    } else {
      await dropPins(tx, storyId);
      await recalculateStory(tx, story);
    }
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'ITEM_PINNING_CHANGED',
      changes: [{ field: 'pinned', old: story.pinned, new: input.pinned }],
    });
  });
  return upgradesOf(deps.db, storyId);
}

/**
 * Moves the named items (every waiting one without `itemIds`) to their latest published versions
 * (UPGRADE_ITEMS), under the story's lock, and recalculates the story: all instances of an item
 * move together. Items with nothing waiting are skipped; records ITEMS_UPGRADED with each item's
 * versions when any moved. 409 when the catalog is deleted.
 */
export async function upgradeItems(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: StoryUpgrade,
): Promise<StoryUpgrades> {
  await requireUpgradeRight(deps, user, storyId);
  await deps.db.transaction(async (tx) => {
    const story = await lockedStory(tx, storyId);
    if (!story?.pinned) return;
    const waiting = await listWaitingUpgrades(tx, storyId, input.itemIds);
    if (waiting.length === 0) return;
    await upgradePins(tx, storyId, waiting);
    await recalculateStory(tx, story);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'ITEMS_UPGRADED',
      changes: waiting.map((row) => ({
        field: 'itemVersion',
        old: `${row.code} v${String(row.version)}`,
        new: `${row.code} v${String(row.latestVersion)}`,
      })),
    });
  });
  return upgradesOf(deps.db, storyId);
}
