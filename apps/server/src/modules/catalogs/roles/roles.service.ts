// Rules of catalog roles: unit and decimal price above zero, versioned updates (stale -> 409), no delete while in use.
import type { LocalizedText, Role, UnitOfMeasure } from '@costory/shared';
import type { CatalogRoleRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import { fromNumericText, toNumericText } from '../../../lib/decimal';
import { countTexts } from '../../../lib/plural';
import { loadCatalogAccess, requireAction, type CatalogAccess } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, checkLocalizedName, compactText } from '../common/localized';
import { DUPLICATE_CODE, STALE_WRITE } from '../common/messages';
import { withUniqueCode } from '../common/unique';
import {
  queueRecalculationOfCatalog,
  RECALCULATION_QUEUE,
} from '../../stories/calculation/recalculate';
import {
  countRoleUsages,
  deleteRoleRow,
  findRoleRow,
  insertRole,
  listRoleRows,
  updateRoleIfVersion,
  type RoleValues,
} from './roles.repository';

export interface RoleInput {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
  unit: UnitOfMeasure;
  price: string;
}

function toRole(row: CatalogRoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    unit: row.unit,
    price: fromNumericText(row.price),
    version: row.version,
  };
}

function roleValues(access: CatalogAccess, input: RoleInput): RoleValues {
  const name = compactText(input.name);
  const description = compactText(input.description);
  const problems = [
    ...checkLocalizedName('name', name, access.catalog, LABELS.name),
    ...checkLocalizedDescription('description', description, access.catalog, LABELS.description),
  ];
  if (problems.length > 0) throw new ValidationError(problems);
  return {
    code: input.code.trim(),
    name,
    description,
    unit: input.unit,
    price: toNumericText(input.price),
  };
}

/** Values as events show them: prices without the NUMERIC padding. */
function eventView(values: RoleValues): RoleValues {
  return { ...values, price: fromNumericText(values.price) };
}

const EVENT_FIELDS = ['code', 'name', 'description', 'unit', 'price'] as const;

export async function listRoles(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Role[]> {
  await loadCatalogAccess(deps.db, catalogId, user);
  return (await listRoleRows(deps.db, catalogId)).map(toRole);
}

export async function getRole(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  roleId: number,
): Promise<Role> {
  await loadCatalogAccess(deps.db, catalogId, user);
  const row = await findRoleRow(deps.db, catalogId, roleId);
  if (!row) throw new NotFoundError();
  return toRole(row);
}

export async function createRole(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  input: RoleInput,
): Promise<Role> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = roleValues(access, input);
  const row = await withUniqueCode('catalog_roles_code_unique', DUPLICATE_CODE.role, () =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertRole(tx, catalogId, values);
      await recordEvent(tx, {
        catalogId,
        userId: user.id,
        type: 'ROLE_CREATED',
        changes: createdChanges(eventView(values), ['code', 'name', 'unit', 'price']),
      });
      return inserted;
    }),
  );
  return toRole(row);
}

/** Saves the role when `version` is current; a stale one is 409 and changes nothing. */
export async function updateRole(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  roleId: number,
  input: RoleInput & { version: number },
): Promise<Role> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = roleValues(access, input);
  const row = await withUniqueCode('catalog_roles_code_unique', DUPLICATE_CODE.role, () =>
    deps.db.transaction(async (tx) => {
      const before = await findRoleRow(tx, catalogId, roleId);
      if (!before) throw new NotFoundError();
      if (before.version !== input.version) throw new ConflictError({ detail: STALE_WRITE.role });
      const changes = changesBetween(eventView(before), eventView(values), EVENT_FIELDS);
      // Saving what is already stored changes nothing, not even the version.
      if (changes.length === 0) return before;
      const updated = await updateRoleIfVersion(tx, roleId, input.version, values);
      if (!updated) throw new ConflictError({ detail: STALE_WRITE.role });
      await recordEvent(tx, { catalogId, userId: user.id, type: 'ROLE_UPDATED', changes });
      // Stories price with the role: their cached figures follow a new price or unit.
      if (changes.some((change) => change.field === 'price' || change.field === 'unit')) {
        await queueRecalculationOfCatalog(tx, deps.jobs, catalogId);
      }
      return updated;
    }),
  );
  deps.jobs.workSoon(RECALCULATION_QUEUE);
  return toRole(row);
}

/** Deletes a role nothing uses; otherwise 409 (decision 0017). */
export async function deleteRole(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  roleId: number,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  await deps.db.transaction(async (tx) => {
    const role = await findRoleRow(tx, catalogId, roleId);
    if (!role) throw new NotFoundError();
    const { formulas, publishedItems, pinningStories } = await countRoleUsages(tx, roleId);
    if (formulas > 0) {
      throw new ConflictError({
        detail: countTexts(formulas, {
          en: {
            one: "The role is used by {count} formula. Delete the role's formulas first.",
            other: "The role is used by {count} formulas. Delete the role's formulas first.",
          },
          cs: {
            one: 'Roli používá {count} vzorec. Nejprve smažte vzorce této role.',
            few: 'Roli používají {count} vzorce. Nejprve smažte vzorce této role.',
            many: 'Roli používá {count} vzorce. Nejprve smažte vzorce této role.',
            other: 'Roli používá {count} vzorců. Nejprve smažte vzorce této role.',
          },
        }),
      });
    }
    if (publishedItems > 0) {
      // Stories calculate with published versions (decision 0022): the role must outlive them.
      throw new ConflictError({
        detail: countTexts(publishedItems, {
          en: {
            one: 'The completed version of {count} item still uses the role, and stories calculate with it. Complete that item again without the role first.',
            other:
              'The completed versions of {count} items still use the role, and stories calculate with them. Complete those items again without the role first.',
          },
          cs: {
            one: 'Roli stále používá dokončená verze {count} položky, se kterou počítají příběhy. Nejprve tuto položku znovu dokončete bez této role.',
            other:
              'Roli stále používají dokončené verze {count} položek, se kterými počítají příběhy. Nejprve tyto položky znovu dokončete bez této role.',
          },
        }),
      });
    }
    if (pinningStories > 0) {
      // A story that pins an older item version keeps calculating with it (decision 0043).
      throw new ConflictError({
        detail: countTexts(pinningStories, {
          en: {
            one: '{count} story pins an older item version that uses the role. The story must upgrade its items first.',
            other:
              '{count} stories pin older item versions that use the role. The stories must upgrade their items first.',
          },
          cs: {
            one: '{count} příběh má připnutou starší verzi položky, která roli používá. Příběh musí nejprve své položky aktualizovat.',
            few: '{count} příběhy mají připnuté starší verze položek, které roli používají. Příběhy musí nejprve své položky aktualizovat.',
            many: '{count} příběhu má připnuté starší verze položek, které roli používají. Příběhy musí nejprve své položky aktualizovat.',
            other:
              '{count} příběhů má připnuté starší verze položek, které roli používají. Příběhy musí nejprve své položky aktualizovat.',
          },
        }),
      });
    }
    await deleteRoleRow(tx, roleId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'ROLE_DELETED',
      changes: deletedChanges(eventView(role), ['code', 'name', 'unit', 'price']),
    });
  });
}
