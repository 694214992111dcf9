// The one access check of the story context: members only (anyone else 404), and which actions their role allows (else 403).
import { storyRoleAllows, type StoryAction, type StoryMemberRole } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { catalogs, stories, storyMembers, type StoryRow } from '../../../db/schema';
import { ForbiddenError, NotFoundError } from '../../../errors';
import type { Actor } from './deps';
import { storyForbiddenDetail } from './messages';

export interface StoryAccess {
  story: StoryRow;
  /** The caller's membership role. */
  role: StoryMemberRole;
  /** The story's catalog was deleted (decision 0017): the story stays, nothing new is added. */
  catalogDeleted: boolean;
  /** What the story's calculation reads from the catalog, as of this read (decision 0036). */
  catalogCalcVersion: number;
  user: Actor;
}

/**
 * The story and the user's role in it. Stories are visible to their members only (decision
 * 0022): a story that does not exist, or of which the user is not a member, answers 404
 * (NotFoundError) whichever company owns it, so the answer never tells whether it exists.
 */
export async function loadStoryAccess(db: Db, user: Actor, storyId: number): Promise<StoryAccess> {
  const [row] = await db
    .select({
      story: stories,
      role: storyMembers.role,
      catalogDeletedAt: catalogs.deletedAt,
      catalogCalcVersion: catalogs.calcVersion,
    })
    .from(stories)
    .innerJoin(
      storyMembers,
      and(eq(storyMembers.storyId, stories.id), eq(storyMembers.userId, user.id)),
    )
    .innerJoin(catalogs, eq(catalogs.id, stories.catalogId))
    .where(eq(stories.id, storyId))
    .limit(1);
  if (!row) throw new NotFoundError();
  return {
    story: row.story,
    role: row.role,
    catalogDeleted: row.catalogDeletedAt !== null,
    catalogCalcVersion: row.catalogCalcVersion,
    user,
  };
}

/** Throws 403 FORBIDDEN, with the reason in the user's language, unless the role allows `action`. */
export function requireStoryAction(access: StoryAccess, action: StoryAction): void {
  if (!storyRoleAllows(access.role, action)) {
    throw new ForbiddenError({ detail: storyForbiddenDetail(access.role, action) });
  }
}

/**
 * Locks the story row until the transaction ends: writes inside one story (the "at most once"
 * rule of non-repeatable items, the cached totals) then follow one another.
 */
export async function lockStory(tx: Db, storyId: number): Promise<void> {
  await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for('update');
}
