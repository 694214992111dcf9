// Rules of item groups: a tree per catalog; names in the default language; no move under itself; no delete while anything remains in it.
import type { Group, Locale, LocalizedText } from '@costory/shared';
import type { CatalogGroupRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import { countText, type PluralForms } from '../../../lib/plural';
import { lockCatalog } from '../common/access.repository';
import {
  loadCatalogAccess,
  requireAction,
  seesAllItemStates,
  type CatalogAccess,
} from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, checkLocalizedName, compactText } from '../common/localized';
import { DUPLICATE_CODE } from '../common/messages';
import { withUniqueCode } from '../common/unique';
import { countsWithSubgroups, subtreeIds } from './group-tree';
import {
  countGroupContents,
  countItemsPerGroup,
  deleteGroup as deleteGroupRow,
  findGroupRow,
  insertGroup,
  listGroupRows,
  updateGroup as updateGroupRow,
  type GroupValues,
} from './groups.repository';

export interface GroupInput {
  name: LocalizedText;
  code: string;
  description: LocalizedText;
  parentId: number | null;
}

const EVENT_FIELDS = ['code', 'name', 'description', 'parentId'] as const;

// What a group still contains, as the object of "contains" (Czech accusative).
const SUB_GROUPS: Readonly<Record<Locale, PluralForms>> = {
  en: { one: '{count} sub-group', other: '{count} sub-groups' },
  cs: {
    one: '{count} podskupinu',
    few: '{count} podskupiny',
    many: '{count} podskupiny',
    other: '{count} podskupin',
  },
};
const ITEMS: Readonly<Record<Locale, PluralForms>> = {
  en: { one: '{count} item', other: '{count} items' },
  cs: {
    one: '{count} položku',
    few: '{count} položky',
    many: '{count} položky',
    other: '{count} položek',
  },
};

function toGroup(row: CatalogGroupRow, itemCount: number): Group {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    parentId: row.parentId,
    itemCount,
  };
}

/** Every group of the catalog; `itemCount` covers sub-groups and only items the caller may see. */
async function groupsOf(deps: CatalogDeps, access: CatalogAccess): Promise<Group[]> {
  const rows = await listGroupRows(deps.db, access.catalog.id);
  const direct = await countItemsPerGroup(deps.db, access.catalog.id, !seesAllItemStates(access));
  const totals = countsWithSubgroups(rows, direct);
  return rows.map((row) => toGroup(row, totals.get(row.id) ?? 0));
}

export async function listGroups(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Group[]> {
  return groupsOf(deps, await loadCatalogAccess(deps.db, catalogId, user));
}

async function groupOf(deps: CatalogDeps, access: CatalogAccess, groupId: number): Promise<Group> {
  const group = (await groupsOf(deps, access)).find((candidate) => candidate.id === groupId);
  if (!group) throw new NotFoundError();
  return group;
}

export async function getGroup(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  groupId: number,
): Promise<Group> {
  return groupOf(deps, await loadCatalogAccess(deps.db, catalogId, user), groupId);
}

function groupValues(access: CatalogAccess, input: GroupInput): GroupValues {
  const name = compactText(input.name);
  const description = compactText(input.description);
  const problems: FieldProblem[] = [
    ...checkLocalizedName('name', name, access.catalog, LABELS.name),
    ...checkLocalizedDescription('description', description, access.catalog, LABELS.description),
  ];
  if (problems.length > 0) throw new ValidationError(problems);
  return { code: input.code.trim(), name, description, parentId: input.parentId };
}

const PARENT_UNKNOWN: FieldProblem = {
  field: 'parentId',
  rule: 'exists',
  message: {
    en: 'The parent group does not exist in this catalog',
    cs: 'Nadřazená skupina v tomto katalogu neexistuje',
  },
};

const PARENT_IN_OWN_SUBTREE: FieldProblem = {
  field: 'parentId',
  rule: 'not_descendant',
  message: {
    en: 'A group cannot be moved under itself or under one of its sub-groups',
    cs: 'Skupinu nelze přesunout pod ni samotnou ani pod některou z jejích podskupin',
  },
};

export async function createGroup(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  input: GroupInput,
): Promise<Group> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = groupValues(access, input);
  const row = await withUniqueCode('catalog_groups_code_unique', DUPLICATE_CODE.group, () =>
    deps.db.transaction(async (tx) => {
      if (values.parentId !== null && !(await findGroupRow(tx, catalogId, values.parentId))) {
        throw new ValidationError([PARENT_UNKNOWN]);
      }
      const inserted = await insertGroup(tx, catalogId, values);
      await recordEvent(tx, {
        catalogId,
        userId: user.id,
        type: 'GROUP_CREATED',
        changes: createdChanges(values, ['code', 'name', 'parentId']),
      });
      return inserted;
    }),
  );
  return groupOf(deps, access, row.id);
}

/** Renames and moves a group; a move under itself or a descendant is 400. */
export async function updateGroup(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  groupId: number,
  input: GroupInput,
): Promise<Group> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  const values = groupValues(access, input);
  await withUniqueCode('catalog_groups_code_unique', DUPLICATE_CODE.group, () =>
    deps.db.transaction(async (tx) => {
      // Two moves at once could otherwise make a cycle that neither alone would.
      await lockCatalog(tx, catalogId);
      const before = await findGroupRow(tx, catalogId, groupId);
      if (!before) throw new NotFoundError();
      if (values.parentId !== null) {
        const groups = await listGroupRows(tx, catalogId);
        if (!groups.some((group) => group.id === values.parentId)) {
          throw new ValidationError([PARENT_UNKNOWN]);
        }
        if (subtreeIds(groups, groupId).has(values.parentId)) {
          throw new ValidationError([PARENT_IN_OWN_SUBTREE]);
        }
      }
      const changes = changesBetween(before, values, EVENT_FIELDS);
      if (changes.length === 0) return;
      await updateGroupRow(tx, groupId, values);
      await recordEvent(tx, { catalogId, userId: user.id, type: 'GROUP_UPDATED', changes });
    }),
  );
  return groupOf(deps, access, groupId);
}

/** Deletes an empty group; while sub-groups or live items remain, 409 says what is left. */
export async function deleteGroup(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  groupId: number,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_STRUCTURE');
  await deps.db.transaction(async (tx) => {
    await lockCatalog(tx, catalogId);
    const group = await findGroupRow(tx, catalogId, groupId);
    if (!group) throw new NotFoundError();
    const { subGroups, items } = await countGroupContents(tx, groupId);
    if (subGroups > 0 || items > 0) {
      throw new ConflictError({
        detail: {
          en: `The group still contains ${countText('en', subGroups, SUB_GROUPS.en)} and ${countText('en', items, ITEMS.en)}. Move or delete them first.`,
          cs: `Skupina stále obsahuje ${countText('cs', subGroups, SUB_GROUPS.cs)} a ${countText('cs', items, ITEMS.cs)}. Nejprve je přesuňte nebo smažte.`,
        },
      });
    }
    await deleteGroupRow(tx, groupId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'GROUP_DELETED',
      changes: deletedChanges(group, ['code', 'name']),
    });
  });
}
