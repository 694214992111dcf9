// Queries of story versions (decision 0042): what a version freezes, read from the live story and its catalog, and the versions' rows.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { personName } from '../../../lib/person-name';
import {
  storyInstances,
  storyLabels,
  storyVersions,
  users,
  type FrozenCatalog,
  type FrozenLineup,
  type FrozenNames,
  type StoryRow,
  type StoryVersionRow,
} from '../../../db/schema';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { listPhaseRows } from '../../catalogs/phases/phases.repository';
import { listRoleRows } from '../../catalogs/roles/roles.repository';
import {
  loadCalcInstancesText,
  loadStoryItemVersions,
  type ItemVersionChoice,
} from '../calculation/model';
import {
  catalogCurrency,
  listLineupRecords,
  listSupplierPricesOfCatalog,
} from '../lineups/lineups.repository';

/** The inputs of the story's own figures (no lineups) and the names to show them by. */
export interface StoryInputs {
  currency: string;
  catalog: FrozenCatalog;
  /** As `loadCalcInstancesText` reads them. */
  instances: string;
  instanceCount: number;
  names: FrozenNames;
}

/** Everything a version keeps: the story's inputs and its lineups. */
export interface FrozenContent extends StoryInputs {
  lineups: FrozenLineup[];
}

/**
 * The story's figures' inputs as they are now, read with the same queries as its calculation:
 * the catalog's roles, groups and phases, the published version of each item its instances use,
 * the instances and labels, in the shape a version freezes them in (so a comparison reads the
 * live story and a version alike); `itemVersions` 'latest' reads the story as every waiting
 * upgrade would make it (decision 0043). Call under the story's lock, so that no write falls
 * between the reads.
 */
export async function loadStoryInputs(
  tx: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
  itemVersions: ItemVersionChoice = 'story',
): Promise<StoryInputs> {
  // One after the other: a transaction's one connection takes one query at a time.
  const currency = await catalogCurrency(tx, story.catalogId);
  const roles = await listRoleRows(tx, story.catalogId);
  const groups = await listGroupRows(tx, story.catalogId);
  const phases = await listPhaseRows(tx, story.catalogId);
  const items = await loadStoryItemVersions(tx, story.id, itemVersions);
  const instances = await loadCalcInstancesText(tx, story.id);
  const labels = await tx
    .select({ id: storyLabels.id, title: storyLabels.title, color: storyLabels.color })
    .from(storyLabels)
    .where(eq(storyLabels.storyId, story.id))
    .orderBy(asc(storyLabels.id));
  const instanceNames = await tx
    .select({
      id: storyInstances.id,
      itemId: storyInstances.itemId,
      name: storyInstances.name,
      description: storyInstances.description,
    })
    .from(storyInstances)
    .where(eq(storyInstances.storyId, story.id))
    .orderBy(asc(storyInstances.id));
  return {
    currency,
    catalog: {
      roles: roles.map(({ id, code, name, unit, price }) => ({ id, code, name, unit, price })),
      groups: groups.map(({ id, parentId, code, name }) => ({ id, parentId, code, name })),
      phases: phases.map(({ id, code, name, position }) => ({ id, code, name, position })),
      items,
    },
    instances: instances.text,
    instanceCount: instances.count,
    names: {
      labels,
      instances: instanceNames.map((row) => [row.id, row.itemId, row.name, row.description]),
    },
  };
}

/**
 * The story as it is now, read with the same queries as its calculation and its lineups: its
 * inputs (`loadStoryInputs`) and the lineups with their supplier's prices. Call under the story's
 * lock, so that no write falls between the reads.
 */
export async function loadFrozenContent(
  tx: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<FrozenContent> {
  const inputs = await loadStoryInputs(tx, story);
  const records = await listLineupRecords(tx, story.id);
  const supplierPrices = await listSupplierPricesOfCatalog(
    tx,
    story.catalogId,
    records.map((record) => record.lineup.supplierId),
  );
  return {
    ...inputs,
    lineups: records.map(({ lineup, supplierName, subscriberName, customPrices, sharedWith }) => ({
      id: lineup.id,
      name: lineup.name,
      description: lineup.description,
      supplier: { id: lineup.supplierId, name: supplierName },
      subscriber: { id: lineup.subscriberId, name: subscriberName },
      customPrices: [...customPrices],
      supplierPrices: [...(supplierPrices.get(lineup.supplierId) ?? new Map<number, string>())],
      sharedWith,
      version: lineup.version,
      createdAt: lineup.createdAt.toISOString(),
      updatedAt: lineup.updatedAt.toISOString(),
    })),
  };
}

export type NewVersion = Omit<typeof storyVersions.$inferInsert, 'id' | 'createdAt'>;

export async function insertVersion(tx: Db, values: NewVersion): Promise<StoryVersionRow> {
  const [row] = await tx.insert(storyVersions).values(values).returning();
  if (!row) throw new Error('Inserting a story version returned no row');
  return row;
}

/** A version without its frozen content, with its author's name. */
export type VersionSummary = Pick<
  StoryVersionRow,
  | 'id'
  | 'name'
  | 'note'
  | 'createdAt'
  | 'currency'
  | 'price'
  | 'mandays'
  | 'optionalPrice'
  | 'optionalMandays'
  | 'instanceCount'
  | 'errorCount'
> & { author: { id: number; name: string } | null };

const summaryColumns = {
  id: storyVersions.id,
  name: storyVersions.name,
  note: storyVersions.note,
  createdAt: storyVersions.createdAt,
  currency: storyVersions.currency,
  price: storyVersions.price,
  mandays: storyVersions.mandays,
  optionalPrice: storyVersions.optionalPrice,
  optionalMandays: storyVersions.optionalMandays,
  instanceCount: storyVersions.instanceCount,
  errorCount: storyVersions.errorCount,
  authorId: users.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

function toSummary({
  authorId,
  authorFirstName,
  authorLastName,
  ...version
}: {
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
} & Omit<VersionSummary, 'author'>): VersionSummary {
  return {
    ...version,
    author:
      authorId === null
        ? null
        : {
            id: authorId,
            name: personName({ firstName: authorFirstName, lastName: authorLastName }),
          },
  };
}

/**
 * The story's versions (one when `versionId` is given), newest first, without the frozen content:
 * the list reads the totals only.
 */
export async function listVersionSummaries(
  db: Db,
  storyId: number,
  versionId?: number,
): Promise<VersionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(storyVersions)
    .leftJoin(users, eq(users.id, storyVersions.createdByUserId))
    .where(
      and(
        eq(storyVersions.storyId, storyId),
        versionId === undefined ? undefined : eq(storyVersions.id, versionId),
      ),
    )
    .orderBy(desc(storyVersions.createdAt), desc(storyVersions.id));
  return rows.map(toSummary);
}

/** A version with its frozen content. */
export type FrozenVersion = VersionSummary &
  Pick<StoryVersionRow, 'catalog' | 'instances' | 'names' | 'lineups'>;

/** One version of the story with its frozen content; undefined when the story has no such version. */
export async function findVersion(
  db: Db,
  storyId: number,
  versionId: number,
): Promise<FrozenVersion | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      catalog: storyVersions.catalog,
      instances: storyVersions.instances,
      names: storyVersions.names,
      lineups: storyVersions.lineups,
    })
    .from(storyVersions)
    .leftJoin(users, eq(users.id, storyVersions.createdByUserId))
    .where(and(eq(storyVersions.storyId, storyId), eq(storyVersions.id, versionId)));
  if (!row) return undefined;
  const { catalog, instances, names, lineups, ...summary } = row;
  return { ...toSummary(summary), catalog, instances, names, lineups };
}

/** Whether another version of the story has `name`, compared as the unique index compares. */
export async function versionNameExists(tx: Db, storyId: number, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: storyVersions.id })
    .from(storyVersions)
    .where(
      and(eq(storyVersions.storyId, storyId), sql`lower(${storyVersions.name}) = lower(${name})`),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the story's version; its name, or undefined when the story has no such version. */
export async function deleteVersionRow(
  tx: Db,
  storyId: number,
  versionId: number,
): Promise<string | undefined> {
  const [row] = await tx
    .delete(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), eq(storyVersions.id, versionId)))
    .returning({ name: storyVersions.name });
  return row?.name;
}
