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

type CellValue = string | number | boolean | null;

function kindOf(sheet: WorkbookSheet, header: string): WorkbookColumn['kind'] {
  const name = header.split('.')[0];
  return WORKBOOK_COLUMNS[sheet].find((column) => column.name === name)?.kind ?? 'text';
}

/** A number only when the spreadsheet's float keeps every digit; else the digits as text. */
function numberOrText(text: string): CellValue {
  const number = Number(text);
  return Number.isFinite(number) && canonicalDecimal(String(number)) === text ? number : text;
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
  // In memory, not exceljs' streaming writer: its zip puts sizes after each entry, which a
  // streaming reader (ours, and some other tools') cannot always read back.
  const workbook = new ExcelJS.Workbook();
  for (const sheet of WORKBOOK_SHEETS) {
    const headers = sheetHeaders(sheet, languages);
    const worksheet = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = headers.map((header) => ({
      header,
      key: header,
      width: Math.min(40, Math.max(10, header.length + 4)),
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.addRows(
      rows[sheet].map((row) =>
        headers.map((header) => cellValue(kindOf(sheet, header), row.cells[header] ?? '')),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One sheet as CSV: UTF-8 with a byte order mark (so that Excel reads the accents), commas, CRLF. */
export function writeSheetCsv(
  rows: WorkbookRows,
  sheet: WorkbookSheet,
  languages: readonly string[],
): Buffer {
  const headers = sheetHeaders(sheet, languages);
  const lines = [
    headers.map(csvField).join(','),
    ...rows[sheet].map((row) =>
      headers
        .map((header) => {
          const text = row.cells[header] ?? '';
          const kind = kindOf(sheet, header);
          return csvField(kind === 'text' || kind === 'value' ? escapeSheetText(text) : text);
        })
        .join(','),
    ),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
