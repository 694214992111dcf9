// Reads an uploaded catalogue spreadsheet (issue 20: .xlsx, or a UTF-8 / Windows-1250 CSV with ',' ';' or tab) into rows of typed cells for the import.
import { Readable } from 'node:stream';
import ExcelJS, { type Row } from 'exceljs';
import JSZip from 'jszip';

export type SheetCell =
  | { kind: 'empty' }
  // CSV cells are always text (or empty); xlsx strings, rich text joined
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  // an xlsx date cell, ISO 8601: 2026-11-28 at midnight, else the full UTC timestamp
  | { kind: 'date'; iso: string }
  // an xlsx formula cell: its formula as written, with a leading '=' (e.g. '=HYPERLINK("x")'); its
  // cached result is ignored: NEVER evaluated. A shared formula's dependent cells read '=' alone.
  | { kind: 'formula'; text: string }
  // a cell covered by a merge that is not the merge's top-left cell
  | { kind: 'merged' }
  // an xlsx error value (#REF! …)
  | { kind: 'error'; text: string };

export interface SheetRow {
  /** the spreadsheet's own 1-based row number (for a CSV, the record number) */
  row: number;
  /** cells[0] is column A; an xlsx row ends at its last non-empty cell, a CSV row has every field */
  cells: SheetCell[];
}

export interface ReadSheet {
  /** the worksheet's name; for a CSV the file name without extension ('' when unknown) */
  name: string;
  /** the first non-empty row's cells as trimmed text (the header row) */
  header: string[];
  /** its row number (0 for a sheet without any value) */
  headerRow: number;
  /** the data rows after the header; rows whose cells are all empty (or merged) are left out */
  rows: SheetRow[];
}

export type SheetFormat = 'xlsx' | 'csv';

export type SheetReadFailure =
  'EMPTY' | 'NOT_A_WORKBOOK' | 'TOO_MANY_ROWS' | 'TOO_WIDE' | 'UNKNOWN_FORMAT';

/** Most columns a row may reach: every template has a few dozen; a crafted file could pad millions. */
export const MAX_SHEET_COLUMNS = 500;

export class SheetReadError extends Error {
  constructor(
    readonly reason: SheetReadFailure,
    readonly sheet?: string,
  ) {
    super(
      sheet === undefined
        ? `Cannot read the sheet: ${reason}`
        : `Cannot read sheet "${sheet}": ${reason}`,
    );
    this.name = 'SheetReadError';
  }
}

const EMPTY: SheetCell = { kind: 'empty' };
const MERGED: SheetCell = { kind: 'merged' };

/** 'xlsx' when the bytes start with the zip signature PK\x03\x04; otherwise 'csv' when the file name ends .csv/.txt or the bytes decode as text without NULs; null otherwise (e.g. an old binary .xls). */
export function detectSheetFormat(bytes: Uint8Array, fileName?: string): SheetFormat | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return 'xlsx';
  }
  if (fileName !== undefined && /\.(csv|txt)$/i.test(fileName)) return 'csv';
  // Every byte sequence decodes (Windows-1250 is the fallback), so a NUL is what gives binaries away:
  // an old .xls (OLE2), a PDF, an image, and also UTF-16 text, which the CSV import does not read.
  return bytes.includes(0) ? null : 'csv';
}

/** Reads every worksheet (xlsx, in workbook order) or the one CSV table. `maxRows` caps the data rows per sheet (TOO_MANY_ROWS beyond). An empty file or one without any non-empty row: EMPTY. A .xlsx that is not a readable workbook (corrupt zip, random bytes after PK): NOT_A_WORKBOOK — never an unhandled exception. */
export async function readSheets(
  bytes: Uint8Array,
  format: SheetFormat,
  options: { maxRows: number; fileName?: string },
): Promise<ReadSheet[]> {
  if (bytes.length === 0) throw new SheetReadError('EMPTY');
  switch (format) {
    case 'csv':
      return [readCsv(bytes, options.maxRows, csvName(options.fileName))];
    case 'xlsx':
      return readXlsx(bytes, options.maxRows);
    default:
      // Reachable only from untyped callers (a format string taken from a request).
      throw new SheetReadError('UNKNOWN_FORMAT');
  }
}

// ---------------------------------------------------------------------------------------------
// Rows into sheets

/** Collects a sheet's non-empty rows and enforces the row cap while the file is still being read. */
class SheetCollector {
  readonly rows: SheetRow[] = [];

  constructor(
    private readonly maxRows: number,
    private readonly sheetName: () => string,
  ) {}

  add(row: number, cells: SheetCell[]): void {
    if (cells.length > MAX_SHEET_COLUMNS) {
      const name = this.sheetName();
      throw new SheetReadError('TOO_WIDE', name === '' ? undefined : name);
    }
    if (!cells.some(isPresent)) return;
    // rows[0] becomes the header, so the cap applies to what follows it.
    if (this.rows.length > this.maxRows) {
      const name = this.sheetName();
      throw new SheetReadError('TOO_MANY_ROWS', name === '' ? undefined : name);
    }
    this.rows.push({ row, cells });
  }
}

function isPresent(cell: SheetCell): boolean {
  return cell.kind !== 'empty' && cell.kind !== 'merged';
}

function toReadSheet(name: string, collected: SheetRow[]): ReadSheet {
  // A value left under a merge (Excel drops them, a hand-made file may not) can empty a row only now.
  const rows = collected.filter((r) => r.cells.some(isPresent));
  const [first, ...data] = rows;
  if (first === undefined) return { name, header: [], headerRow: 0, rows: [] };
  return { name, header: first.cells.map(headerText), headerRow: first.row, rows: data };
}

function headerText(cell: SheetCell): string {
  switch (cell.kind) {
    case 'empty':
    case 'merged':
      return '';
    case 'number':
    case 'boolean':
      return String(cell.value).trim();
    case 'date':
      return cell.iso;
    case 'text':
    case 'formula':
    case 'error':
      return cell.text.trim();
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1250 = new TextDecoder('windows-1250');

/** For CSV only, exported for tests: the decoded text (BOM-aware UTF-8; when the bytes are not valid UTF-8, Windows-1250) */
export function decodeCsvText(bytes: Uint8Array): string {
  try {
    // TextDecoder drops a leading UTF-8 BOM itself (ignoreBOM defaults to false).
    return utf8.decode(bytes);
  } catch {
    // Czech Excel saves "CSV (oddělený středníkem)" in the ANSI code page, which is Windows-1250.
    return windows1250.decode(bytes);
  }
}

type Separator = ',' | ';' | '\t';
const SEPARATORS: readonly Separator[] = [',', ';', '\t'];

/** The separator of a CSV: ';', ',' or '\t', whichever occurs most often outside quotes on the first non-empty line (',' on a tie or none). */
export function detectSeparator(text: string): Separator {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  // Blank lines before the header are skipped; a line of separators only is not blank.
  for (;;) {
    const blank = /^[ ]*(\r\n|\r|\n)/.exec(text.slice(start, start + 4096));
    if (blank === null) break;
    start += blank[0].length;
  }
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      break;
    } else if (!quoted) {
      const count = counts.get(ch);
      if (count !== undefined) counts.set(ch, count + 1);
    }
  }
  let best: Separator = ',';
  let bestCount = 0;
  let tie = false;
  for (const separator of SEPARATORS) {
    const count = counts.get(separator) ?? 0;
    if (count > bestCount) {
      best = separator;
      bestCount = count;
      tie = false;
    } else if (count === bestCount && count > 0) {
      tie = true;
    }
  }
  return tie ? ',' : best;
}

function csvName(fileName: string | undefined): string {
  if (fileName === undefined) return '';
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

function readCsv(bytes: Uint8Array, maxRows: number, name: string): ReadSheet {
  const text = decodeCsvText(bytes);
  const collector = new SheetCollector(maxRows, () => name);
  let record = 0;
  for (const fields of csvRecords(text, detectSeparator(text))) {
    record += 1;
    collector.add(
      record,
      fields.map((field): SheetCell => (field === '' ? EMPTY : { kind: 'text', text: field })),
    );
  }
  if (collector.rows.length === 0) throw new SheetReadError('EMPTY');
  return toReadSheet(name, collector.rows);
}

/**
 * RFC 4180 records. Lenient where the RFC is not: text after a closing quote is kept, an unclosed
 * quote runs to the end of the file, and a quote inside an unquoted field is an ordinary character,
 * because a hand-edited CSV should import as what it visibly says rather than fail.
 */
function* csvRecords(text: string, separator: Separator): Generator<string[]> {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  let i = start;
  const n = text.length;
  const fieldEnd = (from: number): number => {
    let j = from;
    while (j < n) {
      const ch = text.charAt(j);
      if (ch === separator || ch === '\n' || ch === '\r') break;
      j++;
    }
    return j;
  };
  while (i < n) {
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text.charAt(i) === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote === -1) {
            value += text.slice(i);
            i = n;
            break;
          }
          value += text.slice(i, quote);
          if (text.charAt(quote + 1) === '"') {
            value += '"';
            i = quote + 2;
          } else {
            i = quote + 1;
            break;
          }
        }
      }
      const end = fieldEnd(i);
      value += text.slice(i, end);
      i = end;
      fields.push(value);
      if (i < n && text.charAt(i) === separator) {
        i++;
        continue;
      }
      break;
    }
    if (text.charAt(i) === '\r') i++;
    if (text.charAt(i) === '\n') i++;
    yield fields;
  }
}

// ---------------------------------------------------------------------------------------------
// xlsx

/** The parts of exceljs' streaming reader used here that its typings leave out (exceljs 4.4). */
interface StreamedWorksheet extends AsyncIterable<Row> {
  name: string;
}

interface StreamedWorkbook {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: StreamedWorksheet }>;
}

interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

// Enough for any real sheet; a crafted file with millions of merges must not grow memory unbounded.
const MAX_MERGES = 100_000;

/** A part of the zip as a modern stream of text (a character split between chunks stays whole). */
function textOf(file: JSZip.JSZipObject): Readable {
  const stream = new Readable({ read: () => undefined }).wrap(file.nodeStream('nodebuffer'));
  stream.setEncoding('utf8');
  return stream;
}

/** The zip path of a workbook relationship's target: `worksheets/sheet1.xml`, `/xl/worksheets/…`. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/**
 * Reads the zip by its directory, not front to back: the workbook, its relationships, shared
 * strings and styles first, then each worksheet in the workbook's order, streamed through exceljs'
 * worksheet reader. exceljs' own front-to-back reader needs those parts before the worksheets,
 * which neither Excel nor exceljs' writer put there (it lost the workbook part, or every sheet,
 * with six sheets or more). Memory stays the compressed file plus one sheet's rows.
 */
async function readXlsx(bytes: Uint8Array, maxRows: number): Promise<ReadSheet[]> {
  const notAWorkbook = (cause?: unknown) => {
    const failure = new SheetReadError('NOT_A_WORKBOOK');
    if (cause !== undefined) failure.cause = cause;
    return failure;
  };
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (error) {
    throw notAWorkbook(error);
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as StreamedWorkbook;
  const result: ReadSheet[] = [];
  try {
    const workbook = zip.file('xl/workbook.xml');
    const relationships = zip.file('xl/_rels/workbook.xml.rels');
    // A zip without a workbook part (a .docx, any other zip) is no workbook.
    if (workbook === null || relationships === null) throw notAWorkbook();
    await reader._parseRels(textOf(relationships));
    await reader._parseWorkbook(textOf(workbook));
    const sharedStrings = zip.file('xl/sharedStrings.xml');
    if (sharedStrings !== null) {
      // In 'cache' mode the generator only fills the cache; it yields nothing to handle.
      for await (const event of reader._parseSharedStrings(textOf(sharedStrings))) void event;
    }
    const styles = zip.file('xl/styles.xml');
    if (styles !== null) await reader._parseStyles(textOf(styles));
    for (const entry of reader.model?.sheets ?? []) {
      const target = reader.workbookRels?.find((rel) => rel.Id === entry.rId)?.Target;
      // Chartsheets are listed too but have no worksheet part; they carry no rows to import.
      const file = target === undefined ? null : zip.file(partPath(target));
      if (file === null || !/worksheets\//.test(file.name)) continue;
      const merges: MergeRange[] = [];
      const collector = new SheetCollector(maxRows, () => entry.name);
      for (const { value: worksheet } of reader._parseWorksheet(
        decodeAndFindMerges(textOf(file), merges),
        entry.rId,
      )) {
        for await (const row of worksheet) collector.add(row.number, rowCells(row));
      }
      applyMerges(collector.rows, merges);
      result.push(toReadSheet(entry.name, collector.rows));
    }
  } catch (error) {
    if (error instanceof SheetReadError) throw error;
    // exceljs and the zip fail with anything from a deflate error to a TypeError on a damaged part.
    throw notAWorkbook(error);
  }
  if (reader.model?.sheets === undefined) throw notAWorkbook();
  if (!result.some((sheet) => sheet.rows.length > 0 || sheet.header.length > 0)) {
    throw new SheetReadError('EMPTY');
  }
  return result;
}

/**
 * exceljs' streaming worksheet reader skips `<mergeCell>` (exceljs 4.4 reports no merges while
 * streaming), so the sheet XML is watched on its way to the parser. The merges come after
 * `<sheetData>` and are applied once the sheet's rows are in.
 */
async function* decodeAndFindMerges(
  source: AsyncIterable<Uint8Array | string>,
  merges: MergeRange[],
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    carry = collectMerges(carry + text, merges);
    yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') {
    collectMerges(carry + rest, merges);
    yield rest;
  }
}

const MERGE_TAG = /<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*>/g;
const REF_ATTRIBUTE = /\sref\s*=\s*["']([^"']*)["']/;

/** Records the complete merge tags in `text`; returns the unfinished tail for the next chunk. */
function collectMerges(text: string, merges: MergeRange[]): string {
  let lastEnd = 0;
  for (const match of text.matchAll(MERGE_TAG)) {
    lastEnd = match.index + match[0].length;
    const ref = REF_ATTRIBUTE.exec(match[0])?.[1];
    const range = ref === undefined ? null : parseRange(ref);
    if (range !== null && merges.length < MAX_MERGES) merges.push(range);
  }
  const open = text.lastIndexOf('<');
  // A tag is short; a longer tail is text content, which cannot hold a raw '<' anyway.
  if (open < lastEnd || text.indexOf('>', open) !== -1 || text.length - open > 512) return '';
  return text.slice(open);
}

function parseRange(ref: string): MergeRange | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?$/i.exec(ref.trim());
  if (match === null) return null;
  const [, c1 = '', r1 = '', c2 = c1, r2 = r1] = match;
  const [left, right] = [columnNumber(c1), columnNumber(c2)].sort((a, b) => a - b);
  const [top, bottom] = [Number(r1), Number(r2)].sort((a, b) => a - b);
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) {
    return null;
  }
  return { top, left, bottom, right };
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * Marks the cells a merge covers, other than its top-left one, as 'merged'. Only rows that hold
 * data and columns up to the widest of them are touched: a merge over a whole column or row adds
 * nothing but emptiness beyond that, and must not cost memory.
 */
function applyMerges(rows: SheetRow[], merges: MergeRange[]): void {
  if (merges.length === 0 || rows.length === 0) return;
  rows.sort((a, b) => a.row - b.row);
  const width = Math.max(...rows.map((r) => r.cells.length));
  // Merges never overlap in a sound file, so together they cover at most every cell once; more
  // is a crafted file that would keep the server busy marking the same cells again and again.
  let covered = 0;
  for (const merge of merges) {
    const rowCount = firstRowAtOrAfter(rows, merge.bottom + 1) - firstRowAtOrAfter(rows, merge.top);
    covered += rowCount * Math.max(0, Math.min(merge.right, width) - merge.left + 1);
    if (covered > rows.length * width) throw new SheetReadError('NOT_A_WORKBOOK');
  }
  for (const merge of merges) {
    const right = Math.min(merge.right, width);
    for (let i = firstRowAtOrAfter(rows, merge.top); i < rows.length; i++) {
      const row = rows[i];
      if (row === undefined || row.row > merge.bottom) break;
      for (let column = merge.left; column <= right; column++) {
        if (row.row === merge.top && column === merge.left) continue;
        while (row.cells.length < column) row.cells.push(EMPTY);
        row.cells[column - 1] = MERGED;
      }
    }
  }
}

function firstRowAtOrAfter(rows: SheetRow[], rowNumber: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((rows[mid]?.row ?? Infinity) < rowNumber) low = mid + 1;
    else high = mid;
  }
  return low;
}

function rowCells(row: Row): SheetCell[] {
  const cells: SheetCell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const value = toSheetCell(cell.value);
    if (value.kind === 'empty') return;
    while (cells.length < column - 1) cells.push(EMPTY);
    cells[column - 1] = value;
  });
  return cells;
}

/**
 * Goes by the value's shape, not `cell.type`: a shared formula's dependent cell streams as
 * `{ formula: '', result }`, which exceljs types as JSON rather than Formula.
 */
function toSheetCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'string') return value === '' ? EMPTY : { kind: 'text', text: value };
  if (typeof value === 'number') {
    // Only a malformed <v> gives NaN; it is reported as Excel would show a bad number.
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error', text: '#NUM!' };
  }
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value instanceof Date) {
    // A serial number far outside Excel's range makes an invalid Date; toISOString would throw.
    return Number.isNaN(value.getTime()) ? { kind: 'error', text: '#NUM!' } : dateCell(value);
  }
  if (typeof value !== 'object') return EMPTY;
  if ('formula' in value || 'sharedFormula' in value) {
    // The cached result is what another program last computed and may hide anything: never used.
    const formula = 'formula' in value && typeof value.formula === 'string' ? value.formula : '';
    return { kind: 'formula', text: `=${formula}` };
  }
  if ('error' in value && typeof value.error === 'string')
    return { kind: 'error', text: value.error };
  if ('richText' in value) return textCell(richText(value.richText));
  if ('text' in value) {
    // A hyperlink cell (hyperlinks: 'ignore' should make them plain text; kept for safety).
    const { text } = value;
    if (typeof text === 'string') return textCell(text);
    if (typeof text === 'object' && text !== null && 'richText' in text) {
      return textCell(richText(text.richText));
    }
  }
  return EMPTY;
}

function textCell(text: string): SheetCell {
  return text === '' ? EMPTY : { kind: 'text', text };
}

function richText(runs: unknown): string {
  if (!Array.isArray(runs)) return '';
  return runs
    .map((run: unknown) =>
      typeof run === 'object' && run !== null && 'text' in run && typeof run.text === 'string'
        ? run.text
        : '',
    )
    .join('');
}

function dateCell(date: Date): SheetCell {
  const iso = date.toISOString();
  // exceljs builds dates in UTC from the serial number, so a date without a time is midnight UTC.
  return { kind: 'date', iso: iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso };
}
