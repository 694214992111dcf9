// A spreadsheet import's report as a CSV file built in the browser: its problems, then its planned changes, UTF-8 with a BOM so spreadsheets read the accents.
import { escapeSheetText, type ImportReport, type ImportChange } from '@costory/shared';

/** The words of the file: its column headers and the two kinds of line, in the user's language. */
export interface ImportReportCsvTexts {
  kind: string;
  sheet: string;
  row: string;
  column: string;
  key: string;
  action: string;
  message: string;
  problem: string;
  change: string;
  /** The action's name (CREATE, UPDATE, REMOVE) in the user's language. */
  actionName: (action: ImportChange['action']) => string;
}

const SEPARATOR = ',';
const BOM = '\uFEFF';

/**
 * One cell: text a spreadsheet would run as a formula gets a leading apostrophe (as the workbook
 * export writes it), and a cell holding the separator, a quote or a line break is quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : escapeSheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(SEPARATOR);
}

/** The report's listed problems and changes, one line each, under one header. */
export function importReportCsv(report: ImportReport, texts: ImportReportCsvTexts): string {
  const lines = [
    csvLine([
      texts.kind,
      texts.sheet,
      texts.row,
      texts.column,
      texts.key,
      texts.action,
      texts.message,
    ]),
    ...report.problems.map((problem) =>
      csvLine([
        texts.problem,
        problem.sheet,
        problem.row,
        problem.column,
        null,
        null,
        problem.message,
      ]),
    ),
    ...report.changes.map((change) =>
      csvLine([
        texts.change,
        change.sheet,
        null,
        change.columns.join(', '),
        change.key,
        texts.actionName(change.action),
        null,
      ]),
    ),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The report file's name: the imported file's name without its extension, then `-report.csv`. */
export function importReportFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '') || 'import';
  return `${base}-report.csv`;
}
