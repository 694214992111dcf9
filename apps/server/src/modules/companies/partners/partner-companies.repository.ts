// Queries of partner companies: one tenant's list of a kind (search, cursor by name), one company, writes, and how many prices each has.
import type { PartnerKind } from '@costory/shared';
import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { partnerCompanies, type PartnerCompanyRow } from '../../../db/schema';
import { visiblePriceCount } from './supplier-prices.repository';

export type PartnerCompanyValues = Pick<
  PartnerCompanyRow,
  | 'name'
  | 'email'
  | 'phone'
  | 'country'
  | 'city'
  | 'street'
  | 'streetNumber'
  | 'zip'
  | 'ico'
  | 'dic'
  | 'searchText'
>;

/** A partner company with what its list entry shows besides its columns. */
export interface PartnerCompanyView {
  company: PartnerCompanyRow;
  priceCount: number;
  /** lower(name) as PostgreSQL computes it: the cursor must compare with the same value. */
  sortKey: string;
}

function selectViews(db: Db, tenantId: number) {
  return db
    .select({
      company: partnerCompanies,
      priceCount: visiblePriceCount(db, partnerCompanies.id, tenantId),
      sortKey: sql<string>`lower(${partnerCompanies.name})`,
    })
    .from(partnerCompanies);
}

/** The tenant's partner company `id`; undefined for another tenant's or an unknown one. */
export async function findPartnerCompanyView(
  db: Db,
  tenantId: number,
  id: number,
): Promise<PartnerCompanyView | undefined> {
  const [row] = await selectViews(db, tenantId)
    .where(and(eq(partnerCompanies.id, id), eq(partnerCompanies.companyId, tenantId)))
    .limit(1);
  return row;
}

/** The row alone, for writes that only need to know it is the tenant's. */
export async function findPartnerCompanyRow(
  db: Db,
  tenantId: number,
  id: number,
): Promise<PartnerCompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.id, id), eq(partnerCompanies.companyId, tenantId)))
    .limit(1);
  return row;
}

export type PartnerListCursor = [string, number];

export interface PartnerListFilter {
  tenantId: number;
  kind: PartnerKind;
  /** A LIKE pattern over the folded name, e-mail and city. */
  pattern: string | undefined;
  after: PartnerListCursor | undefined;
  limit: number;
}

function afterCursor([key, id]: PartnerListCursor): SQL {
  return sql`(lower(${partnerCompanies.name}), ${partnerCompanies.id}) > (${key}, ${id})`;
}

/** One page (limit + 1 rows, so the caller knows whether more follow) of one kind, by name. */
export async function listPartnerCompanyViews(
  db: Db,
  filter: PartnerListFilter,
): Promise<PartnerCompanyView[]> {
  return selectViews(db, filter.tenantId)
    .where(
      and(
        eq(partnerCompanies.companyId, filter.tenantId),
        eq(partnerCompanies.kind, filter.kind),
        filter.pattern === undefined
          ? undefined
          : like(partnerCompanies.searchText, filter.pattern),
        filter.after === undefined ? undefined : afterCursor(filter.after),
      ),
    )
    .orderBy(asc(sql`lower(${partnerCompanies.name})`), asc(partnerCompanies.id))
    .limit(filter.limit + 1);
}

export async function insertPartnerCompany(
  db: Db,
  values: PartnerCompanyValues & { companyId: number; kind: PartnerKind },
): Promise<PartnerCompanyRow> {
  const [row] = await db.insert(partnerCompanies).values(values).returning();
  if (!row) throw new Error('Inserting a partner company returned no row');
  return row;
}

/** Updates the company when it still has `version`; undefined when someone updated it first. */
export async function updatePartnerCompanyIfVersion(
  db: Db,
  id: number,
  version: number,
  values: PartnerCompanyValues,
): Promise<PartnerCompanyRow | undefined> {
  const [row] = await db
    .update(partnerCompanies)
    .set({ ...values, version: sql`${partnerCompanies.version} + 1` })
    .where(and(eq(partnerCompanies.id, id), eq(partnerCompanies.version, version)))
    .returning();
  return row;
}

/** Deletes the tenant's company with its prices (they cascade); false when it was not there. */
export async function deletePartnerCompanyRow(
  db: Db,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const deleted = await db
    .delete(partnerCompanies)
    .where(and(eq(partnerCompanies.id, id), eq(partnerCompanies.companyId, tenantId)))
    .returning({ id: partnerCompanies.id });
  return deleted.length > 0;
}
