// Rules of labels: title, description and colour; deleting one takes it off its items and says how many carried it.
import type { Label } from '@costory/shared';
import { NotFoundError } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import {
  LABEL_EVENT_FIELDS,
  labelValues,
  toLabel as toSharedLabel,
  type LabelInput,
} from '../../../lib/labels';
import { loadCatalogAccess, requireAction } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import {
  deleteLabelRow,
  findLabelWithUsage,
  insertLabel,
  listLabelsWithUsage,
  updateLabelRow,
  type LabelWithUsage,
} from './labels.repository';

function toLabel({ label, usageCount }: LabelWithUsage): Label {
  return toSharedLabel(label, usageCount);
}

async function labelOf(deps: CatalogDeps, catalogId: number, labelId: number): Promise<Label> {
  const found = await findLabelWithUsage(deps.db, catalogId, labelId);
  if (!found) throw new NotFoundError();
  return toLabel(found);
}

export async function listLabels(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Label[]> {
  await loadCatalogAccess(deps.db, catalogId, user);
  return (await listLabelsWithUsage(deps.db, catalogId)).map(toLabel);
}

/** One label with `usageCount`, so the UI can say "applied to {count} elements" before deleting. */
export async function getLabel(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  labelId: number,
): Promise<Label> {
  await loadCatalogAccess(deps.db, catalogId, user);
  return labelOf(deps, catalogId, labelId);
}

export async function createLabel(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  input: LabelInput,
): Promise<Label> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = labelValues(input);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertLabel(tx, catalogId, values);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'LABEL_CREATED',
      changes: createdChanges(values, LABEL_EVENT_FIELDS),
    });
    return inserted;
  });
  return toLabel({ label: row, usageCount: 0 });
}

export async function updateLabel(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  labelId: number,
  input: LabelInput,
): Promise<Label> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = labelValues(input);
  await deps.db.transaction(async (tx) => {
    const before = await findLabelWithUsage(tx, catalogId, labelId);
    if (!before) throw new NotFoundError();
    const changes = changesBetween(before.label, values, LABEL_EVENT_FIELDS);
    if (changes.length === 0) return;
    await updateLabelRow(tx, labelId, values);
    await recordEvent(tx, { catalogId, userId: user.id, type: 'LABEL_UPDATED', changes });
  });
  return labelOf(deps, catalogId, labelId);
}

/** Deletes the label and takes it off its items; answers the label as it was, with its usage. */
export async function deleteLabel(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  labelId: number,
): Promise<Label> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  return deps.db.transaction(async (tx) => {
    const found = await findLabelWithUsage(tx, catalogId, labelId);
    if (!found) throw new NotFoundError();
    await deleteLabelRow(tx, labelId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'LABEL_DELETED',
      changes: [
        ...deletedChanges(found.label, ['title', 'color']),
        { field: 'usageCount', old: found.usageCount, new: 0 },
      ],
    });
    return toLabel(found);
  });
}
