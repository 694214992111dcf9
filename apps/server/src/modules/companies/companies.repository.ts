// Queries of the company profile: a user's company within one tenant, and the versioned update.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { companies, users, type CompanyRow } from '../../db/schema';

/** One company (a tenant) by id. */
export async function findCompanyRow(db: Db, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** The company of `userId`, only when that user belongs to `companyId` (tenant scoping). */
export async function findCompanyOfUserInCompany(
  db: Db,
  userId: number,
  companyId: number,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select({ company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return row?.company;
}

export type CompanyProfileFields = Pick<
  CompanyRow,
  'name' | 'email' | 'phone' | 'country' | 'city' | 'street' | 'streetNumber' | 'zip'
>;

/** Updates the company when it still has `version`; undefined when someone updated it first. */
export async function updateCompanyIfVersion(
  db: Db,
  companyId: number,
  version: number,
  fields: CompanyProfileFields,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...fields, version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, companyId), eq(companies.version, version)))
    .returning();
  return row;
}
