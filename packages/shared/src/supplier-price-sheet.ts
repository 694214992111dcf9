// A supplier's price sheet (issue 20 item 2): the columns of the spreadsheet of a supplier's role prices that the export writes and the import reads, and the import's query and report.
import { z } from 'zod';
import { importReportSchema } from './catalogs/workbook';
import { idSchema } from './ids';

/** The sheet's name in a workbook (a CSV holds it alone). */
export const SUPPLIER_PRICE_SHEET = 'Prices';

/**
 * Exactly these columns, nothing informative besides: `catalog` (the catalog's code), `role` (the
 * role's code in that catalog) and `price` (the supplier's price in the catalog's currency; an
 * empty cell means no own price, so the catalog's price applies). A row names one role; roles the
 * file does not name keep their prices.
 */
export const SUPPLIER_PRICE_COLUMNS = ['catalog', 'role', 'price'] as const;
export type SupplierPriceColumn = (typeof SUPPLIER_PRICE_COLUMNS)[number];

/** GET /api/v1/partner-companies/{partnerId}/prices/sheet */
export const supplierPriceSheetQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** POST /api/v1/partner-companies/{partnerId}/prices/imports, the file as the body. */
export const supplierPriceImportQuerySchema = z.object({
  /** `false` (the default) is the dry run: nothing is written. */
  apply: z.stringbool().default(false),
  /** The file's name, to tell a CSV from a workbook when the content does not. */
  fileName: z.string().max(255).optional(),
});

/**
 * Changes are keyed `CATALOG / ROLE`: CREATE a new own price, UPDATE a changed one (columns
 * ['price']), REMOVE an emptied one; rows whose price stays are counted as unchanged.
 */
export const supplierPriceImportReportSchema = importReportSchema.extend({ partnerId: idSchema });
export type SupplierPriceImportReport = z.infer<typeof supplierPriceImportReportSchema>;
