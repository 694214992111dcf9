// Rules of story instances: only COMPLETE, live, published items; non-repeatable items once per story; values typed by the published attributes; every write recalculates the instance and the story's totals.
import { calculateInstance } from '@costory/calc';
import type {
  Instance,
  InstanceBatchCreate,
  InstanceCreate,
  InstanceSubtotal,
  InstanceUpdate,
  instanceListQuerySchema,
  instanceSubtotalQuerySchema,
} from '@costory/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import type {
  CatalogItemRow,
  ItemVersionRow,
  StoredEventChange,
  StoryInstanceRow,
} from '../../../db/schema';
import {
  ConflictError,
  InstanceNotRepeatableError,
  NotFoundError,
  ValidationError,
  type FieldProblem,
  type LocalizedText,
} from '../../../errors';
import { changesBetween } from '../../../lib/changes';
import { decodeCursor, idCursor, toPage, type Page } from '../../../lib/cursor';
import { containsPattern, foldForSearch } from '../../../lib/search';
import { subtreeIds } from '../../catalogs/groups/group-tree';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { findItemRow, findItemRows } from '../../catalogs/items/items.repository';
import {
  displayMandays,
  figuresOf,
  roleUnitsOf,
  type InstanceFigures,
} from '../calculation/figures';
import {
  loadItemVersionsOfStory,
  loadRolePricing,
  singleItemModel,
  toCalcItem,
  type RolePricing,
  type StoryItemVersionRow,
} from '../calculation/model';
import { loadStoryAccess, lockStory, requireStoryAction, type StoryAccess } from '../common/access';
import { readsMargins, withoutPrice } from '../common/margins';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent, recordStoryEvents } from '../common/events';
import {
  CATALOG_DELETED,
  itemNotAvailable,
  itemNotRepeatable,
  itemRepeatedInBatch,
  ITEM_VERSION_MOVED,
  STORY_STALE_WRITE,
} from '../common/messages';
import { storyLabelIds } from '../labels/labels.repository';
import { pinVersionsUsed } from '../upgrades/upgrades.repository';
import {
  checkInstanceFields,
  keepValidValues,
  maxLevelOfVersion,
  type CheckedInstance,
} from './instance-checks';
import {
  addInstanceLabels,
  deleteInstanceRow,
  findInstanceRow,
  findInstanceView,
  findInstanceViews,
  insertInstances,
  itemIdsInStory,
  labelIdsOfInstance,
  listInstanceViews,
  refreshStoryTotals,
  replaceInstanceLabels,
  sumInstances,
  updateInstanceIfRevision,
  type InstanceFilter,
  type InstanceValues,
  type InstanceViewRow,
} from './instances.repository';

export type InstanceListQuery = z.output<typeof instanceListQuerySchema>;
export type InstanceSubtotalQuery = z.output<typeof instanceSubtotalQuerySchema>;

function toInstance(row: InstanceViewRow, published: StoryItemVersionRow | undefined): Instance {
  const { instance, item } = row;
  const version = published?.version;
  const verifierName = [row.verifierFirstName, row.verifierLastName].filter(Boolean).join(' ');
  return {
    id: instance.id,
    itemId: instance.itemId,
    item: {
      code: item.code,
      name: item.name,
      groupId: item.groupId,
      phaseId: item.phaseId,
      icon: item.icon,
      version: version?.version ?? 0,
      latestVersion: published?.latestVersion ?? 0,
      maxLevel: version === undefined ? 0 : maxLevelOfVersion(version),
      repeatable: item.repeatable,
      deprecated: item.deprecatedAt !== null,
    },
    name: instance.name,
    description: instance.description,
    optional: instance.optional,
    level: instance.level,
    values: instance.values,
    labelIds: row.labelIds,
    verified: instance.verifiedAt !== null,
    verifiedBy:
      instance.verifiedByUserId === null
        ? null
        : { id: instance.verifiedByUserId, name: verifierName },
    revision: instance.revision,
    createdAt: instance.createdAt.toISOString(),
    updatedAt: instance.updatedAt.toISOString(),
    price: instance.price,
    mandays: displayMandays(instance.mandays),
    errorCount: instance.errorCount,
  };
}

async function instanceView(deps: StoryDeps, storyId: number, instanceId: number) {
  const row = await findInstanceView(deps.db, storyId, instanceId);
  if (!row) throw new NotFoundError();
  const versions = await loadItemVersionsOfStory(deps.db, storyId, [row.instance.itemId]);
  return toInstance(row, versions.get(row.instance.itemId));
}

/** The repository's filter of the list's query: the group with its sub-groups, unique labels, folded text. */
async function instanceFilterOf(
  deps: StoryDeps,
  access: StoryAccess,
  query: InstanceSubtotalQuery,
): Promise<InstanceFilter> {
  const groupIds =
    query.groupId === undefined
      ? undefined
      : [...subtreeIds(await listGroupRows(deps.db, access.story.catalogId), query.groupId)];
  const q = query.q?.trim() ?? '';
  return {
    storyId: access.story.id,
    groupIds,
    labelIds: query.labelIds === undefined ? undefined : [...new Set(query.labelIds)],
    roleId: query.roleId,
    phaseId: query.phaseId,
    pattern: q === '' ? undefined : containsPattern(q),
  };
}

/** The story's instances (any member; a customer without prices), filtered by catalog group with sub-groups, labels, role, phase and text. */
export async function listInstances(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  query: InstanceListQuery,
): Promise<Page<Instance>> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const rows = await listInstanceViews(deps.db, {
    ...(await instanceFilterOf(deps, access, query)),
    afterId: decodeCursor(query.cursor, idCursor)?.[0],
    limit: query.limit,
  });
  const versions = await loadItemVersionsOfStory(
    deps.db,
    storyId,
    rows.slice(0, query.limit).map((row) => row.instance.itemId),
  );
  const margins = readsMargins(access);
  return toPage(
    rows,
    query.limit,
    (row) => {
      const instance = toInstance(row, versions.get(row.instance.itemId));
      return margins ? instance : withoutPrice(instance);
    },
    (row) => [row.instance.id],
  );
}

/**
 * The sums of every instance the list's filters take, over all its pages (any member; a customer
 * without the price): optional instances are counted, not summed, as in the story's totals.
 */
export async function subtotalInstances(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  query: InstanceSubtotalQuery,
): Promise<InstanceSubtotal> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const sums = await sumInstances(deps.db, await instanceFilterOf(deps, access, query));
  const subtotal = { ...sums, mandays: displayMandays(sums.mandays) };
  return readsMargins(access) ? subtotal : withoutPrice(subtotal);
}

export async function getInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  instanceId: number,
): Promise<Instance> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const instance = await instanceView(deps, storyId, instanceId);
  return readsMargins(access) ? instance : withoutPrice(instance);
}

export interface PublishedItem {
  item: CatalogItemRow;
  /** The version the story calculates with (pinned or latest: decision 0043). */
  version: ItemVersionRow;
  latestVersion: number;
}

const ITEM_NOT_IN_CATALOG: LocalizedText = {
  en: 'The item does not exist in the story’s catalog',
  cs: 'Položka v katalogu příběhu neexistuje',
};

/**
 * The items of new instances, one per id in their order, each of which may be instantiated in the
 * story: of the story's catalog (else 400 on `fieldOf(index)`, for every such id), COMPLETE, not
 * retired and published (else 409 naming the first such item: only complete items go into
 * stories). Two queries however many ids.
 */
async function loadInstantiableItems(
  deps: StoryDeps,
  access: StoryAccess,
  itemIds: readonly number[],
  fieldOf: (index: number) => string,
): Promise<PublishedItem[]> {
  if (access.catalogDeleted) throw new ConflictError({ detail: CATALOG_DELETED });
  const items = await findItemRows(deps.db, access.story.catalogId, itemIds);
  throwIfProblems(
    itemIds.flatMap((itemId, index) =>
      items.has(itemId)
        ? []
        : [{ field: fieldOf(index), rule: 'exists', message: ITEM_NOT_IN_CATALOG }],
    ),
  );
  const live = [...items.values()].filter(
    (item) => item.state === 'COMPLETE' && item.deprecatedAt === null,
  );
  const versions = await loadItemVersionsOfStory(
    deps.db,
    access.story.id,
    live.map((item) => item.id),
  );
  return itemIds.map((itemId) => {
    const item = items.get(itemId);
    const published = versions.get(itemId);
    if (!item) throw new Error('An item checked above is missing');
    if (published === undefined) throw new ConflictError({ detail: itemNotAvailable(item.code) });
    return { item, ...published };
  });
}

/** The item of a new instance: see loadInstantiableItems (400 on `itemId`). */
async function loadInstantiableItem(
  deps: StoryDeps,
  access: StoryAccess,
  itemId: number,
): Promise<PublishedItem> {
  const [published] = await loadInstantiableItems(deps, access, [itemId], () => 'itemId');
  if (!published) throw new Error('One item id gave no item');
  return published;
}

/** The instance's figures from the item's published version and the story's unit prices. */
export function calculateFigures(
  pricing: RolePricing,
  published: Pick<PublishedItem, 'item' | 'version'>,
  instance: CheckedInstance,
): InstanceFigures {
  const model = singleItemModel(pricing, toCalcItem(published.item, published.version));
  const result = calculateInstance(model, {
    id: 0,
    itemId: published.item.id,
    level: instance.level,
    values: instance.values,
    optional: instance.optional,
    labelIds: instance.labelIds,
  });
  return figuresOf(
    result.lines,
    result.total.price,
    result.errors.length,
    roleUnitsOf(pricing.roles),
  );
}

function storedValues(checked: CheckedInstance, figures: InstanceFigures): InstanceValues {
  return {
    name: checked.name,
    description: checked.description,
    optional: checked.optional,
    level: checked.level,
    values: checked.values,
    searchText: foldForSearch(checked.name),
    ...figures,
  };
}

const EVENT_FIELDS = [
  'name',
  'description',
  'optional',
  'level',
  'values',
  'labelIds',
] as const satisfies readonly (keyof CheckedInstance)[];

/** Fields whose change takes back a verification (what the estimate is made of). */
const ESTIMATE_FIELDS = ['optional', 'level', 'values'] as const;

function throwIfProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new ValidationError(problems);
}

/**
 * Under the story's lock: the item versions the figures were made with are still the story's
 * (else 409 ITEM_VERSION_MOVED, nothing saved: an upgrade, an unpinning or a publication came
 * between the read and the lock), and a story that pins its item versions pins them for the items
 * it starts to use (decision 0043).
 */
async function holdItemVersions(
  tx: Db,
  storyId: number,
  used: readonly { itemId: number; version: number }[],
): Promise<void> {
  const current = await loadItemVersionsOfStory(
    tx,
    storyId,
    used.map((entry) => entry.itemId),
  );
  if (used.some((entry) => current.get(entry.itemId)?.version.version !== entry.version)) {
    throw new ConflictError({ detail: ITEM_VERSION_MOVED });
  }
  await pinVersionsUsed(tx, storyId, used);
}

/**
 * Adds an instance (EDIT_INSTANCES). Order of checks: 404 story, 403 role, 400/409 item, 400
 * fields, 409 INSTANCE_NOT_REPEATABLE; nothing changes on a refusal.
 */
export async function createInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  fields: InstanceCreate,
): Promise<Instance> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const published = await loadInstantiableItem(deps, access, fields.itemId);
  const [labels, pricing] = await Promise.all([
    storyLabelIds(deps.db, storyId),
    loadRolePricing(deps.db, access.story),
  ]);
  const { checked, problems } = checkInstanceFields(fields, published.version, labels);
  throwIfProblems(problems);
  const figures = calculateFigures(pricing, published, checked);
  const [row] = await insertChecked(deps, access, [{ published, checked, figures }]);
  if (!row) throw new Error('Inserting an instance returned no row');
  return instanceView(deps, storyId, row.id);
}

/**
 * Adds instances all or nothing, in the order given (EDIT_INSTANCES): what pasting spreadsheet
 * rows applies (decision 0039). The rules and their order are createInstance's, over every row:
 * 400 on `instances.{i}.itemId` for items not in the catalog, 409 for the first item that is not
 * complete, 400 with the field problems of all rows (`instances.{i}.values.{code}`), 409
 * INSTANCE_NOT_REPEATABLE for a non-repeatable item twice in the batch or already in the story.
 * One transaction, one refresh of the story's totals, an event per instance.
 */
export async function createInstances(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  batch: InstanceBatchCreate,
): Promise<Instance[]> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const rows = batch.instances;
  const items = await loadInstantiableItems(
    deps,
    access,
    rows.map((row) => row.itemId),
    (index) => `instances.${String(index)}.itemId`,
  );
  const [labels, pricing] = await Promise.all([
    storyLabelIds(deps.db, storyId),
    loadRolePricing(deps.db, access.story),
  ]);
  const problems: FieldProblem[] = [];
  const checkedRows = rows.map((fields, index) => {
    const published = items[index];
    if (!published) throw new Error('Every row has its item');
    const { checked, problems: found } = checkInstanceFields(fields, published.version, labels);
    for (const problem of found) {
      problems.push({ ...problem, field: `instances.${String(index)}.${problem.field}` });
    }
    return { published, checked };
  });
  throwIfProblems(problems);
  refuseRepeatedInBatch(items);
  const entries = checkedRows.map(({ published, checked }): NewInstance => ({
    published,
    checked,
    figures: calculateFigures(pricing, published, checked),
  }));
  const inserted = await insertChecked(deps, access, entries);
  // In the order added, which is the rows' order; each with the version it was calculated with.
  const views = await findInstanceViews(
    deps.db,
    storyId,
    inserted.map((row) => row.id),
  );
  const versions = new Map(items.map((published) => [published.item.id, published]));
  return views.map((view) => toInstance(view, versions.get(view.instance.itemId)));
}

/** 409 INSTANCE_NOT_REPEATABLE for the first non-repeatable item the batch has twice. */
function refuseRepeatedInBatch(items: readonly PublishedItem[]): void {
  const seen = new Set<number>();
  for (const { item } of items) {
    if (item.repeatable) continue;
    if (seen.has(item.id)) {
      throw new InstanceNotRepeatableError({ detail: itemRepeatedInBatch(item.code) });
    }
    seen.add(item.id);
  }
}

/** A checked instance ready to be inserted, with its figures and any changes its event adds. */
export interface NewInstance {
  published: PublishedItem;
  checked: CheckedInstance;
  figures: InstanceFigures;
  extraChanges?: StoredEventChange[];
}

/**
 * Inserts checked instances, in their order, under the story's lock (see writeNewInstances).
 */
async function insertChecked(
  deps: StoryDeps,
  access: StoryAccess,
  entries: readonly NewInstance[],
): Promise<{ id: number }[]> {
  return deps.db.transaction(async (tx) => {
    await lockStory(tx, access.story.id);
    return writeNewInstances(tx, access.story.id, access.user.id, entries);
  });
}

/**
 * Writes checked instances, in their order, in the caller's transaction, which holds the story's
 * lock: the item versions they were priced with must still be the story's (pinned for a story
 * that pins), the non-repeatable rule (409 when the story has one of their items already), their
 * labels and an event each, and one refresh of the story's totals. Every way of adding instances
 * (the form, a batch, a copy, a spreadsheet) goes through here, so the stored figures, pins and
 * events agree.
 */
export async function writeNewInstances(
  tx: Db,
  storyId: number,
  userId: number,
  entries: readonly NewInstance[],
): Promise<{ id: number }[]> {
  const single = entries.filter((entry) => !entry.published.item.repeatable);
  await holdItemVersions(
    tx,
    storyId,
    entries.map(({ published }) => ({
      itemId: published.item.id,
      version: published.version.version,
    })),
  );
  const present = await itemIdsInStory(
    tx,
    storyId,
    single.map((entry) => entry.published.item.id),
  );
  const taken = single.find((entry) => present.has(entry.published.item.id));
  if (taken) {
    throw new InstanceNotRepeatableError({
      detail: itemNotRepeatable(taken.published.item.code),
    });
  }
  const rows = await insertInstances(
    tx,
    entries.map(({ published, checked, figures }) => ({
      ...storedValues(checked, figures),
      storyId,
      itemId: published.item.id,
    })),
  );
  const inserted = rows.map((row, index) => {
    const entry = entries[index];
    if (!entry) throw new Error('Every inserted row has its entry');
    return { row, ...entry };
  });
  await addInstanceLabels(
    tx,
    inserted.flatMap(({ row, checked }) =>
      checked.labelIds.map((labelId) => ({ instanceId: row.id, labelId })),
    ),
  );
  await refreshStoryTotals(tx, storyId);
  await recordStoryEvents(
    tx,
    inserted.map(({ row, published, checked, extraChanges = [] }) => ({
      storyId,
      instanceId: row.id,
      userId,
      type: 'INSTANCE_CREATED',
      changes: [
        { field: 'item', old: null, new: published.item.code },
        ...extraChanges,
        ...EVENT_FIELDS.map((field) => ({ field, old: null, new: checked[field] })),
      ],
    })),
  );
  return rows;
}

/** The instance of the story (404 otherwise) at `revision` (409 otherwise). */
async function loadInstanceAt(
  deps: StoryDeps,
  storyId: number,
  instanceId: number,
  revision: number,
): Promise<StoryInstanceRow> {
  const row = await findInstanceRow(deps.db, storyId, instanceId);
  if (!row) throw new NotFoundError();
  if (row.revision !== revision) throw new ConflictError({ detail: STORY_STALE_WRITE.instance });
  return row;
}

/**
 * Saves an instance's fields when `revision` is current (EDIT_INSTANCES), checked against the
 * item's version the story calculates with (pinned or latest; also when the item is being
 * reworked or was deleted since).
 * A change of level, values or "optional" takes back a verification.
 */
export async function updateInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  instanceId: number,
  update: InstanceUpdate,
): Promise<Instance> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const before = await loadInstanceAt(deps, storyId, instanceId, update.revision);
  const [item, versions, labels, beforeLabels, pricing] = await Promise.all([
    findItemRow(deps.db, access.story.catalogId, before.itemId),
    loadItemVersionsOfStory(deps.db, storyId, [before.itemId]),
    storyLabelIds(deps.db, storyId),
    labelIdsOfInstance(deps.db, instanceId),
    loadRolePricing(deps.db, access.story),
  ]);
  const version = versions.get(before.itemId)?.version;
  // An instance exists only for a published item, which is never removed (only retired).
  if (!item || !version) throw new NotFoundError();
  const { checked, problems } = checkInstanceFields(update, version, labels);
  throwIfProblems(problems);
  const changes = changesBetween(
    { ...before, labelIds: beforeLabels },
    { ...checked },
    EVENT_FIELDS,
  );
  // Saving what is already stored changes nothing, not even the revision.
  if (changes.length === 0) return instanceView(deps, storyId, instanceId);
  const unverify =
    before.verifiedAt !== null && changes.some((change) => isEstimateField(change.field));
  const figures = calculateFigures(pricing, { item, version }, checked);
  await deps.db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    await holdItemVersions(tx, storyId, [{ itemId: before.itemId, version: version.version }]);
    const row = await updateInstanceIfRevision(tx, instanceId, update.revision, {
      values: storedValues(checked, figures),
      ...(unverify ? { verifiedByUserId: null } : {}),
    });
    if (!row) throw new ConflictError({ detail: STORY_STALE_WRITE.instance });
    if (changes.some((change) => change.field === 'labelIds')) {
      await replaceInstanceLabels(tx, instanceId, checked.labelIds);
    }
    await refreshStoryTotals(tx, storyId);
    await recordStoryEvent(tx, {
      storyId,
      instanceId,
      userId: user.id,
      type: 'INSTANCE_UPDATED',
      changes: [
        ...changes,
        ...(unverify ? [{ field: 'verified' as const, old: true, new: false }] : []),
      ],
    });
  });
  return instanceView(deps, storyId, instanceId);
}

function isEstimateField(field: string): boolean {
  return (ESTIMATE_FIELDS as readonly string[]).includes(field);
}

/** Removes an instance (EDIT_INSTANCES) and refreshes the story's totals. */
export async function deleteInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  instanceId: number,
): Promise<void> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const found = await findInstanceView(deps.db, storyId, instanceId);
  if (!found) throw new NotFoundError();
  await deps.db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    await deleteInstanceRow(tx, instanceId);
    await refreshStoryTotals(tx, storyId);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'INSTANCE_DELETED',
      changes: [
        { field: 'item', old: found.item.code, new: null },
        { field: 'name', old: found.instance.name, new: null },
        { field: 'instanceId', old: instanceId, new: null },
      ],
    });
  });
}

/**
 * Adds a copy of an instance (EDIT_INSTANCES): its fields and labels on the item's latest
 * published version (values the version no longer takes stay behind, the level is kept within
 * its range), not verified. The item must still be instantiable and, if not repeatable, the
 * copy is refused (409 INSTANCE_NOT_REPEATABLE).
 */
export async function copyInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  instanceId: number,
): Promise<Instance> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'EDIT_INSTANCES');
  const source = await findInstanceView(deps.db, storyId, instanceId);
  if (!source) throw new NotFoundError();
  const published = await loadInstantiableItem(deps, access, source.instance.itemId);
  const pricing = await loadRolePricing(deps.db, access.story);
  const checked: CheckedInstance = {
    name: source.instance.name,
    description: source.instance.description,
    optional: source.instance.optional,
    level: Math.min(source.instance.level, Math.max(1, maxLevelOfVersion(published.version))),
    values: keepValidValues(source.instance.values, published.version),
    labelIds: source.labelIds,
  };
  const figures = calculateFigures(pricing, published, checked);
  const [row] = await insertChecked(deps, access, [
    {
      published,
      checked,
      figures,
      extraChanges: [{ field: 'copiedFrom', old: null, new: instanceId }],
    },
  ]);
  if (!row) throw new Error('Inserting an instance returned no row');
  return instanceView(deps, storyId, row.id);
}

/** Marks an instance verified or not (VERIFY_INSTANCES) when `revision` is current. */
export async function verifyInstance(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  instanceId: number,
  request: { verified: boolean; revision: number },
): Promise<Instance> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'VERIFY_INSTANCES');
  const before = await loadInstanceAt(deps, storyId, instanceId, request.revision);
  // Saving what is already stored changes nothing.
  if ((before.verifiedAt !== null) === request.verified) {
    return instanceView(deps, storyId, instanceId);
  }
  await deps.db.transaction(async (tx) => {
    const row = await updateInstanceIfRevision(tx, instanceId, request.revision, {
      verifiedByUserId: request.verified ? user.id : null,
    });
    if (!row) throw new ConflictError({ detail: STORY_STALE_WRITE.instance });
    await recordStoryEvent(tx, {
      storyId,
      instanceId,
      userId: user.id,
      type: request.verified ? 'INSTANCE_VERIFIED' : 'INSTANCE_UNVERIFIED',
      changes: [{ field: 'verified', old: !request.verified, new: request.verified }],
    });
  });
  return instanceView(deps, storyId, instanceId);
}
