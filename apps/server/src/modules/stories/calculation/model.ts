// The story's StoryModel for @costory/calc (decision 0021/0022): catalog roles and their unit prices, groups, and each item's published version the story calculates with (its pin, else the latest: decision 0043).
import type { CalcItem, CalcRole, StoryModel } from '@costory/calc';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/database';
import {
  catalogItems,
  itemVersions,
  storyInstanceLabels,
  storyInstances,
  storyItemPins,
  type CatalogGroupRow,
  type CatalogItemRow,
  type CatalogRoleRow,
  type ItemVersionRow,
  type StoryRow,
} from '../../../db/schema';
import { toFormulaAttributes } from '../../catalogs/formulas/formula-checks';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { listRoleRows } from '../../catalogs/roles/roles.repository';
import { parseCalcInstances, type StoredCalcInstance } from './calc-instances-text';

/** The published version of an item as the engine sees it, grouped and phased as the item is now. */
export function toCalcItem(
  item: Pick<CatalogItemRow, 'id' | 'groupId' | 'phaseId'>,
  version: Pick<ItemVersionRow, 'attributes' | 'formulas'>,
): CalcItem {
  return {
    id: item.id,
    groupId: item.groupId,
    phaseId: item.phaseId,
    attributes: toFormulaAttributes(version.attributes),
    formulas: version.formulas.map((formula) => ({
      roleId: formula.roleId,
      level: formula.level,
      expression: formula.expression,
    })),
  };
}

/**
 * Roles with the catalog's prices: what every calculation of the story needs. The story itself is
 * priced with the catalog; lineups replace prices with the model's `unitPrices` (decision 0025).
 */
export interface RolePricing {
  roles: CalcRole[];
}

export async function loadRolePricing(
  db: Db,
  story: Pick<StoryRow, 'catalogId'>,
): Promise<RolePricing> {
  const roles = await listRoleRows(db, story.catalogId);
  return { roles: roles.map(toCalcRole) };
}

function toCalcRole(role: Pick<CatalogRoleRow, 'id' | 'unit' | 'price'>): CalcRole {
  return { id: role.id, unit: role.unit, price: role.price };
}

/** A model of one item (an instance write), without groups: one instance has no group totals. */
export function singleItemModel(pricing: RolePricing, item: CalcItem): StoryModel {
  return { roles: pricing.roles, items: [item], groups: [] };
}

/** An item the story's instances use: the published version the story calculates with, and how the item is named and filed now. */
export interface StoryItemVersion {
  id: number;
  code: string;
  name: CatalogItemRow['name'];
  icon: string;
  groupId: number | null;
  phaseId: number | null;
  version: number;
  attributes: ItemVersionRow['attributes'];
  formulas: ItemVersionRow['formulas'];
}

/**
 * Which of an item's published versions the story calculates with: the one it pinned (decision
 * 0043), else the latest (the first of the item's rows in descending version order). Join
 * `storyItemPins` on the story and the item for it.
 */
export function pinnedOrLatest(): SQL | undefined {
  return or(isNull(storyItemPins.version), eq(itemVersions.version, storyItemPins.version));
}

/** Whose versions: the story as it calculates (pins honoured), or as every upgrade would make it. */
export type ItemVersionChoice = 'story' | 'latest';

/**
 * The published version the story calculates with (`choice` 'story': pinned or latest; 'latest':
 * as every waiting upgrade would make it) of every item the story has instances of, with the
 * item's code, name, icon, group and phase: one query.
 */
export async function loadStoryItemVersions(
  db: Db,
  storyId: number,
  choice: ItemVersionChoice = 'story',
): Promise<StoryItemVersion[]> {
  return db
    .selectDistinctOn([itemVersions.itemId], {
      id: itemVersions.itemId,
      code: catalogItems.code,
      name: catalogItems.name,
      icon: catalogItems.icon,
      groupId: catalogItems.groupId,
      phaseId: catalogItems.phaseId,
      version: itemVersions.version,
      attributes: itemVersions.attributes,
      formulas: itemVersions.formulas,
    })
    .from(itemVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, itemVersions.itemId))
    .leftJoin(
      storyItemPins,
      and(
        eq(storyItemPins.storyId, storyId),
        eq(storyItemPins.itemId, itemVersions.itemId),
        choice === 'story' ? undefined : sql`false`,
      ),
    )
    .where(
      and(
        inArray(
          itemVersions.itemId,
          db
            .selectDistinct({ itemId: storyInstances.itemId })
            .from(storyInstances)
            .where(eq(storyInstances.storyId, storyId)),
        ),
        pinnedOrLatest(),
      ),
    )
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
}

/** An item's version the story calculates with, and the item's latest. */
export interface StoryItemVersionRow {
  version: ItemVersionRow;
  latestVersion: number;
}

/** The version the story calculates with of each of these items that has one, by item id: one query. */
export async function loadItemVersionsOfStory(
  db: Db,
  storyId: number,
  itemIds: readonly number[],
): Promise<Map<number, StoryItemVersionRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([itemVersions.itemId], {
      version: itemVersions,
      latestVersion: sql<number>`(
        select max(latest.version) from ${itemVersions} as latest
        where latest.item_id = ${itemVersions.itemId}
      )`.mapWith(Number),
    })
    .from(itemVersions)
    .leftJoin(
      storyItemPins,
      and(eq(storyItemPins.storyId, storyId), eq(storyItemPins.itemId, itemVersions.itemId)),
    )
    .where(and(inArray(itemVersions.itemId, [...new Set(itemIds)]), pinnedOrLatest()))
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
  return new Map(rows.map((row) => [row.version.itemId, row]));
}

/** The items the story's instances use, as the engine sees them (one query). */
export async function loadStoryItems(db: Db, storyId: number): Promise<CalcItem[]> {
  return (await loadStoryItemVersions(db, storyId)).map((item) => toCalcItem(item, item));
}

/** The model from rows already read: the catalog's roles and groups, and the story's items. */
export function storyModelOf(
  roles: readonly Pick<CatalogRoleRow, 'id' | 'unit' | 'price'>[],
  groups: readonly Pick<CatalogGroupRow, 'id' | 'parentId'>[],
  items: CalcItem[],
): StoryModel {
  return {
    roles: roles.map(toCalcRole),
    items,
    groups: groups.map((group) => ({ id: group.id, parentId: group.parentId })),
  };
}

/** The whole story's model: roles and prices, groups, published items (three queries). */
export async function loadStoryModel(
  db: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<StoryModel> {
  // One after the other: `db` is often a transaction, whose one connection takes one query at a
  // time (node-postgres deprecates queueing them).
  const roles = await listRoleRows(db, story.catalogId);
  const groups = await listGroupRows(db, story.catalogId);
  const items = await loadStoryItems(db, story.id);
  return storyModelOf(roles, groups, items);
}

/** A story's instances as one JSON text, and how many there are. */
export interface CalcInstancesText {
  count: number;
  text: string;
}

/**
 * Every instance of the story with its label ids, in id order, as one JSON text (parse it with
 * `parseCalcInstances`, where the calculation runs): reading 10,000 instances as rows costs about
 * 95 ms on PGlite (a JavaScript object per column and row, plus a second query for the labels),
 * the aggregate about 55 ms, of which 25 % went to a label subquery per instance before the
 * labels were grouped once and joined. Prices stay decimal text.
 */
export async function loadCalcInstancesText(db: Db, storyId: number): Promise<CalcInstancesText> {
  const [row] = await selectRows<{ count: number; instances: string }>(
    db,
    sql`
    select count(*)::int as count, coalesce(json_agg(json_build_array(
      i.id, i.item_id, i.level, i.values, i.optional, coalesce(l.ids, '[]'::json),
      i.price::text, i.mandays::text, i.error_count
    ) order by i.id), '[]'::json)::text as instances
    from ${storyInstances} i
    left join (
      select sl.instance_id, json_agg(sl.label_id order by sl.label_id) as ids
      from ${storyInstanceLabels} sl
      join ${storyInstances} si on si.id = sl.instance_id
      where si.story_id = ${storyId}
      group by sl.instance_id
    ) l on l.instance_id = i.id
    where i.story_id = ${storyId}`,
  );
  return { count: row?.count ?? 0, text: row?.instances ?? '[]' };
}

/** Every instance of the story with its label ids and cached figures, in id order. */
export async function loadCalcInstances(db: Db, storyId: number): Promise<StoredCalcInstance[]> {
  return parseCalcInstances((await loadCalcInstancesText(db, storyId)).text);
}
