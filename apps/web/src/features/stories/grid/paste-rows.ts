// Rows pasted from a spreadsheet (tab-separated: item code, then values) read as new instances: by a header row naming the columns, or else in the order of the item's attributes; each row says what it becomes or what is wrong with it.
import type { StoryModel } from '@costory/calc';
import type {
  Locale,
  StoryCatalog,
  StoryCatalogAttribute,
  StoryCatalogItem,
} from '@costory/shared';
import {
  draftOf,
  evaluateDraft,
  type Draft,
  type DraftProblem,
  type DraftState,
} from '../instances/instance-draft';
import { singleItemModel } from '../instances/calc-model';
import type { Entry } from '../instances/attribute-entry';

export type PasteProblem =
  | { kind: 'unknownItem'; code: string }
  | { kind: 'notAddable'; code: string }
  | { kind: 'onlyOnce'; code: string }
  | { kind: 'tooManyCells'; expected: number }
  | { kind: 'level'; text: string; max: number }
  | { kind: 'optional'; text: string }
  | { kind: 'unknownColumn'; column: string }
  | { kind: 'aboveLevel'; attribute: StoryCatalogAttribute; level: number }
  | { kind: 'notABoolean'; attribute: StoryCatalogAttribute; text: string }
  | { kind: 'notAChoice'; attribute: StoryCatalogAttribute; text: string }
  | { kind: 'value'; attribute: StoryCatalogAttribute; problem: DraftProblem };

export interface PastedRow {
  /** 1-based line of the pasted text. */
  line: number;
  code: string;
  item: StoryCatalogItem | undefined;
  draft: Draft | undefined;
  state: DraftState | undefined;
  problems: PasteProblem[];
}

/** A row that reads: it becomes an instance as shown. */
export interface ReadyRow extends PastedRow {
  item: StoryCatalogItem;
  draft: Draft;
  state: DraftState;
}

export function isReady(row: PastedRow): row is ReadyRow {
  return (
    row.problems.length === 0 &&
    row.item !== undefined &&
    row.draft !== undefined &&
    row.state !== undefined
  );
}

export interface PasteResult {
  /** The first line named the columns. */
  header: boolean;
  rows: PastedRow[];
}

/** Column names the header may use besides attributes (English and Czech, any case). */
const LEVEL_NAMES = ['level', 'úroveň', 'uroven'];
const OPTIONAL_NAMES = ['optional', 'volitelná', 'volitelna', 'volitelné'];
const NAME_NAMES = ['name', 'instance name', 'název', 'nazev', 'název instance'];
const TRUE_TEXTS = ['true', 'yes', 'y', 'ano', 'a', '1', 'x', '✓'];
const FALSE_TEXTS = ['false', 'no', 'n', 'ne', '0'];

function folded(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** The cells of a tab-separated text: spreadsheets quote a cell that holds a tab, a newline or a quote. */
export function splitCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

/**
 * A number as a spreadsheet copies it ("1 234,5", "1,234.5"): grouping dropped, the decimal mark kept.
 * A lone comma is a decimal mark, except in English where "1,500" groups thousands.
 */
function numberText(text: string, locale: Locale): string {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const comma = compact.lastIndexOf(',');
  const dot = compact.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    return comma > dot ? compact.replaceAll('.', '') : compact.replaceAll(',', '');
  }
  if (comma >= 0 && locale === 'en' && /^[-+]?\d{1,3}(,\d{3})+$/.test(compact)) {
    return compact.replaceAll(',', '');
  }
  return compact;
}

function attributeNames(attribute: StoryCatalogAttribute): string[] {
  return [attribute.code, ...Object.values(attribute.name)].map(folded);
}

type Column =
  | { kind: 'level' }
  | { kind: 'optional' }
  | { kind: 'name' }
  | { kind: 'attribute'; name: string; header: string };

function columnOf(header: string): Column {
  const name = folded(header);
  if (LEVEL_NAMES.includes(name)) return { kind: 'level' };
  if (OPTIONAL_NAMES.includes(name)) return { kind: 'optional' };
  if (NAME_NAMES.includes(name)) return { kind: 'name' };
  return { kind: 'attribute', name, header: header.trim() };
}

function isHeader(cells: readonly string[], catalog: StoryCatalog): boolean {
  const [first = '', ...rest] = cells;
  if (catalog.items.some((item) => folded(item.code) === folded(first))) return false;
  const known = new Set(catalog.items.flatMap((item) => item.attributes.flatMap(attributeNames)));
  return rest.some((cell) => {
    const column = columnOf(cell);
    return column.kind !== 'attribute' || known.has(column.name);
  });
}

function entryOfCell(
  attribute: StoryCatalogAttribute,
  text: string,
  locale: Locale,
  problems: PasteProblem[],
): Entry {
  const value = text.trim();
  if (attribute.type === 'BOOLEAN') {
    if (TRUE_TEXTS.includes(folded(value))) return true;
    if (FALSE_TEXTS.includes(folded(value))) return false;
    problems.push({ kind: 'notABoolean', attribute, text: value });
    return false;
  }
  if (attribute.type === 'ENUM') {
    if (value === '') return '';
    const choice = attribute.enumValues.find(
      (option) =>
        folded(option.code) === folded(value) ||
        Object.values(option.label).some((label) => folded(label) === folded(value)),
    );
    if (choice) return choice.code;
    problems.push({ kind: 'notAChoice', attribute, text: value });
    return '';
  }
  return attribute.type === 'TEXT' ? value : numberText(value, locale);
}

/** Reads the pasted text against the story's catalog; nothing is sent anywhere. */
export function readPastedRows(text: string, catalog: StoryCatalog, locale: Locale): PasteResult {
  const lines = splitCells(text);
  const header = lines.length > 0 && isHeader(lines[0] ?? [], catalog);
  const columns = header ? (lines[0] ?? []).slice(1).map(columnOf) : undefined;
  const byCode = new Map(catalog.items.map((item) => [folded(item.code), item]));
  const models = new Map<number, StoryModel>();
  const used = new Set<number>();
  const rows = (header ? lines.slice(1) : lines).map((cells, index): PastedRow => {
    const line = index + (header ? 2 : 1);
    const [codeCell = '', ...values] = cells;
    const code = codeCell.trim();
    const item = byCode.get(folded(code));
    const problems: PasteProblem[] = [];
    if (!item) {
      problems.push({ kind: 'unknownItem', code });
      return { line, code, item, draft: undefined, state: undefined, problems };
    }
    if (!item.addable) problems.push({ kind: 'notAddable', code: item.code });
    else if (!item.repeatable && (item.inStory || used.has(item.id))) {
      problems.push({ kind: 'onlyOnce', code: item.code });
    }
    used.add(item.id);
    const draft = { ...draftOf(item, undefined, locale) };
    const entries: Record<string, Entry> = { ...draft.entries };
    let level: number | undefined;
    const filled: StoryCatalogAttribute[] = [];
    const enterCell = (attribute: StoryCatalogAttribute, cell: string) => {
      if (cell.trim() === '') return;
      entries[attribute.code] = entryOfCell(attribute, cell, locale, problems);
      filled.push(attribute);
    };
    if (columns) {
      values.forEach((cell, column) => {
        const target = columns[column];
        if (!target || cell.trim() === '') return;
        if (target.kind === 'name') draft.name = cell.trim();
        else if (target.kind === 'optional') {
          if (TRUE_TEXTS.includes(folded(cell))) draft.optional = true;
          else if (FALSE_TEXTS.includes(folded(cell))) draft.optional = false;
          else problems.push({ kind: 'optional', text: cell.trim() });
        } else if (target.kind === 'level') {
          const parsed = Number(cell.trim());
          if (Number.isInteger(parsed) && parsed >= 1 && parsed <= Math.max(1, item.maxLevel)) {
            level = parsed;
          } else
            problems.push({ kind: 'level', text: cell.trim(), max: Math.max(1, item.maxLevel) });
        } else {
          const attribute = item.attributes.find((candidate) =>
            attributeNames(candidate).includes(target.name),
          );
          // A value under a column this item has no attribute for would be lost: it is named instead.
          if (attribute) enterCell(attribute, cell);
          else problems.push({ kind: 'unknownColumn', column: target.header });
        }
      });
    } else {
      if (values.slice(item.attributes.length).some((cell) => cell.trim() !== '')) {
        problems.push({ kind: 'tooManyCells', expected: item.attributes.length });
      }
      item.attributes.forEach((attribute, position) =>
        enterCell(attribute, values[position] ?? ''),
      );
    }
    draft.entries = entries;
    const filledLevel = Math.max(1, ...filled.map((attribute) => attribute.level));
    draft.level = level ?? Math.min(Math.max(1, item.maxLevel), filledLevel);
    // Values above a level the row states would be dropped on saving: the row says so.
    for (const attribute of filled) {
      if (attribute.level > draft.level) {
        problems.push({ kind: 'aboveLevel', attribute, level: draft.level });
      }
    }
    let model = models.get(item.id);
    if (!model) {
      model = singleItemModel(catalog, item);
      models.set(item.id, model);
    }
    const state = evaluateDraft(model, item, draft);
    for (const attribute of item.attributes) {
      const problem = state.problems[attribute.code];
      if (problem !== undefined) problems.push({ kind: 'value', attribute, problem });
    }
    return { line, code: item.code, item, draft, state, problems };
  });
  return { header, rows };
}
