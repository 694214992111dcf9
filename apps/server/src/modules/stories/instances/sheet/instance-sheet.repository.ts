// Queries of the story's instance sheet: the instances as the sheet lists them, catalog items by code, the story's labels by title.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/database';
import {
  catalogItems,
  storyInstances,
  storyLabels,
  type CatalogItemRow,
  type StoredInstanceValue,
} from '../../../../db/schema';
import { instanceLabelIds } from '../instances.repository';

export interface SheetInstanceRow {
  code: string;
  name: string;
  description: string;
  level: number;
  optional: boolean;
  values: Record<string, StoredInstanceValue>;
  labelIds: number[];
}

/** The story's instances in the order they were added, with their item's code and label ids: one query. */
export async function listSheetInstances(db: Db, storyId: number): Promise<SheetInstanceRow[]> {
  return db
    .select({
      code: catalogItems.code,
      name: storyInstances.name,
      description: storyInstances.description,
      level: storyInstances.level,
      optional: storyInstances.optional,
      values: storyInstances.values,
      labelIds: instanceLabelIds,
    })
    .from(storyInstances)
    .innerJoin(catalogItems, eq(catalogItems.id, storyInstances.itemId))
    .where(eq(storyInstances.storyId, storyId))
    .orderBy(asc(storyInstances.id));
}

/**
 * The catalog's items whose code is one of `codes` in any letter case (live items first, then by
 * id): the sheet names items by code, and a person may type `wall` for `WALL`. Items of other
 * catalogs are never read, so a code of another tenant's catalog is simply unknown.
 */
export async function findItemsByCode(
  db: Db,
  catalogId: number,
  codes: readonly string[],
): Promise<CatalogItemRow[]> {
  if (codes.length === 0) return [];
  const lowered = [...new Set(codes.map((code) => code.toLowerCase()))];
  return db
    .select()
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.catalogId, catalogId),
        inArray(sql`lower(${catalogItems.code})`, lowered),
      ),
    )
    .orderBy(sql`${catalogItems.deprecatedAt} is not null`, asc(catalogItems.id));
}

/** The story's labels, oldest first (the first of two labels with one title wins). */
export async function listStoryLabelTitles(
  db: Db,
  storyId: number,
): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: storyLabels.id, title: storyLabels.title })
    .from(storyLabels)
    .where(eq(storyLabels.storyId, storyId))
    .orderBy(asc(storyLabels.id));
}
