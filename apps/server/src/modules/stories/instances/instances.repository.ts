// Queries of story instances: the filtered, cursor-paged list with item and verifier, one instance, guarded writes and the story's cached totals.
import { and, asc, eq, exists, gt, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/database';
import {
  catalogItems,
  itemVersions,
  storyItemPins,
  stories,
  storyInstanceLabels,
  storyInstances,
  users,
  type CatalogItemRow,
  type StoredInstanceValue,
  type StoryInstanceRow,
} from '../../../db/schema';

/** The instance's label ids, ascending, aggregated in the same query (no query per instance). */
export const instanceLabelIds = sql<
  number[]
>`coalesce((select array_agg(${storyInstanceLabels.labelId} order by ${storyInstanceLabels.labelId}) from ${storyInstanceLabels} where ${storyInstanceLabels.instanceId} = ${storyInstances.id}), '{}')`;

export interface InstanceViewRow {
  instance: StoryInstanceRow;
  item: Pick<
    CatalogItemRow,
    'code' | 'name' | 'groupId' | 'phaseId' | 'icon' | 'repeatable' | 'deprecatedAt'
  >;
  verifierFirstName: string | null;
  verifierLastName: string | null;
  labelIds: number[];
}

function selectInstanceViews(db: Db) {
  return db
    .select({
      instance: storyInstances,
      item: {
        code: catalogItems.code,
        name: catalogItems.name,
        groupId: catalogItems.groupId,
        phaseId: catalogItems.phaseId,
        icon: catalogItems.icon,
        repeatable: catalogItems.repeatable,
        deprecatedAt: catalogItems.deprecatedAt,
      },
      verifierFirstName: users.firstName,
      verifierLastName: users.lastName,
      labelIds: instanceLabelIds,
    })
    .from(storyInstances)
    .innerJoin(catalogItems, eq(catalogItems.id, storyInstances.itemId))
    .leftJoin(users, eq(users.id, storyInstances.verifiedByUserId));
}

export async function findInstanceView(
  db: Db,
  storyId: number,
  instanceId: number,
): Promise<InstanceViewRow | undefined> {
  const [row] = await selectInstanceViews(db)
    .where(and(eq(storyInstances.storyId, storyId), eq(storyInstances.id, instanceId)))
    .limit(1);
  return row;
}

/** The story's instances among `instanceIds`, in the order they were added. */
export async function findInstanceViews(
  db: Db,
  storyId: number,
  instanceIds: readonly number[],
): Promise<InstanceViewRow[]> {
  if (instanceIds.length === 0) return [];
  return selectInstanceViews(db)
    .where(and(eq(storyInstances.storyId, storyId), inArray(storyInstances.id, [...instanceIds])))
    .orderBy(asc(storyInstances.id));
}

/** Which of the story's instances the list and its subtotal take. */
export interface InstanceFilter {
  storyId: number;
  /** Instances of items in these catalog groups (a group and its sub-groups). */
  groupIds: readonly number[] | undefined;
  /** Instances that carry every one of these story labels. */
  labelIds: readonly number[] | undefined;
  /** Instances whose item's version the story calculates with has a formula for this role at their level. */
  roleId: number | undefined;
  phaseId: number | undefined;
  /** A LIKE pattern over the folded instance name and the item's code and names. */
  pattern: string | undefined;
}

export interface InstanceListFilter extends InstanceFilter {
  afterId: number | undefined;
  limit: number;
}

/**
 * The instance's item, in the published version the calculation uses (pinned or latest), has a formula for the
 * role at the instance's level: the instance adds to that role's line of the summary.
 */
function pricedForRole(roleId: number): SQL {
  return sql`exists (
    select 1 from ${itemVersions} as published
    where published.item_id = ${storyInstances.itemId}
      and published.version = coalesce(
        (
          select pin.version from ${storyItemPins} as pin
          where pin.story_id = ${storyInstances.storyId} and pin.item_id = ${storyInstances.itemId}
        ),
        (
          select max(latest.version) from ${itemVersions} as latest
          where latest.item_id = ${storyInstances.itemId}
        )
      )
      and published.formulas @> jsonb_build_array(
        jsonb_build_object('roleId', ${roleId}::integer, 'level', ${storyInstances.level})
      )
  )`;
}

/**
 * The WHERE of the filtered instances, over `story_instances` joined with their `catalog_items`:
 * the one definition the list and its subtotal share.
 */
function instanceFilterCondition(db: Db, filter: InstanceFilter): SQL | undefined {
  return and(
    eq(storyInstances.storyId, filter.storyId),
    filter.groupIds === undefined ? undefined : inArray(catalogItems.groupId, [...filter.groupIds]),
    // One EXISTS per label, each a primary-key probe (as the catalog's item list does).
    ...(filter.labelIds ?? []).map((labelId) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(storyInstanceLabels)
          .where(
            and(
              eq(storyInstanceLabels.instanceId, storyInstances.id),
              eq(storyInstanceLabels.labelId, labelId),
            ),
          ),
      ),
    ),
    filter.roleId === undefined ? undefined : pricedForRole(filter.roleId),
    filter.phaseId === undefined ? undefined : eq(catalogItems.phaseId, filter.phaseId),
    filter.pattern === undefined
      ? undefined
      : or(
          like(storyInstances.searchText, filter.pattern),
          like(catalogItems.searchText, filter.pattern),
        ),
  );
}

/** The story's instances in the order they were added, one page after the cursor. */
export async function listInstanceViews(
  db: Db,
  filter: InstanceListFilter,
): Promise<InstanceViewRow[]> {
  return selectInstanceViews(db)
    .where(
      and(
        instanceFilterCondition(db, filter),
        filter.afterId === undefined ? undefined : gt(storyInstances.id, filter.afterId),
      ),
    )
    .orderBy(asc(storyInstances.id))
    .limit(filter.limit + 1);
}

/** Sums of the filtered instances, stored figures as refreshStoryTotals sums them. */
export interface InstanceSums {
  count: number;
  optionalCount: number;
  /** Of the non-optional instances, exact (7 decimals). */
  mandays: string;
  /** Of the non-optional instances. */
  price: string;
  errorCount: number;
}

/**
 * The sums of the instances the list's filter takes (all pages), in one aggregate query: as the
 * story's cached totals (refreshStoryTotals), optional instances are counted but not summed.
 */
export async function sumInstances(db: Db, filter: InstanceFilter): Promise<InstanceSums> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      optionalCount: sql<number>`(count(*) filter (where ${storyInstances.optional}))::int`,
      mandays: sql<string>`coalesce(sum(${storyInstances.mandays}) filter (where not ${storyInstances.optional}), 0)::text`,
      price: sql<string>`coalesce(sum(${storyInstances.price}) filter (where not ${storyInstances.optional}), 0)::numeric(30, 2)::text`,
      errorCount: sql<number>`coalesce(sum(${storyInstances.errorCount}), 0)::int`,
    })
    .from(storyInstances)
    .innerJoin(catalogItems, eq(catalogItems.id, storyInstances.itemId))
    .where(instanceFilterCondition(db, filter));
  if (!row) throw new Error('An aggregate query returned no row');
  return row;
}

export async function findInstanceRow(
  db: Db,
  storyId: number,
  instanceId: number,
): Promise<StoryInstanceRow | undefined> {
  const [row] = await db
    .select()
    .from(storyInstances)
    .where(and(eq(storyInstances.storyId, storyId), eq(storyInstances.id, instanceId)))
    .limit(1);
  return row;
}

export async function labelIdsOfInstance(db: Db, instanceId: number): Promise<number[]> {
  const rows = await db
    .select({ labelId: storyInstanceLabels.labelId })
    .from(storyInstanceLabels)
    .where(eq(storyInstanceLabels.instanceId, instanceId))
    .orderBy(asc(storyInstanceLabels.labelId));
  return rows.map((row) => row.labelId);
}

/** Which of `itemIds` the story already has an instance of. */
export async function itemIdsInStory(
  db: Db,
  storyId: number,
  itemIds: readonly number[],
): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: storyInstances.itemId })
    .from(storyInstances)
    .where(and(eq(storyInstances.storyId, storyId), inArray(storyInstances.itemId, [...itemIds])));
  return new Set(rows.map((row) => row.itemId));
}

/** What an instance write stores: the fields and the figures of its calculation. */
export interface InstanceValues {
  name: string;
  description: string;
  optional: boolean;
  level: number;
  values: Record<string, StoredInstanceValue>;
  searchText: string;
  price: string;
  mandays: string;
  errorCount: number;
}

/** Rows per statement: a JSON text of a few megabytes at most. */
const JSON_ROWS_PER_INSERT = 5_000;

/**
 * Inserts the instances and returns their ids in the order given: the rows travel as one JSON
 * parameter read by jsonb_to_recordset, several times quicker than a VALUES list of a parameter
 * per cell (a 5,000-row sheet took seconds that way on PGlite); ids are drawn from the sequence in
 * the rows' order.
 */
export async function insertInstances(
  db: Db,
  values: readonly (InstanceValues & { storyId: number; itemId: number })[],
): Promise<{ id: number }[]> {
  const ids: { id: number }[] = [];
  for (let start = 0; start < values.length; start += JSON_ROWS_PER_INSERT) {
    const part = values.slice(start, start + JSON_ROWS_PER_INSERT).map((row) => ({
      story_id: row.storyId,
      item_id: row.itemId,
      name: row.name,
      description: row.description,
      optional: row.optional,
      level: row.level,
      values: row.values,
      search_text: row.searchText,
      price: row.price,
      mandays: row.mandays,
      error_count: row.errorCount,
    }));
    const rows = await selectRows<{ id: number }>(
      db,
      sql`insert into ${storyInstances} (story_id, item_id, name, description, optional, level, values, search_text, price, mandays, error_count)
        select r.story_id, r.item_id, r.name, r.description, r.optional, r.level, r.values, r.search_text, r.price, r.mandays, r.error_count
        from jsonb_array_elements(${JSON.stringify(part)}::jsonb) with ordinality as e(row, position)
        cross join lateral jsonb_to_record(e.row) as r(story_id integer, item_id integer, name text, description text, optional boolean, level integer, values jsonb, search_text text, price numeric, mandays numeric, error_count integer)
        order by e.position
        returning id`,
    );
    if (rows.length !== part.length) throw new Error('Inserting instances returned too few rows');
    ids.push(...rows.map((row) => ({ id: Number(row.id) })).toSorted((x, y) => x.id - y.id));
  }
  return ids;
}

export interface InstanceChange {
  values?: InstanceValues;
  /** Set (a user id) or clear (null) the verification; undefined leaves it. */
  verifiedByUserId?: number | null;
}

/**
 * Applies a change to an instance that still has `revision`, and counts the revision up.
 * Undefined when someone changed (or deleted) it first: nothing is written then.
 */
export async function updateInstanceIfRevision(
  db: Db,
  instanceId: number,
  revision: number,
  change: InstanceChange,
): Promise<StoryInstanceRow | undefined> {
  const verification =
    change.verifiedByUserId === undefined
      ? {}
      : change.verifiedByUserId === null
        ? { verifiedByUserId: null, verifiedAt: null }
        : { verifiedByUserId: change.verifiedByUserId, verifiedAt: sql`now()` };
  const [row] = await db
    .update(storyInstances)
    .set({
      ...change.values,
      ...verification,
      revision: sql`${storyInstances.revision} + 1`,
    })
    .where(and(eq(storyInstances.id, instanceId), eq(storyInstances.revision, revision)))
    .returning();
  return row;
}

export async function deleteInstanceRow(db: Db, instanceId: number): Promise<void> {
  await db.delete(storyInstances).where(eq(storyInstances.id, instanceId));
}

export async function replaceInstanceLabels(
  db: Db,
  instanceId: number,
  labelIds: readonly number[],
): Promise<void> {
  await db.delete(storyInstanceLabels).where(eq(storyInstanceLabels.instanceId, instanceId));
  await addInstanceLabels(
    db,
    labelIds.map((labelId) => ({ instanceId, labelId })),
  );
}

/** Two parameters a row: 10,000 rows stay well below the protocol's 65,535 parameters. */
const LABEL_ROWS_PER_INSERT = 10_000;

/** Labels new instances (a batch has up to 500 x 100 of them), in as few inserts as the protocol allows. */
export async function addInstanceLabels(
  db: Db,
  rows: readonly { instanceId: number; labelId: number }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += LABEL_ROWS_PER_INSERT) {
    await db.insert(storyInstanceLabels).values(rows.slice(start, start + LABEL_ROWS_PER_INSERT));
  }
}

/**
 * Refreshes the story's cached totals from its instances' stored figures (decision 0022): the
 * main price and time cover non-optional instances, the counts every instance. Time is summed
 * exactly and rounded to 4 decimals, so it equals the calculation's total.
 */
export async function refreshStoryTotals(db: Db, storyId: number): Promise<void> {
  await db.execute(sql`
    update ${stories} set
      price = totals.price,
      estimated_mandays = totals.mandays,
      instance_count = totals.instances,
      error_count = totals.errors
    from (
      select
        coalesce(sum(${storyInstances.price}) filter (where not ${storyInstances.optional}), 0) as price,
        round(coalesce(sum(${storyInstances.mandays}) filter (where not ${storyInstances.optional}), 0), 4) as mandays,
        count(*)::int as instances,
        coalesce(sum(${storyInstances.errorCount}), 0)::int as errors
      from ${storyInstances}
      where ${storyInstances.storyId} = ${storyId}
    ) as totals
    where ${stories.id} = ${storyId}`);
}
