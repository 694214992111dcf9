// What every spreadsheet export shares: numbers that keep their digits, CSV fields and a UTF-8 CSV with a byte order mark, and a one-sheet .xlsx with a bold, frozen header.
import type ExcelJS from 'exceljs';
import { canonicalDecimal } from './cells';

export type CellValue = string | number | boolean | null;

/** A number only when the spreadsheet's float keeps every digit; else the digits as text. */
export function numberOrText(text: string): CellValue {
  const number = Number(text);
  return Number.isFinite(number) && canonicalDecimal(String(number)) === text ? number : text;
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A table as CSV: UTF-8 with a byte order mark (so that Excel reads the accents), commas, CRLF. */
export function writeCsvTable(headers: readonly string[], rows: readonly string[][]): Buffer {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Adds a sheet of typed cells under a bold header that stays in view while scrolling. */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  headers: readonly string[],
  rows: readonly CellValue[][],
): void {
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = headers.map((header) => ({
    header,
    key: header,
    width: Math.min(40, Math.max(10, header.length + 4)),
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.addRows(rows.map((row) => [...row]));
}

/**
 * The workbook's bytes. In memory, not exceljs' streaming writer: its zip puts sizes after each
 * entry, which a streaming reader (ours, and some other tools') cannot always read back.
 */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
