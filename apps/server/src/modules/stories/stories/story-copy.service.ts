// Copying a story as a variant (decision 0031): a new DRAFT story of the same company and catalog, the copier its admin.
import { storyRoleAllows, type Story, type StoryCopy } from '@costory/shared';
import { ConflictError, ForbiddenError } from '../../../errors';
import { createdChanges } from '../../../lib/changes';
import { isUniqueViolation } from '../../../lib/db-errors';
import { loadStoryAccess, lockStory, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import {
  CATALOG_DELETED,
  STORY_COPY_OTHER_COMPANY,
  STORY_COPY_PART_FORBIDDEN,
} from '../common/messages';
import { insertStory, insertStoryMember, isStoryNameTaken } from './stories.repository';
import {
  nameTaken,
  requireBuildableCatalog,
  STORY_NAME_INDEX,
  storyValues,
  storyView,
} from './stories.service';
import {
  copyInstances,
  copyPins,
  copyLabels,
  copyLineups,
  copyMembers,
  copyTotals,
} from './story-copy.repository';

/**
 * Copies the story: any member who belongs to the owner company and may build stories on its
 * catalog (non-members 404, others 403). Description, labels and instances (values, levels,
 * labels) always; lineups with custom prices when asked (roles that read full lineup prices);
 * members with their roles when asked (MANAGE_STORY). Name rules as for a new story.
 */
export async function copyStory(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  request: StoryCopy,
): Promise<Story> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const source = access.story;
  if (source.companyId !== user.companyId) {
    throw new ForbiddenError({ detail: STORY_COPY_OTHER_COMPANY });
  }
  // A customer reads final prices only (design.md §4): they cannot carry the custom prices over.
  if (
    request.includeLineups &&
    (!storyRoleAllows(access.role, 'READ_LINEUPS') || !storyRoleAllows(access.role, 'READ_MARGINS'))
  ) {
    throw new ForbiddenError({ detail: STORY_COPY_PART_FORBIDDEN.lineups });
  }
  if (request.includeMembers && !storyRoleAllows(access.role, 'MANAGE_STORY')) {
    throw new ForbiddenError({ detail: STORY_COPY_PART_FORBIDDEN.members });
  }
  if (access.catalogDeleted) throw new ConflictError({ detail: CATALOG_DELETED });
  const catalog = await requireBuildableCatalog(deps, user, source.catalogId);
  const values = storyValues({ name: request.name, description: source.description });
  if (await isStoryNameTaken(deps.db, user.companyId, values.name)) throw nameTaken();
  try {
    const copy = await deps.db.transaction(async (tx) => {
      // No upgrade of the source between copying its pins and its instances' figures.
      await lockStory(tx, source.id);
      const row = await insertStory(tx, {
        ...values,
        companyId: source.companyId,
        catalogId: catalog.id,
        createdByUserId: user.id,
        statusChangedByUserId: user.id,
      });
      await insertStoryMember(tx, { storyId: row.id, userId: user.id, role: 'ICT_ADMIN' });
      const labelIds = await copyLabels(tx, source.id, row.id);
      await copyPins(tx, source.id, row.id);
      await copyInstances(tx, source.id, row.id, labelIds);
      await copyTotals(tx, source, row.id);
      if (request.includeLineups) {
        await copyLineups(tx, source.id, row.id, request.includeMembers);
      }
      if (request.includeMembers) await copyMembers(tx, source.id, row.id, user.id);
      await recordStoryEvent(tx, {
        storyId: row.id,
        userId: user.id,
        type: 'STORY_COPIED',
        changes: [
          { field: 'copiedFrom', old: null, new: source.name },
          ...createdChanges(values, ['name', 'description']),
          { field: 'catalog', old: null, new: `${catalog.code} ${catalog.name}` },
        ],
      });
      return row;
    });
    return await storyView(deps, copy.id, user.id);
  } catch (error) {
    if (isUniqueViolation(error, STORY_NAME_INDEX)) throw nameTaken();
    throw error;
  }
}
