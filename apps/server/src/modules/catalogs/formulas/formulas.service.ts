// Rules of item formulas (decision 0021): read with the item, replaced in bulk with the item's revision by EDIT_FORMULAS, checked by @costory/calc; one instance's calculation.
import { calculateInstance, type StoryModel } from '@costory/calc';
import {
  pickLocalized,
  type FormulaFields,
  type FormulaProblemIssues,
  type ItemCalculation,
  type ItemCalculationRequest,
  type ItemFormulas,
  type Locale,
} from '@costory/shared';
import type { Db } from '../../../db/database';
import type {
  CatalogItemRow,
  CatalogRow,
  ItemFormulaRow,
  NewItemFormulaRow,
} from '../../../db/schema';
import {
  ConflictError,
  FormulaInvalidError,
  ValidationError,
  type LocalizedText,
} from '../../../errors';
import { sameValue } from '../../../lib/changes';
import { countText, type PluralForms } from '../../../lib/plural';
import { loadCatalogAccess, requireItemAction, type CatalogAccess } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { ITEM_DEPRECATED, STALE_WRITE } from '../common/messages';
import { listGroupRows } from '../groups/groups.repository';
import { loadVisibleItem } from '../items/items.service';
import { attributesOf, updateItemIfRevision } from '../items/items.repository';
import { listRoleRows } from '../roles/roles.repository';
import {
  checkFormulaList,
  formulaIssueMessage,
  formulasForEvent,
  issueProblems,
  issuesOf,
  toFormulaAttributes,
  type FormulaRowValues,
} from './formula-checks';
import {
  deleteRoleFormulas as deleteRoleFormulaRows,
  formulasOf,
  replaceItemFormulas,
} from './formulas.repository';

/**
 * Formula saves are recorded as item changes of the field `formulas` (old and new list as
 * "ROLE L1 name: expression"); the shared event types have no type of their own for them yet.
 */
const FORMULAS_EVENT_TYPE = 'ITEM_UPDATED';

/** The item's formulas, each with its issues against the item's current attributes. */
async function formulasView(db: Db, item: CatalogItemRow): Promise<ItemFormulas> {
  const [rows, attributeRows] = await Promise.all([
    formulasOf(db, item.id),
    attributesOf(db, item.id),
  ]);
  const attributes = toFormulaAttributes(attributeRows);
  return {
    revision: item.revision,
    formulas: rows.map((row) => ({
      id: row.id,
      roleId: row.roleId,
      level: row.level,
      name: row.name,
      expression: row.expression,
      issues: issuesOf(row.expression, row.level, attributes),
    })),
  };
}

/** Readable by whoever may read the item in its state (readers: COMPLETE items only). */
export async function getFormulas(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
): Promise<ItemFormulas> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  return formulasView(deps.db, await loadVisibleItem(deps, access, itemId));
}

/**
 * The item whose formulas the caller may change: visible (else 404), EDIT_FORMULAS (else 403),
 * not retired (409) and still at `revision` (409); nothing changes on a refusal.
 */
async function loadFormulaEditableItem(
  deps: CatalogDeps,
  access: CatalogAccess,
  itemId: number,
  revision: number,
): Promise<CatalogItemRow> {
  const row = await loadVisibleItem(deps, access, itemId);
  requireItemAction(access, 'EDIT_FORMULAS', row);
  if (row.deprecatedAt !== null) throw new ConflictError({ detail: ITEM_DEPRECATED });
  if (row.revision !== revision) throw new ConflictError({ detail: STALE_WRITE.item });
  return row;
}

function comparable(formula: FormulaRowValues): FormulaRowValues {
  return {
    id: formula.id,
    roleId: formula.roleId,
    level: formula.level,
    name: formula.name,
    expression: formula.expression,
    position: formula.position,
  };
}

/**
 * Writes the new list under the item's revision (+1) with one event; kept formulas keep their
 * id and creation time, and their update time unless they changed.
 */
async function saveFormulas(
  deps: CatalogDeps,
  access: CatalogAccess,
  item: CatalogItemRow,
  before: readonly ItemFormulaRow[],
  after: readonly FormulaRowValues[],
): Promise<CatalogItemRow> {
  const roleCodes = new Map(
    (await listRoleRows(deps.db, access.catalog.id)).map((role) => [role.id, role.code]),
  );
  const stored = new Map(before.map((formula) => [formula.id, formula]));
  const now = new Date();
  const rows = after.map((formula): Omit<NewItemFormulaRow, 'itemId'> => {
    const old = formula.id === undefined ? undefined : stored.get(formula.id);
    if (!old) return formula;
    const changed = !sameValue(comparable(old), comparable(formula));
    return { ...formula, createdAt: old.createdAt, updatedAt: changed ? now : old.updatedAt };
  });
  return deps.db.transaction(async (tx) => {
    const updated = await updateItemIfRevision(tx, item.id, item.revision, {});
    if (!updated) throw new ConflictError({ detail: STALE_WRITE.item });
    await replaceItemFormulas(tx, item.id, rows);
    await recordEvent(tx, {
      catalogId: access.catalog.id,
      itemId: item.id,
      userId: access.user.id,
      type: FORMULAS_EVENT_TYPE,
      changes: [
        {
          field: 'formulas',
          old: formulasForEvent(before, roleCodes),
          new: formulasForEvent(after, roleCodes),
        },
      ],
    });
    return updated;
  });
}

/**
 * Replaces the item's formula list (PUT). Everything wrong is reported at once: expressions that
 * fail their checks make it 400 FORMULA_INVALID (with `formulaIssues`), otherwise broken roles,
 * levels or ids 400 VALIDATION_FAILED. Saving the stored list changes nothing.
 */
export async function replaceFormulas(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  request: { revision: number; formulas: FormulaFields[] },
): Promise<ItemFormulas> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const item = await loadFormulaEditableItem(deps, access, itemId, request.revision);
  const [existing, attributeRows, roles] = await Promise.all([
    formulasOf(deps.db, itemId),
    attributesOf(deps.db, itemId),
    listRoleRows(deps.db, catalogId),
  ]);
  const checked = checkFormulaList(request.formulas, {
    existingIds: new Set(existing.map((formula) => formula.id)),
    roleIds: new Set(roles.map((role) => role.id)),
    attributes: toFormulaAttributes(attributeRows),
  });
  if (checked.formulaIssues.length > 0) {
    throw new FormulaInvalidError({
      fields: [
        ...checked.problems,
        ...checked.formulaIssues.flatMap(({ index, issues }) => issueProblems(index, issues)),
      ],
      extensions: { formulaIssues: checked.formulaIssues },
    });
  }
  if (checked.problems.length > 0) throw new ValidationError(checked.problems);
  if (sameValue(existing.map(comparable), checked.rows.map(comparable))) {
    return formulasView(deps.db, item);
  }
  const updated = await saveFormulas(deps, access, item, existing, checked.rows);
  return formulasView(deps.db, updated);
}

const UNKNOWN_ROLE: LocalizedText = {
  en: 'The role does not exist in this catalog',
  cs: 'Role v tomto katalogu neexistuje',
};

/** Deletes every formula of one role on the item (DELETE …/formulas?roleId=&revision=). */
export async function deleteRoleFormulas(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  query: { roleId: number; revision: number },
): Promise<ItemFormulas> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const item = await loadFormulaEditableItem(deps, access, itemId, query.revision);
  const [existing, roles] = await Promise.all([
    formulasOf(deps.db, itemId),
    listRoleRows(deps.db, catalogId),
  ]);
  if (!roles.some((role) => role.id === query.roleId)) {
    throw new ValidationError([{ field: 'roleId', rule: 'exists', message: UNKNOWN_ROLE }]);
  }
  const kept = existing.filter((formula) => formula.roleId !== query.roleId);
  // A role without formulas on the item: nothing to delete, nothing changes.
  if (kept.length === existing.length) return formulasView(deps.db, item);
  const roleCodes = new Map(roles.map((role) => [role.id, role.code]));
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateItemIfRevision(tx, itemId, item.revision, {});
    if (!row) throw new ConflictError({ detail: STALE_WRITE.item });
    await deleteRoleFormulaRows(tx, itemId, query.roleId);
    await recordEvent(tx, {
      catalogId,
      itemId,
      userId: user.id,
      type: FORMULAS_EVENT_TYPE,
      changes: [
        {
          field: 'formulas',
          old: formulasForEvent(existing, roleCodes),
          new: formulasForEvent(kept, roleCodes),
        },
      ],
    });
    return row;
  });
  return formulasView(deps.db, updated);
}

/** "2 more formulas fail too.", after the first failing formula of an item. */
const OTHERS_FAIL: Readonly<Record<Locale, PluralForms>> = {
  en: { one: '{count} more formula fails too. ', other: '{count} more formulas fail too. ' },
  cs: {
    one: 'Neprochází ani {count} další vzorec. ',
    few: 'Neprocházejí ani {count} další vzorce. ',
    many: 'Neprochází ani {count} dalšího vzorce. ',
    other: 'Neprochází ani {count} dalších vzorců. ',
  },
};

/**
 * Refuses (400 FORMULA_INVALID) while a stored formula of the item no longer passes its checks
 * against the item's current attributes: an item is not COMPLETE with a broken formula. The
 * detail names the first such formula; `formulaIssues` lists all, by their index in the list.
 */
export async function requireValidStoredFormulas(
  db: Db,
  catalog: Pick<CatalogRow, 'id' | 'defaultLanguage'>,
  itemId: number,
): Promise<void> {
  const [formulas, attributeRows] = await Promise.all([
    formulasOf(db, itemId),
    attributesOf(db, itemId),
  ]);
  const attributes = toFormulaAttributes(attributeRows);
  const formulaIssues: FormulaProblemIssues = [];
  formulas.forEach((formula, index) => {
    const issues = issuesOf(formula.expression, formula.level, attributes);
    if (issues.length > 0) formulaIssues.push({ index, issues });
  });
  const first = formulaIssues[0];
  const formula = first === undefined ? undefined : formulas[first.index];
  const issue = first?.issues[0];
  if (!formula || !issue) return;
  const role = (await listRoleRows(db, catalog.id)).find(
    (candidate) => candidate.id === formula.roleId,
  );
  // People read the role's name; the code only stands in when the role has none.
  const roleName = (locale: 'en' | 'cs') =>
    pickLocalized(role?.name, locale, catalog.defaultLanguage) ||
    (role?.code ?? String(formula.roleId));
  const reason = formulaIssueMessage(issue);
  const reasonIn = (locale: 'en' | 'cs') => (typeof reason === 'string' ? reason : reason[locale]);
  const others = formulaIssues.length - 1;
  throw new FormulaInvalidError({
    detail: {
      en:
        `The formula “${formula.name}” (role ${roleName('en')}, level ${formula.level}) no longer passes its checks: ${reasonIn('en')}. ` +
        (others > 0 ? countText('en', others, OTHERS_FAIL.en) : '') +
        'Fix the formulas before completing the item.',
      cs:
        `Vzorec „${formula.name}“ (role ${roleName('cs')}, úroveň ${formula.level}) už neprochází kontrolou: ${reasonIn('cs')}. ` +
        (others > 0 ? countText('cs', others, OTHERS_FAIL.cs) : '') +
        'Před dokončením položky vzorce opravte.',
    },
    extensions: { formulaIssues },
  });
}

/**
 * One instance of the item at `level` with the given values, priced with the catalog's role
 * prices (the emulation on the server). Read-only: whoever may read the item may calculate it.
 */
export async function calculateItem(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  request: ItemCalculationRequest,
): Promise<ItemCalculation> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const item = await loadVisibleItem(deps, access, itemId);
  const [formulas, attributeRows, roles, groups] = await Promise.all([
    formulasOf(deps.db, itemId),
    attributesOf(deps.db, itemId),
    listRoleRows(deps.db, catalogId),
    listGroupRows(deps.db, catalogId),
  ]);
  const model: StoryModel = {
    roles: roles.map((role) => ({ id: role.id, unit: role.unit, price: role.price })),
    items: [
      {
        id: item.id,
        groupId: item.groupId,
        phaseId: item.phaseId,
        attributes: toFormulaAttributes(attributeRows),
        formulas: formulas.map((formula) => ({
          roleId: formula.roleId,
          level: formula.level,
          expression: formula.expression,
        })),
      },
    ],
    groups: groups.map((group) => ({ id: group.id, parentId: group.parentId })),
  };
  const result = calculateInstance(model, {
    id: item.id,
    itemId: item.id,
    level: request.level,
    values: request.values,
    optional: false,
    labelIds: [],
  });
  return {
    lines: result.lines.map((line) => ({
      roleId: line.roleId,
      amount: line.amount,
      unitPrice: line.unitPrice,
      price: line.price,
      ...(line.error === undefined
        ? {}
        : {
            error: {
              code: line.error.code,
              ...(line.error.attribute === undefined ? {} : { attribute: line.error.attribute }),
            },
          }),
    })),
    total: { price: result.total.price, mandays: result.total.mandays },
  };
}
