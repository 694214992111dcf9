// Writes a report as an .xlsx workbook on the calling thread (the export worker's job): a summary sheet, then one sheet per table with real numbers, number formats and SUM formulas in the totals.
import {
  LOCALE_FORMAT_TAGS,
  type Report,
  type ReportTable,
  type ReportValueFormat,
} from '@costory/shared';
import ExcelJS, { type Cell, type Workbook, type Worksheet } from 'exceljs';
import {
  assertDecimal,
  createValueFormatter,
  escapeSheetText,
  type ValueFormatter,
} from '@costory/shared';
import { RENDER_WORDS } from './format';

/** Excel's limit on a sheet name's length. */
const SHEET_NAME_MAX = 31;
/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
/** Excel reserves this name for its change history. */
const RESERVED_SHEET_NAMES = ['history'];
/** The table's title is on row 1, its header on row 2, its data from row 3. */
const TITLE_ROW = 1;
const HEADER_ROW = 2;
const FIRST_DATA_ROW = 3;
const MUTED_FONT = { color: { argb: 'FF8A8A8A' } };
const THIN_BORDER = { style: 'thin' as const };
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * A report's number as a spreadsheet number. Money values are binary floats from here on: exact
 * to the cent up to about 10^13 (15 significant digits), far above any story's total.
 */
function toNumber(text: string): number {
  assertDecimal(text);
  return Number(text);
}

/**
 * The money format in the report's locale and currency, taken from Intl so that the sheet shows
 * what the PDF shows ("1 250,50 Kč", "CZK 1,250.50", "£1,250.50"); Excel then applies the reader's
 * own separators.
 */
function moneyFormat(report: Report, digits = '#,##0.00'): string {
  if (report.currency === null) return digits;
  const parts = new Intl.NumberFormat(LOCALE_FORMAT_TAGS[report.locale], {
    style: 'currency',
    currency: report.currency,
  }).formatToParts(1);
  // Text around the number (the currency and Intl's non-breaking space) becomes one quoted literal.
  let before = '';
  let after = '';
  let numberSeen = false;
  for (const part of parts) {
    if (part.type === 'currency' || part.type === 'literal') {
      const text = part.value.replaceAll('"', '');
      if (numberSeen) after += text;
      else before += text;
    } else {
      numberSeen = true;
    }
  }
  const quoted = (text: string): string => (text === '' ? '' : `"${text}"`);
  return `${quoted(before)}${digits}${quoted(after)}`;
}

/**
 * Up to 4 decimals, as many as the value has: a fixed "0.####" would leave a dangling decimal
 * separator after whole numbers ("12.") in Excel and LibreOffice.
 */
function decimalsFormat(text: string): string {
  const fraction = text.split('.')[1]?.replace(/0+$/, '') ?? '';
  const decimals = Math.min(fraction.length, 4);
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** The number format of a numeric value (of a format other than text). */
function numberFormat(format: ReportValueFormat, text: string, money: MoneyFormats): string {
  if (format === 'money') return money.money;
  if (format === 'unitPrice') return money.unitPrice;
  if (format === 'integer') return '#,##0';
  return decimalsFormat(text);
}

/** Cell formats of money: totals with 2 decimals, unit prices with up to 4 (as calculated). */
interface MoneyFormats {
  money: string;
  unitPrice: string;
}

class SheetNames {
  readonly #used = new Set(RESERVED_SHEET_NAMES);

  /** A valid, unused sheet name close to the wanted one (a suffix " (2)" when it is taken). */
  take(wanted: string, fallback: string): string {
    const cleaned = wanted
      .replace(SHEET_NAME_FORBIDDEN, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '');
    const base = cleaned === '' ? fallback : cleaned;
    let name = base.slice(0, SHEET_NAME_MAX).trim();
    for (let n = 2; this.#used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
    }
    this.#used.add(name.toLowerCase());
    return name;
  }
}

function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function clampWidth(characters: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(characters)));
}

function writeSummary(
  workbook: Workbook,
  report: Report,
  name: string,
  formatter: ValueFormatter,
  money: MoneyFormats,
): void {
  const sheet = workbook.addWorksheet(name);
  sheet.addRow([report.title]).font = { bold: true, size: 14 };
  sheet.addRow([report.subject]).font = { size: 12 };
  sheet.addRow([formatter.date(report.generatedAt)]);
  let labelWidth = 0;
  let valueWidth = Math.max(report.title.length, report.subject.length);
  for (const party of report.parties) {
    sheet.addRow([]);
    const nameRow = sheet.addRow([party.caption, escapeSheetText(party.name)]);
    nameRow.getCell(1).font = MUTED_FONT;
    nameRow.getCell(2).font = { bold: true };
    for (const line of party.lines) sheet.addRow([null, escapeSheetText(line)]);
    labelWidth = Math.max(labelWidth, party.caption.length);
    valueWidth = Math.max(valueWidth, party.name.length, ...party.lines.map((line) => line.length));
  }
  if (report.facts.length > 0) sheet.addRow([]);
  for (const fact of report.facts) {
    const numeric = fact.format !== 'text';
    const row = sheet.addRow([
      fact.label,
      numeric ? toNumber(fact.value) : escapeSheetText(fact.value),
    ]);
    const value = row.getCell(2);
    value.font = { bold: true };
    if (numeric) value.numFmt = numberFormat(fact.format, fact.value, money);
    labelWidth = Math.max(labelWidth, fact.label.length);
  }
  if (report.notes.length > 0) sheet.addRow([]);
  // Notes stay in one cell each and overflow to the right, as Excel shows long text.
  for (const note of report.notes) sheet.addRow([note]).font = MUTED_FONT;
  sheet.getColumn(1).width = clampWidth(labelWidth + 2);
  sheet.getColumn(2).width = clampWidth(valueWidth + 2);
}

function writeTable(
  workbook: Workbook,
  report: Report,
  table: ReportTable,
  name: string,
  money: MoneyFormats,
  levelHeader: string,
): void {
  const { columns, rows, total } = table;
  const isTree = rows.some((row) => row.level > 0);
  const sheet: Worksheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: HEADER_ROW }],
    pageSetup: { paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.pageSetup.printTitlesRow = `${HEADER_ROW}:${HEADER_ROW}`;

  const titleRow = sheet.getRow(TITLE_ROW);
  titleRow.getCell(1).value = table.title ?? report.title;
  titleRow.font = { bold: true, size: 12 };

  // A tree's total sums its top rows only: a hidden column holds each row's level for SUMIF.
  const levelColumn = columns.length + 1;
  const header = sheet.getRow(HEADER_ROW);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = { bold: true };
    cell.border = { bottom: THIN_BORDER };
    if (column.format !== 'text') cell.alignment = { horizontal: 'right' };
  });
  if (isTree) header.getCell(levelColumn).value = levelHeader;

  const widths = columns.map((column) => column.header.length);
  const writeCells = (
    row: number,
    cells: readonly (string | null)[],
    what: string,
    style: (cell: Cell, column: number) => void,
  ): void => {
    if (cells.length !== columns.length) {
      throw new Error(
        `Table ${table.title ?? name}: ${what} has ${cells.length} cells for ${columns.length} columns`,
      );
    }
    const sheetRow = sheet.getRow(row);
    columns.forEach((column, index) => {
      const text = cells[index] ?? null;
      if (text === null) return;
      const cell = sheetRow.getCell(index + 1);
      if (column.format === 'text') {
        // Names people typed: text a spreadsheet would run as a formula gets the apostrophe mark.
        cell.value = escapeSheetText(text);
      } else {
        cell.value = toNumber(text);
        cell.numFmt = numberFormat(column.format, text, money);
      }
      style(cell, index);
      // Grouping separators and a currency add about a third to a number's digits.
      const shown = column.format === 'text' ? text.length : text.length * 1.35 + 4;
      widths[index] = Math.max(widths[index] ?? 0, shown);
    });
  };

  rows.forEach((row, index) => {
    const rowNumber = FIRST_DATA_ROW + index;
    writeCells(rowNumber, row.cells, `row ${index + 1}`, (cell, column) => {
      if (row.level > 0 && column === 0) cell.alignment = { indent: row.level };
      if (row.muted) cell.font = MUTED_FONT;
    });
    if (isTree) sheet.getRow(rowNumber).getCell(levelColumn).value = row.level;
  });

  if (total) {
    const totalRow = FIRST_DATA_ROW + rows.length;
    const lastDataRow = totalRow - 1;
    const levelLetter = columnLetter(levelColumn);
    const levels = `$${levelLetter}$${FIRST_DATA_ROW}:$${levelLetter}$${lastDataRow}`;
    writeCells(totalRow, total, 'the total', (cell) => {
      cell.font = { bold: true };
      cell.border = { top: THIN_BORDER };
    });
    columns.forEach((column, index) => {
      if (!column.summed || column.format === 'text' || rows.length === 0) return;
      const cell = sheet.getRow(totalRow).getCell(index + 1);
      const letter = columnLetter(index + 1);
      const values = `${letter}${FIRST_DATA_ROW}:${letter}${lastDataRow}`;
      const formula = isTree ? `SUMIF(${levels},0,${values})` : `SUM(${values})`;
      // The server's exact total is the cached result, so the file reads right before Excel
      // (or a viewer that never recalculates) evaluates the formula.
      const serverTotal = total[index] ?? null;
      cell.value = serverTotal === null ? { formula } : { formula, result: toNumber(serverTotal) };
      cell.font = { bold: true };
      cell.border = { top: THIN_BORDER };
    });
  }

  const deepest = rows.reduce((deepest, row) => Math.max(deepest, row.level), 0);
  columns.forEach((column, index) => {
    // Excel indents by about two characters per level.
    const indent = index === 0 ? 2 * deepest : 0;
    sheet.getColumn(index + 1).width = clampWidth((widths[index] ?? 0) + indent + 2);
  });
  if (isTree) sheet.getColumn(levelColumn).hidden = true;
}

/**
 * The report as an .xlsx file: a summary sheet ("Summary"/"Souhrn"), then a sheet per table.
 * Runs in the export worker: writing 10,000 rows takes 300-600 ms of this thread.
 */
export async function renderXlsxOnThisThread(
  report: Report,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<Buffer> {
  const formatter = createValueFormatter(report);
  const words = RENDER_WORDS[report.locale];
  const money: MoneyFormats = {
    money: moneyFormat(report),
    unitPrice: moneyFormat(report, '#,##0.00##'),
  };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Costory';
  workbook.title = `${report.title} – ${report.subject}`;
  workbook.subject = report.subject;
  workbook.created = new Date(report.generatedAt);

  const names = new SheetNames();
  // Writing the sheets is most of the work; packing the workbook is the rest.
  const totalRows = report.tables.reduce((sum, table) => sum + table.rows.length, 1);
  let writtenRows = 0;
  writeSummary(
    workbook,
    report,
    names.take(words.summarySheet, words.summarySheet),
    formatter,
    money,
  );
  report.tables.forEach((table, index) => {
    const fallback = words.tableSheet(index + 1);
    writeTable(
      workbook,
      report,
      table,
      names.take(table.title ?? fallback, fallback),
      money,
      words.levelColumn,
    );
    writtenRows += table.rows.length;
    onProgress((0.8 * writtenRows) / totalRows);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
