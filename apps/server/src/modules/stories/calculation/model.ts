// The story's StoryModel for @costory/calc (decision 0021/0022): catalog roles and their unit prices, groups, and each item's latest published version.
import type { CalcInstance, CalcItem, CalcRole, StoryModel } from '@costory/calc';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogItems,
  itemVersions,
  storyInstanceLabels,
  storyInstances,
  type CatalogItemRow,
  type ItemVersionRow,
  type StoryRow,
} from '../../../db/schema';
import { toFormulaAttributes } from '../../catalogs/formulas/formula-checks';
import { listGroupRows } from '../../catalogs/groups/groups.repository';
import { listRoleRows } from '../../catalogs/roles/roles.repository';

/**
 * The unit prices that replace the catalog role prices in this story's calculation, by role id
 * (design.md §4: the lineup's custom price, else the supplier's price setup). None yet: every
 * calculation of a story asks here, so lineups plug in at this one place.
 */
export function storyUnitPrices(
  _db: Db,
  _story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<Readonly<Record<number, string>> | undefined> {
  return Promise.resolve(undefined);
}

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

/** Roles (with the story's unit prices) — what every calculation of the story needs. */
export interface RolePricing {
  roles: CalcRole[];
  unitPrices: Readonly<Record<number, string>> | undefined;
}

export async function loadRolePricing(
  db: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<RolePricing> {
  const [roles, unitPrices] = await Promise.all([
    listRoleRows(db, story.catalogId),
    storyUnitPrices(db, story),
  ]);
  return {
    roles: roles.map((role) => ({ id: role.id, unit: role.unit, price: role.price })),
    unitPrices,
  };
}

/** A model of one item (an instance write), without groups: one instance has no group totals. */
export function singleItemModel(pricing: RolePricing, item: CalcItem): StoryModel {
  return {
    roles: pricing.roles,
    items: [item],
    groups: [],
    ...(pricing.unitPrices === undefined ? {} : { unitPrices: pricing.unitPrices }),
  };
}

/**
 * The latest published version of every item the story has instances of, with the item's group
 * and phase: one query.
 */
async function loadStoryItems(db: Db, storyId: number): Promise<CalcItem[]> {
  const rows = await db
    .selectDistinctOn([itemVersions.itemId], {
      itemId: itemVersions.itemId,
      attributes: itemVersions.attributes,
      formulas: itemVersions.formulas,
      groupId: catalogItems.groupId,
      phaseId: catalogItems.phaseId,
    })
    .from(itemVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, itemVersions.itemId))
    .where(
      inArray(
        itemVersions.itemId,
        db
          .selectDistinct({ itemId: storyInstances.itemId })
          .from(storyInstances)
          .where(eq(storyInstances.storyId, storyId)),
      ),
    )
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
  return rows.map((row) =>
    toCalcItem({ id: row.itemId, groupId: row.groupId, phaseId: row.phaseId }, row),
  );
}

/** The whole story's model: roles and prices, groups, published items (four queries). */
export async function loadStoryModel(
  db: Db,
  story: Pick<StoryRow, 'id' | 'catalogId'>,
): Promise<StoryModel> {
  const [pricing, groups, items] = await Promise.all([
    loadRolePricing(db, story),
    listGroupRows(db, story.catalogId),
    loadStoryItems(db, story.id),
  ]);
  return {
    roles: pricing.roles,
    items,
    groups: groups.map((group) => ({ id: group.id, parentId: group.parentId })),
    ...(pricing.unitPrices === undefined ? {} : { unitPrices: pricing.unitPrices }),
  };
}

/** A stored instance with its cached figures, as the calculation reads it. */
export interface StoredCalcInstance extends CalcInstance {
  readonly price: string;
  readonly mandays: string;
  readonly errorCount: number;
}

/**
 * Every instance of the story with its label ids: two queries (instances, and the label links of
 * the story's instances) merged here, which reads 10,000 instances about twice as fast as a
 * label aggregate per instance.
 */
export async function loadCalcInstances(db: Db, storyId: number): Promise<StoredCalcInstance[]> {
  const [rows, links] = await Promise.all([
    db
      .select({
        id: storyInstances.id,
        itemId: storyInstances.itemId,
        level: storyInstances.level,
        values: storyInstances.values,
        optional: storyInstances.optional,
        price: storyInstances.price,
        mandays: storyInstances.mandays,
        errorCount: storyInstances.errorCount,
      })
      .from(storyInstances)
      .where(eq(storyInstances.storyId, storyId))
      .orderBy(asc(storyInstances.id)),
    db
      .select({ instanceId: storyInstanceLabels.instanceId, labelId: storyInstanceLabels.labelId })
      .from(storyInstanceLabels)
      .innerJoin(storyInstances, eq(storyInstances.id, storyInstanceLabels.instanceId))
      .where(eq(storyInstances.storyId, storyId)),
  ]);
  const labels = new Map<number, number[]>();
  for (const link of links) {
    const list = labels.get(link.instanceId);
    if (list === undefined) labels.set(link.instanceId, [link.labelId]);
    else list.push(link.labelId);
  }
  return rows.map((row) => ({ ...row, labelIds: labels.get(row.id) ?? [] }));
}
