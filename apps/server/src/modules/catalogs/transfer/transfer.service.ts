// The catalogue workbook's two services: export (every reader, in the shape the import reads) and import (a dry run, or everything applied in one transaction, nothing when anything is wrong).
import {
  roleAllows,
  WORKBOOK_SHEETS,
  type CatalogAction,
  type CatalogImportReport,
  type Locale,
  type WorkbookSheet,
} from '@costory/shared';
import { ForbiddenError } from '../../../errors';
import { buildImportReport, readUpload } from '../../../lib/spreadsheets/import-report';
import { lockCatalog } from '../common/access.repository';
import { loadCatalogAccess, seesAllItemStates } from '../common/access';
import { RECALCULATION_QUEUE } from '../../stories/calculation/recalculate';
import type { Actor, CatalogDeps } from '../common/deps';
import { forbiddenDetail } from '../common/messages';
import { loadCatalogState, stateRows } from './catalog-state';
import { applyImport } from './import-apply';
import { planImport, type ImportPlan } from './import-plan';
import type { SheetFormat } from '../../../lib/spreadsheets/sheet-reader';
import { parseWorkbook } from './workbook-parse';
import { writeSheetCsv, writeWorkbookXlsx } from './workbook-writer';

export interface WorkbookFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The actions of which a role needs one to import anything (each sheet then checks its own). */
const IMPORT_ACTIONS: readonly CatalogAction[] = [
  'SUGGEST_ITEM',
  'EDIT_ITEM',
  'EDIT_FORMULAS',
  'MANAGE_STRUCTURE',
];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function exportWorkbook(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  query: { format: SheetFormat; sheet: WorkbookSheet },
): Promise<WorkbookFile> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const { catalog } = access;
  const state = await loadCatalogState(deps.db, catalogId, !seesAllItemStates(access));
  const rows = stateRows(state, catalog.supportedLanguages);
  const base = catalog.code.replace(/[^A-Za-z0-9_.-]+/g, '-');
  if (query.format === 'csv') {
    return {
      fileName: `${base}-${query.sheet}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: writeSheetCsv(rows, query.sheet, catalog.supportedLanguages),
    };
  }
  return {
    fileName: `${base}-catalog.xlsx`,
    contentType: XLSX_TYPE,
    body: await writeWorkbookXlsx(rows, catalog.supportedLanguages),
  };
}

function report(
  catalogId: number,
  format: SheetFormat,
  plan: Pick<ImportPlan, 'sheets' | 'issues'>,
  applied: boolean,
  locale: Locale,
): CatalogImportReport {
  const sheets = plan.sheets.map((sheet) => ({
    sheet: sheet.sheet,
    rows: sheet.rows,
    unchanged: sheet.unchanged,
    changes: [
      ...sheet.created.map((row) => ({ key: row.key, action: 'CREATE' as const })),
      ...sheet.updated.map(({ row, columns }) => ({
        key: row.key,
        action: 'UPDATE' as const,
        columns,
      })),
      ...sheet.removed.map((row) => ({ key: row.key, action: 'REMOVE' as const })),
    ],
  }));
  return {
    catalogId,
    ...buildImportReport({
      format,
      sheets,
      issues: plan.issues,
      applied,
      locale,
      sheetOrder: WORKBOOK_SHEETS,
    }),
  };
}

/** Ends the apply transaction without writing when the plan has problems or nothing to change. */
class PlanFailed extends Error {
  constructor(readonly plan: ImportPlan) {
    super('The import has problems or nothing to change');
  }
}

export async function importWorkbook(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  file: { bytes: Uint8Array; fileName?: string; sheet?: WorkbookSheet },
  options: { apply: boolean; locale: Locale },
): Promise<CatalogImportReport> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  const { catalog } = access;
  // Whoever may change nothing of the catalog gets no report: it would tell a reader which codes
  // exist in states they cannot see.
  if (!IMPORT_ACTIONS.some((action) => roleAllows(access.role, action))) {
    throw new ForbiddenError({ detail: forbiddenDetail(access.role, 'SUGGEST_ITEM') });
  }
  const upload = await readUpload(file.bytes, file.fileName);
  const { format } = upload;
  if (!upload.ok) {
    return report(catalogId, format, { sheets: [], issues: [upload.issue] }, false, options.locale);
  }
  const read = upload.sheets;
  const planWith = async (db: CatalogDeps['db']) => {
    const state = await loadCatalogState(db, catalogId, false);
    const current = stateRows(state, catalog.supportedLanguages);
    const parsed = parseWorkbook(read, format, {
      ...(file.sheet === undefined ? {} : { sheet: file.sheet }),
      ...(file.fileName === undefined ? {} : { fileName: file.fileName }),
      languages: catalog.supportedLanguages,
      knownKeys: Object.fromEntries(
        WORKBOOK_SHEETS.map((sheet) => [sheet, new Set(current[sheet].map((row) => row.key))]),
      ) as Record<WorkbookSheet, Set<string>>,
    });
    const plan = planImport({
      catalog,
      role: access.role,
      userId: user.id,
      items: new Map(
        state.items.map((item) => [
          item.code,
          { state: item.state, createdByUserId: item.createdByUserId },
        ]),
      ),
      current,
      file: parsed.sheets,
      issues: parsed.issues,
    });
    return { state, plan };
  };
  const changeCount = (plan: ImportPlan) =>
    plan.sheets.reduce(
      (sum, sheet) => sum + sheet.created.length + sheet.updated.length + sheet.removed.length,
      0,
    );
  if (!options.apply) {
    return report(catalogId, format, (await planWith(deps.db)).plan, false, options.locale);
  }
  // Planned once, under the catalog's lock, so that what was checked is what gets written.
  try {
    const applied = await deps.db.transaction(async (tx) => {
      await lockCatalog(tx, catalogId);
      const locked = await planWith(tx);
      if (locked.plan.issues.length > 0 || changeCount(locked.plan) === 0) {
        throw new PlanFailed(locked.plan);
      }
      await applyImport(tx, {
        catalog,
        userId: user.id,
        state: locked.state,
        plan: locked.plan,
        jobs: deps.jobs,
      });
      return locked.plan;
    });
    deps.jobs.workSoon(RECALCULATION_QUEUE);
    return report(catalogId, format, applied, true, options.locale);
  } catch (error) {
    if (error instanceof PlanFailed)
      return report(catalogId, format, error.plan, false, options.locale);
    throw error;
  }
}
