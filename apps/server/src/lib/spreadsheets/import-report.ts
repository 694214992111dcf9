// What every spreadsheet import shares around its own rules: reading the upload (format, sheets, a clear problem when it cannot be read) and the report of a dry run or an apply in the caller's language.
import {
  MAX_IMPORT_ROWS,
  MAX_REPORTED_CHANGES,
  MAX_REPORTED_PROBLEMS,
  type ImportChange,
  type ImportReport,
  type Locale,
} from '@costory/shared';
import { BadRequestError, type LocalizedText } from '../../errors';
import { localize } from '../../plugins/errors/problem';
import {
  detectSheetFormat,
  MAX_SHEET_COLUMNS,
  readSheets,
  SheetReadError,
  type ReadSheet,
  type SheetFormat,
  type SheetReadFailure,
} from './sheet-reader';

/** A problem of an import, where the spreadsheet shows it (row and column null for a whole sheet or row). */
export interface ImportIssue {
  sheet: string;
  row: number | null;
  column: string | null;
  message: LocalizedText;
}

/** One row an import creates, updates or removes, by the key that identifies it. */
export interface PlannedChange {
  key: string;
  action: ImportChange['action'];
  /** The columns an update changes. */
  columns?: readonly string[];
}

export interface SheetOutcome {
  sheet: string;
  /** The file's data rows of the sheet. */
  rows: number;
  changes: readonly PlannedChange[];
  unchanged: number;
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
  TOO_WIDE: {
    en: `The sheet has more than ${String(MAX_SHEET_COLUMNS)} columns; the template's sheets have a few dozen`,
    cs: `List má víc než ${String(MAX_SHEET_COLUMNS)} sloupců; listy šablony jich mají nanejvýš několik desítek`,
  },
  UNKNOWN_FORMAT: NOT_A_SPREADSHEET,
};

export type UploadReading =
  | { ok: true; format: SheetFormat; sheets: ReadSheet[] }
  | { ok: false; format: SheetFormat; issue: ImportIssue };

/**
 * The upload's sheets. Bytes that are no spreadsheet at all are 400 (nothing to report on); a
 * spreadsheet that cannot be read (empty, damaged, too long) is a problem of the report.
 */
export async function readUpload(bytes: Uint8Array, fileName?: string): Promise<UploadReading> {
  const format = detectSheetFormat(bytes, fileName);
  if (format === null) throw new BadRequestError({ detail: NOT_A_SPREADSHEET });
  try {
    const options =
      fileName === undefined
        ? { maxRows: MAX_IMPORT_ROWS }
        : { maxRows: MAX_IMPORT_ROWS, fileName };
    return { ok: true, format, sheets: await readSheets(bytes, format, options) };
  } catch (error) {
    if (!(error instanceof SheetReadError)) throw error;
    return {
      ok: false,
      format,
      issue: {
        sheet: error.sheet ?? '',
        row: null,
        column: null,
        message: READ_FAILURES[error.reason],
      },
    };
  }
}

/**
 * The report in the caller's language: problems by sheet (in `sheetOrder`) and row, both lists
 * capped for the answer's size but counted in full.
 */
export function buildImportReport(input: {
  format: SheetFormat;
  sheets: readonly SheetOutcome[];
  issues: readonly ImportIssue[];
  applied: boolean;
  locale: Locale;
  sheetOrder?: readonly string[];
}): ImportReport {
  const order = new Map((input.sheetOrder ?? []).map((sheet, index) => [sheet, index]));
  const problems = input.issues
    .toSorted(
      (a, b) =>
        (order.get(a.sheet) ?? -1) - (order.get(b.sheet) ?? -1) || (a.row ?? 0) - (b.row ?? 0),
    )
    .slice(0, MAX_REPORTED_PROBLEMS)
    .map((issue) => ({ ...issue, message: localize(issue.message, input.locale) }));
  const changes: ImportChange[] = input.sheets.flatMap((sheet) =>
    sheet.changes.map((change) => ({
      sheet: sheet.sheet,
      key: change.key,
      action: change.action,
      columns: [...(change.columns ?? [])],
    })),
  );
  const count = (sheet: SheetOutcome, action: ImportChange['action']) =>
    sheet.changes.filter((change) => change.action === action).length;
  return {
    format: input.format,
    applied: input.applied,
    sheets: input.sheets.map((sheet) => ({
      sheet: sheet.sheet,
      rows: sheet.rows,
      created: count(sheet, 'CREATE'),
      updated: count(sheet, 'UPDATE'),
      removed: count(sheet, 'REMOVE'),
      unchanged: sheet.unchanged,
    })),
    problems,
    problemCount: input.issues.length,
    changes: changes.slice(0, MAX_REPORTED_CHANGES),
    changeCount: changes.length,
  };
}
