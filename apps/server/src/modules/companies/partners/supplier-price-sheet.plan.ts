// The supplier price import's plan: the file's rows read into catalog code, role code and price, every problem by row and column, and each row compared with the supplier's stored price.
import {
  localizeIssues,
  SUPPLIER_PRICE_COLUMNS,
  SUPPLIER_PRICE_SHEET,
  unitPriceInputSchema,
  type SupplierPriceColumn,
} from '@costory/shared';
import { AMOUNT_DECIMALS, compareScaled, parseDecimal } from '@costory/calc';
import type { LocalizedText } from '../../../errors';
import { readCell } from '../../../lib/spreadsheets/cells';
import type { ImportIssue, PlannedChange } from '../../../lib/spreadsheets/import-report';
import type { ReadSheet, SheetCell, SheetFormat } from '../../../lib/spreadsheets/sheet-reader';
import { toNumericText } from '../../../lib/decimal';

/** A data row of the file, its cells read; `price` '' is "no own price". */
export interface PriceFileRow {
  row: number;
  catalog: string;
  role: string;
  price: string;
}

const COLUMN_LIST = SUPPLIER_PRICE_COLUMNS.join(', ');
const KIND_OF: Readonly<Record<SupplierPriceColumn, 'text' | 'number'>> = {
  catalog: 'text',
  role: 'text',
  price: 'number',
};

export const MESSAGES = {
  required: { en: 'Required', cs: 'Povinné' },
  noRows: { en: 'The file has no rows to import', cs: 'Soubor nemá žádné řádky k importu' },
  formula: {
    en: 'A formula: formulas are never calculated; type the value itself',
    cs: 'Vzorec: vzorce se nikdy nepočítají; zadejte přímo hodnotu',
  },
  twice: { en: 'The column is there twice', cs: 'Sloupec je v listu dvakrát' },
  noPricesSheet: {
    en: `The workbook has no sheet “${SUPPLIER_PRICE_SHEET}”; export the supplier's prices to get the template`,
    cs: `Sešit nemá list „${SUPPLIER_PRICE_SHEET}“; exportujte ceny dodavatele a získáte šablonu`,
  },
  unknownColumn: (text: string): LocalizedText => ({
    en: `Unknown column “${text}”; the sheet ${SUPPLIER_PRICE_SHEET} has the columns ${COLUMN_LIST}`,
    cs: `Neznámý sloupec „${text}“; list ${SUPPLIER_PRICE_SHEET} má sloupce ${COLUMN_LIST}`,
  }),
  missingColumn: (name: string): LocalizedText => ({
    en: `The column “${name}” is missing`,
    cs: `Chybí sloupec „${name}“`,
  }),
  noHeader: (index: number): LocalizedText => ({
    en: `A value in column ${String(index)}, which has no header`,
    cs: `Hodnota ve sloupci ${String(index)}, který nemá záhlaví`,
  }),
  otherSheet: (name: string): LocalizedText => ({
    en: `The sheet “${name}” is not part of the supplier prices workbook (${SUPPLIER_PRICE_SHEET})`,
    cs: `List „${name}“ nepatří do sešitu cen dodavatele (${SUPPLIER_PRICE_SHEET})`,
  }),
  duplicate: (key: string, first: number): LocalizedText => ({
    en: `“${key}” is already on row ${String(first)}`,
    cs: `„${key}“ už je na řádku ${String(first)}`,
  }),
  // Not found, deleted and PRIVATE elsewhere all read the same: the file learns nothing of them.
  unknownCatalog: (code: string): LocalizedText => ({
    en: `There is no catalog “${code}” among the catalogs you can read`,
    cs: `Mezi katalogy, které můžete číst, není katalog „${code}“`,
  }),
  ambiguousCatalog: (code: string): LocalizedText => ({
    en: `Several catalogs you can read have the code “${code}”; set these prices on the supplier's page`,
    cs: `Kód „${code}“ má několik katalogů, které můžete číst; tyto ceny nastavte na stránce dodavatele`,
  }),
  unknownRole: (role: string, catalog: string): LocalizedText => ({
    en: `The catalog “${catalog}” has no role “${role}”`,
    cs: `Katalog „${catalog}“ nemá roli „${role}“`,
  }),
} as const;

/** The key of a row in the report: `DEV-CAT / QA`. */
export function priceKey(catalog: string, role: string): string {
  return `${catalog} / ${role}`;
}

/** Zod's verdict on the price in the user's words (the price form's own messages), or null. */
function priceProblem(text: string): LocalizedText | null {
  const result = unitPriceInputSchema.safeParse(text);
  if (result.success) return null;
  const message = (locale: 'en' | 'cs') =>
    localizeIssues(result.error.issues, locale)[0]?.message ?? '';
  return { en: message('en'), cs: message('cs') };
}

function cellOf(cells: readonly SheetCell[], index: number | undefined): SheetCell {
  return index === undefined ? { kind: 'empty' } : (cells[index] ?? { kind: 'empty' });
}

/** The one sheet to read: a CSV's table, or a workbook's sheet Prices (any other sheet is a problem). */
function priceSheet(
  sheets: readonly ReadSheet[],
  format: SheetFormat,
  issues: ImportIssue[],
): ReadSheet | null {
  if (format === 'csv') return sheets[0] ?? null;
  const wanted = SUPPLIER_PRICE_SHEET.toLowerCase();
  let found: ReadSheet | null = null;
  for (const sheet of sheets) {
    if (sheet.name.trim().toLowerCase() === wanted && found === null) found = sheet;
    else if (sheet.header.length > 0 || sheet.rows.length > 0) {
      issues.push({
        sheet: sheet.name,
        row: null,
        column: null,
        message: MESSAGES.otherSheet(sheet.name),
      });
    }
  }
  if (found === null) {
    issues.push({
      sheet: SUPPLIER_PRICE_SHEET,
      row: null,
      column: null,
      message: MESSAGES.noPricesSheet,
    });
  }
  return found;
}

/**
 * The file's rows with their cells read, each (catalog, role) once; problems of the sheet, its
 * headers and its cells. A row with a problem is left out of the rows (it is reported instead).
 */
export function parsePriceSheet(
  sheets: readonly ReadSheet[],
  format: SheetFormat,
): { rows: PriceFileRow[]; fileRows: number; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const read = priceSheet(sheets, format, issues);
  if (read === null) return { rows: [], fileRows: 0, issues };
  const at = (row: number | null, column: string | null, message: LocalizedText) =>
    issues.push({ sheet: SUPPLIER_PRICE_SHEET, row, column, message });

  const indexOf = new Map<SupplierPriceColumn, number>();
  read.header.forEach((text, index) => {
    if (text === '') return;
    const column = SUPPLIER_PRICE_COLUMNS.find((name) => name === text.trim().toLowerCase());
    if (column === undefined) at(read.headerRow, text, MESSAGES.unknownColumn(text));
    else if (indexOf.has(column)) at(read.headerRow, text, MESSAGES.twice);
    else indexOf.set(column, index);
  });
  const missing = SUPPLIER_PRICE_COLUMNS.filter((column) => !indexOf.has(column));
  for (const column of missing) at(read.headerRow, column, MESSAGES.missingColumn(column));
  if (read.rows.length === 0) at(null, null, MESSAGES.noRows);
  // Without its columns no row can be read meaningfully: the header problems say it all.
  if (missing.length > 0) return { rows: [], fileRows: read.rows.length, issues };

  const rows: PriceFileRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const source of read.rows) {
    source.cells.forEach((cell, index) => {
      if (cell.kind !== 'empty' && cell.kind !== 'merged' && index >= read.header.length) {
        at(source.row, null, MESSAGES.noHeader(index + 1));
      }
    });
    const values: Partial<Record<SupplierPriceColumn, string>> = {};
    let failed = false;
    for (const column of SUPPLIER_PRICE_COLUMNS) {
      const cell = cellOf(source.cells, indexOf.get(column));
      // A formula's cached result may hide anything: it is refused, never evaluated or trusted.
      const reading =
        cell.kind === 'formula'
          ? ({ ok: false, message: MESSAGES.formula } as const)
          : readCell(cell, KIND_OF[column]);
      if (!reading.ok) {
        at(source.row, column, reading.message);
        failed = true;
        continue;
      }
      values[column] = reading.text;
    }
    const catalog = values.catalog ?? '';
    const role = values.role ?? '';
    const price = values.price ?? '';
    if (values.catalog === '') at(source.row, 'catalog', MESSAGES.required);
    if (values.role === '') at(source.row, 'role', MESSAGES.required);
    if (price !== '') {
      const problem = priceProblem(price);
      if (problem !== null) {
        at(source.row, 'price', problem);
        failed = true;
      }
    }
    if (catalog === '' || role === '') continue;
    const key = priceKey(catalog, role);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      at(source.row, 'role', MESSAGES.duplicate(key, first));
      continue;
    }
    firstRowOf.set(key, source.row);
    if (!failed) rows.push({ row: source.row, catalog, role, price });
  }
  return { rows, fileRows: read.rows.length, issues };
}

/** A role the file's row names, resolved, with the supplier's stored price row if any. */
export interface ResolvedPriceRow extends PriceFileRow {
  roleId: number;
  stored: { id: number; price: string } | null;
}

export interface PricePlan {
  creates: { key: string; roleId: number; price: string }[];
  updates: { key: string; id: number; price: string }[];
  removes: { key: string; id: number }[];
  unchanged: number;
}

function samePrice(a: string, b: string): boolean {
  const left = parseDecimal(a, AMOUNT_DECIMALS);
  const right = parseDecimal(b, AMOUNT_DECIMALS);
  return left !== null && right !== null && compareScaled(left, right) === 0;
}

/** What each resolved row does to the supplier's prices; the same price is left alone (no new version). */
export function planPrices(rows: readonly ResolvedPriceRow[]): PricePlan {
  const plan: PricePlan = { creates: [], updates: [], removes: [], unchanged: 0 };
  for (const row of rows) {
    const key = priceKey(row.catalog, row.role);
    if (row.price === '') {
      if (row.stored === null) plan.unchanged += 1;
      else plan.removes.push({ key, id: row.stored.id });
    } else if (row.stored === null) {
      plan.creates.push({ key, roleId: row.roleId, price: toNumericText(row.price) });
    } else if (samePrice(row.stored.price, row.price)) {
      plan.unchanged += 1;
    } else {
      plan.updates.push({ key, id: row.stored.id, price: toNumericText(row.price) });
    }
  }
  return plan;
}

export function plannedChanges(plan: PricePlan): PlannedChange[] {
  return [
    ...plan.creates.map((change) => ({ key: change.key, action: 'CREATE' as const })),
    ...plan.updates.map((change) => ({
      key: change.key,
      action: 'UPDATE' as const,
      columns: ['price'],
    })),
    ...plan.removes.map((change) => ({ key: change.key, action: 'REMOVE' as const })),
  ];
}
