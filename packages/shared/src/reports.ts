// Export reports (PDF and spreadsheet): one model that the server builds in the user's language and that the PDF, the .xlsx and the web preview all render.
import { z } from 'zod';
import { localeSchema } from './locale';

/**
 * What can be exported: the four summaries, the overall story summary, a lineup, the catalog and
 * the comparison of two versions of a story (decision 0042).
 */
export const REPORT_KINDS = [
  'roles',
  'phases',
  'ctl',
  'ict',
  'story',
  'lineup',
  'catalog',
  'comparison',
] as const;
export const reportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** The file formats of an export. */
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/**
 * How a column's values are written. Numeric values travel as decimal text with a dot
 * ("1250.5"); renderers format them in the report's locale: `money` with 2 decimals and the
 * report's currency (none for score catalogs), `unitPrice` with 2 to 4 decimals (those the
 * calculation multiplies with, so a line checks out by hand), `amount` and `mandays` with up to
 * 4 decimals, `integer` without decimals.
 */
export const REPORT_VALUE_FORMATS = [
  'text',
  'money',
  'unitPrice',
  'amount',
  'mandays',
  'integer',
] as const;
export const reportValueFormatSchema = z.enum(REPORT_VALUE_FORMATS);
export type ReportValueFormat = z.infer<typeof reportValueFormatSchema>;

export const reportColumnSchema = z.object({
  header: z.string(),
  format: reportValueFormatSchema,
  /** The spreadsheet writes a SUM formula under this column in the table's total row. */
  summed: z.boolean().default(false),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportRowSchema = z.object({
  /** One cell per column: text, or decimal text for numeric columns; null is an empty cell. */
  cells: z.array(z.string().nullable()),
  /** Depth in a tree (catalog groups): 0 for top rows; only top rows are summed. */
  level: z.number().int().nonnegative().default(0),
  /** Shown muted (optional instances, instances with formula errors). */
  muted: z.boolean().default(false),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTableSchema = z.object({
  title: z.string().nullable(),
  columns: z.array(reportColumnSchema).min(1),
  rows: z.array(reportRowSchema),
  /**
   * The total row as the server calculated it (exact), one cell per column, the first usually the
   * label; null when the table has no total. The spreadsheet writes formulas with these results.
   */
  total: z.array(z.string().nullable()).nullable(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

/** A label and one value ("Total price", "1250.5" as money). */
export const reportFactSchema = z.object({
  label: z.string(),
  value: z.string(),
  format: reportValueFormatSchema,
});
export type ReportFact = z.infer<typeof reportFactSchema>;

/** A company as a report's header shows it: name and address lines. */
export const reportPartySchema = z.object({
  /** "Supplier", "Customer", or the issuing company's caption. */
  caption: z.string(),
  name: z.string(),
  lines: z.array(z.string()),
});
export type ReportParty = z.infer<typeof reportPartySchema>;

export const reportSchema = z.object({
  kind: reportKindSchema,
  locale: localeSchema,
  /** ISO 4217 code of money values; null for score catalogs (MNT, SRV). */
  currency: z.string().nullable(),
  /** "Summary by roles", "Quote" … */
  title: z.string(),
  /** The story's (or the catalog's) name. */
  subject: z.string(),
  /** ISO date-time of the export; renderers show the date in the report's locale. */
  generatedAt: z.string(),
  /** The exporting company first; a lineup adds the supplier and the customer. */
  parties: z.array(reportPartySchema),
  facts: z.array(reportFactSchema),
  tables: z.array(reportTableSchema),
  /** Paragraphs under the tables (e.g. that instances with formula errors count as 0). */
  notes: z.array(z.string()),
  /** The issuing company's logo as a data URL (PNG or JPEG), printed at the top; quotes only. */
  logo: z.string().nullable().optional(),
  /** The file name without its extension, safe for a Content-Disposition header. */
  fileName: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * The most table rows a PDF may have. A 10,000-row PDF takes seconds and about half a gigabyte to
 * lay out; at 50,000 rows the layout outgrows any sensible time and memory. The spreadsheet has no
 * such bound: larger reports are offered as .xlsx only.
 */
export const PDF_MAX_ROWS = 20_000;

/** Rows of every table of a report: what the time and memory of its layout grow with. */
export function reportRowCount(report: Pick<Report, 'tables'>): number {
  return report.tables.reduce((sum, table) => sum + table.rows.length, 0);
}

/**
 * A large export rendered in the background: queued, rendering (with its progress), done (the
 * file can be fetched for a day) or failed (after its retries).
 */
export const EXPORT_JOB_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;
export const exportJobStatusSchema = z.enum(EXPORT_JOB_STATUSES);
export type ExportJobStatus = z.infer<typeof exportJobStatusSchema>;

export const exportJobSchema = z.object({
  id: z.uuid(),
  status: exportJobStatusSchema,
  /** Whole percent of the render, 100 when done. */
  progress: z.number().int().min(0).max(100),
  format: reportFormatSchema,
  /** The file's name with its extension. */
  fileName: z.string(),
  /** The file's size in bytes once done. */
  size: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
