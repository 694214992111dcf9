// What a story's export reports read: the story, its company (the issuer), the catalog's structure, instance names and the calculation model, in one go.
import type { CalcInstance, StoryModel } from '@costory/calc';
import type { Locale } from '@costory/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  catalogItems,
  catalogs,
  storyInstances,
  type CatalogGroupRow,
  type CatalogItemRow,
  type CatalogPhaseRow,
  type CatalogRoleRow,
  type CatalogRow,
  type CompanyRow,
  type StoryRow,
} from '../../db/schema';
import { listGroupRows } from '../catalogs/groups/groups.repository';
import { findCompanyRow } from '../companies/companies.repository';
import { listPhaseRows } from '../catalogs/phases/phases.repository';
import { listRoleRows } from '../catalogs/roles/roles.repository';
import { loadCalcInstances, loadStoryItems, storyModelOf } from '../stories/calculation/model';
import type { ReportVersion } from './version-mark';

export type ReportCatalog = Pick<
  CatalogRow,
  'id' | 'name' | 'code' | 'type' | 'currency' | 'defaultLanguage'
>;

export interface ReportInstance {
  id: number;
  name: string;
  itemId: number;
  level: number;
  optional: boolean;
}

export type ReportItem = Pick<CatalogItemRow, 'id' | 'code' | 'name' | 'groupId' | 'phaseId'>;

/** What the reports read of a role, phase and group: a story version freezes exactly these. */
export type ReportRole = Pick<CatalogRoleRow, 'id' | 'code' | 'name' | 'unit' | 'price'>;
export type ReportPhase = Pick<CatalogPhaseRow, 'id' | 'code' | 'name'>;
export type ReportGroup = Pick<CatalogGroupRow, 'id' | 'parentId' | 'code' | 'name'>;

export interface StoryReportData {
  locale: Locale;
  story: Pick<StoryRow, 'id' | 'name'>;
  company: CompanyRow | undefined;
  catalog: ReportCatalog;
  roles: readonly ReportRole[];
  /** In the catalog's order. */
  phases: readonly ReportPhase[];
  groups: readonly ReportGroup[];
  instances: ReportInstance[];
  items: Map<number, ReportItem>;
  model: StoryModel;
  calcInstances: readonly CalcInstance[];
  /** Set when the report is made from a story version rather than the live story. */
  version?: ReportVersion;
}

export async function findReportCatalog(
  db: Db,
  catalogId: number,
): Promise<ReportCatalog | undefined> {
  const [row] = await db
    .select({
      id: catalogs.id,
      name: catalogs.name,
      code: catalogs.code,
      type: catalogs.type,
      currency: catalogs.currency,
      defaultLanguage: catalogs.defaultLanguage,
    })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId));
  return row;
}

async function listReportInstances(db: Db, storyId: number): Promise<ReportInstance[]> {
  return db
    .select({
      id: storyInstances.id,
      name: storyInstances.name,
      itemId: storyInstances.itemId,
      level: storyInstances.level,
      optional: storyInstances.optional,
    })
    .from(storyInstances)
    .where(eq(storyInstances.storyId, storyId))
    .orderBy(asc(storyInstances.position), asc(storyInstances.id));
}

async function listReportItems(db: Db, storyId: number): Promise<Map<number, ReportItem>> {
  const rows = await db
    .select({
      id: catalogItems.id,
      code: catalogItems.code,
      name: catalogItems.name,
      groupId: catalogItems.groupId,
      phaseId: catalogItems.phaseId,
    })
    .from(catalogItems)
    .where(
      inArray(
        catalogItems.id,
        db
          .selectDistinct({ itemId: storyInstances.itemId })
          .from(storyInstances)
          .where(eq(storyInstances.storyId, storyId)),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Everything a story report needs; the caller has checked the user may read the story. */
export async function loadStoryReportData(
  db: Db,
  story: StoryRow,
  locale: Locale,
): Promise<StoryReportData> {
  const [company, catalog, roles, phases, groups, instances, items, calcItems, calcInstances] =
    await Promise.all([
      findCompanyRow(db, story.companyId),
      findReportCatalog(db, story.catalogId),
      listRoleRows(db, story.catalogId),
      listPhaseRows(db, story.catalogId),
      listGroupRows(db, story.catalogId),
      listReportInstances(db, story.id),
      listReportItems(db, story.id),
      loadStoryItems(db, story.id),
      loadCalcInstances(db, story.id),
    ]);
  if (!catalog) throw new Error(`The catalog ${String(story.catalogId)} of a story is missing`);
  return {
    locale,
    story,
    company,
    catalog,
    roles,
    phases,
    groups,
    instances,
    items,
    model: storyModelOf(roles, groups, calcItems),
    calcInstances,
  };
}
