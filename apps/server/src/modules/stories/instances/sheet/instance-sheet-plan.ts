// Reads an uploaded instance sheet into new instances: which sheet and columns it has, then each row checked as adding the instance would check it, every problem at its row and column in en and cs.
import {
  INSTANCE_SHEET,
  INSTANCE_SHEET_COLUMNS,
  INSTANCE_VALUE_COLUMN_PREFIX,
  type AttributeType,
  type WorkbookColumn,
} from '@costory/shared';
import type { CatalogItemRow } from '../../../../db/schema';
import type { FieldProblem, LocalizedText } from '../../../../errors';
import { readCell } from '../../../../lib/spreadsheets/cells';
import type { ImportIssue, PlannedChange } from '../../../../lib/spreadsheets/import-report';
import type { ReadSheet, SheetCell, SheetFormat } from '../../../../lib/spreadsheets/sheet-reader';
import type { StoryItemVersionRow } from '../../calculation/model';
import { itemNotAvailable, itemNotRepeatable } from '../../common/messages';
import { checkInstanceFields, type CheckedInstance } from '../instance-checks';
import type { PublishedItem } from '../instances.service';
import { knownTitles, splitTitleList } from '../../../../lib/spreadsheets/title-list';

type FixedColumn = (typeof INSTANCE_SHEET_COLUMNS)[number];

const COLUMN_LIST = `${INSTANCE_SHEET_COLUMNS.join(', ')}, ${INSTANCE_VALUE_COLUMN_PREFIX}<attribute code>`;

const MESSAGES = {
  required: { en: 'Required', cs: 'Povinné' },
  noRows: { en: 'The file has no rows to import', cs: 'Soubor nemá žádné řádky k importu' },
  noItemColumn: {
    en: 'The column “item” is missing: each row needs the code of a catalog item',
    cs: 'Chybí sloupec „item“: každý řádek potřebuje kód položky katalogu',
  },
  twice: { en: 'The column is there twice', cs: 'Sloupec je v listu dvakrát' },
  noInstanceSheet: {
    en: `The workbook has no sheet “${INSTANCE_SHEET}”; export the story’s instances to get the template`,
    cs: `Sešit nemá list „${INSTANCE_SHEET}“; šablonu získáte exportem instancí příběhu`,
  },
} as const satisfies Record<string, LocalizedText>;

/** checkInstanceFields words every problem; this stands in should one come without words. */
const INVALID: LocalizedText = { en: 'The value is not valid', cs: 'Hodnota není platná' };

function unknownColumn(text: string): LocalizedText {
  return {
    en: `Unknown column “${text}”; the sheet ${INSTANCE_SHEET} has the columns ${COLUMN_LIST}`,
    cs: `Neznámý sloupec „${text}“; list ${INSTANCE_SHEET} má sloupce ${COLUMN_LIST}`,
  };
}

function otherSheet(name: string): LocalizedText {
  return {
    en: `The sheet “${name}” is not the instance sheet; put every instance on the sheet “${INSTANCE_SHEET}” and remove the others`,
    cs: `List „${name}“ není list instancí; dejte všechny instance na list „${INSTANCE_SHEET}“ a ostatní listy odstraňte`,
  };
}

function noSuchItem(code: string): LocalizedText {
  return {
    en: `There is no item “${code}” in the story’s catalog`,
    cs: `V katalogu příběhu není položka „${code}“`,
  };
}

function noSuchLabel(title: string): LocalizedText {
  return {
    en: `The story has no label “${title}”; add it on the story’s labels first`,
    cs: `Příběh nemá štítek „${title}“; nejdřív ho přidejte mezi štítky příběhu`,
  };
}

function repeatedInFile(code: string, firstRow: number): LocalizedText {
  return {
    en: `The item ${code} is not repeatable and is already on row ${String(firstRow)}`,
    cs: `Položku ${code} nelze opakovat a už je na řádku ${String(firstRow)}`,
  };
}

function mandatoryMissing(code: string): LocalizedText {
  return {
    en: `A value is required: the item’s attribute “${code}” is mandatory and has no default`,
    cs: `Hodnota je povinná: atribut „${code}“ položky je povinný a nemá výchozí hodnotu`,
  };
}

/** A column of the file: one of the fixed ones, or the value of an attribute. */
type SheetColumn = { kind: 'fixed'; name: FixedColumn } | { kind: 'value'; code: string };

function columnHeader(column: SheetColumn): string {
  return column.kind === 'fixed' ? column.name : `${INSTANCE_VALUE_COLUMN_PREFIX}${column.code}`;
}

/** A data row: its cells by column header, not yet read (a value's type is its item's). */
export interface SheetRowCells {
  row: number;
  /** The item column's text ('' when empty or unreadable). */
  itemCode: string;
  cells: Map<string, { column: SheetColumn; cell: SheetCell }>;
}

export interface ParsedInstanceSheet {
  /** The data rows of the instance sheet (0 when there is none). */
  rowCount: number;
  rows: SheetRowCells[];
  issues: ImportIssue[];
}

function mapHeader(text: string): SheetColumn | null {
  const lower = text.toLowerCase();
  const fixed = INSTANCE_SHEET_COLUMNS.find((name) => name === lower);
  if (fixed !== undefined) return { kind: 'fixed', name: fixed };
  if (lower.startsWith(INSTANCE_VALUE_COLUMN_PREFIX)) {
    const code = text.slice(INSTANCE_VALUE_COLUMN_PREFIX.length).trim();
    if (code !== '') return { kind: 'value', code };
  }
  return null;
}

/**
 * The instance sheet of the upload (a CSV is it; a workbook's sheet named Instances, any other
 * sheet with content a problem), its columns and its rows' cells, with a problem for every
 * header that names no column and for the missing `item` column.
 */
export function parseInstanceSheet(
  sheets: readonly ReadSheet[],
  format: SheetFormat,
): ParsedInstanceSheet {
  const issues: ImportIssue[] = [];
  const at = (row: number | null, column: string | null, message: LocalizedText) =>
    issues.push({ sheet: INSTANCE_SHEET, row, column, message });
  let read: ReadSheet | undefined;
  for (const sheet of sheets) {
    const isInstances =
      format === 'csv' || sheet.name.trim().toLowerCase() === INSTANCE_SHEET.toLowerCase();
    if (isInstances && read === undefined) read = sheet;
    else if (sheet.header.length > 0 || sheet.rows.length > 0) {
      issues.push({ sheet: sheet.name, row: null, column: null, message: otherSheet(sheet.name) });
    }
  }
  if (read === undefined) {
    at(null, null, MESSAGES.noInstanceSheet);
    return { rowCount: 0, rows: [], issues };
  }
  const columns: (SheetColumn | null)[] = [];
  const seen = new Set<string>();
  read.header.forEach((text, index) => {
    columns[index] = null;
    if (text === '') return;
    const column = mapHeader(text);
    if (column === null) {
      at(read.headerRow, text, unknownColumn(text));
      return;
    }
    const header = columnHeader(column);
    if (seen.has(header)) {
      at(read.headerRow, text, MESSAGES.twice);
      return;
    }
    seen.add(header);
    columns[index] = column;
  });
  if (read.header.length > 0 && !seen.has('item'))
    at(read.headerRow, 'item', MESSAGES.noItemColumn);
  if (read.rows.length === 0) at(null, null, MESSAGES.noRows);
  const rows = read.rows.map((source): SheetRowCells => {
    const cells = new Map<string, { column: SheetColumn; cell: SheetCell }>();
    source.cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) {
        cells.set(columnHeader(column), { column, cell });
      } else if (cell.kind !== 'empty' && index >= read.header.length) {
        at(source.row, null, {
          en: `A value in column ${String(index + 1)}, which has no header`,
          cs: `Hodnota ve sloupci ${String(index + 1)}, který nemá záhlaví`,
        });
      }
    });
    const item = cells.get('item');
    const reading = item === undefined ? null : readCell(item.cell, 'text');
    return { row: source.row, itemCode: reading?.ok === true ? reading.text : '', cells };
  });
  return { rowCount: read.rows.length, rows, issues };
}

/** What the rows are checked against: read by the service, under the story's lock when applying. */
export interface SheetContext {
  /** The story catalog's items whose code the rows name in any case (live ones first). */
  items: readonly CatalogItemRow[];
  /** The version the story calculates with of each live, COMPLETE item among them. */
  versions: ReadonlyMap<number, StoryItemVersionRow>;
  /** The story's labels, oldest first. */
  labels: readonly { id: number; title: string }[];
  /** The non-repeatable items among them that the story already has. */
  present: ReadonlySet<number>;
}

/** A row that passed every check: what adding the instance stores. */
export interface PlannedInstance {
  row: number;
  published: PublishedItem;
  checked: CheckedInstance;
}

export interface InstancePlan {
  planned: PlannedInstance[];
  changes: PlannedChange[];
  issues: ImportIssue[];
}

const VALUE_KINDS: Readonly<Record<AttributeType, WorkbookColumn['kind']>> = {
  NUMBER: 'number',
  INTEGER: 'integer',
  BOOLEAN: 'boolean',
  TEXT: 'text',
  ENUM: 'text',
};

/** The item a code names: exactly as written, else the one item it names in another case. */
function itemIndex(items: readonly CatalogItemRow[]): (code: string) => CatalogItemRow | undefined {
  const exact = new Map<string, CatalogItemRow>();
  const folded = new Map<string, CatalogItemRow[]>();
  for (const item of items) {
    if (!exact.has(item.code)) exact.set(item.code, item);
    const key = item.code.toLowerCase();
    const list = folded.get(key) ?? [];
    // Live items were read first: a retired namesake only counts where no live item has the code.
    if (!list.some((other) => other.code === item.code)) list.push(item);
    folded.set(key, list);
  }
  return (code) => {
    const found = exact.get(code);
    if (found) return found;
    const candidates = folded.get(code.toLowerCase()) ?? [];
    return candidates.length === 1 ? candidates[0] : undefined;
  };
}

function labelIndex(labels: SheetContext['labels']): (title: string) => number | undefined {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const label of labels) {
    if (!exact.has(label.title)) exact.set(label.title, label.id);
    const key = label.title.toLowerCase();
    if (!folded.has(key)) folded.set(key, label.id);
  }
  return (title) => exact.get(title) ?? folded.get(title.toLowerCase());
}

/** The sheet's column of a field problem of checkInstanceFields. */
function columnOfField(field: string): string {
  if (field.startsWith('values.')) {
    return `${INSTANCE_VALUE_COLUMN_PREFIX}${field.slice('values.'.length)}`;
  }
  return field === 'labelIds' ? 'labels' : field;
}

/**
 * Every row checked as adding an instance checks it (checkInstanceFields: level within the
 * item's levels, values typed and bounded by the item's attributes, the story's labels), plus
 * what a sheet adds: the item named by code, mandatory values without a default, and a
 * non-repeatable item at most once in the file and in the story.
 */
export function planInstances(parsed: ParsedInstanceSheet, context: SheetContext): InstancePlan {
  const issues: ImportIssue[] = [...parsed.issues];
  const planned: PlannedInstance[] = [];
  const changes: PlannedChange[] = [];
  const findItem = itemIndex(context.items);
  const findLabel = labelIndex(context.labels);
  const knownLabels = knownTitles(
    context.labels.map((label) => label.title),
    (title) => findLabel(title) !== undefined,
  );
  const labelIds = new Set(context.labels.map((label) => label.id));
  const firstRowOf = new Map<number, number>();
  for (const source of parsed.rows) {
    const problems: ImportIssue[] = [];
    const at = (column: string | null, message: LocalizedText) =>
      problems.push({ sheet: INSTANCE_SHEET, row: source.row, column, message });
    const text = (name: FixedColumn, kind: WorkbookColumn['kind']): string | null => {
      const entry = source.cells.get(name);
      if (entry === undefined) return '';
      const reading = readCell(entry.cell, kind);
      if (reading.ok) return reading.text;
      at(name, reading.message);
      return null;
    };
    const itemCell = source.cells.get('item');
    const code = source.itemCode;
    if (itemCell !== undefined)
      changes.push({ key: `row ${String(source.row)}: ${code}`, action: 'CREATE' });
    const itemReading = itemCell === undefined ? null : readCell(itemCell.cell, 'text');
    if (itemReading !== null && !itemReading.ok) at('item', itemReading.message);
    else if (itemCell !== undefined && code === '') at('item', MESSAGES.required);
    const item = code === '' ? undefined : findItem(code);
    const published = item === undefined ? undefined : context.versions.get(item.id);
    if (code !== '' && item === undefined) at('item', noSuchItem(code));
    else if (item !== undefined && published === undefined) at('item', itemNotAvailable(item.code));

    const name = text('name', 'text');
    const description = text('description', 'text');
    const levelText = text('level', 'integer');
    const optionalText = text('optional', 'boolean');
    const labelsText = text('labels', 'text');
    const rowLabelIds: number[] = [];
    for (const title of splitTitleList(labelsText ?? '', knownLabels)) {
      const id = findLabel(title);
      if (id === undefined) at('labels', noSuchLabel(title));
      else rowLabelIds.push(id);
    }

    if (published !== undefined && item !== undefined) {
      const attributes = new Map(published.version.attributes.map((a) => [a.code, a]));
      const values: Record<string, string> = {};
      const unreadable = new Set<string>();
      for (const [header, { column, cell }] of source.cells) {
        if (column.kind !== 'value' || cell.kind === 'empty') continue;
        const attribute = attributes.get(column.code);
        const reading = readCell(
          cell,
          attribute === undefined ? 'text' : VALUE_KINDS[attribute.type],
        );
        if (!reading.ok) {
          unreadable.add(header);
          at(header, reading.message);
        } else if (reading.text !== '') values[column.code] = reading.text;
      }
      const level = levelText === null || levelText === '' ? 1 : Number(levelText);
      const { checked, problems: found } = checkInstanceFields(
        {
          name: name ?? '',
          description: description ?? '',
          optional: optionalText === 'true',
          level,
          values,
          labelIds: rowLabelIds,
        },
        published.version,
        labelIds,
      );
      for (const problem of found satisfies FieldProblem[]) {
        // A level that could not be read was already reported; 1 stood in for it.
        if (problem.field === 'level' && levelText === null) continue;
        at(columnOfField(problem.field), problem.message ?? INVALID);
      }
      for (const attribute of published.version.attributes) {
        const header = `${INSTANCE_VALUE_COLUMN_PREFIX}${attribute.code}`;
        if (
          attribute.mandatory &&
          attribute.defaultValue === null &&
          attribute.level <= checked.level &&
          values[attribute.code] === undefined &&
          !unreadable.has(header)
        ) {
          at(header, mandatoryMissing(attribute.code));
        }
      }
      if (!item.repeatable) {
        const first = firstRowOf.get(item.id);
        if (first !== undefined) at('item', repeatedInFile(item.code, first));
        else if (context.present.has(item.id)) at('item', itemNotRepeatable(item.code));
        else firstRowOf.set(item.id, source.row);
      }
      if (problems.length === 0) {
        planned.push({ row: source.row, published: { item, ...published }, checked });
      }
    }
    issues.push(...problems);
  }
  return { planned, changes, issues };
}
