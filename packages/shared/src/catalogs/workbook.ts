// The catalogue workbook (issue 20): the sheets and columns that the catalogue export writes and the import reads, and the import's report.
import { z } from 'zod';
import { idSchema } from '../ids';

/**
 * Sheets in the order they are written and applied: what a later sheet names by code (a group's
 * parent, an item's group, an attribute's item) comes from an earlier one or from the catalog.
 */
export const WORKBOOK_SHEETS = [
  'Groups',
  'Phases',
  'Roles',
  'Labels',
  'Items',
  'Attributes',
  'Values',
  'Formulas',
] as const;
export const workbookSheetSchema = z.enum(WORKBOOK_SHEETS);
export type WorkbookSheet = z.infer<typeof workbookSheetSchema>;

/**
 * A column of a sheet. `localized` columns are written once per language of the catalog as
 * `name.en`, `name.cs`, …; `key` columns together identify a row (what a re-import updates by).
 */
export interface WorkbookColumn {
  readonly name: string;
  readonly kind: 'text' | 'number' | 'integer' | 'boolean' | 'value';
  readonly localized?: boolean;
  readonly required?: boolean;
  readonly key?: boolean;
}

const column = (
  name: string,
  kind: WorkbookColumn['kind'],
  flags: Omit<WorkbookColumn, 'name' | 'kind'> = {},
): WorkbookColumn => ({ name, kind, ...flags });

export const WORKBOOK_COLUMNS: Readonly<Record<WorkbookSheet, readonly WorkbookColumn[]>> = {
  Groups: [
    column('code', 'text', { required: true, key: true }),
    column('parent', 'text'),
    column('name', 'text', { localized: true }),
    column('description', 'text', { localized: true }),
  ],
  Phases: [
    column('code', 'text', { required: true, key: true }),
    column('name', 'text', { localized: true }),
    column('description', 'text', { localized: true }),
  ],
  Roles: [
    column('code', 'text', { required: true, key: true }),
    column('name', 'text', { localized: true }),
    column('description', 'text', { localized: true }),
    column('unit', 'text', { required: true }),
    column('price', 'number', { required: true }),
  ],
  Labels: [
    column('title', 'text', { required: true, key: true }),
    column('description', 'text'),
    column('color', 'text', { required: true }),
  ],
  Items: [
    column('code', 'text', { required: true, key: true }),
    column('name', 'text', { localized: true }),
    column('description', 'text', { localized: true }),
    column('group', 'text'),
    column('phase', 'text'),
    column('labels', 'text'),
    column('icon', 'text'),
    column('repeatable', 'boolean'),
  ],
  Attributes: [
    column('item', 'text', { required: true, key: true }),
    column('code', 'text', { required: true, key: true }),
    column('level', 'integer', { required: true }),
    column('type', 'text', { required: true }),
    column('name', 'text', { localized: true }),
    column('description', 'text', { localized: true }),
    column('mandatory', 'boolean'),
    column('default', 'value'),
    column('minimum', 'number'),
    column('maximum', 'number'),
  ],
  Values: [
    column('item', 'text', { required: true, key: true }),
    column('attribute', 'text', { required: true, key: true }),
    column('code', 'text', { required: true, key: true }),
    column('label', 'text', { localized: true }),
  ],
  Formulas: [
    column('item', 'text', { required: true, key: true }),
    column('role', 'text', { required: true, key: true }),
    column('level', 'integer', { required: true, key: true }),
    column('name', 'text', { required: true }),
    column('expression', 'text', { required: true }),
  ],
};

/** Several labels of an item in one cell: "Outdoor, Heavy". */
export const WORKBOOK_LIST_SEPARATOR = ', ';

/** The header of a localized column in one language: `name.cs`. */
export function localizedColumnHeader(name: string, language: string): string {
  return `${name}.${language}`;
}

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * is written with a leading apostrophe, the spreadsheet's own "this is text" mark (OWASP CSV
 * injection); the import takes the apostrophe off again, so export then import is the identity.
 */
// Apostrophes first count too: `'=x` is written `''=x`, so that reading takes exactly one off.
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

export function escapeSheetText(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

export function unescapeSheetText(text: string): string {
  return text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text;
}

// ---- the import -------------------------------------------------------------------------------

/** Largest file the import reads; bigger ones are refused before reading. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most data rows of one sheet. */
export const MAX_IMPORT_ROWS = 50_000;
/** Most planned changes the report lists one by one (all are counted). */
export const MAX_REPORTED_CHANGES = 1000;
/** Most problems the report lists (all are counted). */
export const MAX_REPORTED_PROBLEMS = 1000;

export const catalogImportQuerySchema = z.object({
  /** `false` (the default) is the dry run: nothing is written. */
  apply: z.stringbool().default(false),
  /** The file's name, to tell a CSV from a workbook when the content does not. */
  fileName: z.string().max(255).optional(),
  /** The sheet a CSV holds; guessed from its name, columns and codes when not given. */
  sheet: workbookSheetSchema.optional(),
});

export const importProblemSchema = z.object({
  sheet: z.string(),
  /** The row as the spreadsheet numbers it (the header is row 1); null for the sheet as a whole. */
  row: z.number().int().positive().nullable(),
  /** The column's header; null for the row or sheet as a whole. */
  column: z.string().nullable(),
  /** In the request's language. */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** REMOVE: an attribute, value or formula of an item whose list the file gives, missing from it. */
export const IMPORT_ACTIONS = ['CREATE', 'UPDATE', 'REMOVE'] as const;

// ---- any spreadsheet import's report (the catalogue's, a supplier's prices, a story's instances) ----

export const importChangeSchema = z.object({
  sheet: z.string(),
  /** What identifies the row: `WALL`, `WALL / height`, `WALL / DEV / 1`. */
  key: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  /** The columns whose values change (empty for a new or removed row). */
  columns: z.array(z.string()),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importSheetSummarySchema = z.object({
  sheet: z.string(),
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type ImportSheetSummary = z.infer<typeof importSheetSummarySchema>;

/** The answer of a dry run or an apply: what the file holds, what is wrong, what would change. */
export const importReportSchema = z.object({
  format: z.enum(['xlsx', 'csv']),
  /** True only when the request asked to apply, nothing was wrong, and the changes were written. */
  applied: z.boolean(),
  sheets: z.array(importSheetSummarySchema),
  problems: z.array(importProblemSchema),
  problemCount: z.number().int().nonnegative(),
  changes: z.array(importChangeSchema),
  changeCount: z.number().int().nonnegative(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const catalogImportReportSchema = importReportSchema.extend({ catalogId: idSchema });
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

export const catalogWorkbookQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** The one sheet a CSV holds (a workbook holds them all). */
  sheet: workbookSheetSchema.default('Items'),
});
