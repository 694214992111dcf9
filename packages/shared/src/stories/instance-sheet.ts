// A story's instance sheet (issue 20): the columns a spreadsheet of instances has, and the import's query and report.
import { z } from 'zod';
import { importReportSchema } from '../catalogs/workbook';
import { idSchema } from '../ids';

/** The sheet's name in a workbook (a CSV holds it alone). */
export const INSTANCE_SHEET = 'Instances';

/**
 * The fixed columns: `item` (the catalog item's code, required), `name`, `description`, `level`
 * (1 when empty), `optional` (true/false, yes/no, 1/0, ano/ne), `labels` (titles of the story's
 * labels, comma-separated). Then one `value.<attribute code>` column per attribute.
 */
export const INSTANCE_SHEET_COLUMNS = [
  'item',
  'name',
  'description',
  'level',
  'optional',
  'labels',
] as const;

/** `value.area` holds the value of the attribute `area` of the row's item. */
export const INSTANCE_VALUE_COLUMN_PREFIX = 'value.';

export const instanceSheetQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

export const instanceImportQuerySchema = z.object({
  /** `false` (the default) is the dry run: nothing is written. */
  apply: z.stringbool().default(false),
  /** The file's name, to tell a CSV from a workbook when the content does not. */
  fileName: z.string().max(255).optional(),
});

/** Every row of the sheet is a new instance (action CREATE, key "row N: ITEM"). */
export const instanceImportReportSchema = importReportSchema.extend({ storyId: idSchema });
export type InstanceImportReport = z.infer<typeof instanceImportReportSchema>;
