// A supplier's price sheet (issue 20 item 2): the export of its prices as the import template (.xlsx or CSV) and the import (a dry run, or every change applied in one transaction, nothing when anything is wrong).
import {
  escapeSheetText,
  SUPPLIER_PRICE_COLUMNS,
  SUPPLIER_PRICE_SHEET,
  type Locale,
  type SupplierPriceImportReport,
} from '@costory/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/database';
import type { PartnerCompanyRow } from '../../../db/schema';
import { ConflictError, NotFoundError } from '../../../errors';
import { isUniqueViolation } from '../../../lib/db-errors';
import { fromNumericText } from '../../../lib/decimal';
import { canonicalDecimal } from '../../../lib/spreadsheets/cells';
import {
  buildImportReport,
  readUpload,
  type ImportIssue,
} from '../../../lib/spreadsheets/import-report';
import type { SheetFormat } from '../../../lib/spreadsheets/sheet-reader';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import { PRICES_STALE_WRITE } from './messages';
import { partnerCompanyOfTenant } from './partner-companies.service';
import {
  MESSAGES,
  parsePriceSheet,
  plannedChanges,
  planPrices,
  type PriceFileRow,
  type PricePlan,
  type ResolvedPriceRow,
} from './supplier-price-sheet.plan';
import {
  deleteSupplierPrices,
  findReadableCatalogsByCode,
  insertSupplierPrices,
  listPriceSetupCatalogs,
  listRoleCodesOfCatalogs,
  listRolesWithSupplierPrices,
  listSupplierPriceRows,
  lockPartnerCompany,
  setAdjustedPrices,
  type PriceSetupCatalog,
} from './supplier-prices.repository';

export interface PriceSheetFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRICE_UNIQUE_INDEX = 'supplier_role_prices_partner_role_unique';

/** As the price setup: a subscriber, another tenant's company or an unknown id is 404. */
async function supplierOfTenant(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
): Promise<PartnerCompanyRow> {
  const partner = await partnerCompanyOfTenant(db, user, partnerId);
  if (partner.kind !== 'SUPPLIER') throw new NotFoundError();
  return partner;
}

type SheetRow = Record<(typeof SUPPLIER_PRICE_COLUMNS)[number], string>;

/** A number only when the spreadsheet's float keeps every digit; else the digits as text. */
function priceCell(text: string): string | number | null {
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) && canonicalDecimal(String(number)) === text ? number : text;
}

async function writeXlsx(rows: readonly SheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SUPPLIER_PRICE_SHEET, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = SUPPLIER_PRICE_COLUMNS.map((header) => ({ header, key: header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(
    rows.map((row) => [
      escapeSheetText(row.catalog),
      escapeSheetText(row.role),
      priceCell(row.price),
    ]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** UTF-8 with a byte order mark (so that Excel reads the accents), commas, CRLF. */
function writeCsv(rows: readonly SheetRow[]): Buffer {
  const lines = [
    SUPPLIER_PRICE_COLUMNS.join(','),
    ...rows.map((row) =>
      [escapeSheetText(row.catalog), escapeSheetText(row.role), row.price].map(csvField).join(','),
    ),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The supplier's prices as the import template: one row per role of every catalog of the price
 * setup (the tenant's story catalogs and those already priced), the price empty where the
 * supplier has none.
 */
export async function exportSupplierPrices(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
  format: SheetFormat,
): Promise<PriceSheetFile> {
  const supplier = await supplierOfTenant(db, user, partnerId);
  const catalogs = await listPriceSetupCatalogs(db, user.companyId, supplier.id, undefined);
  const codeOf = new Map(catalogs.map((catalog) => [catalog.id, catalog.code]));
  const order = new Map(catalogs.map((catalog, index) => [catalog.id, index]));
  const roles = await listRolesWithSupplierPrices(db, supplier.id, [...codeOf.keys()]);
  const rows = roles
    .toSorted((a, b) => (order.get(a.role.catalogId) ?? 0) - (order.get(b.role.catalogId) ?? 0))
    .map(({ role, supplierPrice }) => ({
      catalog: codeOf.get(role.catalogId) ?? '',
      role: role.code,
      price: supplierPrice === null ? '' : fromNumericText(supplierPrice.price),
    }));
  const base = `${supplier.name.replace(/[\\/:*?"<>|\s]+/g, '-')}-prices`;
  return format === 'csv'
    ? { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: writeCsv(rows) }
    : { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, body: await writeXlsx(rows) };
}

/**
 * The catalog each code names: among the catalogs the tenant may read, those of its price setup
 * first (codes are unique per owner only, so a PUBLIC catalog elsewhere may share one).
 */
async function resolveCatalogs(
  db: Db,
  tenantId: number,
  partnerId: number,
  codes: readonly string[],
): Promise<Map<string, PriceSetupCatalog | 'AMBIGUOUS'>> {
  const found = await findReadableCatalogsByCode(db, tenantId, codes);
  const setup = new Set(
    (await listPriceSetupCatalogs(db, tenantId, partnerId, undefined)).map((catalog) => catalog.id),
  );
  const resolved = new Map<string, PriceSetupCatalog | 'AMBIGUOUS'>();
  for (const code of codes) {
    const candidates = found.filter((catalog) => catalog.code === code);
    const preferred = candidates.filter((catalog) => setup.has(catalog.id));
    const pick = preferred.length > 0 ? preferred : candidates;
    if (pick.length === 1 && pick[0] !== undefined) resolved.set(code, pick[0]);
    else if (pick.length > 1) resolved.set(code, 'AMBIGUOUS');
  }
  return resolved;
}

interface PriceImportPlan {
  fileRows: number;
  issues: ImportIssue[];
  plan: PricePlan;
}

/** The file's rows laid over the supplier's stored prices (locked when `lock`). */
async function planImport(
  db: Db,
  tenantId: number,
  partnerId: number,
  parsed: { rows: PriceFileRow[]; fileRows: number; issues: ImportIssue[] },
  lock: boolean,
): Promise<PriceImportPlan> {
  const issues = [...parsed.issues];
  const at = (row: number, column: string, message: ImportIssue['message']) =>
    issues.push({ sheet: SUPPLIER_PRICE_SHEET, row, column, message });
  const codes = [...new Set(parsed.rows.map((row) => row.catalog))];
  const catalogs = await resolveCatalogs(db, tenantId, partnerId, codes);
  const catalogIds = [...catalogs.values()].flatMap((catalog) =>
    catalog === 'AMBIGUOUS' ? [] : [catalog.id],
  );
  const roles = await listRoleCodesOfCatalogs(db, catalogIds);
  const roleIdOf = new Map(
    roles.map((role) => [`${String(role.catalogId)}\n${role.code}`, role.id]),
  );
  const found: (PriceFileRow & { roleId: number })[] = [];
  for (const row of parsed.rows) {
    const catalog = catalogs.get(row.catalog);
    if (catalog === undefined) at(row.row, 'catalog', MESSAGES.unknownCatalog(row.catalog));
    else if (catalog === 'AMBIGUOUS')
      at(row.row, 'catalog', MESSAGES.ambiguousCatalog(row.catalog));
    else {
      const roleId = roleIdOf.get(`${String(catalog.id)}\n${row.role}`);
      if (roleId === undefined) at(row.row, 'role', MESSAGES.unknownRole(row.role, row.catalog));
      else found.push({ ...row, roleId });
    }
  }
  const stored = await listSupplierPriceRows(
    db,
    partnerId,
    found.map((row) => row.roleId),
    lock,
  );
  const storedOf = new Map(stored.map((row) => [row.roleId, row]));
  const resolved: ResolvedPriceRow[] = found.map((row) => {
    const price = storedOf.get(row.roleId);
    return { ...row, stored: price === undefined ? null : { id: price.id, price: price.price } };
  });
  return { fileRows: parsed.fileRows, issues, plan: planPrices(resolved) };
}

function report(
  partnerId: number,
  format: SheetFormat,
  planned: PriceImportPlan | null,
  issues: readonly ImportIssue[],
  applied: boolean,
  locale: Locale,
): SupplierPriceImportReport {
  const sheets =
    planned === null
      ? []
      : [
          {
            sheet: SUPPLIER_PRICE_SHEET,
            rows: planned.fileRows,
            changes: plannedChanges(planned.plan),
            unchanged: planned.plan.unchanged,
          },
        ];
  return {
    partnerId,
    ...buildImportReport({ format, sheets, issues, applied, locale }),
  };
}

/** Ends the apply transaction without writing when the plan has problems or nothing to change. */
class PlanFailed extends Error {
  constructor(readonly planned: PriceImportPlan) {
    super('The price import has problems or nothing to change');
  }
}

function changeCount(plan: PricePlan): number {
  return plan.creates.length + plan.updates.length + plan.removes.length;
}

/**
 * Imports a price sheet: a dry run answers the report; `apply` plans again under the supplier's
 * lock and writes every change in one transaction, or nothing when anything is wrong.
 */
export async function importSupplierPrices(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
  file: { bytes: Uint8Array; fileName?: string },
  options: { apply: boolean; locale: Locale },
): Promise<SupplierPriceImportReport> {
  const supplier = await supplierOfTenant(db, user, partnerId);
  const upload = await readUpload(file.bytes, file.fileName);
  if (!upload.ok) {
    return report(supplier.id, upload.format, null, [upload.issue], false, options.locale);
  }
  const { format } = upload;
  const parsed = parsePriceSheet(upload.sheets, format);
  const answer = (planned: PriceImportPlan, applied: boolean) =>
    report(supplier.id, format, planned, planned.issues, applied, options.locale);
  if (!options.apply) {
    return answer(await planImport(db, user.companyId, supplier.id, parsed, false), false);
  }
  try {
    const applied = await db.transaction(async (tx) => {
      await lockPartnerCompany(tx, supplier.id);
      const planned = await planImport(tx, user.companyId, supplier.id, parsed, true);
      if (planned.issues.length > 0 || changeCount(planned.plan) === 0) {
        throw new PlanFailed(planned);
      }
      const { plan } = planned;
      await insertSupplierPrices(
        tx,
        plan.creates.map((change) => ({
          partnerCompanyId: supplier.id,
          roleId: change.roleId,
          price: change.price,
        })),
      );
      // The same write as the bulk change: the price and a new version per row.
      await setAdjustedPrices(tx, plan.updates);
      await deleteSupplierPrices(
        tx,
        plan.removes.map((change) => change.id),
      );
      return planned;
    });
    return answer(applied, true);
  } catch (error) {
    if (error instanceof PlanFailed) return answer(error.planned, false);
    // A price added by someone else between our read and our insert: nothing was written.
    if (isUniqueViolation(error, PRICE_UNIQUE_INDEX)) {
      throw new ConflictError({ detail: PRICES_STALE_WRITE, cause: error });
    }
    throw error;
  }
}
