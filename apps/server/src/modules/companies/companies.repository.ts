// Queries of the company profile: a user's company within one tenant, and the versioned update.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { companies, companyLogos, users, type CompanyRow } from '../../db/schema';

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

/** Whether the company has a logo. */
export async function hasCompanyLogo(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companyLogos.companyId })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return row !== undefined;
}

/** The company's logo bytes and type, if one is uploaded. */
export async function findCompanyLogo(
  db: Db,
  companyId: number,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: companyLogos.contentType, data: companyLogos.data })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId));
  return row;
}

/** Stores (or replaces) the company's logo. */
export async function saveCompanyLogo(
  db: Db,
  companyId: number,
  contentType: string,
  data: Buffer,
): Promise<void> {
  await db
    .insert(companyLogos)
    .values({ companyId, contentType, data })
    .onConflictDoUpdate({
      target: companyLogos.companyId,
      set: { contentType, data, updatedAt: new Date() },
    });
}

export async function deleteCompanyLogo(db: Db, companyId: number): Promise<void> {
  await db.delete(companyLogos).where(eq(companyLogos.companyId, companyId));
}
