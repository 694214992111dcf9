// The catalog as a report: its roles with units and prices, and its live items (those the user may see) with group, phase and the roles their formulas price.
import { isScored, type Locale, type Report } from '@costory/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { fromNumericText } from '../../lib/decimal';
import { catalogItems, catalogRoles, itemFormulas } from '../../db/schema';
import { listGroupRows } from '../catalogs/groups/groups.repository';
import { listPhaseRows } from '../catalogs/phases/phases.repository';
import { listRoleRows } from '../catalogs/roles/roles.repository';
import { findCompanyRow } from '../companies/companies.repository';
import { catalogText, partyOf, reportCurrency, reportFileName, unitSymbol } from './report-parts';
import { REPORT_TEXTS } from './report-texts';
import { findReportCatalog } from './story-report-data';

/** Live items of the catalog by code, COMPLETE only unless `allStates`, with their roles' codes. */
async function listReportItems(db: Db, catalogId: number, allStates: boolean) {
  return db
    .select({
      code: catalogItems.code,
      name: catalogItems.name,
      groupId: catalogItems.groupId,
      phaseId: catalogItems.phaseId,
      // Aliased: drizzle leaves columns of a one-table select unqualified, even inside a subquery.
      roleCodes: sql<string | null>`(
        select string_agg(distinct r.code, ', ')
        from ${itemFormulas} f join ${catalogRoles} r on r.id = f.role_id
        where f.item_id = ${catalogItems}.id
      )`,
    })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.catalogId, catalogId),
        isNull(catalogItems.deprecatedAt),
        allStates ? undefined : eq(catalogItems.state, 'COMPLETE'),
      ),
    )
    .orderBy(asc(sql`${catalogItems.code} collate "C"`));
}

export async function buildCatalogReport(
  db: Db,
  catalogId: number,
  options: { locale: Locale; allStates: boolean; companyId: number; generatedAt: string },
): Promise<Report> {
  const { locale } = options;
  const texts = REPORT_TEXTS[locale];
  const [catalog, roles, groups, phases, items, company] = await Promise.all([
    findReportCatalog(db, catalogId),
    listRoleRows(db, catalogId),
    listGroupRows(db, catalogId),
    listPhaseRows(db, catalogId),
    listReportItems(db, catalogId, options.allStates),
    findCompanyRow(db, options.companyId),
  ]);
  if (!catalog) throw new Error(`The catalog ${String(catalogId)} is missing`);
  const text = (value: Parameters<typeof catalogText>[0]) =>
    catalogText(value, locale, catalog.defaultLanguage);
  const groupNames = new Map(groups.map((group) => [group.id, text(group.name)]));
  const phaseNames = new Map(phases.map((phase) => [phase.id, text(phase.name)]));
  const scored = isScored(catalog.type);
  return {
    kind: 'catalog',
    locale,
    currency: reportCurrency(catalog),
    title: texts.title.catalog,
    subject: `${catalog.name} (${catalog.code})`,
    generatedAt: options.generatedAt,
    parties: company ? [partyOf(texts.caption.issuer, company)] : [],
    facts: [
      { label: texts.fact.roles, value: String(roles.length), format: 'integer' },
      { label: texts.fact.items, value: String(items.length), format: 'integer' },
    ],
    tables: [
      {
        title: texts.table.catalogRoles,
        columns: [
          { header: texts.column.code, format: 'text', summed: false },
          { header: texts.column.role, format: 'text', summed: false },
          { header: texts.column.unit, format: 'text', summed: false },
          {
            header: scored ? texts.column.scorePrice : texts.column.unitPrice,
            format: 'unitPrice',
            summed: false,
          },
        ],
        rows: roles.map((role) => ({
          cells: [
            role.code,
            text(role.name),
            unitSymbol(role.unit, locale),
            fromNumericText(role.price),
          ],
          level: 0,
          muted: false,
        })),
        total: null,
      },
      {
        title: texts.table.items,
        columns: [
          { header: texts.column.code, format: 'text', summed: false },
          { header: texts.column.item, format: 'text', summed: false },
          { header: texts.column.group, format: 'text', summed: false },
          { header: texts.column.phase, format: 'text', summed: false },
          { header: texts.column.roles, format: 'text', summed: false },
        ],
        rows: items.map((item) => ({
          cells: [
            item.code,
            text(item.name),
            item.groupId === null ? null : (groupNames.get(item.groupId) ?? null),
            item.phaseId === null ? null : (phaseNames.get(item.phaseId) ?? null),
            item.roleCodes,
          ],
          level: 0,
          muted: false,
        })),
        total: null,
      },
    ],
    notes: [],
    fileName: reportFileName(texts.title.catalog, catalog.name),
  };
}
