// Rules of stories: the member's list, create on a catalog the user may build on (creator becomes ICT_ADMIN), read, versioned settings, delete, favourites.
import {
  storyRoleAllows,
  storyStatusTargets,
  type Story,
  type StoryCreate,
  type StoryListQuery,
  type StoryStatusUpdate,
  type StoryUpdate,
} from '@costory/shared';
import {
  CatalogClientRequiredError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  StoryNameTakenError,
} from '../../../errors';
import { changesBetween, createdChanges } from '../../../lib/changes';
import { decodeCursor, keyAndIdCursor, toPage, type Page } from '../../../lib/cursor';
import { isUniqueViolation } from '../../../lib/db-errors';
import { containsPattern, foldForSearch } from '../../../lib/search';
import { canBuildStories, loadCatalogAccess } from '../../catalogs/common/access';
import { isCatalogClient } from '../../catalogs/common/access.repository';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { readsMargins } from '../common/margins';
import { recordStoryEvent } from '../common/events';
import { CATALOG_CLIENT_REQUIRED, STORY_ANSWER_ONLY, STORY_STALE_WRITE } from '../common/messages';
import {
  deleteStoryRow,
  findStoryView,
  insertStory,
  insertStoryMember,
  isStoryNameTaken,
  listStoryViews,
  setFavouriteRow,
  updateStoryIfVersion,
  updateStoryStatusIfVersion,
  type StoryValues,
  type StoryViewRow,
} from './stories.repository';

function toStory(row: StoryViewRow): Story {
  const { story } = row;
  const creatorName = [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ');
  const statusChangerName = [row.statusChangerFirstName, row.statusChangerLastName]
    .filter(Boolean)
    .join(' ');
  return {
    id: story.id,
    name: story.name,
    description: story.description,
    catalog: row.catalog,
    ownerCompany: { id: story.companyId, name: row.ownerName },
    createdBy:
      story.createdByUserId === null ? null : { id: story.createdByUserId, name: creatorName },
    createdAt: story.createdAt.toISOString(),
    lastActivityAt: story.lastActivityAt.toISOString(),
    price: readsMargins(row) ? story.price : null,
    estimatedMandays: Number(story.estimatedMandays),
    instanceCount: story.instanceCount,
    errorCount: story.errorCount,
    favourite: row.favourite,
    myRole: row.role,
    status: story.status,
    statusChangedAt: story.statusChangedAt.toISOString(),
    statusChangedBy:
      story.statusChangedByUserId === null
        ? null
        : { id: story.statusChangedByUserId, name: statusChangerName },
    version: story.version,
    contentVersion: story.calcVersion,
    pinsItemVersions: story.pinsItemVersions,
    upgradesWaiting: row.upgradesWaiting,
  };
}

/** The story as its member `userId` sees it (404 when they are not one). */
export async function storyView(deps: StoryDeps, storyId: number, userId: number): Promise<Story> {
  const row = await findStoryView(deps.db, storyId, userId);
  if (!row) throw new NotFoundError();
  return toStory(row);
}

export async function listStories(
  deps: StoryDeps,
  user: Actor,
  query: StoryListQuery,
): Promise<Page<Story>> {
  const q = query.q?.trim() ?? '';
  const rows = await listStoryViews(deps.db, {
    user,
    filter: query.filter,
    pattern: q === '' ? undefined : containsPattern(q),
    sort: query.sort,
    status: query.status,
    after: decodeCursor(query.cursor, keyAndIdCursor(query.sort === 'name' ? 'text' : 'timestamp')),
    limit: query.limit,
  });
  return toPage(rows, query.limit, toStory, (row) => [row.sortKey, row.story.id]);
}

export function storyValues(fields: {
  name: string;
  description?: string | undefined;
}): StoryValues {
  const name = fields.name.trim();
  return {
    name,
    description: fields.description?.trim() ?? '',
    searchText: foldForSearch(name),
  };
}

/** 409 STORY_NAME_TAKEN with the spec's message on `name` ("Some story is already using this name"). */
export function nameTaken(): StoryNameTakenError {
  return new StoryNameTakenError({ fields: [{ field: 'name', rule: 'story_name_duplicate' }] });
}

export const STORY_NAME_INDEX = 'stories_company_name_unique';

/**
 * The catalog a story may be built on: readable (else 404, as everywhere) and buildable by the
 * user (PUBLIC, PRIVATE as a member, PUBLIC_PAID with the company as client or owner), else 403
 * CATALOG_CLIENT_REQUIRED.
 */
export async function requireBuildableCatalog(deps: StoryDeps, user: Actor, catalogId: number) {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const isClient =
    access.member || access.catalog.visibility !== 'PUBLIC_PAID'
      ? false
      : await isCatalogClient(deps.db, catalogId, user.companyId);
  if (!canBuildStories(access.catalog, user, access.member, isClient)) {
    throw new CatalogClientRequiredError({ detail: CATALOG_CLIENT_REQUIRED });
  }
  return access.catalog;
}

/** Creates a story of the user's company on a catalog they may build on; the creator becomes ICT_ADMIN. */
export async function createStory(
  deps: StoryDeps,
  user: Actor,
  fields: StoryCreate,
): Promise<Story> {
  const catalog = await requireBuildableCatalog(deps, user, fields.catalogId);
  const values = storyValues(fields);
  if (await isStoryNameTaken(deps.db, user.companyId, values.name)) throw nameTaken();
  try {
    const story = await deps.db.transaction(async (tx) => {
      const row = await insertStory(tx, {
        ...values,
        companyId: user.companyId,
        catalogId: catalog.id,
        createdByUserId: user.id,
        statusChangedByUserId: user.id,
      });
      await insertStoryMember(tx, { storyId: row.id, userId: user.id, role: 'ICT_ADMIN' });
      await recordStoryEvent(tx, {
        storyId: row.id,
        userId: user.id,
        type: 'STORY_CREATED',
        changes: [
          ...createdChanges(values, ['name', 'description']),
          { field: 'catalog', old: null, new: `${catalog.code} ${catalog.name}` },
        ],
      });
      return row;
    });
    return await storyView(deps, story.id, user.id);
  } catch (error) {
    // Someone took the name between the check and the insert.
    if (isUniqueViolation(error, STORY_NAME_INDEX)) throw nameTaken();
    throw error;
  }
}

export async function getStory(deps: StoryDeps, user: Actor, storyId: number): Promise<Story> {
  return storyView(deps, storyId, user.id);
}

/** Saves name and description when `version` is current (else 409, nothing changes); MANAGE_STORY. */
export async function updateStory(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  update: StoryUpdate,
): Promise<Story> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  const before = access.story;
  if (update.version !== before.version) {
    throw new ConflictError({ detail: STORY_STALE_WRITE.story });
  }
  const values = storyValues(update);
  const changes = changesBetween(before, values, ['name', 'description']);
  // Saving what is already stored changes nothing, not even the version.
  if (changes.length === 0) return storyView(deps, storyId, user.id);
  if (await isStoryNameTaken(deps.db, before.companyId, values.name, before.id)) throw nameTaken();
  try {
    await deps.db.transaction(async (tx) => {
      const row = await updateStoryIfVersion(tx, storyId, update.version, values);
      if (!row) throw new ConflictError({ detail: STORY_STALE_WRITE.story });
      await recordStoryEvent(tx, { storyId, userId: user.id, type: 'STORY_UPDATED', changes });
    });
  } catch (error) {
    if (isUniqueViolation(error, STORY_NAME_INDEX)) throw nameTaken();
    throw error;
  }
  return storyView(deps, storyId, user.id);
}

/** Deletes the story with its instances, labels, members and events (MANAGE_STORY). */
export async function deleteStory(deps: StoryDeps, user: Actor, storyId: number): Promise<void> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  await deleteStoryRow(deps.db, storyId);
}

/** Marks or unmarks the story as the caller's favourite (any member; personal, so no event). */
export async function setFavourite(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  favourite: boolean,
): Promise<Story> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  await setFavouriteRow(deps.db, storyId, user.id, favourite);
  return storyView(deps, storyId, user.id);
}

/**
 * Moves the story to `status` when `version` is current (else 409); the role decides which
 * statuses it may set (decision 0031): SET_STATUS any, ANSWER_STORY only ACCEPTED or REJECTED
 * from SENT, anyone else 403. Setting the status it already has changes nothing.
 */
export async function setStoryStatus(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  update: StoryStatusUpdate,
): Promise<Story> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  const before = access.story;
  const targets = storyStatusTargets(access.role, before.status);
  const mayChange =
    storyRoleAllows(access.role, 'SET_STATUS') || storyRoleAllows(access.role, 'ANSWER_STORY');
  if (!mayChange) requireStoryAction(access, 'SET_STATUS');
  if (update.status !== before.status && !targets.includes(update.status)) {
    throw new ForbiddenError({ detail: STORY_ANSWER_ONLY });
  }
  if (update.version !== before.version) {
    throw new ConflictError({ detail: STORY_STALE_WRITE.story });
  }
  if (update.status === before.status) return storyView(deps, storyId, user.id);
  await deps.db.transaction(async (tx) => {
    const row = await updateStoryStatusIfVersion(
      tx,
      storyId,
      update.version,
      update.status,
      user.id,
    );
    if (!row) throw new ConflictError({ detail: STORY_STALE_WRITE.story });
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'STATUS_CHANGED',
      changes: [{ field: 'status', old: before.status, new: update.status }],
    });
  });
  return storyView(deps, storyId, user.id);
}
