// Rules of items: readers see COMPLETE items only; suggest (PENDING), edit with the revision, attributes in bulk; codes unique per catalog.
import type { AttributeFields, Item, ItemFields, ItemState, ItemSummary } from '@costory/shared';
import type { itemListQuerySchema } from '@costory/shared';
import type { z } from 'zod';
import type { CatalogItemRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from '../../../errors';
import { changesBetween, sameValue } from '../../../lib/changes';
import { decodeCursor, keyAndIdCursor, toPage, type Page } from '../../../lib/cursor';
import { containsPattern, foldForSearch } from '../../../lib/search';
import {
  loadCatalogAccess,
  requireAction,
  requireItemAction,
  seesAllItemStates,
  type CatalogAccess,
} from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, checkLocalizedName, compactText } from '../common/localized';
import { DUPLICATE_CODE, ITEM_DEPRECATED, STALE_WRITE } from '../common/messages';
import { withUniqueCode } from '../common/unique';
import { subtreeIds } from '../groups/group-tree';
import { groupExists, listGroupRows } from '../groups/groups.repository';
import { existingLabelIds } from '../labels/labels.repository';
import { findPhaseRow } from '../phases/phases.repository';
import { attributesForEvent, checkAttributes, type AttributeRow } from './attributes';
import { toItem, toItemSummary } from './item-view';
import {
  attributesOf,
  findItemRow,
  insertItem,
  labelIdsOf,
  listItemRows,
  maxLevelsOf,
  replaceItemAttributes,
  replaceItemLabels,
  updateItemIfRevision,
  type ItemValues,
} from './items.repository';

export type ItemListQuery = z.output<typeof itemListQuerySchema>;

/** The caller's view of the full item. */
export async function itemView(
  deps: CatalogDeps,
  access: CatalogAccess,
  row: CatalogItemRow,
): Promise<Item> {
  const [labels, attributes] = await Promise.all([
    labelIdsOf(deps.db, [row.id]),
    attributesOf(deps.db, row.id),
  ]);
  return toItem(row, labels.get(row.id) ?? [], attributes, {
    role: access.role,
    userId: access.user.id,
  });
}

/**
 * An item the caller may see: readers (CTL_READER, PUBLIC_READABLE) only COMPLETE ones, everyone
 * else every state. Retired items stay readable by id. Anything else is 404, never data.
 */
export async function loadVisibleItem(
  deps: CatalogDeps,
  access: CatalogAccess,
  itemId: number,
): Promise<CatalogItemRow> {
  const row = await findItemRow(deps.db, access.catalog.id, itemId);
  if (!row) throw new NotFoundError();
  if (row.state !== 'COMPLETE' && !seesAllItemStates(access)) throw new NotFoundError();
  return row;
}

export async function listItems(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  query: ItemListQuery,
): Promise<Page<ItemSummary>> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const groupIds =
    query.groupId === undefined
      ? undefined
      : [...subtreeIds(await listGroupRows(deps.db, catalogId), query.groupId)];
  const q = query.q?.trim() ?? '';
  const rows = await listItemRows(deps.db, {
    catalogId,
    completeOnly: !seesAllItemStates(access),
    state: query.state,
    groupIds,
    labelIds: query.labelIds === undefined ? undefined : [...new Set(query.labelIds)],
    pattern: q === '' ? undefined : containsPattern(q),
    after: decodeCursor(query.cursor, keyAndIdCursor('text')),
    limit: query.limit,
  });
  const ids = rows.slice(0, query.limit).map((row) => row.id);
  const [labels, levels] = await Promise.all([labelIdsOf(deps.db, ids), maxLevelsOf(deps.db, ids)]);
  return toPage(
    rows,
    query.limit,
    (row) => toItemSummary(row, labels.get(row.id) ?? [], levels.get(row.id) ?? 0),
    (row) => [row.code, row.id],
  );
}

export async function getItem(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
): Promise<Item> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  return itemView(deps, access, await loadVisibleItem(deps, access, itemId));
}

const REFERENCE_MESSAGES = {
  groupId: {
    en: 'The group does not exist in this catalog',
    cs: 'Skupina v tomto katalogu neexistuje',
  },
  phaseId: {
    en: 'The phase does not exist in this catalog',
    cs: 'Fáze v tomto katalogu neexistuje',
  },
  labelIds: {
    en: 'Some of the labels do not exist in this catalog',
    cs: 'Některé štítky v tomto katalogu neexistují',
  },
};

interface CheckedItem {
  values: ItemValues;
  labelIds: number[];
}

/** The stored form of the item fields; group, phase and labels must be the catalog's own. */
async function checkItemFields(
  deps: CatalogDeps,
  access: CatalogAccess,
  fields: ItemFields,
): Promise<{ checked: CheckedItem; problems: FieldProblem[] }> {
  const catalogId = access.catalog.id;
  const name = compactText(fields.name);
  const description = compactText(fields.description);
  const labelIds = [...new Set(fields.labelIds)].toSorted((a, b) => a - b);
  const problems: FieldProblem[] = [
    ...checkLocalizedName('name', name, access.catalog, LABELS.name),
    ...checkLocalizedDescription('description', description, access.catalog, LABELS.description),
  ];
  if (fields.groupId !== null && !(await groupExists(deps.db, catalogId, fields.groupId))) {
    problems.push({ field: 'groupId', rule: 'exists', message: REFERENCE_MESSAGES.groupId });
  }
  if (fields.phaseId !== null && !(await findPhaseRow(deps.db, catalogId, fields.phaseId))) {
    problems.push({ field: 'phaseId', rule: 'exists', message: REFERENCE_MESSAGES.phaseId });
  }
  const known = await existingLabelIds(deps.db, catalogId, labelIds);
  if (labelIds.some((id) => !known.has(id))) {
    problems.push({ field: 'labelIds', rule: 'exists', message: REFERENCE_MESSAGES.labelIds });
  }
  const code = fields.code.trim();
  return {
    checked: {
      values: {
        code,
        name,
        description,
        groupId: fields.groupId,
        phaseId: fields.phaseId,
        icon: fields.icon?.trim() ?? '',
        repeatable: fields.repeatable,
        searchText: foldForSearch([code, ...Object.values(name)].join(' ')),
      },
      labelIds,
    },
    problems,
  };
}

/** "Save as pending": a new suggestion, PENDING, version 0, created by the caller. */
export async function createItem(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  fields: ItemFields & { attributes: AttributeFields[] },
): Promise<Item> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'SUGGEST_ITEM');
  const { checked, problems } = await checkItemFields(deps, access, fields);
  const attributes = checkAttributes(fields.attributes, access.catalog, new Set());
  // A new item has no attributes to keep: ids sent with it are refused like unknown ones.
  problems.push(...attributes.problems);
  if (problems.length > 0) throw new ValidationError(problems);
  const row = await withUniqueCode('catalog_items_code_unique', DUPLICATE_CODE.item, () =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertItem(tx, {
        ...checked.values,
        catalogId,
        createdByUserId: user.id,
      });
      await replaceItemLabels(tx, inserted.id, checked.labelIds);
      await replaceItemAttributes(tx, inserted.id, attributes.rows);
      await recordEvent(tx, {
        catalogId,
        itemId: inserted.id,
        userId: user.id,
        type: 'ITEM_CREATED',
        changes: [
          { field: 'code', old: null, new: inserted.code },
          { field: 'name', old: null, new: inserted.name },
          { field: 'state', old: null, new: inserted.state satisfies ItemState },
          ...(attributes.rows.length === 0
            ? []
            : [
                {
                  field: 'attributes' as const,
                  old: null,
                  new: attributesForEvent(attributes.rows),
                },
              ]),
        ],
      });
      return inserted;
    }),
  );
  return itemView(deps, access, row);
}

/**
 * The item the caller may change: visible, allowed by the role (a reporter: own PENDING items
 * only), not retired, and still at `revision` (else 409 and nothing changes).
 */
async function loadEditableItem(
  deps: CatalogDeps,
  access: CatalogAccess,
  itemId: number,
  revision: number,
): Promise<CatalogItemRow> {
  const row = await loadVisibleItem(deps, access, itemId);
  requireItemAction(access, 'EDIT_ITEM', row);
  if (row.deprecatedAt !== null) throw new ConflictError({ detail: ITEM_DEPRECATED });
  if (row.revision !== revision) throw new ConflictError({ detail: STALE_WRITE.item });
  return row;
}

const ITEM_EVENT_FIELDS = [
  'code',
  'name',
  'description',
  'groupId',
  'phaseId',
  'icon',
  'repeatable',
  'labelIds',
] as const;

export async function updateItem(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  update: ItemFields & { revision: number },
): Promise<Item> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const before = await loadEditableItem(deps, access, itemId, update.revision);
  const { checked, problems } = await checkItemFields(deps, access, update);
  if (problems.length > 0) throw new ValidationError(problems);
  const beforeLabels = (await labelIdsOf(deps.db, [itemId])).get(itemId) ?? [];
  const changes = changesBetween(
    { ...before, labelIds: beforeLabels },
    { ...checked.values, labelIds: checked.labelIds },
    ITEM_EVENT_FIELDS,
  );
  if (changes.length === 0) return itemView(deps, access, before);
  const row = await withUniqueCode('catalog_items_code_unique', DUPLICATE_CODE.item, () =>
    deps.db.transaction(async (tx) => {
      const updated = await updateItemIfRevision(tx, itemId, update.revision, {
        values: checked.values,
      });
      if (!updated) throw new ConflictError({ detail: STALE_WRITE.item });
      await replaceItemLabels(tx, itemId, checked.labelIds);
      await recordEvent(tx, { catalogId, itemId, userId: user.id, type: 'ITEM_UPDATED', changes });
      return updated;
    }),
  );
  return itemView(deps, access, row);
}

/** Replaces the whole attribute list (bulk) when `revision` is current. */
export async function replaceAttributes(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  itemId: number,
  request: { revision: number; attributes: AttributeFields[] },
): Promise<Item> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const before = await loadEditableItem(deps, access, itemId, request.revision);
  const existing = await attributesOf(deps.db, itemId);
  const checked = checkAttributes(
    request.attributes,
    access.catalog,
    new Set(existing.map((attribute) => attribute.id)),
  );
  if (checked.problems.length > 0) throw new ValidationError(checked.problems);
  // Saving the list as it is changes nothing, not even the revision.
  if (sameValue(existing.map(comparable), checked.rows.map(comparable))) {
    return itemView(deps, access, before);
  }
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateItemIfRevision(tx, itemId, request.revision, {});
    if (!updated) throw new ConflictError({ detail: STALE_WRITE.item });
    await replaceItemAttributes(tx, itemId, checked.rows);
    await recordEvent(tx, {
      catalogId,
      itemId,
      userId: user.id,
      type: 'ATTRIBUTES_UPDATED',
      changes: [
        {
          field: 'attributes',
          old: attributesForEvent(existing),
          new: attributesForEvent(checked.rows),
        },
      ],
    });
    return updated;
  });
  return itemView(deps, access, row);
}

/** An attribute as stored, whether read back or about to be written. */
function comparable(attribute: AttributeRow): AttributeRow {
  return {
    id: attribute.id,
    level: attribute.level,
    code: attribute.code,
    name: attribute.name,
    type: attribute.type,
    mandatory: attribute.mandatory ?? false,
    description: attribute.description ?? {},
    defaultValue: attribute.defaultValue ?? null,
    enumValues: attribute.enumValues ?? [],
    minimum: attribute.minimum ?? null,
    maximum: attribute.maximum ?? null,
    position: attribute.position ?? 0,
  };
}
