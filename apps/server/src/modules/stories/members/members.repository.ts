// Queries of story members: the list with names, addresses and companies, one member, a user's membership, writes, and the admin count.
import type { StoryMemberRole } from '@costory/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { companies, storyMembers, users } from '../../../db/schema';

export interface StoryMemberRecord {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: StoryMemberRole;
  description: string;
}

function selectMembers(db: Db) {
  return db
    .select({
      id: storyMembers.id,
      userId: storyMembers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: companies.name,
      role: storyMembers.role,
      description: storyMembers.description,
    })
    .from(storyMembers)
    .innerJoin(users, eq(users.id, storyMembers.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .$dynamic();
}

/** The story's members in the order they joined. */
export async function listStoryMemberRecords(
  db: Db,
  storyId: number,
): Promise<StoryMemberRecord[]> {
  return selectMembers(db).where(eq(storyMembers.storyId, storyId)).orderBy(asc(storyMembers.id));
}

export async function findStoryMemberRecord(
  db: Db,
  storyId: number,
  memberId: number,
): Promise<StoryMemberRecord | undefined> {
  const [row] = await selectMembers(db)
    .where(and(eq(storyMembers.storyId, storyId), eq(storyMembers.id, memberId)))
    .limit(1);
  return row;
}

/** The user's membership of the story, if any. */
export async function findMembershipOf(
  db: Db,
  storyId: number,
  userId: number,
): Promise<{ id: number; role: StoryMemberRole } | undefined> {
  const [row] = await db
    .select({ id: storyMembers.id, role: storyMembers.role })
    .from(storyMembers)
    .where(and(eq(storyMembers.storyId, storyId), eq(storyMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function insertStoryMemberRow(
  db: Db,
  values: { storyId: number; userId: number; role: StoryMemberRole },
): Promise<number> {
  const [row] = await db.insert(storyMembers).values(values).returning({ id: storyMembers.id });
  if (!row) throw new Error('Inserting a story member returned no row');
  return row.id;
}

export async function updateStoryMemberRow(
  db: Db,
  memberId: number,
  values: { role?: StoryMemberRole; description?: string },
): Promise<void> {
  await db.update(storyMembers).set(values).where(eq(storyMembers.id, memberId));
}

export async function deleteStoryMemberRow(db: Db, memberId: number): Promise<void> {
  await db.delete(storyMembers).where(eq(storyMembers.id, memberId));
}

export async function countStoryAdmins(db: Db, storyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(storyMembers)
    .where(and(eq(storyMembers.storyId, storyId), eq(storyMembers.role, 'ICT_ADMIN')));
  return row?.value ?? 0;
}
