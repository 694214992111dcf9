// Rules of story lineups (decisions 0025, 0033): members with READ_LINEUPS read them priced (customers only those shared with them, final prices only); ICT_ADMIN and ICT_MODELER write them with the story company's partners, custom prices and shares.
import { compareScaled, parseDecimal, AMOUNT_DECIMALS, type StoryModel } from '@costory/calc';
import {
  type Lineup,
  type LineupCustomPriceInput,
  type LineupPricing,
  type LineupRolePricing,
  type LineupUpdate,
  type PartnerCompany,
  type PartnerCompanyListQuery,
  type StoryAction,
} from '@costory/shared';
import type { Db } from '../../../db/database';
import type { StoredEventChange, StoryRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from '../../../errors';
import { changesBetween, createdChanges, deletedChanges } from '../../../lib/changes';
import type { Page } from '../../../lib/cursor';
import { isUniqueViolation } from '../../../lib/db-errors';
import { fromNumericText, toNumericText } from '../../../lib/decimal';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { listRoleRows } from '../../catalogs/roles/roles.repository';
import { findPartnerCompanyRow } from '../../companies/partners/partner-companies.repository';
import { listPartnerCompanies } from '../../companies/partners/partner-companies.service';
import type { CalculationThread } from '../calculation/calculation-thread';
import {
  loadCalcInstancesText,
  loadStoryItems,
  storyModelOf,
  type CalcInstancesText,
} from '../calculation/model';
import { loadStoryAccess, lockStory, requireStoryAction, type StoryAccess } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { readsMargins } from '../common/margins';
import {
  LINEUP_DUPLICATE_ROLE,
  LINEUP_SHARE_NOT_CUSTOMER,
  LINEUP_NAME_TAKEN,
  LINEUP_PARTNER_KIND,
  LINEUP_STALE_WRITE,
  LINEUP_UNKNOWN_ROLE,
} from '../common/messages';
import type { LineupFigures, LineupPriceInput, PricedRole } from './lineup-pricing';
import {
  catalogCurrency,
  customerMembersAmong,
  deleteLineupRow,
  insertLineup,
  listLineupRecords,
  listSupplierPricesOfCatalog,
  replaceCustomPrices,
  replaceShares,
  updateLineupIfVersion,
  type LineupRecord,
  type LineupValues,
} from './lineups.repository';

const NAME_INDEX = 'story_lineups_story_name_unique';
const EVENT_FIELDS = ['name', 'description', 'supplier', 'subscriber', 'sharedWith'] as const;

/** A lineup as its history shows it: partners and people by name, since ids mean nothing to a reader. */
interface LineupEventView {
  name: string;
  description: string;
  supplier: string;
  subscriber: string;
  sharedWith: string;
}

/** People in the history in one order, so that the same people are no change. */
function namesText(names: readonly string[]): string {
  return [...names].sort((a, b) => a.localeCompare(b)).join(', ');
}

/** The lineup if the member may read it (a customer only when it is shared with them), else 404. */
export async function findReadableLineup(
  db: Db,
  access: StoryAccess,
  lineupId: number,
): Promise<LineupRecord> {
  const [record] = await visibleRecords(db, access, lineupId);
  if (!record) throw new NotFoundError();
  return record;
}

/** The lineups a member may read: all of them, or a customer's shared ones. */
function visibleRecords(db: Db, access: StoryAccess, lineupId?: number): Promise<LineupRecord[]> {
  return listLineupRecords(
    db,
    access.story.id,
    lineupId,
    readsMargins(access) ? undefined : access.user.id,
  );
}

/** A role as a customer reads it: the price that applies and what it makes, not where it comes from. */
function finalPricesOnly(role: PricedRole): LineupRolePricing {
  return { ...role, catalogPrice: null, supplierPrice: null, customPrice: null, source: null };
}

async function accessFor(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  action: StoryAction,
): Promise<StoryAccess> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, action);
  return access;
}

/** What lineups are priced from: the story's model, the catalog's roles and the instances. */
export interface LineupPricingSource {
  model: StoryModel;
  roles: LineupPriceInput['roles'];
  instances: CalcInstancesText;
}

/**
 * Each of `records` priced from `source` with its supplier's prices: one calculation per lineup,
 * on the calculation thread when the story is large. The live story and its frozen versions
 * (decision 0042) are priced by this one function.
 */
export async function priceLineupRecords(
  calculations: CalculationThread,
  source: LineupPricingSource,
  records: readonly LineupRecord[],
  supplierPricesOf: (record: LineupRecord) => ReadonlyMap<number, string>,
): Promise<{ record: LineupRecord; priced: LineupFigures }[]> {
  if (records.length === 0) return [];
  const figures = await calculations.priceLineups(
    {
      model: source.model,
      instancesText: source.instances.text,
      lineups: records.map((record) => ({
        roles: source.roles,
        supplierPrices: supplierPricesOf(record),
        customPrices: record.customPrices,
      })),
    },
    source.instances.count,
  );
  return records.map((record, index) => {
    const priced = figures[index];
    if (priced === undefined) throw new Error('A lineup was not priced');
    return { record, priced };
  });
}

/**
 * Every lineup in `records` priced: the story's model, instances and the candidate prices are read
 * once (five queries: roles, groups, items, instances, supplier prices), then each lineup is one
 * calculation.
 */
async function priceRecords(
  deps: Pick<StoryDeps, 'db' | 'calculations'>,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
  records: readonly LineupRecord[],
): Promise<{ record: LineupRecord; priced: LineupFigures }[]> {
  if (records.length === 0) return [];
  const { db } = deps;
  const [roles, groups, items, instances, supplierPrices] = await Promise.all([
    listRoleRows(db, story.catalogId),
    listGroupRows(db, story.catalogId),
    loadStoryItems(db, story.id),
    loadCalcInstancesText(db, story.id),
    listSupplierPricesOfCatalog(
      db,
      story.catalogId,
      records.map((record) => record.lineup.supplierId),
    ),
  ]);
  return priceLineupRecords(
    deps.calculations,
    { model: storyModelOf(roles, groups, items), roles, instances },
    records,
    (record) => supplierPrices.get(record.lineup.supplierId) ?? new Map(),
  );
}

/** One lineup of the story priced its way; 404 when the story has no such lineup. */
export async function priceStoryLineup(
  deps: StoryDeps,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
  lineupId: number,
): Promise<{ record: LineupRecord; priced: LineupFigures }> {
  const records = await listLineupRecords(deps.db, story.id, lineupId);
  const [entry] = await priceRecords(deps, story, records);
  if (!entry) throw new NotFoundError();
  return entry;
}

/** A priced lineup as the API answers it; a member without READ_MARGINS reads final prices only. */
export function toLineup(record: LineupRecord, priced: LineupFigures, margins: boolean): Lineup {
  const { lineup } = record;
  return {
    id: lineup.id,
    storyId: lineup.storyId,
    name: lineup.name,
    description: lineup.description,
    supplier: { id: lineup.supplierId, name: record.supplierName },
    subscriber: { id: lineup.subscriberId, name: record.subscriberName },
    customPrices: margins
      ? [...record.customPrices].map(([roleId, price]) => ({
          roleId,
          price: fromNumericText(price),
        }))
      : [],
    sharedWith: margins ? record.sharedWith : [],
    total: priced.total,
    optional: priced.optional,
    errorCount: priced.errorCount,
    unpricedInstances: priced.unpricedInstances,
    version: lineup.version,
    createdAt: lineup.createdAt.toISOString(),
    updatedAt: lineup.updatedAt.toISOString(),
  };
}

/**
 * The story's lineups by name, each with the story's totals priced its way (READ_LINEUPS); a
 * customer reads only those shared with them.
 */
export async function listLineups(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<Lineup[]> {
  const access = await accessFor(deps, user, storyId, 'READ_LINEUPS');
  const priced = await priceRecords(deps, access.story, await visibleRecords(deps.db, access));
  return priced.map(({ record, priced: result }) => toLineup(record, result, readsMargins(access)));
}

async function pricingOf(
  deps: StoryDeps,
  access: StoryAccess,
  lineupId: number,
): Promise<LineupPricing> {
  const [records, currency] = await Promise.all([
    visibleRecords(deps.db, access, lineupId),
    catalogCurrency(deps.db, access.story.catalogId),
  ]);
  const [entry] = await priceRecords(deps, access.story, records);
  if (!entry) throw new NotFoundError();
  return toLineupPricing(entry, readsMargins(access), currency);
}

/** One lineup role by role; a member without READ_MARGINS reads final prices only. */
export function toLineupPricing(
  entry: { record: LineupRecord; priced: LineupFigures },
  margins: boolean,
  currency: string,
): LineupPricing {
  return {
    ...toLineup(entry.record, entry.priced, margins),
    currency,
    roles: margins ? entry.priced.roles : entry.priced.roles.map(finalPricesOnly),
  };
}

/**
 * One lineup with each role's amount, candidate prices, the price used and its source
 * (READ_LINEUPS); a customer reads a lineup shared with them (others 404), final prices only.
 */
export async function getLineupPricing(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  lineupId: number,
): Promise<LineupPricing> {
  const access = await accessFor(deps, user, storyId, 'READ_LINEUPS');
  return pricingOf(deps, access, lineupId);
}

/**
 * The story company's partners of one kind, for the lineup form (EDIT_LINEUPS): a member invited
 * from another company picks among the story company's suppliers, not their own.
 */
export async function listLineupPartners(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  query: PartnerCompanyListQuery,
): Promise<Page<PartnerCompany>> {
  const access = await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  return listPartnerCompanies(deps.db, access.story.companyId, query);
}

/**
 * The supplier's prices of the story's catalog roles (EDIT_LINEUPS), so the lineup form shows
 * which price applies without a custom one; a partner of another company, or no supplier, is 404.
 */
export async function getLineupSupplierPrices(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  partnerId: number,
): Promise<{ roleId: number; price: string }[]> {
  const access = await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  const partner = await findPartnerCompanyRow(deps.db, access.story.companyId, partnerId);
  if (partner?.kind !== 'SUPPLIER') throw new NotFoundError();
  const prices = await listSupplierPricesOfCatalog(deps.db, access.story.catalogId, [partnerId]);
  return [...(prices.get(partnerId) ?? new Map<number, string>())].map(([roleId, price]) => ({
    roleId,
    price: fromNumericText(price),
  }));
}

/**
 * The partner `id` of the story's company with the expected kind. Another company's or an unknown
 * one is 404 (never data); one of the wrong kind is a field error.
 */
async function checkPartner(
  db: Db,
  story: Pick<StoryRow, 'companyId'>,
  id: number,
  field: 'supplierId' | 'subscriberId',
): Promise<{ problem: FieldProblem | null; name: string }> {
  const partner = await findPartnerCompanyRow(db, story.companyId, id);
  if (!partner) throw new NotFoundError();
  const expected = field === 'supplierId' ? 'SUPPLIER' : 'SUBSCRIBER';
  return {
    problem:
      partner.kind === expected
        ? null
        : { field, rule: 'partner_kind', message: LINEUP_PARTNER_KIND[field] },
    name: partner.name,
  };
}

/** Custom prices as NUMERIC text by role; every role of the story's catalog, each once. */
function customPriceMap(
  prices: readonly LineupCustomPriceInput[],
  catalogRoleIds: ReadonlySet<number>,
): { map: Map<number, string>; problems: FieldProblem[] } {
  const map = new Map<number, string>();
  const problems: FieldProblem[] = [];
  prices.forEach((entry, index) => {
    const field = `customPrices.${String(index)}.roleId`;
    if (!catalogRoleIds.has(entry.roleId)) {
      problems.push({ field, rule: 'unknown_role', message: LINEUP_UNKNOWN_ROLE });
    } else if (map.has(entry.roleId)) {
      problems.push({ field, rule: 'duplicate_role', message: LINEUP_DUPLICATE_ROLE });
    } else {
      map.set(entry.roleId, toNumericText(entry.price));
    }
  });
  return { map, problems };
}

interface CheckedInput {
  values: LineupValues;
  customPrices: Map<number, string>;
  /** User ids of the CUSTOMER members it is shared with. */
  sharedWith: number[];
  /** What the lineup's events record. */
  view: LineupEventView;
  /** Codes of the catalog's roles by id, to name custom prices in events. */
  roleCodes: ReadonlyMap<number, string>;
}

/** The share list: CUSTOMER members of the story, each once (others are field errors). */
function shareProblems(
  userIds: readonly number[],
  customers: ReadonlyMap<number, string>,
): FieldProblem[] {
  return userIds.flatMap((userId, index) =>
    customers.has(userId) && userIds.indexOf(userId) === index
      ? []
      : [
          {
            field: `sharedWith.${String(index)}`,
            rule: 'share_not_customer',
            message: LINEUP_SHARE_NOT_CUSTOMER,
          },
        ],
  );
}

async function checkInput(
  db: Db,
  story: Pick<StoryRow, 'id' | 'companyId' | 'catalogId'>,
  input: Omit<LineupUpdate, 'version'>,
): Promise<CheckedInput> {
  const sharedWith = input.sharedWith ?? [];
  const [supplier, subscriber, roles, customers] = await Promise.all([
    checkPartner(db, story, input.supplierId, 'supplierId'),
    checkPartner(db, story, input.subscriberId, 'subscriberId'),
    listRoleRows(db, story.catalogId),
    customerMembersAmong(db, story.id, sharedWith),
  ]);
  const roleCodes = new Map(roles.map((role) => [role.id, role.code]));
  const { map, problems } = customPriceMap(input.customPrices ?? [], new Set(roleCodes.keys()));
  const all = [
    supplier.problem,
    subscriber.problem,
    ...problems,
    ...shareProblems(sharedWith, customers),
  ].filter((problem): problem is FieldProblem => problem !== null);
  if (all.length > 0) throw new ValidationError(all);
  const name = input.name.trim();
  const description = (input.description ?? '').trim();
  return {
    values: { name, description, supplierId: input.supplierId, subscriberId: input.subscriberId },
    customPrices: map,
    sharedWith,
    view: {
      name,
      description,
      supplier: supplier.name,
      subscriber: subscriber.name,
      sharedWith: namesText(sharedWith.map((id) => customers.get(id) ?? '')),
    },
    roleCodes,
  };
}

function eventViewOf(record: LineupRecord): LineupEventView {
  return {
    name: record.lineup.name,
    description: record.lineup.description,
    supplier: record.supplierName,
    subscriber: record.subscriberName,
    sharedWith: namesText(record.sharedWith.map((user) => user.name)),
  };
}

function nameTaken(): ValidationError {
  return new ValidationError([
    { field: 'name', rule: 'lineup_name_taken', message: LINEUP_NAME_TAKEN },
  ]);
}

/** Same prices: equal as decimals ("200,00" and "200"), role by role. */
function samePrices(a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [roleId, price] of a) {
    const other = b.get(roleId);
    if (other === undefined) return false;
    const left = parseDecimal(price, AMOUNT_DECIMALS);
    const right = parseDecimal(other, AMOUNT_DECIMALS);
    if (left === null || right === null || compareScaled(left, right) !== 0) return false;
  }
  return true;
}

/** Custom prices as the history shows them: by role code. */
function priceChanges(
  before: ReadonlyMap<number, string>,
  after: ReadonlyMap<number, string>,
  roleCodes: ReadonlyMap<number, string>,
): StoredEventChange[] {
  const byCode = (prices: ReadonlyMap<number, string>) =>
    Object.fromEntries(
      [...prices].map(([id, price]) => [roleCodes.get(id) ?? `#${id}`, fromNumericText(price)]),
    );
  return samePrices(before, after)
    ? []
    : [{ field: 'customPrices', old: byCode(before), new: byCode(after) }];
}

export async function createLineup(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: Omit<LineupUpdate, 'version'>,
): Promise<LineupPricing> {
  const access = await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  const checked = await checkInput(deps.db, access.story, input);
  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockStory(tx, storyId);
      const inserted = await insertLineup(tx, storyId, checked.values);
      await replaceCustomPrices(tx, inserted.id, checked.customPrices);
      await replaceShares(tx, inserted.id, checked.sharedWith);
      await recordStoryEvent(tx, {
        storyId,
        userId: user.id,
        type: 'LINEUP_CREATED',
        changes: [
          ...createdChanges(checked.view, EVENT_FIELDS),
          ...priceChanges(new Map(), checked.customPrices, checked.roleCodes),
        ],
      });
      return inserted;
    });
    return await pricingOf(deps, access, row.id);
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
    throw error;
  }
}

/** Saves the lineup when `version` is current (else 409 and nothing changes). */
export async function updateLineup(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  lineupId: number,
  input: LineupUpdate,
): Promise<LineupPricing> {
  const access = await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  const checked = await checkInput(deps.db, access.story, input);
  try {
    await deps.db.transaction(async (tx) => {
      // Read under the story's lock: what the changes are compared with is what is stored now.
      await lockStory(tx, storyId);
      const [before] = await listLineupRecords(tx, storyId, lineupId);
      if (!before) throw new NotFoundError();
      if (before.lineup.version !== input.version) {
        throw new ConflictError({ detail: LINEUP_STALE_WRITE });
      }
      const changes = [
        ...changesBetween(eventViewOf(before), checked.view, EVENT_FIELDS),
        ...priceChanges(before.customPrices, checked.customPrices, checked.roleCodes),
      ];
      // Saving what is already stored changes nothing.
      if (changes.length === 0) return;
      const updated = await updateLineupIfVersion(tx, lineupId, input.version, checked.values);
      if (!updated) throw new ConflictError({ detail: LINEUP_STALE_WRITE });
      if (!samePrices(before.customPrices, checked.customPrices)) {
        await replaceCustomPrices(tx, lineupId, checked.customPrices);
      }
      await replaceShares(tx, lineupId, checked.sharedWith);
      await recordStoryEvent(tx, { storyId, userId: user.id, type: 'LINEUP_UPDATED', changes });
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
    throw error;
  }
  return pricingOf(deps, access, lineupId);
}

export async function deleteLineup(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  lineupId: number,
): Promise<void> {
  await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  await deps.db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    const [found] = await listLineupRecords(tx, storyId, lineupId);
    if (!found) throw new NotFoundError();
    await deleteLineupRow(tx, lineupId);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'LINEUP_DELETED',
      changes: deletedChanges(found.lineup, ['name']),
    });
  });
}
