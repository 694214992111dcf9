// Reads the sheets of an uploaded file as catalogue workbook rows: which template sheet each is, which column each header names, and each cell's canonical text, with a problem for everything that does not fit.
import {
  localizedColumnHeader,
  WORKBOOK_COLUMNS,
  WORKBOOK_SHEETS,
  type WorkbookColumn,
  type WorkbookSheet,
} from '@costory/shared';
import type { LocalizedText } from '../../../errors';
import type { ImportIssue } from '../../../lib/spreadsheets/import-report';
import { keyOf } from './catalog-state';
import type { ReadSheet, SheetFormat } from '../../../lib/spreadsheets/sheet-reader';
import { readCell } from '../../../lib/spreadsheets/cells';

/** A data row of the file: only the columns the file has, as canonical text. */
export interface FileRow {
  row: number;
  key: string;
  cells: Record<string, string>;
}

export interface FileSheet {
  sheet: WorkbookSheet;
  /** The headers the file has, as the template spells them (`name.cs`). */
  headers: string[];
  headerRow: number;
  rows: FileRow[];
}

const SHEET_LIST = WORKBOOK_SHEETS.join(', ');

function columnNames(sheet: WorkbookSheet): string {
  return WORKBOOK_COLUMNS[sheet]
    .map((column) => (column.localized === true ? `${column.name}.<lang>` : column.name))
    .join(', ');
}

interface MappedHeader {
  header: string;
  column: WorkbookColumn;
}

type HeaderMapping = ({ ok: true } & MappedHeader) | { ok: false; message: LocalizedText };

/** The template column a header names (`Name.CS` is `name.cs`), or why it names none. */
function mapHeader(
  sheet: WorkbookSheet,
  text: string,
  languages: readonly string[],
): HeaderMapping {
  const [base = '', language, ...rest] = text.toLowerCase().split('.');
  const column = WORKBOOK_COLUMNS[sheet].find((candidate) => candidate.name.toLowerCase() === base);
  if (!column || rest.length > 0 || (language !== undefined) !== (column.localized === true)) {
    return {
      ok: false,
      message: {
        en: `Unknown column “${text}”; the sheet ${sheet} has the columns ${columnNames(sheet)}`,
        cs: `Neznámý sloupec „${text}“; list ${sheet} má sloupce ${columnNames(sheet)}`,
      },
    };
  }
  if (language !== undefined && !languages.includes(language)) {
    const list = languages.join(', ');
    return {
      ok: false,
      message: {
        en: `The catalog has no language “${language}” (its languages: ${list})`,
        cs: `Katalog nemá jazyk „${language}“ (jeho jazyky: ${list})`,
      },
    };
  }
  return {
    ok: true,
    header: language === undefined ? column.name : localizedColumnHeader(column.name, language),
    column,
  };
}

/** How well a CSV's headers fit a sheet: null when they do not, else the fewer spare columns the better. */
function fitOf(sheet: WorkbookSheet, headers: readonly string[], languages: readonly string[]) {
  const names = new Set<string>();
  for (const header of headers) {
    if (header === '') continue;
    const mapped = mapHeader(sheet, header, languages);
    if (!mapped.ok) return null;
    names.add(mapped.column.name);
  }
  const keys = WORKBOOK_COLUMNS[sheet].filter((column) => column.key === true);
  if (!keys.every((column) => names.has(column.name))) return null;
  return WORKBOOK_COLUMNS[sheet].length - names.size;
}

/** How many of the CSV's rows name a stored row of `sheet` by its key columns. */
function knownRows(
  sheet: WorkbookSheet,
  read: ReadSheet,
  languages: readonly string[],
  known: ReadonlySet<string>,
): number {
  const keyIndexes = WORKBOOK_COLUMNS[sheet]
    .filter((column) => column.key === true)
    .map((column) =>
      read.header.findIndex((header) => {
        const mapped = mapHeader(sheet, header, languages);
        return mapped.ok && mapped.column.name === column.name;
      }),
    );
  return read.rows.filter((row) => {
    const parts = keyIndexes.map((index) => {
      const reading = readCell(row.cells[index] ?? { kind: 'empty' }, 'text');
      return reading.ok ? reading.text : '';
    });
    return known.has(keyOf(parts));
  }).length;
}

export interface CsvSheetHints {
  /** The sheet the user chose; wins over every guess. */
  sheet?: WorkbookSheet;
  fileName?: string;
  /** The keys of each sheet's stored rows: a CSV of item codes is the Items sheet. */
  knownKeys: Readonly<Record<WorkbookSheet, ReadonlySet<string>>>;
}

/**
 * The template sheet of a CSV: the one chosen, else the one its file name names ("acme-Roles.csv"),
 * else among the sheets whose columns fit, the one whose stored rows it names most, then the one
 * it fills best ("code,name.en" fits Groups, Phases, Roles and Items alike).
 */
function csvSheet(
  read: ReadSheet,
  hints: CsvSheetHints,
  languages: readonly string[],
): WorkbookSheet | null {
  if (hints.sheet) return hints.sheet;
  const lowerName = (hints.fileName ?? read.name).toLowerCase();
  const named = WORKBOOK_SHEETS.find(
    (sheet) =>
      lowerName.includes(sheet.toLowerCase()) && fitOf(sheet, read.header, languages) !== null,
  );
  if (named) return named;
  let best: { sheet: WorkbookSheet; known: number; spare: number } | null = null;
  for (const sheet of WORKBOOK_SHEETS) {
    const spare = fitOf(sheet, read.header, languages);
    if (spare === null) continue;
    const known = knownRows(sheet, read, languages, hints.knownKeys[sheet]);
    if (best === null || known > best.known || (known === best.known && spare < best.spare)) {
      best = { sheet, known, spare };
    }
  }
  return best?.sheet ?? null;
}

function workbookSheet(name: string): WorkbookSheet | undefined {
  return WORKBOOK_SHEETS.find((sheet) => sheet.toLowerCase() === name.trim().toLowerCase());
}

const REQUIRED: LocalizedText = { en: 'Required', cs: 'Povinné' };

/** The rows of one sheet under its mapped headers; problems for headers and cells. */
function parseSheet(
  sheet: WorkbookSheet,
  read: ReadSheet,
  languages: readonly string[],
  issues: ImportIssue[],
): FileSheet {
  const at = (row: number | null, column: string | null, message: LocalizedText) =>
    issues.push({ sheet, row, column, message });
  const columns: (MappedHeader | null)[] = [];
  const seen = new Set<string>();
  read.header.forEach((text, index) => {
    if (text === '') {
      columns[index] = null;
      return;
    }
    const header = mapHeader(sheet, text, languages);
    if (!header.ok) {
      at(read.headerRow, text, header.message);
      columns[index] = null;
      return;
    }
    if (seen.has(header.header)) {
      at(read.headerRow, text, {
        en: 'The column is there twice',
        cs: 'Sloupec je v listu dvakrát',
      });
      columns[index] = null;
      return;
    }
    seen.add(header.header);
    columns[index] = header;
  });
  const keyColumns = WORKBOOK_COLUMNS[sheet].filter((column) => column.key === true);
  for (const column of keyColumns) {
    if (!seen.has(column.name)) {
      at(read.headerRow, column.name, {
        en: `The column “${column.name}” is missing`,
        cs: `Chybí sloupec „${column.name}“`,
      });
    }
  }
  const rows: FileRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const source of read.rows) {
    const cells: Record<string, string> = {};
    const unreadable = new Set<string>();
    source.cells.forEach((cell, index) => {
      const header = columns[index];
      if (!header) {
        if (cell.kind !== 'empty' && index >= read.header.length) {
          at(source.row, null, {
            en: `A value in column ${String(index + 1)}, which has no header`,
            cs: `Hodnota ve sloupci ${String(index + 1)}, který nemá záhlaví`,
          });
        }
        return;
      }
      const reading = readCell(cell, header.column.kind);
      if (reading.ok) cells[header.header] = reading.text;
      else {
        unreadable.add(header.header);
        at(source.row, header.header, reading.message);
      }
    });
    // A cell that could not be read keeps the stored value, so that the row's other problems show.
    for (const header of columns) {
      if (header && cells[header.header] === undefined && !unreadable.has(header.header)) {
        cells[header.header] = '';
      }
    }
    const keyParts = keyColumns.map((column) => cells[column.name] ?? '');
    const missing = keyColumns.filter((column) => (cells[column.name] ?? '') === '');
    for (const column of missing) {
      if (seen.has(column.name) && !unreadable.has(column.name))
        at(source.row, column.name, REQUIRED);
    }
    if (missing.length > 0) continue;
    const key = keyOf(keyParts);
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      at(source.row, keyColumns.at(-1)?.name ?? null, {
        en: `“${key}” is already on row ${String(first)}`,
        cs: `„${key}“ už je na řádku ${String(first)}`,
      });
      continue;
    }
    firstRowOfKey.set(key, source.row);
    rows.push({ row: source.row, key, cells });
  }
  return {
    sheet,
    headers: columns.flatMap((header) => (header ? [header.header] : [])),
    headerRow: read.headerRow,
    rows,
  };
}

/** The file's template sheets (each at most once) and the problems of their headers and cells. */
export function parseWorkbook(
  sheets: readonly ReadSheet[],
  format: SheetFormat,
  options: CsvSheetHints & { languages: readonly string[] },
): { sheets: FileSheet[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const parsed: FileSheet[] = [];
  for (const read of sheets) {
    if (read.header.length === 0 && read.rows.length === 0) continue;
    const sheet =
      format === 'csv' ? csvSheet(read, options, options.languages) : workbookSheet(read.name);
    if (!sheet) {
      issues.push({
        sheet: read.name,
        row: format === 'csv' ? read.headerRow : null,
        column: null,
        message:
          format === 'csv'
            ? {
                en: `The first row does not name the columns of a sheet of the catalog workbook (${SHEET_LIST}); export a sheet as CSV to see its columns`,
                cs: `První řádek nejmenuje sloupce žádného listu sešitu katalogu (${SHEET_LIST}); exportujte list do CSV a uvidíte jeho sloupce`,
              }
            : {
                en: `The sheet “${read.name}” is not part of the catalog workbook (${SHEET_LIST})`,
                cs: `List „${read.name}“ nepatří do sešitu katalogu (${SHEET_LIST})`,
              },
      });
      continue;
    }
    parsed.push(parseSheet(sheet, read, options.languages, issues));
  }
  if (parsed.length === 0 && issues.length === 0) {
    issues.push({
      sheet: '',
      row: null,
      column: null,
      message: { en: 'The file has no rows to import', cs: 'Soubor nemá žádné řádky k importu' },
    });
  }
  return { sheets: parsed, issues };
}
