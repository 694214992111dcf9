// Queries of story lineups: the story's lineups with their companies, custom prices and shares, one lineup, writes, each role's candidate prices, the lineups using a company, and a lineup's quotes.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { personName } from '../../../lib/person-name';
import {
  catalogs,
  catalogRoles,
  lineupQuotes,
  lineupRolePrices,
  lineupShares,
  partnerCompanies,
  storyLineups,
  storyMembers,
  supplierRolePrices,
  users,
  type LineupQuoteRow,
  type StoryLineupRow,
} from '../../../db/schema';

export interface LineupRecord {
  lineup: StoryLineupRow;
  supplierName: string;
  subscriberName: string;
  /** Role id -> price as stored (NUMERIC text). */
  customPrices: Map<number, string>;
  /** The CUSTOMER members it is shared with, by name. */
  sharedWith: { id: number; name: string }[];
}

const suppliers = alias(partnerCompanies, 'supplier');
const subscribers = alias(partnerCompanies, 'subscriber');

async function customPricesOf(db: Db, lineupIds: readonly number[]) {
  if (lineupIds.length === 0) return new Map<number, Map<number, string>>();
  const rows = await db
    .select()
    .from(lineupRolePrices)
    .where(inArray(lineupRolePrices.lineupId, [...lineupIds]));
  const byLineup = new Map<number, Map<number, string>>();
  for (const row of rows) {
    const prices = byLineup.get(row.lineupId) ?? new Map<number, string>();
    prices.set(row.roleId, row.price);
    byLineup.set(row.lineupId, prices);
  }
  return byLineup;
}

async function sharesOf(db: Db, lineupIds: readonly number[]) {
  const byLineup = new Map<number, { id: number; name: string }[]>();
  if (lineupIds.length === 0) return byLineup;
  const rows = await db
    .select({
      lineupId: lineupShares.lineupId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(lineupShares)
    .innerJoin(users, eq(users.id, lineupShares.userId))
    .where(inArray(lineupShares.lineupId, [...lineupIds]))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  for (const { lineupId, id, ...name } of rows) {
    byLineup.set(lineupId, [...(byLineup.get(lineupId) ?? []), { id, name: personName(name) }]);
  }
  return byLineup;
}

/**
 * The story's lineups (one when `lineupId` is given) by name, with company names, custom prices and
 * shares; with `sharedWithUserId`, only those shared with that user.
 */
export async function listLineupRecords(
  db: Db,
  storyId: number,
  lineupId?: number,
  sharedWithUserId?: number,
): Promise<LineupRecord[]> {
  const rows = await db
    .select({
      lineup: storyLineups,
      supplierName: suppliers.name,
      subscriberName: subscribers.name,
    })
    .from(storyLineups)
    .innerJoin(suppliers, eq(suppliers.id, storyLineups.supplierId))
    .innerJoin(subscribers, eq(subscribers.id, storyLineups.subscriberId))
    .where(
      and(
        eq(storyLineups.storyId, storyId),
        lineupId === undefined ? undefined : eq(storyLineups.id, lineupId),
        sharedWithUserId === undefined
          ? undefined
          : inArray(
              storyLineups.id,
              db
                .select({ id: lineupShares.lineupId })
                .from(lineupShares)
                .where(eq(lineupShares.userId, sharedWithUserId)),
            ),
      ),
    )
    .orderBy(asc(sql`lower(${storyLineups.name})`), asc(storyLineups.id));
  const ids = rows.map((row) => row.lineup.id);
  const [prices, shares] = await Promise.all([customPricesOf(db, ids), sharesOf(db, ids)]);
  return rows.map((row) => ({
    ...row,
    customPrices: prices.get(row.lineup.id) ?? new Map(),
    sharedWith: shares.get(row.lineup.id) ?? [],
  }));
}

export type LineupValues = Pick<
  StoryLineupRow,
  'name' | 'description' | 'supplierId' | 'subscriberId'
>;

export async function insertLineup(
  tx: Db,
  storyId: number,
  values: LineupValues,
): Promise<StoryLineupRow> {
  const [row] = await tx
    .insert(storyLineups)
    .values({ ...values, storyId })
    .returning();
  if (!row) throw new Error('Inserting a lineup returned no row');
  return row;
}

/** Saves the values and bumps the version (custom prices included) when `version` is current; undefined when it is stale. */
export async function updateLineupIfVersion(
  tx: Db,
  lineupId: number,
  version: number,
  values: LineupValues,
): Promise<StoryLineupRow | undefined> {
  const [row] = await tx
    .update(storyLineups)
    .set({ ...values, version: sql`${storyLineups.version} + 1` })
    .where(and(eq(storyLineups.id, lineupId), eq(storyLineups.version, version)))
    .returning();
  return row;
}

/** Replaces the lineup's custom prices as a whole (prices as NUMERIC text). */
export async function replaceCustomPrices(
  tx: Db,
  lineupId: number,
  prices: ReadonlyMap<number, string>,
): Promise<void> {
  await tx.delete(lineupRolePrices).where(eq(lineupRolePrices.lineupId, lineupId));
  if (prices.size === 0) return;
  await tx
    .insert(lineupRolePrices)
    .values([...prices].map(([roleId, price]) => ({ lineupId, roleId, price })));
}

/** Replaces the members the lineup is shared with as a whole. */
export async function replaceShares(
  tx: Db,
  lineupId: number,
  userIds: readonly number[],
): Promise<void> {
  await tx.delete(lineupShares).where(eq(lineupShares.lineupId, lineupId));
  if (userIds.length === 0) return;
  await tx.insert(lineupShares).values(userIds.map((userId) => ({ lineupId, userId })));
}

/** Which of `userIds` are CUSTOMER members of the story. */
export async function customerMembersAmong(
  db: Db,
  storyId: number,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: storyMembers.userId, firstName: users.firstName, lastName: users.lastName })
    .from(storyMembers)
    .innerJoin(users, eq(users.id, storyMembers.userId))
    .where(
      and(
        eq(storyMembers.storyId, storyId),
        eq(storyMembers.role, 'ICT_CUSTOMER'),
        inArray(storyMembers.userId, [...userIds]),
      ),
    );
  return new Map(rows.map(({ id, ...name }) => [id, personName(name)]));
}

export async function deleteLineupRow(tx: Db, lineupId: number): Promise<void> {
  await tx.delete(storyLineups).where(eq(storyLineups.id, lineupId));
}

/** Supplier id -> role id -> the supplier's price (NUMERIC text) of the catalog's roles: one query. */
export async function listSupplierPricesOfCatalog(
  db: Db,
  catalogId: number,
  supplierIds: readonly number[],
): Promise<Map<number, Map<number, string>>> {
  const bySupplier = new Map<number, Map<number, string>>();
  if (supplierIds.length === 0) return bySupplier;
  const rows = await db
    .select({
      supplierId: supplierRolePrices.partnerCompanyId,
      roleId: supplierRolePrices.roleId,
      price: supplierRolePrices.price,
    })
    .from(supplierRolePrices)
    .innerJoin(catalogRoles, eq(catalogRoles.id, supplierRolePrices.roleId))
    .where(
      and(
        eq(catalogRoles.catalogId, catalogId),
        inArray(supplierRolePrices.partnerCompanyId, [...supplierIds]),
      ),
    );
  for (const row of rows) {
    const prices = bySupplier.get(row.supplierId) ?? new Map<number, string>();
    prices.set(row.roleId, row.price);
    bySupplier.set(row.supplierId, prices);
  }
  return bySupplier;
}

/**
 * The lineups that use the partner company, by name, and whether `userId` is a member of each
 * one's story (only those names may be shown to them).
 */
export async function lineupsUsingPartner(
  db: Db,
  partnerId: number,
  userId: number,
): Promise<{ name: string; visible: boolean }[]> {
  return db
    .select({
      name: storyLineups.name,
      visible: sql<boolean>`${storyMembers.userId} is not null`,
    })
    .from(storyLineups)
    .leftJoin(
      storyMembers,
      and(eq(storyMembers.storyId, storyLineups.storyId), eq(storyMembers.userId, userId)),
    )
    .where(or(eq(storyLineups.supplierId, partnerId), eq(storyLineups.subscriberId, partnerId)))
    .orderBy(asc(sql`lower(${storyLineups.name})`));
}

/** The currency of the catalog's prices. */
export async function catalogCurrency(db: Db, catalogId: number): Promise<string> {
  const [row] = await db
    .select({ currency: catalogs.currency })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId));
  return row?.currency ?? '';
}

/** Quotes of a lineup of the story (none when the lineup is another story's). */
export async function listQuoteRows(
  db: Db,
  storyId: number,
  lineupId: number,
  quoteId?: number,
): Promise<LineupQuoteRow[]> {
  const rows = await db
    .select({ quote: lineupQuotes })
    .from(lineupQuotes)
    .innerJoin(storyLineups, eq(storyLineups.id, lineupQuotes.lineupId))
    .where(
      and(
        eq(storyLineups.storyId, storyId),
        eq(lineupQuotes.lineupId, lineupId),
        ...(quoteId === undefined ? [] : [eq(lineupQuotes.id, quoteId)]),
      ),
    )
    .orderBy(asc(lineupQuotes.id));
  return rows.map((row) => row.quote);
}
