// Writes the catalogue workbook: every sheet to one .xlsx (typed cells, frozen header), or one sheet to a UTF-8 CSV; text a spreadsheet would run as a formula is escaped.
import {
  escapeSheetText,
  WORKBOOK_COLUMNS,
  WORKBOOK_SHEETS,
  type WorkbookColumn,
  type WorkbookSheet,
} from '@costory/shared';
import ExcelJS from 'exceljs';
import { sheetHeaders, type WorkbookRows } from './catalog-state';
import { canonicalDecimal } from '../../../lib/spreadsheets/cells';
import {
  addTableSheet,
  numberOrText,
  workbookBytes,
  writeCsvTable,
  type CellValue,
} from '../../../lib/spreadsheets/sheet-writer';

function kindOf(sheet: WorkbookSheet, header: string): WorkbookColumn['kind'] {
  const name = header.split('.')[0];
  return WORKBOOK_COLUMNS[sheet].find((column) => column.name === name)?.kind ?? 'text';
}

/** The typed cell for a canonical text (null leaves the cell empty). */
function cellValue(kind: WorkbookColumn['kind'], text: string): CellValue {
  if (text === '') return null;
  switch (kind) {
    case 'number':
    case 'integer':
      return numberOrText(text);
    case 'boolean':
      return text === 'true';
    case 'value':
      if (text === 'true' || text === 'false') return text === 'true';
      return canonicalDecimal(text) === text ? numberOrText(text) : escapeSheetText(text);
    case 'text':
      return escapeSheetText(text);
  }
}

export async function writeWorkbookXlsx(
  rows: WorkbookRows,
  languages: readonly string[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of WORKBOOK_SHEETS) {
    const headers = sheetHeaders(sheet, languages);
    addTableSheet(
      workbook,
      sheet,
      headers,
      rows[sheet].map((row) =>
        headers.map((header) => cellValue(kindOf(sheet, header), row.cells[header] ?? '')),
      ),
    );
  }
  return workbookBytes(workbook);
}

/** One sheet as CSV: UTF-8 with a byte order mark (so that Excel reads the accents), commas, CRLF. */
export function writeSheetCsv(
  rows: WorkbookRows,
  sheet: WorkbookSheet,
  languages: readonly string[],
): Buffer {
  const headers = sheetHeaders(sheet, languages);
  return writeCsvTable(
    headers,
    rows[sheet].map((row) =>
      headers.map((header) => {
        const text = row.cells[header] ?? '';
        const kind = kindOf(sheet, header);
        return kind === 'text' || kind === 'value' ? escapeSheetText(text) : text;
      }),
    ),
  );
}
