// The import's plan: the file's rows laid over the catalogue, checked by the same rules as the forms (sheet, row and column for each problem), and compared row by row with what is stored.
import {
  ATTRIBUTE_TYPES,
  formulaFieldsSchema,
  itemFieldsSchema,
  labelFieldsSchema,
  localizeIssues,
  localizedColumnHeader,
  canActOnItem,
  roleAllows,
  unitPriceInputSchema,
  UNITS_OF_MEASURE,
  WORKBOOK_LIST_SEPARATOR,
  WORKBOOK_SHEETS,
  type AttributeFields,
  type AttributeType,
  type CatalogAction,
  type CatalogMemberRole,
  type ItemContext,
  type LocalizedText as Texts,
  type WorkbookSheet,
} from '@costory/shared';
import type { z } from 'zod';
import type { CatalogRow } from '../../../db/schema';
import type { FieldProblem, LocalizedText } from '../../../errors';
import { localizeRuleFailure } from '../../../plugins/errors';
import { groupBy } from '../../../lib/group-by';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, checkLocalizedName, compactText } from '../common/localized';
import { forbiddenDetail } from '../common/messages';
import {
  checkFormulaList,
  formulaIssueMessage,
  toFormulaAttributes,
} from '../formulas/formula-checks';
import { checkAttributes, type AttributeRow } from '../items/attributes';
import { keyOf, sheetHeaders, type WorkbookRow, type WorkbookRows } from './catalog-state';
import type { ImportIssue } from '../../../lib/spreadsheets/import-report';
import {
  knownTitles,
  splitTitleList,
  type KnownTitles,
} from '../../../lib/spreadsheets/title-list';
import type { FileSheet } from './workbook-parse';

/** A row as it will be: the stored cells with the file's over them. */
export interface PlannedRow {
  key: string;
  cells: Record<string, string>;
  /** The file's row, null for a stored row the file does not name. */
  row: number | null;
}

export interface SheetPlan {
  sheet: WorkbookSheet;
  rows: number;
  created: PlannedRow[];
  updated: { row: PlannedRow; columns: string[] }[];
  removed: WorkbookRow[];
  unchanged: number;
}

export interface ImportPlan {
  sheets: SheetPlan[];
  issues: ImportIssue[];
  /** Every sheet's rows once the import is applied (stored rows the file does not name included). */
  final: Record<WorkbookSheet, Map<string, PlannedRow>>;
  /** Items whose attribute list (with values) or formula list the import rewrites. */
  attributeItems: Set<string>;
  formulaItems: Set<string>;
  /** Each item's attribute list as it will be stored (checked, typed, in order). */
  attributes: Map<string, AttributeRow[]>;
}

type Languages = Pick<CatalogRow, 'defaultLanguage' | 'supportedLanguages'>;

export function localizedOf(
  cells: Record<string, string>,
  name: string,
  languages: Languages,
): Texts {
  return compactText(
    Object.fromEntries(
      languages.supportedLanguages.map((language) => [
        language,
        cells[localizedColumnHeader(name, language)] ?? '',
      ]),
    ),
  );
}

/** The distinct titles of a list cell, sorted; `known` tells a title that holds a comma. */
export function listOf(text: string, known: KnownTitles): string[] {
  return [...new Set(splitTitleList(text, known))].toSorted();
}

function bothLocales(render: (locale: 'en' | 'cs') => string): LocalizedText {
  return { en: render('en'), cs: render('cs') };
}

/** Zod's verdict on one value in the user's words (shared messages), or null when it passes. */
function schemaMessage(schema: z.ZodType, value: unknown): LocalizedText | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return bothLocales((locale) => localizeIssues(result.error.issues, locale)[0]?.message ?? '');
}

function problemMessage(problem: FieldProblem): LocalizedText {
  return (
    problem.message ??
    bothLocales(
      (locale) => localizeRuleFailure(locale, problem.field, problem.rule, problem.params).message,
    )
  );
}

const CODE_SCHEMA = itemFieldsSchema.shape.code;
const ICON_SCHEMA = itemFieldsSchema.shape.icon;
const FORMULA_NAME_SCHEMA = formulaFieldsSchema.shape.name;

const UNKNOWN = {
  group: (code: string): LocalizedText => ({
    en: `There is no group “${code}” in the catalog or in the file`,
    cs: `Skupina „${code}“ v katalogu ani v souboru není`,
  }),
  phase: (code: string): LocalizedText => ({
    en: `There is no phase “${code}” in the catalog or in the file`,
    cs: `Fáze „${code}“ v katalogu ani v souboru není`,
  }),
  label: (title: string): LocalizedText => ({
    en: `There is no label “${title}” in the catalog or in the file`,
    cs: `Štítek „${title}“ v katalogu ani v souboru není`,
  }),
  item: (code: string): LocalizedText => ({
    en: `There is no item “${code}” in the catalog or in the file`,
    cs: `Položka „${code}“ v katalogu ani v souboru není`,
  }),
  attribute: (code: string): LocalizedText => ({
    en: `The item has no attribute “${code}”`,
    cs: `Položka nemá atribut „${code}“`,
  }),
  role: (code: string): LocalizedText => ({
    en: `There is no role “${code}” in the catalog or in the file`,
    cs: `Role „${code}“ v katalogu ani v souboru není`,
  }),
};

const STRUCTURE_SHEETS: ReadonlySet<WorkbookSheet> = new Set([
  'Groups',
  'Phases',
  'Roles',
  'Labels',
]);

function itemForbidden(code: string): LocalizedText {
  return {
    en: `You may not change the item “${code}”: as a Reporter you may change only the items you suggested, and only while they are Pending`,
    cs: `Položku „${code}“ měnit nemůžete: jako Navrhovatel můžete měnit jen položky, které jste navrhli, a jen dokud čekají na zpracování`,
  };
}

const CYCLE: LocalizedText = {
  en: 'The group would be inside itself: its parents lead back to it',
  cs: 'Skupina by byla sama v sobě: její nadřazené skupiny vedou zpět k ní',
};

const CODE: LocalizedText = {
  en: 'A code has 1 to 50 characters: letters without accents, digits, _ . and -',
  cs: 'Kód má 1 až 50 znaků: písmena bez diakritiky, číslice, _ . a -',
};

const LEVEL: LocalizedText = {
  en: 'Must be a whole number from 1 to 10',
  cs: 'Musí být celé číslo od 1 do 10',
};

/** What each sheet's changes need the role to allow. */
const SHEET_ACTIONS: Readonly<Record<WorkbookSheet, CatalogAction>> = {
  Groups: 'MANAGE_STRUCTURE',
  Phases: 'MANAGE_STRUCTURE',
  Roles: 'MANAGE_STRUCTURE',
  Labels: 'MANAGE_STRUCTURE',
  Items: 'EDIT_ITEM',
  Attributes: 'EDIT_ITEM',
  Values: 'EDIT_ITEM',
  Formulas: 'EDIT_FORMULAS',
};

function defaultCells(sheet: WorkbookSheet, languages: readonly string[]): Record<string, string> {
  const cells = Object.fromEntries(sheetHeaders(sheet, languages).map((header) => [header, '']));
  if (sheet === 'Items') cells.repeatable = 'false';
  if (sheet === 'Attributes') cells.mandatory = 'false';
  return cells;
}

export interface PlanInput {
  catalog: Languages;
  role: CatalogMemberRole;
  userId: number;
  /** The stored live items by code, for the per-item rights (a reporter: own PENDING items only). */
  items: ReadonlyMap<string, ItemContext>;
  current: WorkbookRows;
  file: readonly FileSheet[];
  issues: ImportIssue[];
}

/** The plan of an import, with every problem; nothing is written here. */
export function planImport(input: PlanInput): ImportPlan {
  const { catalog, current } = input;
  const languages = catalog.supportedLanguages;
  const issues = input.issues;
  const fileSheets = new Map(input.file.map((sheet) => [sheet.sheet, sheet]));
  // A cell that could not be read is not judged again by the rules (it holds the stored value).
  const cellOf = (issue: Pick<ImportIssue, 'sheet' | 'row' | 'column'>) =>
    issue.row === null || issue.column === null
      ? null
      : `${issue.sheet}|${String(issue.row)}|${issue.column}`;
  const unreadable = new Set(issues.map(cellOf).filter((cell) => cell !== null));
  const problem = (
    sheet: WorkbookSheet,
    row: number | null,
    column: string | null,
    message: LocalizedText,
  ) => {
    const cell = cellOf({ sheet, row, column });
    if (cell !== null && unreadable.has(cell)) return;
    issues.push({ sheet, row, column, message });
  };

  const stored = Object.fromEntries(
    WORKBOOK_SHEETS.map((sheet) => [sheet, new Map(current[sheet].map((row) => [row.key, row]))]),
  ) as Record<WorkbookSheet, Map<string, WorkbookRow>>;

  /** Stored rows, then the file's rows laid over them (new keys at the end, in file order). */
  const final = Object.fromEntries(
    WORKBOOK_SHEETS.map((sheet) => {
      const rows = new Map<string, PlannedRow>(
        current[sheet].map((row) => [row.key, { key: row.key, cells: row.cells, row: null }]),
      );
      for (const fileRow of fileSheets.get(sheet)?.rows ?? []) {
        const base = stored[sheet].get(fileRow.key)?.cells ?? defaultCells(sheet, languages);
        rows.set(fileRow.key, {
          key: fileRow.key,
          cells: { ...base, ...fileRow.cells },
          row: fileRow.row,
        });
      }
      return [sheet, rows];
    }),
  ) as Record<WorkbookSheet, Map<string, PlannedRow>>;

  // Per-item lists: a sheet in the file governs the items it names and, with the Items sheet, the
  // items that sheet names; a governed item's stored rows the file does not name are removed.
  const itemsSheet = fileSheets.get('Items');
  const governed = (sheet: 'Attributes' | 'Formulas'): Set<string> => {
    const own = fileSheets.get(sheet);
    if (!own) return new Set();
    return new Set([
      ...(itemsSheet?.rows.map((row) => row.key) ?? []),
      ...own.rows.map((row) => row.cells.item ?? ''),
    ]);
  };
  const attributeItems = governed('Attributes');
  const formulaItems = governed('Formulas');
  const valuesSheet = fileSheets.get('Values');
  const governedAttributes = new Set<string>();
  if (valuesSheet) {
    for (const row of final.Attributes.values()) {
      if (attributeItems.has(row.cells.item ?? ''))
        governedAttributes.add(keyOf([row.cells.item ?? '', row.cells.code ?? '']));
    }
    for (const row of valuesSheet.rows) {
      governedAttributes.add(keyOf([row.cells.item ?? '', row.cells.attribute ?? '']));
      attributeItems.add(row.cells.item ?? '');
    }
  }
  const dropUnnamed = (sheet: WorkbookSheet, scope: (row: PlannedRow) => boolean) => {
    for (const [key, row] of final[sheet]) {
      if (row.row === null && scope(row)) final[sheet].delete(key);
    }
  };
  if (fileSheets.has('Attributes')) {
    dropUnnamed('Attributes', (row) => attributeItems.has(row.cells.item ?? ''));
  }
  if (valuesSheet) {
    dropUnnamed('Values', (row) =>
      governedAttributes.has(keyOf([row.cells.item ?? '', row.cells.attribute ?? ''])),
    );
  }
  if (fileSheets.has('Formulas')) {
    dropUnnamed('Formulas', (row) => formulaItems.has(row.cells.item ?? ''));
  }
  // Values of attributes that are gone go with them.
  dropUnnamed(
    'Values',
    (row) => !final.Attributes.has(keyOf([row.cells.item ?? '', row.cells.attribute ?? ''])),
  );

  const fromFile = (sheet: WorkbookSheet) =>
    [...final[sheet].values()].filter((row) => row.row !== null);

  const checkCode = (sheet: WorkbookSheet, row: PlannedRow, column: string) => {
    if (!CODE_SCHEMA.safeParse(row.cells[column] ?? '').success)
      problem(sheet, row.row, column, CODE);
  };
  const checkTexts = (
    sheet: WorkbookSheet,
    row: PlannedRow,
    name: string,
    description: string | null,
  ) => {
    for (const found of checkLocalizedName(
      name,
      localizedOf(row.cells, name, catalog),
      catalog,
      LABELS.name,
    )) {
      problem(
        sheet,
        row.row,
        localizedColumnHeader(name, catalog.defaultLanguage),
        problemMessage(found),
      );
    }
    if (description === null) return;
    const text = localizedOf(row.cells, description, catalog);
    for (const found of checkLocalizedDescription(description, text, catalog, LABELS.description)) {
      const language = Object.keys(text)[0] ?? catalog.defaultLanguage;
      problem(sheet, row.row, localizedColumnHeader(description, language), problemMessage(found));
    }
  };

  // ---- structure ----
  for (const row of fromFile('Groups')) {
    checkCode('Groups', row, 'code');
    checkTexts('Groups', row, 'name', 'description');
    const parent = row.cells.parent ?? '';
    if (parent !== '' && !final.Groups.has(parent))
      problem('Groups', row.row, 'parent', UNKNOWN.group(parent));
  }
  for (const row of fromFile('Groups')) {
    const visited = new Set<string>([row.key]);
    let parent = row.cells.parent ?? '';
    while (parent !== '') {
      if (visited.has(parent)) {
        problem('Groups', row.row, 'parent', CYCLE);
        break;
      }
      visited.add(parent);
      parent = final.Groups.get(parent)?.cells.parent ?? '';
    }
  }
  for (const row of fromFile('Phases')) {
    checkCode('Phases', row, 'code');
    checkTexts('Phases', row, 'name', 'description');
  }
  for (const row of fromFile('Roles')) {
    checkCode('Roles', row, 'code');
    checkTexts('Roles', row, 'name', 'description');
    const unit = row.cells.unit ?? '';
    if (!(UNITS_OF_MEASURE as readonly string[]).includes(unit)) {
      const list = UNITS_OF_MEASURE.join(', ');
      problem('Roles', row.row, 'unit', {
        en: `Must be one of ${list}`,
        cs: `Musí být jedna z hodnot ${list}`,
      });
    }
    const message = schemaMessage(unitPriceInputSchema, row.cells.price ?? '');
    if (message) problem('Roles', row.row, 'price', message);
  }
  for (const row of fromFile('Labels')) {
    const fields = {
      title: row.cells.title ?? '',
      description: row.cells.description ?? '',
      color: row.cells.color ?? '',
    };
    const result = labelFieldsSchema.safeParse(fields);
    if (!result.success) {
      const czech = localizeIssues(result.error.issues, 'cs');
      for (const error of localizeIssues(result.error.issues, 'en')) {
        const cs = czech.find((other) => other.field === error.field)?.message ?? error.message;
        problem('Labels', row.row, error.field, { en: error.message, cs });
      }
    }
    row.cells.color = fields.color.toLowerCase();
  }

  // ---- items ----
  const labelTitles = new Set(final.Labels.keys());
  const knownLabels = knownTitles(labelTitles, (title) => labelTitles.has(title));
  for (const row of fromFile('Items')) {
    checkCode('Items', row, 'code');
    checkTexts('Items', row, 'name', 'description');
    const icon = schemaMessage(ICON_SCHEMA, row.cells.icon ?? '');
    if (icon) problem('Items', row.row, 'icon', icon);
    const group = row.cells.group ?? '';
    if (group !== '' && !final.Groups.has(group))
      problem('Items', row.row, 'group', UNKNOWN.group(group));
    const phase = row.cells.phase ?? '';
    if (phase !== '' && !final.Phases.has(phase))
      problem('Items', row.row, 'phase', UNKNOWN.phase(phase));
    const labels = listOf(row.cells.labels ?? '', knownLabels);
    for (const title of labels.filter((title) => !labelTitles.has(title))) {
      problem('Items', row.row, 'labels', UNKNOWN.label(title));
    }
    row.cells.labels = labels.join(WORKBOOK_LIST_SEPARATOR);
  }
  for (const sheet of ['Attributes', 'Values', 'Formulas'] as const) {
    for (const row of fromFile(sheet)) {
      const item = row.cells.item ?? '';
      if (!final.Items.has(item)) problem(sheet, row.row, 'item', UNKNOWN.item(item));
    }
  }
  for (const row of fromFile('Values')) {
    const attribute = row.cells.attribute ?? '';
    if (
      final.Items.has(row.cells.item ?? '') &&
      !final.Attributes.has(keyOf([row.cells.item ?? '', attribute]))
    ) {
      problem('Values', row.row, 'attribute', UNKNOWN.attribute(attribute));
    }
  }

  // ---- attribute lists, by the same rules as the item form ----
  const attributesByItem = groupBy(final.Attributes.values(), (row) => row.cells.item ?? '');
  const valuesByAttribute = groupBy(final.Values.values(), (row) =>
    keyOf([row.cells.item ?? '', row.cells.attribute ?? '']),
  );
  const finalAttributes = new Map<string, AttributeRow[]>();
  for (const [item, rows] of attributesByItem) {
    const fields: AttributeFields[] = [];
    let typed = true;
    for (const row of rows) {
      const level = Number(row.cells.level);
      if (!Number.isInteger(level) || level < 1 || level > 10) {
        problem('Attributes', row.row, 'level', LEVEL);
        typed = false;
      }
      const type = row.cells.type ?? '';
      if (!(ATTRIBUTE_TYPES as readonly string[]).includes(type)) {
        problem('Attributes', row.row, 'type', {
          en: `Must be one of ${ATTRIBUTE_TYPES.join(', ')}`,
          cs: `Musí být jedna z hodnot ${ATTRIBUTE_TYPES.join(', ')}`,
        });
        typed = false;
      }
      if (row.row !== null) checkCode('Attributes', row, 'code');
      const values = valuesByAttribute.get(row.key) ?? [];
      for (const value of values) if (value.row !== null) checkCode('Values', value, 'code');
      fields.push({
        level,
        code: row.cells.code ?? '',
        name: localizedOf(row.cells, 'name', catalog),
        type: type as AttributeType,
        mandatory: row.cells.mandatory === 'true',
        description: localizedOf(row.cells, 'description', catalog),
        defaultValue: (row.cells.default ?? '') === '' ? null : (row.cells.default ?? null),
        enumValues: values.map((value) => ({
          code: value.cells.code ?? '',
          label: localizedOf(value.cells, 'label', catalog),
        })),
        minimum: numberOrNull(row.cells.minimum),
        maximum: numberOrNull(row.cells.maximum),
      });
    }
    if (!typed) continue;
    const checked = checkAttributes(fields, catalog, new Set());
    finalAttributes.set(item, checked.rows);
    if (!attributeItems.has(item)) continue;
    for (const found of checked.problems) {
      const [, index = '', field = '', valueIndex, valueField] = found.field.split('.');
      const row = rows[Number(index)];
      if (!row) continue;
      if (field === 'enumValues' && valueIndex !== undefined) {
        const value = valuesByAttribute.get(row.key)?.[Number(valueIndex)];
        const column =
          valueField === 'label' ? localizedColumnHeader('label', catalog.defaultLanguage) : 'code';
        problem('Values', value?.row ?? null, column, problemMessage(found));
        continue;
      }
      const column =
        field === 'name' || field === 'description'
          ? localizedColumnHeader(field, catalog.defaultLanguage)
          : (ATTRIBUTE_COLUMNS[field] ?? field);
      problem('Attributes', row.row, column, problemMessage(found));
    }
  }

  // ---- formula lists, checked by @costory/calc against the item's attributes as they will be ----
  const roleIds = new Map([...final.Roles.keys()].map((code, index) => [code, index + 1]));
  for (const [item, rows] of groupBy(final.Formulas.values(), (row) => row.cells.item ?? '')) {
    if (!formulaItems.has(item) || !final.Items.has(item)) continue;
    const known = rows.filter((row) => {
      const role = row.cells.role ?? '';
      if (roleIds.has(role)) return true;
      problem('Formulas', row.row, 'role', UNKNOWN.role(role));
      return false;
    });
    const checked = checkFormulaList(
      known.map((row) => ({
        roleId: roleIds.get(row.cells.role ?? '') ?? 0,
        level: Number(row.cells.level),
        name: row.cells.name ?? '',
        expression: row.cells.expression ?? '',
      })),
      {
        existingIds: new Set(),
        roleIds: new Set(roleIds.values()),
        attributes: toFormulaAttributes(
          (finalAttributes.get(item) ?? []).map((attribute) => ({
            code: attribute.code,
            level: attribute.level,
            type: attribute.type,
            mandatory: attribute.mandatory ?? false,
            defaultValue: attribute.defaultValue ?? null,
            enumValues: attribute.enumValues ?? [],
          })),
        ),
      },
    );
    known.forEach((row) => {
      const level = Number(row.cells.level);
      if (!Number.isInteger(level) || level < 1 || level > 10)
        problem('Formulas', row.row, 'level', LEVEL);
      // The formula editor's rule for the name (required, length, no control characters).
      const name = schemaMessage(FORMULA_NAME_SCHEMA, row.cells.name ?? '');
      if (name) problem('Formulas', row.row, 'name', name);
    });
    for (const found of checked.problems) {
      const [, index = '', field = ''] = found.field.split('.');
      problem(
        'Formulas',
        known[Number(index)]?.row ?? null,
        field === 'roleId' ? 'role' : field,
        problemMessage(found),
      );
    }
    for (const { index, issues: formulaIssues } of checked.formulaIssues) {
      for (const issue of formulaIssues) {
        problem('Formulas', known[index]?.row ?? null, 'expression', formulaIssueMessage(issue));
      }
    }
  }

  // ---- what changes ----
  const sheets: SheetPlan[] = [];
  for (const sheet of WORKBOOK_SHEETS) {
    const fileSheet = fileSheets.get(sheet);
    if (!fileSheet) continue;
    const plan: SheetPlan = {
      sheet,
      rows: fileSheet.rows.length,
      created: [],
      updated: [],
      removed: [],
      unchanged: 0,
    };
    for (const row of fromFile(sheet)) {
      const before = stored[sheet].get(row.key);
      if (!before) {
        plan.created.push(row);
        continue;
      }
      const columns = Object.keys(row.cells).filter(
        (header) => row.cells[header] !== (before.cells[header] ?? ''),
      );
      if (columns.length === 0) plan.unchanged += 1;
      else plan.updated.push({ row, columns });
    }
    plan.removed = current[sheet].filter((row) => !final[sheet].has(row.key));
    sheets.push(plan);
  }
  // Values removed with their attribute are changes of the Attributes sheet's items too.
  for (const row of current.Values) {
    if (!final.Values.has(row.key)) attributeItems.add(row.cells.item ?? '');
  }

  for (const plan of sheets) {
    const changes = plan.created.length + plan.updated.length + plan.removed.length;
    if (changes === 0) continue;
    const action =
      plan.sheet === 'Items' && plan.updated.length === 0
        ? 'SUGGEST_ITEM'
        : SHEET_ACTIONS[plan.sheet];
    if (!roleAllows(input.role, action)) {
      problem(plan.sheet, null, null, forbiddenDetail(input.role, action));
      continue;
    }
    if (STRUCTURE_SHEETS.has(plan.sheet)) continue;
    // A stored item the file changes needs the right on that very item, as its form does.
    const itemAction = SHEET_ACTIONS[plan.sheet];
    const itemOf = (row: { key: string; cells: Record<string, string> }) =>
      plan.sheet === 'Items' ? row.key : (row.cells.item ?? '');
    const touched = [
      ...plan.created.map((row) => ({ row: row.row, item: itemOf(row) })),
      ...plan.updated.map(({ row }) => ({ row: row.row, item: itemOf(row) })),
      ...plan.removed.map((row) => ({ row: null, item: itemOf(row) })),
    ];
    const refused = new Set<string>();
    for (const { row, item } of touched) {
      const stored = input.items.get(item);
      if (!stored || refused.has(item)) continue;
      if (!canActOnItem(input.role, itemAction, stored, input.userId)) {
        refused.add(item);
        problem(plan.sheet, row, null, itemForbidden(item));
      }
    }
  }
  return { sheets, issues, final, attributeItems, formulaItems, attributes: finalAttributes };
}

const ATTRIBUTE_COLUMNS: Readonly<Record<string, string>> = {
  defaultValue: 'default',
  enumValues: 'type',
  minimum: 'minimum',
  maximum: 'maximum',
  code: 'code',
  level: 'level',
  type: 'type',
};

function numberOrNull(text: string | undefined): number | null {
  return text === undefined || text === '' ? null : Number(text);
}
