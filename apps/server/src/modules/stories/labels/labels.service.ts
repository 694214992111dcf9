// Rules of story labels: any member reads them with their usage; ICT_ADMIN and ICT_MODELER write; deleting one takes it off its instances and says how many carried it.
import type { StoryLabel } from '@costory/shared';
import type { Db } from '../../../db/database';
import { NotFoundError } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import { LABEL_EVENT_FIELDS, labelValues, toLabel, type LabelInput } from '../../../lib/labels';
import { loadStoryAccess, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import {
  deleteStoryLabelRow,
  findStoryLabelWithUsage,
  insertStoryLabel,
  listStoryLabelsWithUsage,
  updateStoryLabelRow,
  type StoryLabelWithUsage,
} from './labels.repository';

function toStoryLabel({ label, usageCount }: StoryLabelWithUsage): StoryLabel {
  return toLabel(label, usageCount);
}

async function labelOf(db: Db, storyId: number, labelId: number): Promise<StoryLabelWithUsage> {
  const found = await findStoryLabelWithUsage(db, storyId, labelId);
  if (!found) throw new NotFoundError();
  return found;
}

export async function listStoryLabels(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryLabel[]> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  return (await listStoryLabelsWithUsage(deps.db, storyId)).map(toStoryLabel);
}

/** One label with `usageCount`, so the UI can say "applied to {count} elements" before deleting. */
export async function getStoryLabel(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  labelId: number,
): Promise<StoryLabel> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  return toStoryLabel(await labelOf(deps.db, storyId, labelId));
}

export async function createStoryLabel(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: LabelInput,
): Promise<StoryLabel> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const values = labelValues(input);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertStoryLabel(tx, storyId, values);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'LABEL_CREATED',
      changes: createdChanges(values, LABEL_EVENT_FIELDS),
    });
    return inserted;
  });
  return toLabel(row, 0);
}

export async function updateStoryLabel(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  labelId: number,
  input: LabelInput,
): Promise<StoryLabel> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const values = labelValues(input);
  await deps.db.transaction(async (tx) => {
    const before = await labelOf(tx, storyId, labelId);
    const changes = changesBetween(before.label, values, LABEL_EVENT_FIELDS);
    // Saving what is already stored changes nothing.
    if (changes.length === 0) return;
    await updateStoryLabelRow(tx, labelId, values);
    await recordStoryEvent(tx, { storyId, userId: user.id, type: 'LABEL_UPDATED', changes });
  });
  return toStoryLabel(await labelOf(deps.db, storyId, labelId));
}

/**
 * Deletes the label and takes it off its instances (allowed when applied: the SPA asks first,
 * with `usageCount`); answers the label as it was, with its usage.
 */
export async function deleteStoryLabel(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  labelId: number,
): Promise<StoryLabel> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  return deps.db.transaction(async (tx) => {
    const found = await labelOf(tx, storyId, labelId);
    await deleteStoryLabelRow(tx, labelId);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'LABEL_DELETED',
      changes: [
        ...deletedChanges(found.label, ['title', 'color']),
        { field: 'usageCount', old: found.usageCount, new: 0 },
      ],
    });
    return toStoryLabel(found);
  });
}
