// Rules of phases: ordered per catalog, names in the default language, codes unique, no delete while live items use one.
import type { LocalizedText, Phase } from '@costory/shared';
import type { CatalogPhaseRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import { countTexts } from '../../../lib/plural';
import { loadCatalogAccess, requireAction, type CatalogAccess } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, checkLocalizedName, compactText } from '../common/localized';
import { DUPLICATE_CODE } from '../common/messages';
import { withUniqueCode } from '../common/unique';
import {
  countLiveItemsInPhase,
  deletePhaseRow,
  findPhaseRow,
  insertPhase,
  listPhaseRows,
  updatePhaseRow,
  type PhaseValues,
} from './phases.repository';

export interface PhaseInput {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
}

function toPhase(row: CatalogPhaseRow): Phase {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    position: row.position,
  };
}

function phaseValues(access: CatalogAccess, input: PhaseInput): PhaseValues {
  const name = compactText(input.name);
  const description = compactText(input.description);
  const problems = [
    ...checkLocalizedName('name', name, access.catalog, LABELS.name),
    ...checkLocalizedDescription('description', description, access.catalog, LABELS.description),
  ];
  if (problems.length > 0) throw new ValidationError(problems);
  return { code: input.code.trim(), name, description };
}

export async function listPhases(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Phase[]> {
  await loadCatalogAccess(deps.db, catalogId, user);
  return (await listPhaseRows(deps.db, catalogId)).map(toPhase);
}

export async function getPhase(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  phaseId: number,
): Promise<Phase> {
  await loadCatalogAccess(deps.db, catalogId, user);
  const row = await findPhaseRow(deps.db, catalogId, phaseId);
  if (!row) throw new NotFoundError();
  return toPhase(row);
}

export async function createPhase(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  input: PhaseInput,
): Promise<Phase> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = phaseValues(access, input);
  const row = await withUniqueCode('catalog_phases_code_unique', DUPLICATE_CODE.phase, () =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertPhase(tx, catalogId, values);
      await recordEvent(tx, {
        catalogId,
        userId: user.id,
        type: 'PHASE_CREATED',
        changes: createdChanges(values, ['code', 'name']),
      });
      return inserted;
    }),
  );
  return toPhase(row);
}

export async function updatePhase(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  phaseId: number,
  input: PhaseInput,
): Promise<Phase> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = phaseValues(access, input);
  const row = await withUniqueCode('catalog_phases_code_unique', DUPLICATE_CODE.phase, () =>
    deps.db.transaction(async (tx) => {
      const before = await findPhaseRow(tx, catalogId, phaseId);
      if (!before) throw new NotFoundError();
      const changes = changesBetween(before, values, ['code', 'name', 'description']);
      if (changes.length === 0) return before;
      const updated = await updatePhaseRow(tx, phaseId, values);
      await recordEvent(tx, { catalogId, userId: user.id, type: 'PHASE_UPDATED', changes });
      return updated;
    }),
  );
  return toPhase(row);
}

/** Deletes a phase no live item uses; otherwise 409 (decision 0017: refuse, never unassign). */
export async function deletePhase(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  phaseId: number,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  await deps.db.transaction(async (tx) => {
    const phase = await findPhaseRow(tx, catalogId, phaseId);
    if (!phase) throw new NotFoundError();
    const items = await countLiveItemsInPhase(tx, phaseId);
    if (items > 0) {
      throw new ConflictError({
        detail: countTexts(items, {
          en: {
            one: 'The phase is used by {count} item. Move it to another phase first.',
            other: 'The phase is used by {count} items. Move them to another phase first.',
          },
          cs: {
            one: 'Fázi používá {count} položka. Nejprve ji přesuňte do jiné fáze.',
            few: 'Fázi používají {count} položky. Nejprve je přesuňte do jiné fáze.',
            many: 'Fázi používá {count} položky. Nejprve je přesuňte do jiné fáze.',
            other: 'Fázi používá {count} položek. Nejprve je přesuňte do jiné fáze.',
          },
        }),
      });
    }
    await deletePhaseRow(tx, phaseId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'PHASE_DELETED',
      changes: deletedChanges(phase, ['code', 'name']),
    });
  });
}
