// Queries of catalogs: insert, versioned update, soft delete, the readable list with the caller's role, item counts and the stories on a catalog.
import type { CatalogSort } from '@costory/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  like,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/database';
import {
  catalogClients,
  catalogItems,
  catalogMembers,
  catalogs,
  companies,
  stories,
  storyMembers,
  type CatalogMemberRoleValue,
  type CatalogRow,
} from '../../../db/schema';
import { timestampKey, timestampOfKey } from '../../../lib/cursor';

export type CatalogValues = Pick<
  CatalogRow,
  | 'name'
  | 'code'
  | 'companyCode'
  | 'type'
  | 'defaultLanguage'
  | 'supportedLanguages'
  | 'description'
  | 'currency'
  | 'visibility'
  | 'searchText'
>;

export async function insertCatalog(
  db: Db,
  values: CatalogValues & { companyId: number },
): Promise<CatalogRow> {
  const [row] = await db.insert(catalogs).values(values).returning();
  if (!row) throw new Error('Inserting a catalog returned no row');
  return row;
}

export async function insertMembership(
  db: Db,
  values: { catalogId: number; userId: number; role: CatalogMemberRoleValue },
): Promise<void> {
  await db.insert(catalogMembers).values({ ...values, invitedByUserId: values.userId });
}

/** Whether another live catalog of the company has `code`. */
export async function isCatalogCodeTaken(
  db: Db,
  companyId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(
      and(
        eq(catalogs.companyId, companyId),
        eq(catalogs.code, code),
        isNull(catalogs.deletedAt),
        exceptId === undefined ? undefined : ne(catalogs.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Updates a live catalog that still has `version`; undefined when someone updated it first. */
export async function updateCatalogIfVersion(
  db: Db,
  id: number,
  version: number,
  values: CatalogValues,
): Promise<CatalogRow | undefined> {
  const [row] = await db
    .update(catalogs)
    .set({ ...values, version: sql`${catalogs.version} + 1` })
    .where(and(eq(catalogs.id, id), eq(catalogs.version, version), isNull(catalogs.deletedAt)))
    .returning();
  return row;
}

export async function softDeleteCatalog(db: Db, id: number): Promise<void> {
  await db
    .update(catalogs)
    .set({ deletedAt: sql`now()` })
    .where(eq(catalogs.id, id));
}

export interface StoryOnCatalog {
  id: number;
  name: string;
  /** The user is a member of the story, so may learn its name. */
  visible: boolean;
}

/** Every story built on the catalog, A to Z, and whether `userId` is its member. */
export async function storiesOnCatalog(
  db: Db,
  catalogId: number,
  userId: number,
): Promise<StoryOnCatalog[]> {
  return db
    .select({
      id: stories.id,
      name: stories.name,
      visible: exists(
        db
          .select({ one: sql`1` })
          .from(storyMembers)
          .where(and(eq(storyMembers.storyId, stories.id), eq(storyMembers.userId, userId))),
      ).mapWith(Boolean),
    })
    .from(stories)
    .where(eq(stories.catalogId, catalogId))
    .orderBy(sql`lower(${stories.name})`, stories.id);
}

export async function findCompanyName(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? '';
}

export interface ItemCounts {
  /** Live (not deprecated) items in every state. */
  live: number;
  complete: number;
}

/** Live items per catalog, in every state and COMPLETE only (which one a caller sees depends on the role). */
export async function countItems(
  db: Db,
  catalogIds: readonly number[],
): Promise<Map<number, ItemCounts>> {
  if (catalogIds.length === 0) return new Map();
  const rows = await db
    .select({
      catalogId: catalogItems.catalogId,
      live: count(),
      complete: sql<number>`count(*) filter (where ${catalogItems.state} = 'COMPLETE')`.mapWith(
        Number,
      ),
    })
    .from(catalogItems)
    .where(and(inArray(catalogItems.catalogId, [...catalogIds]), isNull(catalogItems.deprecatedAt)))
    .groupBy(catalogItems.catalogId);
  return new Map(rows.map((row) => [row.catalogId, { live: row.live, complete: row.complete }]));
}

export type CatalogListCursor = [string, number];

export interface CatalogListFilter {
  user: { id: number; companyId: number };
  mine: boolean;
  /** A LIKE pattern over the folded name and code. */
  pattern: string | undefined;
  sort: CatalogSort;
  after: CatalogListCursor | undefined;
  limit: number;
}

export interface CatalogListRow {
  catalog: CatalogRow;
  ownerName: string;
  memberRole: CatalogMemberRoleValue | null;
  isClient: boolean;
  sortKey: string;
}

const SORTS: Record<CatalogSort, { key: SQL<string>; column: SQL; direction: 'asc' | 'desc' }> = {
  name: {
    key: sql<string>`lower(${catalogs.name})`,
    column: sql`lower(${catalogs.name})`,
    direction: 'asc',
  },
  createdAt: {
    key: timestampKey(catalogs.createdAt),
    column: sql`${catalogs.createdAt}`,
    direction: 'desc',
  },
  updatedAt: {
    key: timestampKey(catalogs.updatedAt),
    column: sql`${catalogs.updatedAt}`,
    direction: 'desc',
  },
};

function afterCursor(sort: CatalogSort, [key, id]: CatalogListCursor): SQL {
  if (sort === 'name') return sql`(lower(${catalogs.name}), ${catalogs.id}) > (${key}, ${id})`;
  const column = SORTS[sort].column;
  return sql`(${column}, ${catalogs.id}) < (${timestampOfKey(key)}, ${id})`;
}

/**
 * Catalogs the user may read: those they are a member of, and every PUBLIC and PUBLIC_PAID one
 * (design.md §4), one page of them after the cursor.
 */
export async function listReadableCatalogs(
  db: Db,
  filter: CatalogListFilter,
): Promise<CatalogListRow[]> {
  const sort = SORTS[filter.sort];
  const conditions: (SQL | undefined)[] = [
    isNull(catalogs.deletedAt),
    filter.mine
      ? isNotNull(catalogMembers.id)
      : or(isNotNull(catalogMembers.id), inArray(catalogs.visibility, ['PUBLIC', 'PUBLIC_PAID'])),
    filter.pattern === undefined ? undefined : like(catalogs.searchText, filter.pattern),
    filter.after === undefined ? undefined : afterCursor(filter.sort, filter.after),
  ];
  return db
    .select({
      catalog: catalogs,
      ownerName: companies.name,
      memberRole: catalogMembers.role,
      isClient: exists(
        db
          .select({ catalogId: catalogClients.catalogId })
          .from(catalogClients)
          .where(
            and(
              eq(catalogClients.catalogId, catalogs.id),
              eq(catalogClients.companyId, filter.user.companyId),
            ),
          ),
      ).mapWith(Boolean),
      sortKey: sort.key,
    })
    .from(catalogs)
    .innerJoin(companies, eq(companies.id, catalogs.companyId))
    .leftJoin(
      catalogMembers,
      and(eq(catalogMembers.catalogId, catalogs.id), eq(catalogMembers.userId, filter.user.id)),
    )
    .where(and(...conditions))
    .orderBy(
      sort.direction === 'asc' ? asc(sort.column) : desc(sort.column),
      sort.direction === 'asc' ? asc(catalogs.id) : desc(catalogs.id),
    )
    .limit(filter.limit + 1);
}
