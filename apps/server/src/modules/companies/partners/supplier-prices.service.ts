// Rules of a supplier's price setup (decision 0024): the catalogs a tenant prices, saving one catalog's prices at once with versions, and the bulk change by percentage.
import { AMOUNT_DECIMALS, compareScaled, parseDecimal } from '@costory/calc';
import type {
  PriceAdjustment,
  PriceAdjustmentResult,
  SupplierPriceRole,
  SupplierPrices,
  SupplierPricesUpdate,
} from '@costory/shared';
import type { Db } from '../../../db/database';
import type { PartnerCompanyRow } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from '../../../errors';
import { isUniqueViolation } from '../../../lib/db-errors';
import { fromNumericText, toNumericText } from '../../../lib/decimal';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import {
  ADJUSTED_PRICE_TOO_LARGE,
  DUPLICATE_ROLE,
  PRICES_STALE_WRITE,
  UNKNOWN_ROLE,
} from './messages';
import { partnerCompanyOfTenant } from './partner-companies.service';
import { PERCENT_DECIMALS, adjustPrice, percentToUnits } from './price-adjustment';
import {
  deleteSupplierPrice,
  findReadableCatalog,
  insertSupplierPrice,
  listAdjustablePrices,
  listPriceSetupCatalogs,
  listRoleIdsOfCatalog,
  listRolesWithSupplierPrices,
  lockPricesOfRoles,
  setAdjustedPrices,
  updateSupplierPrice,
  type PriceSetupCatalog,
} from './supplier-prices.repository';

type SupplierPriceCatalog = SupplierPrices['catalogs'][number];

const PRICE_UNIQUE_INDEX = 'supplier_role_prices_partner_role_unique';

/**
 * The tenant's supplier `partnerId`. A subscriber has no price setup, so its prices answer 404
 * like another tenant's company or an unknown id (decision 0024).
 */
async function supplierOfTenant(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
): Promise<PartnerCompanyRow> {
  const partner = await partnerCompanyOfTenant(db, user, partnerId);
  if (partner.kind !== 'SUPPLIER') throw new NotFoundError();
  return partner;
}

async function readableCatalog(
  db: Db,
  user: AuthenticatedUser,
  catalogId: number,
): Promise<PriceSetupCatalog> {
  const catalog = await findReadableCatalog(db, user.companyId, catalogId);
  if (!catalog) throw new NotFoundError();
  return catalog;
}

/** Each catalog with all its roles, the catalog's price and the supplier's where set. */
async function priceBlocks(
  db: Db,
  partnerId: number,
  catalogs: readonly PriceSetupCatalog[],
): Promise<SupplierPriceCatalog[]> {
  const rows = await listRolesWithSupplierPrices(
    db,
    partnerId,
    catalogs.map((catalog) => catalog.id),
  );
  const rolesByCatalog = new Map<number, SupplierPriceRole[]>();
  for (const { role, supplierPrice } of rows) {
    const roles = rolesByCatalog.get(role.catalogId) ?? [];
    roles.push({
      roleId: role.id,
      code: role.code,
      name: role.name,
      unit: role.unit,
      catalogPrice: fromNumericText(role.price),
      price: supplierPrice === null ? null : fromNumericText(supplierPrice.price),
      version: supplierPrice?.version ?? null,
    });
    rolesByCatalog.set(role.catalogId, roles);
  }
  return catalogs.map((catalog) => ({
    catalogId: catalog.id,
    name: catalog.name,
    code: catalog.code,
    currency: catalog.currency,
    defaultLanguage: catalog.defaultLanguage,
    roles: rolesByCatalog.get(catalog.id) ?? [],
  }));
}

/**
 * The price setup: catalogs of the tenant's stories and catalogs the supplier has prices in, plus
 * `extraCatalogId` (a readable catalog the user adds; 404 when the tenant may not read it).
 */
export async function getSupplierPrices(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
  extraCatalogId: number | undefined,
): Promise<SupplierPrices> {
  const supplier = await supplierOfTenant(db, user, partnerId);
  if (extraCatalogId !== undefined) await readableCatalog(db, user, extraCatalogId);
  const catalogs = await listPriceSetupCatalogs(db, user.companyId, supplier.id, extraCatalogId);
  return { catalogs: await priceBlocks(db, supplier.id, catalogs) };
}

/** 400 for a role that is not the catalog's or that comes twice, naming `prices.{index}.roleId`. */
function checkRoles(update: SupplierPricesUpdate, catalogRoleIds: ReadonlySet<number>): void {
  const problems: FieldProblem[] = [];
  const seen = new Set<number>();
  update.prices.forEach((entry, index) => {
    const field = `prices.${index}.roleId`;
    if (!catalogRoleIds.has(entry.roleId)) {
      problems.push({ field, rule: 'exists', message: UNKNOWN_ROLE });
    } else if (seen.has(entry.roleId)) {
      problems.push({ field, rule: 'unique', message: DUPLICATE_ROLE });
    }
    seen.add(entry.roleId);
  });
  if (problems.length > 0) throw new ValidationError(problems);
}

function samePrice(a: string, b: string): boolean {
  const left = parseDecimal(a, AMOUNT_DECIMALS);
  const right = parseDecimal(b, AMOUNT_DECIMALS);
  return left !== null && right !== null && compareScaled(left, right) === 0;
}

/**
 * Saves the prices of one catalog's roles at once: a new price needs version null, a changed or
 * removed one (price null) the version read. Any stale version is 409 and nothing is saved.
 * Answers the catalog's block of the price setup as it is now.
 */
export async function updateSupplierPrices(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
  update: SupplierPricesUpdate,
): Promise<SupplierPriceCatalog> {
  const supplier = await supplierOfTenant(db, user, partnerId);
  const catalog = await readableCatalog(db, user, update.catalogId);
  checkRoles(update, new Set(await listRoleIdsOfCatalog(db, catalog.id)));
  try {
    await db.transaction(async (tx) => {
      const stored = await lockPricesOfRoles(
        tx,
        supplier.id,
        update.prices.map((entry) => entry.roleId),
      );
      const byRole = new Map(stored.map((row) => [row.roleId, row]));
      // Every version is checked before anything is written: one stale row refuses the whole save.
      for (const entry of update.prices) {
        if (entry.version !== (byRole.get(entry.roleId)?.version ?? null)) {
          throw new ConflictError({ detail: PRICES_STALE_WRITE });
        }
      }
      for (const entry of update.prices) {
        const row = byRole.get(entry.roleId);
        const price = entry.price === null ? null : toNumericText(entry.price);
        if (row === undefined) {
          if (price !== null) {
            await insertSupplierPrice(tx, {
              partnerCompanyId: supplier.id,
              roleId: entry.roleId,
              price,
            });
          }
        } else if (price === null) {
          await deleteSupplierPrice(tx, row.id);
        } else if (!samePrice(row.price, price)) {
          // Saving what is already stored changes nothing, not even the version.
          await updateSupplierPrice(tx, row.id, price);
        }
      }
    });
  } catch (error) {
    // Someone added a price for the same role between our read and our insert.
    if (isUniqueViolation(error, PRICE_UNIQUE_INDEX)) {
      throw new ConflictError({ detail: PRICES_STALE_WRITE, cause: error });
    }
    throw error;
  }
  const [block] = await priceBlocks(db, supplier.id, [catalog]);
  if (!block) throw new Error('The price block of a catalog is missing');
  return block;
}

/**
 * Raises or lowers every price of the supplier (or of one catalog) by `percent`, rounded to cents
 * half away from zero and at least 0.01. `apply` false only answers the preview; true saves every
 * changed price and bumps its version in one transaction.
 */
export async function adjustSupplierPrices(
  db: Db,
  user: AuthenticatedUser,
  partnerId: number,
  adjustment: PriceAdjustment,
): Promise<PriceAdjustmentResult> {
  const supplier = await supplierOfTenant(db, user, partnerId);
  const percentUnits = percentToUnits(adjustment.percent);
  if (percentUnits === null) {
    throw new ValidationError([
      { field: 'percent', rule: 'decimal', params: { decimals: PERCENT_DECIMALS } },
    ]);
  }
  if (adjustment.catalogId !== undefined) await readableCatalog(db, user, adjustment.catalogId);

  const run = async (tx: Db, apply: boolean): Promise<PriceAdjustmentResult> => {
    const prices = await listAdjustablePrices(tx, {
      tenantId: user.companyId,
      partnerId: supplier.id,
      catalogId: adjustment.catalogId,
      lock: apply,
    });
    const changes: PriceAdjustmentResult['changes'] = [];
    const updates: { id: number; price: string }[] = [];
    for (const stored of prices) {
      const adjusted = adjustPrice(stored.price, percentUnits);
      if (!adjusted.ok) {
        throw new ValidationError([
          { field: 'percent', rule: 'max_value', message: ADJUSTED_PRICE_TOO_LARGE },
        ]);
      }
      changes.push({
        catalogId: stored.catalogId,
        roleId: stored.roleId,
        before: fromNumericText(stored.price),
        after: fromNumericText(adjusted.price),
      });
      if (!samePrice(stored.price, adjusted.price)) {
        updates.push({ id: stored.id, price: adjusted.price });
      }
    }
    if (apply) await setAdjustedPrices(tx, updates);
    return { applied: apply, changes };
  };

  return adjustment.apply ? db.transaction((tx) => run(tx, true)) : run(db, false);
}
