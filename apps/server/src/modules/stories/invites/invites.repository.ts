// Queries of story invites: the story's list with the author's name, one invite, the invite behind an access code, writes.
import type { StoryMemberRole } from '@costory/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stories, storyInvites, users, type StoryInviteRow } from '../../../db/schema';

export interface StoryInviteRecord {
  invite: StoryInviteRow;
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

function selectInvites(db: Db) {
  return db
    .select({
      invite: storyInvites,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
    })
    .from(storyInvites)
    .leftJoin(users, eq(users.id, storyInvites.createdByUserId))
    .$dynamic();
}

/** Every invite of the story, whatever its status, newest first. */
export async function listStoryInviteRecords(
  db: Db,
  storyId: number,
): Promise<StoryInviteRecord[]> {
  return selectInvites(db).where(eq(storyInvites.storyId, storyId)).orderBy(desc(storyInvites.id));
}

export async function findStoryInviteRecord(
  db: Db,
  storyId: number,
  inviteId: number,
): Promise<StoryInviteRecord | undefined> {
  const [row] = await selectInvites(db)
    .where(and(eq(storyInvites.storyId, storyId), eq(storyInvites.id, inviteId)))
    .limit(1);
  return row;
}

export interface InviteInsert {
  storyId: number;
  role: StoryMemberRole;
  email: string | null;
  code: string;
  expiresInDays: number;
  createdByUserId: number;
}

export async function insertStoryInvite(db: Db, values: InviteInsert): Promise<StoryInviteRow> {
  const { expiresInDays, ...rest } = values;
  const [row] = await db
    .insert(storyInvites)
    // The database clock, the one `created_at` takes as well.
    .values({ ...rest, expiresAt: sql`now() + make_interval(days => ${expiresInDays})` })
    .returning();
  if (!row) throw new Error('Inserting a story invite returned no row');
  return row;
}

export async function revokeStoryInviteRow(db: Db, inviteId: number): Promise<void> {
  await db
    .update(storyInvites)
    .set({ revokedAt: sql`now()` })
    .where(eq(storyInvites.id, inviteId));
}

export async function countInviteAcceptance(db: Db, inviteId: number): Promise<void> {
  await db
    .update(storyInvites)
    .set({ acceptedCount: sql`${storyInvites.acceptedCount} + 1` })
    .where(eq(storyInvites.id, inviteId));
}

export interface AccessCodeRecord {
  invite: StoryInviteRow;
  storyName: string;
}

/**
 * The invite with this code and its story's name. `lock` holds the invite row until the
 * transaction ends, so a single-use invite is accepted once even by two requests at a time.
 */
export async function findInviteByCode(
  db: Db,
  code: string,
  options: { lock?: boolean } = {},
): Promise<AccessCodeRecord | undefined> {
  const query = db
    .select({ invite: storyInvites, storyName: stories.name })
    .from(storyInvites)
    .innerJoin(stories, eq(stories.id, storyInvites.storyId))
    .where(eq(storyInvites.code, code))
    .limit(1);
  const [row] =
    options.lock === true ? await query.for('update', { of: storyInvites }) : await query;
  return row;
}
