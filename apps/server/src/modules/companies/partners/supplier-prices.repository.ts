// Queries of a supplier's price setup: which catalogs a tenant may price, their roles with the supplier's prices, and versioned writes.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import {
  catalogMembers,
  catalogRoles,
  catalogs,
  partnerCompanies,
  stories,
  supplierRolePrices,
  users,
  type CatalogRoleRow,
  type CatalogRow,
  type SupplierRolePriceRow,
} from '../../../db/schema';

/**
 * Whether the tenant may read the catalog of the surrounding query (decision 0024): a live
 * catalog that is not PRIVATE, or that the tenant owns, or of which a user of the tenant is a
 * member, or on which the tenant has a story. Anything else answers 404 as everywhere.
 */
export function readableByTenant(tenantId: number): SQL {
  return sql`(${catalogs.deletedAt} is null and (
    ${catalogs.visibility} <> 'PRIVATE'
    or ${catalogs.companyId} = ${tenantId}
    or exists (
      select 1 from ${catalogMembers}
      inner join ${users} on ${users.id} = ${catalogMembers.userId}
      where ${catalogMembers.catalogId} = ${catalogs.id} and ${users.companyId} = ${tenantId}
    )
    or exists (
      select 1 from ${stories}
      where ${stories.catalogId} = ${catalogs.id} and ${stories.companyId} = ${tenantId}
    )
  ))`;
}

/**
 * How many prices of the supplier in `partnerId` the tenant can see (in catalogs it may read), as
 * a column of a query over partner companies.
 */
export function visiblePriceCount(db: Db, partnerId: AnyPgColumn, tenantId: number): SQL<number> {
  // A query builder rather than raw SQL: a one-table outer select would print the columns of its
  // fields without their table, which makes "id" ambiguous inside a raw subquery.
  const count = db
    .select({ count: sql<number>`count(*)::int` })
    .from(supplierRolePrices)
    .innerJoin(catalogRoles, eq(catalogRoles.id, supplierRolePrices.roleId))
    .innerJoin(catalogs, eq(catalogs.id, catalogRoles.catalogId))
    .where(and(eq(supplierRolePrices.partnerCompanyId, partnerId), readableByTenant(tenantId)));
  return sql<number>`(${count})`.mapWith(Number);
}

export type PriceSetupCatalog = Pick<
  CatalogRow,
  'id' | 'name' | 'code' | 'currency' | 'defaultLanguage'
>;

const catalogColumns = {
  id: catalogs.id,
  name: catalogs.name,
  code: catalogs.code,
  currency: catalogs.currency,
  defaultLanguage: catalogs.defaultLanguage,
};

/** The catalog when the tenant may read it; undefined otherwise (unknown, deleted, PRIVATE elsewhere). */
export async function findReadableCatalog(
  db: Db,
  tenantId: number,
  catalogId: number,
): Promise<PriceSetupCatalog | undefined> {
  const [row] = await db
    .select(catalogColumns)
    .from(catalogs)
    .where(and(eq(catalogs.id, catalogId), readableByTenant(tenantId)))
    .limit(1);
  return row;
}

function catalogsPricedFor(db: Db, partnerId: number) {
  return db
    .selectDistinct({ catalogId: catalogRoles.catalogId })
    .from(supplierRolePrices)
    .innerJoin(catalogRoles, eq(catalogRoles.id, supplierRolePrices.roleId))
    .where(eq(supplierRolePrices.partnerCompanyId, partnerId));
}

/**
 * The catalogs of the price setup, by name: those of the tenant's stories, those the supplier
 * already has prices in, and `extraCatalogId` (one the UI adds) — each only while the tenant may
 * read it.
 */
export async function listPriceSetupCatalogs(
  db: Db,
  tenantId: number,
  partnerId: number,
  extraCatalogId: number | undefined,
): Promise<PriceSetupCatalog[]> {
  const storyCatalogs = db
    .selectDistinct({ catalogId: stories.catalogId })
    .from(stories)
    .where(eq(stories.companyId, tenantId));
  return db
    .select(catalogColumns)
    .from(catalogs)
    .where(
      and(
        or(
          inArray(catalogs.id, storyCatalogs),
          inArray(catalogs.id, catalogsPricedFor(db, partnerId)),
          extraCatalogId === undefined ? undefined : eq(catalogs.id, extraCatalogId),
        ),
        readableByTenant(tenantId),
      ),
    )
    .orderBy(asc(sql`lower(${catalogs.name})`), asc(catalogs.id));
}

export interface RoleWithSupplierPrice {
  role: Pick<CatalogRoleRow, 'id' | 'catalogId' | 'code' | 'name' | 'unit' | 'price'>;
  supplierPrice: Pick<SupplierRolePriceRow, 'price' | 'version'> | null;
}

/** Every role of the catalogs, as the catalog lists them (by code), with the supplier's price where set. */
export async function listRolesWithSupplierPrices(
  db: Db,
  partnerId: number,
  catalogIds: readonly number[],
): Promise<RoleWithSupplierPrice[]> {
  if (catalogIds.length === 0) return [];
  const rows = await db
    .select({
      role: {
        id: catalogRoles.id,
        catalogId: catalogRoles.catalogId,
        code: catalogRoles.code,
        name: catalogRoles.name,
        unit: catalogRoles.unit,
        price: catalogRoles.price,
      },
      price: supplierRolePrices.price,
      version: supplierRolePrices.version,
    })
    .from(catalogRoles)
    .leftJoin(
      supplierRolePrices,
      and(
        eq(supplierRolePrices.roleId, catalogRoles.id),
        eq(supplierRolePrices.partnerCompanyId, partnerId),
      ),
    )
    .where(inArray(catalogRoles.catalogId, [...catalogIds]))
    .orderBy(asc(catalogRoles.code), asc(catalogRoles.id));
  return rows.map(({ role, price, version }) => ({
    role,
    supplierPrice: price === null || version === null ? null : { price, version },
  }));
}

/** The ids of the catalog's roles. */
export async function listRoleIdsOfCatalog(db: Db, catalogId: number): Promise<number[]> {
  const rows = await db
    .select({ id: catalogRoles.id })
    .from(catalogRoles)
    .where(eq(catalogRoles.catalogId, catalogId));
  return rows.map((row) => row.id);
}

/**
 * The supplier's price rows of these roles, locked until the transaction ends, so that the
 * version check and the write of each row cannot interleave with another save.
 */
export async function lockPricesOfRoles(
  tx: Db,
  partnerId: number,
  roleIds: readonly number[],
): Promise<SupplierRolePriceRow[]> {
  if (roleIds.length === 0) return [];
  return tx
    .select()
    .from(supplierRolePrices)
    .where(
      and(
        eq(supplierRolePrices.partnerCompanyId, partnerId),
        inArray(supplierRolePrices.roleId, [...roleIds]),
      ),
    )
    .for('update');
}

export async function insertSupplierPrice(
  tx: Db,
  values: { partnerCompanyId: number; roleId: number; price: string },
): Promise<void> {
  await tx.insert(supplierRolePrices).values(values);
}

export async function updateSupplierPrice(tx: Db, id: number, price: string): Promise<void> {
  await tx
    .update(supplierRolePrices)
    .set({ price, version: sql`${supplierRolePrices.version} + 1` })
    .where(eq(supplierRolePrices.id, id));
}

export async function deleteSupplierPrice(tx: Db, id: number): Promise<void> {
  await tx.delete(supplierRolePrices).where(eq(supplierRolePrices.id, id));
}

export interface AdjustablePrice {
  id: number;
  catalogId: number;
  roleId: number;
  price: string;
}

/**
 * The supplier's prices in catalogs the tenant may read (of one catalog when given), by catalog
 * name and role code; locked for the transaction when `lock` (the adjustment is being applied).
 */
export async function listAdjustablePrices(
  db: Db,
  options: { tenantId: number; partnerId: number; catalogId: number | undefined; lock: boolean },
): Promise<AdjustablePrice[]> {
  const query = db
    .select({
      id: supplierRolePrices.id,
      catalogId: catalogRoles.catalogId,
      roleId: supplierRolePrices.roleId,
      price: supplierRolePrices.price,
    })
    .from(supplierRolePrices)
    .innerJoin(catalogRoles, eq(catalogRoles.id, supplierRolePrices.roleId))
    .innerJoin(catalogs, eq(catalogs.id, catalogRoles.catalogId))
    .where(
      and(
        eq(supplierRolePrices.partnerCompanyId, options.partnerId),
        options.catalogId === undefined ? undefined : eq(catalogs.id, options.catalogId),
        readableByTenant(options.tenantId),
      ),
    )
    .orderBy(
      asc(sql`lower(${catalogs.name})`),
      asc(catalogs.id),
      asc(catalogRoles.code),
      asc(catalogRoles.id),
    );
  return options.lock ? query.for('update', { of: supplierRolePrices }) : query;
}

/** Sets new prices (and bumps each version) in one statement per chunk of rows. */
export async function setAdjustedPrices(
  tx: Db,
  updates: readonly { id: number; price: string }[],
): Promise<void> {
  // Two parameters a row; PostgreSQL takes at most 65,535 parameters a statement.
  const CHUNK = 1000;
  for (let start = 0; start < updates.length; start += CHUNK) {
    const rows = updates
      .slice(start, start + CHUNK)
      .map((update) => sql`(${update.id}::int, ${update.price}::numeric)`);
    await tx.execute(sql`
      update ${supplierRolePrices}
      set price = adjusted.price, version = ${supplierRolePrices.version} + 1, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as adjusted(id, price)
      where ${supplierRolePrices.id} = adjusted.id
    `);
  }
}

// ---- the price sheet's import (bulk reads and writes) -------------------------------------------

/** The catalogs the tenant may read whose code is one of `codes` (codes are unique per owner only). */
export async function findReadableCatalogsByCode(
  db: Db,
  tenantId: number,
  codes: readonly string[],
): Promise<PriceSetupCatalog[]> {
  if (codes.length === 0) return [];
  return db
    .select(catalogColumns)
    .from(catalogs)
    .where(and(inArray(catalogs.code, [...codes]), readableByTenant(tenantId)))
    .orderBy(asc(catalogs.id));
}

export type RoleCode = Pick<CatalogRoleRow, 'id' | 'catalogId' | 'code'>;

/** The roles of the catalogs, by id, code and catalog. */
export async function listRoleCodesOfCatalogs(
  db: Db,
  catalogIds: readonly number[],
): Promise<RoleCode[]> {
  if (catalogIds.length === 0) return [];
  return db
    .select({ id: catalogRoles.id, catalogId: catalogRoles.catalogId, code: catalogRoles.code })
    .from(catalogRoles)
    .where(inArray(catalogRoles.catalogId, [...catalogIds]));
}

/**
 * The supplier's price rows of the roles, locked until the transaction ends when `lock` (the
 * import is being applied: what was checked is what gets written).
 */
export async function listSupplierPriceRows(
  db: Db,
  partnerId: number,
  roleIds: readonly number[],
  lock: boolean,
): Promise<SupplierRolePriceRow[]> {
  if (roleIds.length === 0) return [];
  // One parameter a role; PostgreSQL takes at most 65,535 parameters a statement.
  const CHUNK = 10_000;
  const rows: SupplierRolePriceRow[] = [];
  for (let start = 0; start < roleIds.length; start += CHUNK) {
    const query = db
      .select()
      .from(supplierRolePrices)
      .where(
        and(
          eq(supplierRolePrices.partnerCompanyId, partnerId),
          inArray(supplierRolePrices.roleId, roleIds.slice(start, start + CHUNK)),
        ),
      );
    rows.push(...(await (lock ? query.for('update') : query)));
  }
  return rows;
}

/** Holds the supplier's row until the transaction ends, so that two imports of it run one after the other. */
export async function lockPartnerCompany(tx: Db, partnerId: number): Promise<void> {
  await tx
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.id, partnerId))
    .for('update');
}

/** New prices of the supplier, in one statement per chunk of rows. */
export async function insertSupplierPrices(
  tx: Db,
  rows: readonly { partnerCompanyId: number; roleId: number; price: string }[],
): Promise<void> {
  const CHUNK = 1000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.insert(supplierRolePrices).values(rows.slice(start, start + CHUNK));
  }
}

/** Removes price rows (the catalog's price applies again), in one statement per chunk of ids. */
export async function deleteSupplierPrices(tx: Db, ids: readonly number[]): Promise<void> {
  const CHUNK = 10_000;
  for (let start = 0; start < ids.length; start += CHUNK) {
    await tx
      .delete(supplierRolePrices)
      .where(inArray(supplierRolePrices.id, ids.slice(start, start + CHUNK)));
  }
}
