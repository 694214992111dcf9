// The catalogue workbook's two services: export (every reader, in the shape the import reads) and import (a dry run, or everything applied in one transaction, nothing when anything is wrong).
import {
  MAX_IMPORT_ROWS,
  MAX_REPORTED_CHANGES,
  MAX_REPORTED_PROBLEMS,
  WORKBOOK_SHEETS,
  type CatalogImportReport,
  type ImportChange,
  type Locale,
  type WorkbookSheet,
} from '@costory/shared';
import { BadRequestError, type LocalizedText } from '../../../errors';
import { localize } from '../../../plugins/errors/problem';
import { lockCatalog } from '../common/access.repository';
import { loadCatalogAccess, seesAllItemStates } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { loadCatalogState, stateRows } from './catalog-state';
import { applyImport } from './import-apply';
import { planImport, type ImportPlan } from './import-plan';
import {
  detectSheetFormat,
  readSheets,
  SheetReadError,
  type SheetFormat,
  type SheetReadFailure,
} from './sheet-reader';
import { parseWorkbook, type ImportIssue } from './workbook-parse';
import { writeSheetCsv, writeWorkbookXlsx } from './workbook-writer';

export interface WorkbookFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

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

const NOT_A_SPREADSHEET: LocalizedText = {
  en: 'The file is neither an Excel workbook (.xlsx) nor a CSV file. Save it as .xlsx or .csv and try again.',
  cs: 'Soubor není sešit Excelu (.xlsx) ani soubor CSV. Uložte ho jako .xlsx nebo .csv a zkuste to znovu.',
};

const READ_FAILURES: Readonly<Record<SheetReadFailure, LocalizedText>> = {
  EMPTY: { en: 'The file is empty', cs: 'Soubor je prázdný' },
  NOT_A_WORKBOOK: {
    en: 'The file cannot be read as an Excel workbook (.xlsx); it may be damaged or in another format',
    cs: 'Soubor nelze přečíst jako sešit Excelu (.xlsx); může být poškozený nebo v jiném formátu',
  },
  TOO_MANY_ROWS: {
    en: `The sheet has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split it into several files`,
    cs: `List má víc než ${MAX_IMPORT_ROWS.toLocaleString('cs')} řádků; rozdělte ho do několika souborů`,
  },
  UNKNOWN_FORMAT: NOT_A_SPREADSHEET,
};

const SHEET_ORDER = new Map<string, number>(WORKBOOK_SHEETS.map((sheet, index) => [sheet, index]));

function report(
  catalogId: number,
  format: SheetFormat,
  plan: Pick<ImportPlan, 'sheets' | 'issues'>,
  applied: boolean,
  locale: Locale,
): CatalogImportReport {
  const problems = plan.issues
    .toSorted(
      (a, b) =>
        (SHEET_ORDER.get(a.sheet) ?? -1) - (SHEET_ORDER.get(b.sheet) ?? -1) ||
        (a.row ?? 0) - (b.row ?? 0),
    )
    .slice(0, MAX_REPORTED_PROBLEMS)
    .map((issue) => ({ ...issue, message: localize(issue.message, locale) }));
  const changes: ImportChange[] = plan.sheets.flatMap((sheet) => [
    ...sheet.created.map((row) => ({
      sheet: sheet.sheet,
      key: row.key,
      action: 'CREATE' as const,
      columns: [],
    })),
    ...sheet.updated.map(({ row, columns }) => ({
      sheet: sheet.sheet,
      key: row.key,
      action: 'UPDATE' as const,
      columns,
    })),
    ...sheet.removed.map((row) => ({
      sheet: sheet.sheet,
      key: row.key,
      action: 'REMOVE' as const,
      columns: [],
    })),
  ]);
  return {
    catalogId,
    format,
    applied,
    sheets: plan.sheets.map((sheet) => ({
      sheet: sheet.sheet,
      rows: sheet.rows,
      created: sheet.created.length,
      updated: sheet.updated.length,
      removed: sheet.removed.length,
      unchanged: sheet.unchanged,
    })),
    problems,
    problemCount: plan.issues.length,
    changes: changes.slice(0, MAX_REPORTED_CHANGES),
    changeCount: changes.length,
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
  const format = detectSheetFormat(file.bytes, file.fileName);
  if (format === null) throw new BadRequestError({ detail: NOT_A_SPREADSHEET });
  const failure = (issue: ImportIssue) =>
    report(catalogId, format, { sheets: [], issues: [issue] }, false, options.locale);
  let read;
  try {
    read = await readSheets(file.bytes, format, {
      maxRows: MAX_IMPORT_ROWS,
      fileName: file.fileName,
    });
  } catch (error) {
    if (!(error instanceof SheetReadError)) throw error;
    return failure({
      sheet: error.sheet ?? '',
      row: null,
      column: null,
      message: READ_FAILURES[error.reason],
    });
  }
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
      await applyImport(tx, { catalog, userId: user.id, state: locked.state, plan: locked.plan });
      return locked.plan;
    });
    return report(catalogId, format, applied, true, options.locale);
  } catch (error) {
    if (error instanceof PlanFailed)
      return report(catalogId, format, error.plan, false, options.locale);
    throw error;
  }
}
