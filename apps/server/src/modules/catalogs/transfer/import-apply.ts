// Writes a checked import plan in the caller's transaction: structure first, then items, their labels, attributes and formulas in bulk, each change with the event its form would record.
import { foldForSearch, type ItemState, type WorkbookSheet } from '@costory/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/database';
import {
  catalogEvents,
  catalogItemLabels,
  catalogItems,
  itemAttributes,
  itemFormulas,
  type CatalogRow,
  type NewItemFormulaRow,
  type StoredEventChange,
} from '../../../db/schema';
import { ConflictError, type LocalizedText } from '../../../errors';
import { changesBetween, createdChanges } from '../../../lib/changes';
import { fromNumericText, toNumericText } from '../../../lib/decimal';
import { groupBy } from '../../../lib/group-by';
import type { JobQueue } from '../../jobs/job-queue';
import { queueRecalculationOfCatalog } from '../../stories/calculation/recalculate';
import type { CatalogEventInput } from '../common/events';
import { formulasForEvent } from '../formulas/formula-checks';
import { insertGroup, updateGroup } from '../groups/groups.repository';
import { attributesForEvent } from '../items/attributes';
import type { ItemValues } from '../items/items.repository';
import { insertLabel, updateLabelRow } from '../labels/labels.repository';
import { insertPhase, updatePhaseRow } from '../phases/phases.repository';
import { insertRole, updateRoleIfVersion } from '../roles/roles.repository';
import { keyOf, type CatalogState } from './catalog-state';
import { listOf, localizedOf, type ImportPlan, type PlannedRow } from './import-plan';
import { knownTitles } from '../../../lib/spreadsheets/title-list';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK)
    result.push(rows.slice(start, start + CHUNK));
  return result;
}

/** An item saved by someone else while the import ran: nothing of the import is written. */
const CHANGED_MEANWHILE: LocalizedText = {
  en: 'Someone changed the catalog while the import ran. Nothing was imported; run it again.',
  cs: 'Během importu někdo změnil katalog. Nic se neimportovalo; spusťte import znovu.',
};

/**
 * Many items' fields in one statement per chunk, each only at the revision the plan read (one
 * statement per item took seconds for thousands); a row that moved on aborts the whole import.
 */
async function updateItems(
  tx: Db,
  updates: readonly { id: number; revision: number; values: ItemValues }[],
): Promise<void> {
  const rows = updates.map(
    ({ id, revision, values }) =>
      sql`(${id}::integer, ${revision}::integer, ${JSON.stringify(values.name)}::jsonb, ${JSON.stringify(values.description)}::jsonb, ${values.groupId}::integer, ${values.phaseId}::integer, ${values.icon}::text, ${values.repeatable}::boolean, ${values.searchText}::text)`,
  );
  const updated = await tx
    .update(catalogItems)
    .set({
      name: sql`v.name`,
      description: sql`v.description`,
      groupId: sql`v.group_id`,
      phaseId: sql`v.phase_id`,
      icon: sql`v.icon`,
      repeatable: sql`v.repeatable`,
      searchText: sql`v.search_text`,
      revision: sql`${catalogItems.revision} + 1`,
    })
    .from(
      sql`(values ${sql.join(rows, sql`, `)}) as v(id, revision, name, description, group_id, phase_id, icon, repeatable, search_text)`,
    )
    .where(
      and(
        eq(catalogItems.id, sql`v.id`),
        eq(catalogItems.revision, sql`v.revision`),
        isNull(catalogItems.deprecatedAt),
      ),
    )
    .returning({ id: catalogItems.id });
  if (updated.length !== updates.length) {
    throw new ConflictError({ detail: CHANGED_MEANWHILE });
  }
}

/** Rows per statement of the JSON inserts: one parameter each, a few megabytes at most. */
const JSON_CHUNK = 5000;

/**
 * Inserts rows sent as one JSON parameter and spread by jsonb_to_recordset: for thousands of rows
 * several times quicker than a VALUES list of one parameter per cell, which PostgreSQL (and PGlite
 * most of all) has to bind one by one.
 */
async function insertFromJson<T>(
  tx: Db,
  rows: readonly object[],
  statement: (recordset: SQL) => SQL,
): Promise<T[]> {
  const inserted: T[] = [];
  for (let start = 0; start < rows.length; start += JSON_CHUNK) {
    const part = JSON.stringify(rows.slice(start, start + JSON_CHUNK));
    inserted.push(...(await selectRows<T>(tx, statement(sql`jsonb_to_recordset(${part}::jsonb)`))));
  }
  return inserted;
}

export interface ApplyContext {
  /** Where the recalculation of the catalog's stories is queued when a role's price changes. */
  jobs: JobQueue;
  catalog: Pick<CatalogRow, 'id' | 'defaultLanguage' | 'supportedLanguages'>;
  userId: number;
  state: CatalogState;
  plan: ImportPlan;
}

/** Item codes of the rows a sheet creates, updates or removes. */
function touchedItems(plan: ImportPlan, sheets: readonly WorkbookSheet[]): Set<string> {
  const codes = new Set<string>();
  for (const sheetPlan of plan.sheets.filter((candidate) => sheets.includes(candidate.sheet))) {
    for (const row of sheetPlan.created) codes.add(row.cells.item ?? '');
    for (const { row } of sheetPlan.updated) codes.add(row.cells.item ?? '');
    for (const row of sheetPlan.removed) codes.add(row.cells.item ?? '');
  }
  return codes;
}

export async function applyImport(tx: Db, context: ApplyContext): Promise<void> {
  const { catalog, state, plan, userId } = context;
  const catalogId = catalog.id;
  const events: CatalogEventInput[] = [];
  const sheetPlan = (sheet: WorkbookSheet) =>
    plan.sheets.find((candidate) => candidate.sheet === sheet);
  const text = (row: PlannedRow, name: string) => localizedOf(row.cells, name, catalog);

  // ---- groups: new ones first (their parents may be new too), then every parent and change ----
  const groupIds = new Map(state.groups.map((group) => [group.code, group.id]));
  const storedGroups = new Map(state.groups.map((group) => [group.code, group]));
  const groupValues = (row: PlannedRow) => ({
    code: row.key,
    name: text(row, 'name'),
    description: text(row, 'description'),
    parentId:
      (row.cells.parent ?? '') === '' ? null : (groupIds.get(row.cells.parent ?? '') ?? null),
  });
  const groups = sheetPlan('Groups');
  for (const row of groups?.created ?? []) {
    const inserted = await insertGroup(tx, catalogId, { ...groupValues(row), parentId: null });
    groupIds.set(row.key, inserted.id);
  }
  for (const row of groups?.created ?? []) {
    const values = groupValues(row);
    const id = groupIds.get(row.key) ?? 0;
    if (values.parentId !== null) await updateGroup(tx, id, values);
    events.push({
      catalogId,
      userId,
      type: 'GROUP_CREATED',
      changes: createdChanges(values, ['code', 'name', 'parentId']),
    });
  }
  for (const { row } of groups?.updated ?? []) {
    const before = storedGroups.get(row.key);
    if (!before) continue;
    const values = groupValues(row);
    await updateGroup(tx, before.id, values);
    events.push({
      catalogId,
      userId,
      type: 'GROUP_UPDATED',
      changes: changesBetween(before, { ...before, ...values }, [
        'code',
        'name',
        'description',
        'parentId',
      ]),
    });
  }

  // ---- phases, roles, labels ----
  const phaseIds = new Map(state.phases.map((phase) => [phase.code, phase.id]));
  const phaseValues = (row: PlannedRow) => ({
    code: row.key,
    name: text(row, 'name'),
    description: text(row, 'description'),
  });
  const phases = sheetPlan('Phases');
  for (const row of phases?.created ?? []) {
    const values = phaseValues(row);
    phaseIds.set(row.key, (await insertPhase(tx, catalogId, values)).id);
    events.push({
      catalogId,
      userId,
      type: 'PHASE_CREATED',
      changes: createdChanges(values, ['code', 'name']),
    });
  }
  for (const { row } of phases?.updated ?? []) {
    const before = state.phases.find((phase) => phase.code === row.key);
    if (!before) continue;
    const values = phaseValues(row);
    await updatePhaseRow(tx, before.id, values);
    events.push({
      catalogId,
      userId,
      type: 'PHASE_UPDATED',
      changes: changesBetween(before, { ...before, ...values }, ['code', 'name', 'description']),
    });
  }

  const roleIds = new Map(state.roles.map((role) => [role.code, role.id]));
  const roleValues = (row: PlannedRow) => ({
    code: row.key,
    name: text(row, 'name'),
    description: text(row, 'description'),
    unit: row.cells.unit as CatalogState['roles'][number]['unit'],
    price: toNumericText(row.cells.price ?? ''),
  });
  const roles = sheetPlan('Roles');
  let pricesChanged = false;
  for (const row of roles?.created ?? []) {
    const values = roleValues(row);
    roleIds.set(row.key, (await insertRole(tx, catalogId, values)).id);
    events.push({
      catalogId,
      userId,
      type: 'ROLE_CREATED',
      changes: createdChanges({ ...values, price: fromNumericText(values.price) }, [
        'code',
        'name',
        'unit',
        'price',
      ]),
    });
  }
  for (const { row } of roles?.updated ?? []) {
    const before = state.roles.find((role) => role.code === row.key);
    if (!before) continue;
    const values = roleValues(row);
    const updated = await updateRoleIfVersion(tx, before.id, before.version, values);
    // The role form does not take the catalog's lock: a save between plan and write aborts all.
    if (!updated) throw new ConflictError({ detail: CHANGED_MEANWHILE });
    if (
      fromNumericText(values.price) !== fromNumericText(before.price) ||
      values.unit !== before.unit
    ) {
      pricesChanged = true;
    }
    events.push({
      catalogId,
      userId,
      type: 'ROLE_UPDATED',
      changes: changesBetween(
        { ...before, price: fromNumericText(before.price) },
        { ...before, ...values, price: fromNumericText(values.price) },
        ['code', 'name', 'description', 'unit', 'price'],
      ),
    });
  }

  const labelIds = new Map(state.labels.map((label) => [label.title, label.id]));
  const labelValues = (row: PlannedRow) => ({
    title: row.key,
    description: row.cells.description ?? '',
    color: (row.cells.color ?? '').toLowerCase(),
  });
  const labels = sheetPlan('Labels');
  for (const row of labels?.created ?? []) {
    const values = labelValues(row);
    labelIds.set(row.key, (await insertLabel(tx, catalogId, values)).id);
    events.push({
      catalogId,
      userId,
      type: 'LABEL_CREATED',
      changes: createdChanges(values, ['title', 'description', 'color']),
    });
  }
  for (const { row } of labels?.updated ?? []) {
    const id = labelIds.get(row.key);
    const before = state.labels.find((label) => label.title === row.key);
    if (id === undefined || !before) continue;
    const values = labelValues(row);
    await updateLabelRow(tx, id, values);
    events.push({
      catalogId,
      userId,
      type: 'LABEL_UPDATED',
      changes: changesBetween(before, { ...before, ...values }, ['title', 'description', 'color']),
    });
  }

  // ---- items ----
  const itemValues = (row: PlannedRow): ItemValues => {
    const name = text(row, 'name');
    return {
      code: row.key,
      name,
      description: text(row, 'description'),
      groupId:
        (row.cells.group ?? '') === '' ? null : (groupIds.get(row.cells.group ?? '') ?? null),
      phaseId:
        (row.cells.phase ?? '') === '' ? null : (phaseIds.get(row.cells.phase ?? '') ?? null),
      icon: row.cells.icon ?? '',
      repeatable: row.cells.repeatable === 'true',
      searchText: foldForSearch([row.key, ...Object.values(name)].join(' ')),
    };
  };
  const knownLabels = knownTitles(labelIds.keys(), (title) => labelIds.has(title));
  const labelIdsOf = (row: PlannedRow) =>
    listOf(row.cells.labels ?? '', knownLabels)
      .map((title) => labelIds.get(title) ?? 0)
      .toSorted((a, b) => a - b);
  const itemIds = new Map(state.items.map((item) => [item.code, item.id]));
  const storedItems = new Map(state.items.map((item) => [item.code, item]));
  const items = sheetPlan('Items');
  const newItems = items?.created ?? [];
  const insertedItems = await insertFromJson<{ id: number; code: string }>(
    tx,
    newItems.map((row) => {
      const values = itemValues(row);
      return {
        code: values.code,
        name: values.name,
        description: values.description,
        group_id: values.groupId,
        phase_id: values.phaseId,
        icon: values.icon,
        repeatable: values.repeatable,
        search_text: values.searchText,
      };
    }),
    (recordset) => sql`
      insert into ${catalogItems} (catalog_id, created_by_user_id, state, code, name, description, group_id, phase_id, icon, repeatable, search_text)
      select ${catalogId}, ${userId}, 'PENDING', r.code, r.name, r.description, r.group_id, r.phase_id, r.icon, r.repeatable, r.search_text
      from ${recordset} as r(code text, name jsonb, description jsonb, group_id integer, phase_id integer, icon text, repeatable boolean, search_text text)
      returning id, code`,
  );
  for (const row of insertedItems) itemIds.set(row.code, row.id);
  const revised = new Set<number>();
  const labelLinks: { itemId: number; labelId: number }[] = [];
  const relabelled: number[] = [];
  for (const row of newItems) {
    const itemId = itemIds.get(row.key) ?? 0;
    relabelled.push(itemId);
    for (const labelId of labelIdsOf(row)) labelLinks.push({ itemId, labelId });
  }
  const updates: { id: number; revision: number; values: ItemValues }[] = [];
  for (const { row, columns } of items?.updated ?? []) {
    const before = storedItems.get(row.key);
    if (!before) continue;
    const values = itemValues(row);
    updates.push({ id: before.id, revision: before.revision, values });
    revised.add(before.id);
    const beforeLabels = (state.itemLabels.get(before.id) ?? []).toSorted((a, b) => a - b);
    const afterLabels = labelIdsOf(row);
    if (columns.includes('labels')) {
      relabelled.push(before.id);
      for (const labelId of afterLabels) labelLinks.push({ itemId: before.id, labelId });
    }
    events.push({
      catalogId,
      itemId: before.id,
      userId,
      type: 'ITEM_UPDATED',
      changes: changesBetween(
        { ...before, labelIds: beforeLabels },
        { ...before, ...values, labelIds: afterLabels },
        ['code', 'name', 'description', 'groupId', 'phaseId', 'icon', 'repeatable', 'labelIds'],
      ),
    });
  }
  for (const part of chunks(updates)) await updateItems(tx, part);
  if (relabelled.length > 0) {
    for (const part of chunks(relabelled)) {
      await tx.delete(catalogItemLabels).where(inArray(catalogItemLabels.itemId, part));
    }
    for (const part of chunks(labelLinks)) await tx.insert(catalogItemLabels).values(part);
  }

  // ---- attribute lists (with their values): kept attributes keep their ids ----
  const attributeItems = new Set(
    [...touchedItems(plan, ['Attributes', 'Values'])].filter((code) => itemIds.has(code)),
  );
  const storedAttributes = groupBy(state.attributes, (attribute) => attribute.itemId);
  const attributeRows: (typeof itemAttributes.$inferInsert)[] = [];
  for (const code of attributeItems) {
    const itemId = itemIds.get(code) ?? 0;
    const before = storedAttributes.get(itemId) ?? [];
    const idsByCode = new Map(before.map((attribute) => [attribute.code, attribute.id]));
    const after = plan.attributes.get(code) ?? [];
    for (const attribute of after) {
      const id = idsByCode.get(attribute.code);
      attributeRows.push({ ...attribute, ...(id === undefined ? {} : { id }), itemId });
    }
    if (storedItems.has(code)) {
      revised.add(itemId);
      events.push({
        catalogId,
        itemId,
        userId,
        type: 'ATTRIBUTES_UPDATED',
        changes: [
          { field: 'attributes', old: attributesForEvent(before), new: attributesForEvent(after) },
        ],
      });
    }
  }
  const attributeItemIds = [...attributeItems].map((code) => itemIds.get(code) ?? 0);
  for (const part of chunks(attributeItemIds)) {
    await tx.delete(itemAttributes).where(inArray(itemAttributes.itemId, part));
  }
  await insertFromJson(
    tx,
    attributeRows.map((attribute) => ({
      id: attribute.id ?? null,
      item_id: attribute.itemId,
      level: attribute.level,
      code: attribute.code,
      name: attribute.name,
      type: attribute.type,
      mandatory: attribute.mandatory ?? false,
      description: attribute.description ?? {},
      default_value: attribute.defaultValue ?? null,
      enum_values: attribute.enumValues ?? [],
      minimum: attribute.minimum ?? null,
      maximum: attribute.maximum ?? null,
      position: attribute.position ?? 0,
    })),
    // A kept attribute keeps its id (formulas and instance values outlive the edit); a new one
    // takes the next from the identity's sequence.
    (recordset) => sql`
      insert into ${itemAttributes} (id, item_id, level, code, name, type, mandatory, description, default_value, enum_values, minimum, maximum, position)
      select coalesce(r.id, nextval(pg_get_serial_sequence('item_attributes', 'id'))), r.item_id, r.level, r.code, r.name, r.type, r.mandatory, r.description, r.default_value, r.enum_values, r.minimum, r.maximum, r.position
      from ${recordset} as r(id integer, item_id integer, level integer, code text, name jsonb, type text, mandatory boolean, description jsonb, default_value jsonb, enum_values jsonb, minimum numeric, maximum numeric, position integer)
      returning id`,
  );

  // ---- formula lists: kept formulas (same role and level) keep their ids ----
  const formulaItems = new Set(
    [...touchedItems(plan, ['Formulas'])].filter((code) => itemIds.has(code)),
  );
  const roleCodes = new Map([...roleIds].map(([code, id]) => [id, code]));
  const formulaRows: NewItemFormulaRow[] = [];
  const finalFormulas = groupBy([...plan.final.Formulas.values()], (row) => row.cells.item ?? '');
  const storedFormulas = groupBy(state.formulas, (formula) => formula.itemId);
  for (const code of formulaItems) {
    const itemId = itemIds.get(code) ?? 0;
    const before = storedFormulas.get(itemId) ?? [];
    const idsByKey = new Map(
      before.map((formula) => [keyOf([formula.roleId, formula.level]), formula]),
    );
    const after = (finalFormulas.get(code) ?? []).map((row, position) => {
      const roleId = roleIds.get(row.cells.role ?? '') ?? 0;
      const level = Number(row.cells.level);
      const kept = idsByKey.get(keyOf([roleId, level]));
      return {
        ...(kept === undefined ? {} : { id: kept.id, createdAt: kept.createdAt }),
        itemId,
        roleId,
        level,
        name: (row.cells.name ?? '').trim(),
        expression: row.cells.expression ?? '',
        position,
      };
    });
    formulaRows.push(...after);
    if (storedItems.has(code)) {
      revised.add(itemId);
      events.push({
        catalogId,
        itemId,
        userId,
        type: 'ITEM_UPDATED',
        changes: [
          {
            field: 'formulas',
            old: formulasForEvent(before, roleCodes),
            new: formulasForEvent(after, roleCodes),
          },
        ],
      });
    }
  }
  const formulaItemIds = [...formulaItems].map((code) => itemIds.get(code) ?? 0);
  for (const part of chunks(formulaItemIds)) {
    await tx.delete(itemFormulas).where(inArray(itemFormulas.itemId, part));
  }
  await insertFromJson(
    tx,
    formulaRows.map((formula) => ({
      id: formula.id ?? null,
      item_id: formula.itemId,
      role_id: formula.roleId,
      level: formula.level,
      name: formula.name,
      expression: formula.expression,
      position: formula.position ?? 0,
      created_at: formula.createdAt ?? null,
    })),
    (recordset) => sql`
      insert into ${itemFormulas} (id, item_id, role_id, level, name, expression, position, created_at)
      select coalesce(r.id, nextval(pg_get_serial_sequence('item_formulas', 'id'))), r.item_id, r.role_id, r.level, r.name, r.expression, r.position, coalesce(r.created_at, now())
      from ${recordset} as r(id integer, item_id integer, role_id integer, level integer, name text, expression text, position integer, created_at timestamptz)
      returning id`,
  );

  // An item whose lists changed is a new revision, as after a save of its form (once per import).
  const updatedIds = new Set((items?.updated ?? []).map(({ row }) => itemIds.get(row.key)));
  const listOnly = [...new Set([...attributeItemIds, ...formulaItemIds])].filter(
    (id) => revised.has(id) && !updatedIds.has(id),
  );
  const storedRevisions = new Map(state.items.map((item) => [item.id, item.revision]));
  for (const part of chunks(listOnly)) {
    // Only at the revision the plan read: a save of the item's form meanwhile aborts the import.
    const rows = part.map((id) => sql`(${id}::integer, ${storedRevisions.get(id) ?? -1}::integer)`);
    const bumped = await tx
      .update(catalogItems)
      .set({ revision: sql`${catalogItems.revision} + 1` })
      .from(sql`(values ${sql.join(rows, sql`, `)}) as v(id, revision)`)
      .where(
        and(
          eq(catalogItems.id, sql`v.id`),
          eq(catalogItems.revision, sql`v.revision`),
          isNull(catalogItems.deprecatedAt),
        ),
      )
      .returning({ id: catalogItems.id });
    if (bumped.length !== part.length) throw new ConflictError({ detail: CHANGED_MEANWHILE });
  }
  // Stories price with the catalog's roles: their stored figures follow a new price or unit.
  if (pricesChanged) await queueRecalculationOfCatalog(tx, context.jobs, catalogId);

  // ---- events: new items with what they were created with, then everything else ----
  const created: CatalogEventInput[] = newItems.map((row) => {
    const itemId = itemIds.get(row.key) ?? 0;
    const values = itemValues(row);
    const attributes = plan.attributes.get(row.key) ?? [];
    const changes: StoredEventChange[] = [
      { field: 'code', old: null, new: values.code },
      { field: 'name', old: null, new: values.name },
      { field: 'state', old: null, new: 'PENDING' satisfies ItemState },
      ...(attributes.length === 0
        ? []
        : [{ field: 'attributes' as const, old: null, new: attributesForEvent(attributes) }]),
    ];
    return { catalogId, itemId, userId, type: 'ITEM_CREATED', changes };
  });
  const all = [...events.filter((event) => (event.changes?.length ?? 0) > 0), ...created];
  await insertFromJson(
    tx,
    all.map((event) => ({
      item_id: event.itemId ?? null,
      type: event.type,
      changes: event.changes ?? [],
    })),
    (recordset) => sql`
      insert into ${catalogEvents} (catalog_id, user_id, item_id, type, changes)
      select ${catalogId}, ${userId}, r.item_id, r.type, r.changes
      from ${recordset} as r(item_id integer, type text, changes jsonb)
      returning id`,
  );
}
