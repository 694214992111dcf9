// Queries of catalog clients: companies granted story building on a PUBLIC_PAID catalog.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogClients, companies } from '../../../db/schema';

export interface ClientRecord {
  companyId: number;
  companyName: string;
  createdAt: Date;
}

const clientColumns = {
  companyId: catalogClients.companyId,
  companyName: companies.name,
  createdAt: catalogClients.createdAt,
};

export async function listClientRecords(db: Db, catalogId: number): Promise<ClientRecord[]> {
  return db
    .select(clientColumns)
    .from(catalogClients)
    .innerJoin(companies, eq(companies.id, catalogClients.companyId))
    .where(eq(catalogClients.catalogId, catalogId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function findClientRecord(
  db: Db,
  catalogId: number,
  companyId: number,
): Promise<ClientRecord | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(catalogClients)
    .innerJoin(companies, eq(companies.id, catalogClients.companyId))
    .where(and(eq(catalogClients.catalogId, catalogId), eq(catalogClients.companyId, companyId)))
    .limit(1);
  return row;
}

/** Adds the client; false when the company already is one. */
export async function insertClient(db: Db, catalogId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .insert(catalogClients)
    .values({ catalogId, companyId })
    .onConflictDoNothing()
    .returning({ companyId: catalogClients.companyId });
  return rows.length > 0;
}

export async function deleteClient(db: Db, catalogId: number, companyId: number): Promise<void> {
  await db
    .delete(catalogClients)
    .where(and(eq(catalogClients.catalogId, catalogId), eq(catalogClients.companyId, companyId)));
}

/** Any registered company may be a client; an unknown id is 404. */
export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row !== undefined;
}
