// Queries of stories: the member's list (filters, search, sorts, cursor) and one story as its member sees it, and writes.
import type { StoryFilter, StoryMemberRole, StorySort, StoryStatus } from '@costory/shared';
import { and, asc, desc, eq, exists, like, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import {
  catalogs,
  companies,
  stories,
  storyFavourites,
  storyMembers,
  users,
  type CatalogRow,
  type StoryRow,
} from '../../../db/schema';
import { timestampKey, timestampOfKey } from '../../../lib/cursor';
import { storyUpgradesWaiting } from '../upgrades/upgrades.repository';

export type StoryValues = Pick<StoryRow, 'name' | 'description' | 'searchText'>;

/** A story with what its list entry shows: catalog, owner, author, the caller's role and favourite. */
export interface StoryViewRow {
  story: StoryRow;
  catalog: Pick<CatalogRow, 'id' | 'name' | 'code' | 'type' | 'currency' | 'defaultLanguage'> & {
    deleted: boolean;
  };
  ownerName: string;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  statusChangerFirstName: string | null;
  statusChangerLastName: string | null;
  role: StoryMemberRole;
  favourite: boolean;
  /** Items whose newer version waits for an upgrade (decision 0043). */
  upgradesWaiting: number;
  sortKey: string;
}

const SORTS: Record<StorySort, { key: SQL<string>; column: SQL; direction: 'asc' | 'desc' }> = {
  lastActivity: {
    key: timestampKey(stories.lastActivityAt),
    column: sql`${stories.lastActivityAt}`,
    direction: 'desc',
  },
  created: {
    key: timestampKey(stories.createdAt),
    column: sql`${stories.createdAt}`,
    direction: 'desc',
  },
  name: {
    key: sql<string>`lower(${stories.name})`,
    column: sql`lower(${stories.name})`,
    direction: 'asc',
  },
};

const statusChangers = alias(users, 'status_changers');

function selectStoryViews(db: Db, userId: number, sort: StorySort) {
  return db
    .select({
      story: stories,
      catalog: {
        id: catalogs.id,
        name: catalogs.name,
        code: catalogs.code,
        type: catalogs.type,
        currency: catalogs.currency,
        defaultLanguage: catalogs.defaultLanguage,
        deleted: sql<boolean>`${catalogs.deletedAt} is not null`.mapWith(Boolean),
      },
      ownerName: companies.name,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      statusChangerFirstName: statusChangers.firstName,
      statusChangerLastName: statusChangers.lastName,
      role: storyMembers.role,
      favourite: exists(
        db
          .select({ one: sql`1` })
          .from(storyFavourites)
          .where(and(eq(storyFavourites.storyId, stories.id), eq(storyFavourites.userId, userId))),
      ).mapWith(Boolean),
      upgradesWaiting: storyUpgradesWaiting(),
      sortKey: SORTS[sort].key,
    })
    .from(stories)
    .innerJoin(
      storyMembers,
      and(eq(storyMembers.storyId, stories.id), eq(storyMembers.userId, userId)),
    )
    .innerJoin(catalogs, eq(catalogs.id, stories.catalogId))
    .innerJoin(companies, eq(companies.id, stories.companyId))
    .leftJoin(users, eq(users.id, stories.createdByUserId))
    .leftJoin(statusChangers, eq(statusChangers.id, stories.statusChangedByUserId));
}

export async function findStoryView(
  db: Db,
  storyId: number,
  userId: number,
): Promise<StoryViewRow | undefined> {
  const [row] = await selectStoryViews(db, userId, 'lastActivity')
    .where(eq(stories.id, storyId))
    .limit(1);
  return row;
}

export type StoryListCursor = [string, number];

export interface StoryListFilter {
  user: { id: number };
  filter: StoryFilter;
  /** A LIKE pattern over the folded name. */
  pattern: string | undefined;
  sort: StorySort;
  /** Only this status; undefined: every status but ARCHIVED, unless searching (decision 0031). */
  status: StoryStatus | undefined;
  after: StoryListCursor | undefined;
  limit: number;
}

function afterCursor(sort: StorySort, [key, id]: StoryListCursor): SQL {
  if (sort === 'name') return sql`(lower(${stories.name}), ${stories.id}) > (${key}, ${id})`;
  return sql`(${SORTS[sort].column}, ${stories.id}) < (${timestampOfKey(key)}, ${id})`;
}

function statusCondition(filter: StoryListFilter): SQL | undefined {
  if (filter.status !== undefined) return eq(stories.status, filter.status);
  // Archived stories leave the list, but a search still finds them.
  return filter.pattern === undefined ? ne(stories.status, 'ARCHIVED') : undefined;
}

/** Stories the user is a member of (all, created by them, or their favourites), one page after the cursor. */
export async function listStoryViews(db: Db, filter: StoryListFilter): Promise<StoryViewRow[]> {
  const sort = SORTS[filter.sort];
  const favouriteOnly =
    filter.filter === 'favourite'
      ? exists(
          db
            .select({ one: sql`1` })
            .from(storyFavourites)
            .where(
              and(
                eq(storyFavourites.storyId, stories.id),
                eq(storyFavourites.userId, filter.user.id),
              ),
            ),
        )
      : undefined;
  return selectStoryViews(db, filter.user.id, filter.sort)
    .where(
      and(
        filter.filter === 'personal' ? eq(stories.createdByUserId, filter.user.id) : undefined,
        favouriteOnly,
        filter.pattern === undefined ? undefined : like(stories.searchText, filter.pattern),
        statusCondition(filter),
        filter.after === undefined ? undefined : afterCursor(filter.sort, filter.after),
      ),
    )
    .orderBy(
      sort.direction === 'asc' ? asc(sort.column) : desc(sort.column),
      sort.direction === 'asc' ? asc(stories.id) : desc(stories.id),
    )
    .limit(filter.limit + 1);
}

/** Whether another story of the company has `name` (case-insensitively, as the unique index). */
export async function isStoryNameTaken(
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(
      and(
        eq(stories.companyId, companyId),
        sql`lower(${stories.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(stories.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertStory(
  db: Db,
  values: StoryValues & {
    companyId: number;
    catalogId: number;
    createdByUserId: number;
    statusChangedByUserId: number;
  },
): Promise<StoryRow> {
  const [row] = await db.insert(stories).values(values).returning();
  if (!row) throw new Error('Inserting a story returned no row');
  return row;
}

export async function insertStoryMember(
  db: Db,
  values: { storyId: number; userId: number; role: StoryMemberRole },
): Promise<void> {
  await db.insert(storyMembers).values(values);
}

/** Updates the story when it still has `version`; undefined when someone updated it first. */
export async function updateStoryIfVersion(
  db: Db,
  storyId: number,
  version: number,
  values: StoryValues,
): Promise<StoryRow | undefined> {
  const [row] = await db
    .update(stories)
    .set({ ...values, version: sql`${stories.version} + 1` })
    .where(and(eq(stories.id, storyId), eq(stories.version, version)))
    .returning();
  return row;
}

/** Sets the status when the story still has `version`; undefined when someone updated it first. */
export async function updateStoryStatusIfVersion(
  db: Db,
  storyId: number,
  version: number,
  status: StoryStatus,
  userId: number,
): Promise<StoryRow | undefined> {
  const [row] = await db
    .update(stories)
    .set({
      status,
      statusChangedAt: sql`now()`,
      statusChangedByUserId: userId,
      version: sql`${stories.version} + 1`,
    })
    .where(and(eq(stories.id, storyId), eq(stories.version, version)))
    .returning();
  return row;
}

/** Deletes the story with everything in it (members, instances, labels, events cascade). */
export async function deleteStoryRow(db: Db, storyId: number): Promise<void> {
  await db.delete(stories).where(eq(stories.id, storyId));
}

export async function setFavouriteRow(
  db: Db,
  storyId: number,
  userId: number,
  favourite: boolean,
): Promise<void> {
  if (favourite) {
    await db.insert(storyFavourites).values({ storyId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(storyFavourites)
      .where(and(eq(storyFavourites.storyId, storyId), eq(storyFavourites.userId, userId)));
  }
}
