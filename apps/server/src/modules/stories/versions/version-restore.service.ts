// Restoring a story version (decision 0042, fourth slice): the live story put back to a version after its state is frozen first (ICT_ADMIN, ICT_MODELER), or a new story started from a version (as copying a story).
import {
  STORY_VERSION_NAME_MAX,
  type Locale,
  type Story,
  type StoryVersionCopy,
  type StoryVersionRestore,
  type StoryVersionRestored,
} from '@costory/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, type StoryRow } from '../../../db/schema';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  StoryChangedSinceError,
} from '../../../errors';
import { createdChanges } from '../../../lib/changes';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { StoredCalcInstance } from '../calculation/calc-instances-text';
import { recalculateStory } from '../calculation/recalculate';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import {
  CATALOG_DELETED,
  KEPT_VERSION_NAME,
  KEPT_VERSION_NOTE,
  STORY_COPY_OTHER_COMPANY,
  versionItemsGone,
} from '../common/messages';
import { refreshStoryTotals } from '../instances/instances.repository';
import { insertStory, insertStoryMember, isStoryNameTaken } from '../stories/stories.repository';
import {
  nameTaken,
  requireBuildableCatalog,
  STORY_NAME_INDEX,
  storyValues,
  storyView,
} from '../stories/stories.service';
import {
  findCatalogItems,
  frozenInstancesOf,
  insertInstanceCopies,
  insertLabelCopies,
  restoreInstances,
  restoreLabels,
  type FrozenInstance,
} from './version-restore.repository';
import { listVersionSummaries, versionNameExists, type FrozenVersion } from './versions.repository';
import { accessTo, freezeLocked, readableVersion, versionSummary } from './versions.service';

/** Room left in a version's name for " (12)" when the automatic name is taken. */
const SUFFIX_ROOM = 8;

/**
 * A name for the automatic version that no other version of the story has: "Before restoring
 * “X”", then " (2)", " (3)"…; the restored version's name is shortened to keep within the limit.
 */
async function keptVersionName(
  tx: Db,
  storyId: number,
  versionName: string,
  locale: Locale,
): Promise<string> {
  const template = KEPT_VERSION_NAME[locale];
  const room = STORY_VERSION_NAME_MAX - SUFFIX_ROOM;
  const over = template(versionName).length - room;
  const base = over > 0 ? template(`${versionName.slice(0, -(over + 1))}…`) : template(versionName);
  let name = base;
  for (let number = 2; await versionNameExists(tx, storyId, name); number += 1) {
    name = `${base} (${String(number)})`;
  }
  return name;
}

/** The story row under its lock, as it is now (the caller's marker is checked against it). */
async function lockedStory(tx: Db, storyId: number): Promise<StoryRow> {
  const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for('update');
  if (!story) throw new NotFoundError();
  return story;
}

/**
 * The version's instances, and the items they use that were retired from the catalog since (they
 * are restored all the same, as live stories keep instances of retired items). An item the catalog
 * no longer has at all (the schema never removes one that instances used, so only a hand-made
 * deletion) is 409, naming them.
 */
async function checkedInstances(
  tx: Db,
  catalogId: number,
  version: FrozenVersion,
  frozen: readonly StoredCalcInstance[],
): Promise<{ instances: FrozenInstance[]; retiredItems: StoryVersionRestored['retiredItems'] }> {
  const instances = frozenInstancesOf(frozen, version.names);
  const used = new Set(instances.map((instance) => instance.itemId));
  const items = await findCatalogItems(tx, catalogId, [...used]);
  const gone = version.catalog.items.filter((item) => used.has(item.id) && !items.has(item.id));
  if (gone.length > 0) {
    throw new ConflictError({ detail: versionItemsGone(gone.map((item) => item.code)) });
  }
  const retiredItems = [...items.values()]
    .filter((item) => item.deprecatedAt !== null)
    .map(({ id, code, name }) => ({ id, code, name }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { instances, retiredItems };
}

/** Refigures the story with the catalog as it is now and refreshes its cached totals. */
async function recalculate(tx: Db, story: Pick<StoryRow, 'id' | 'catalogId'>): Promise<void> {
  await recalculateStory(tx, story);
  // recalculateStory writes nothing when no figure changed, or when there are no instances.
  await refreshStoryTotals(tx, story.id);
}

/**
 * Puts the live story's instances and labels back to the version (RESTORE_VERSIONS), under the
 * story's lock: when the story is still as the caller last saw it (`contentVersion`, else 409
 * STORY_CHANGED_SINCE), its live state is first frozen as a version of its own ("Before restoring
 * “X”", in the caller's language), then the labels and instances become the version's (keeping
 * their ids) and the story is recalculated with the catalog as it is now. Lineups, members,
 * settings and status stay as they are. Records VERSION_RESTORED.
 */
export async function restoreVersion(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
  request: StoryVersionRestore,
  locale: Locale,
): Promise<StoryVersionRestored> {
  const access = await accessTo(deps, user, storyId, 'RESTORE_VERSIONS');
  const { version, kept } = await readableVersion(deps, access, versionId);
  if (access.catalogDeleted) throw new ConflictError({ detail: CATALOG_DELETED });
  const restored = await deps.db.transaction(async (tx) => {
    const story = await lockedStory(tx, storyId);
    // Deleting a version takes the same lock: one deleted while this waited is not restored.
    if ((await listVersionSummaries(tx, storyId, versionId)).length === 0) {
      throw new NotFoundError();
    }
    if (story.calcVersion !== request.contentVersion) throw new StoryChangedSinceError();
    const { instances, retiredItems } = await checkedInstances(
      tx,
      story.catalogId,
      version,
      kept.instances(),
    );
    const keptName = await keptVersionName(tx, storyId, version.name, locale);
    const keptId = await freezeLocked(deps, tx, story, user.id, {
      name: keptName,
      note: KEPT_VERSION_NOTE[locale](version.name),
    });
    await restoreLabels(tx, storyId, version.names.labels);
    await restoreInstances(tx, storyId, instances);
    await recalculate(tx, story);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'VERSION_RESTORED',
      changes: [
        { field: 'name', old: null, new: version.name },
        { field: 'keptAs', old: null, new: keptName },
      ],
    });
    return { keptId, retiredItems };
  });
  return {
    keptAs: await versionSummary(deps, access, restored.keptId),
    retiredItems: restored.retiredItems,
  };
}

/**
 * A new DRAFT story from the version, with the rules of copying a story (READ_STORY, a member of
 * the owner company who may build on the catalog; the caller becomes its admin; name rules as for
 * a new story): the version's labels and instances, recalculated with the catalog as it is now,
 * and the live story's description. Lineups and members are not carried (see decision 0042).
 */
export async function copyVersion(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
  request: StoryVersionCopy,
): Promise<Story> {
  const access = await accessTo(deps, user, storyId, 'READ_STORY');
  const { version, kept } = await readableVersion(deps, access, versionId);
  const source = access.story;
  if (source.companyId !== user.companyId) {
    throw new ForbiddenError({ detail: STORY_COPY_OTHER_COMPANY });
  }
  if (access.catalogDeleted) throw new ConflictError({ detail: CATALOG_DELETED });
  const catalog = await requireBuildableCatalog(deps, user, source.catalogId);
  const values = storyValues({ name: request.name, description: source.description });
  if (await isStoryNameTaken(deps.db, user.companyId, values.name)) throw nameTaken();
  try {
    const copyId = await deps.db.transaction(async (tx) => {
      const { instances } = await checkedInstances(tx, catalog.id, version, kept.instances());
      const row = await insertStory(tx, {
        ...values,
        companyId: source.companyId,
        catalogId: catalog.id,
        createdByUserId: user.id,
        statusChangedByUserId: user.id,
      });
      await insertStoryMember(tx, { storyId: row.id, userId: user.id, role: 'ICT_ADMIN' });
      const labelIds = await insertLabelCopies(tx, row.id, version.names.labels);
      await insertInstanceCopies(tx, row.id, instances, labelIds);
      await recalculate(tx, row);
      await recordStoryEvent(tx, {
        storyId: row.id,
        userId: user.id,
        type: 'STORY_COPIED',
        changes: [
          { field: 'copiedFrom', old: null, new: source.name },
          { field: 'version', old: null, new: version.name },
          ...createdChanges(values, ['name', 'description']),
          { field: 'catalog', old: null, new: `${catalog.code} ${catalog.name}` },
        ],
      });
      return row.id;
    });
    return await storyView(deps, copyId, user.id);
  } catch (error) {
    if (isUniqueViolation(error, STORY_NAME_INDEX)) throw nameTaken();
    throw error;
  }
}
