// Rules of story members: any member reads the list; ICT_ADMIN changes roles and descriptions and removes members; the story never loses its last ICT_ADMIN.
import type { StoryMember, StoryMemberRole } from '@costory/shared';
import type { Db } from '../../../db/database';
import { LastStoryAdminError, NotFoundError } from '../../../errors';
import { changesBetween } from '../../../lib/changes';
import { loadStoryAccess, lockStory, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { setFavouriteRow } from '../stories/stories.repository';
import {
  countStoryAdmins,
  deleteStoryMemberRow,
  findStoryMemberRecord,
  listStoryMemberRecords,
  updateStoryMemberRow,
  type StoryMemberRecord,
} from './members.repository';
import { personName } from '../../../lib/person-name';

export function toStoryMember(record: StoryMemberRecord): StoryMember {
  return {
    id: record.id,
    userId: record.userId,
    name: personName(record),
    email: record.email,
    companyName: record.companyName,
    role: record.role,
    description: record.description,
  };
}

async function memberOf(db: Db, storyId: number, memberId: number): Promise<StoryMemberRecord> {
  const found = await findStoryMemberRecord(db, storyId, memberId);
  if (!found) throw new NotFoundError();
  return found;
}

/** Whether taking the admin role from `member` would leave the story without one. */
async function isLastAdmin(db: Db, storyId: number, member: StoryMemberRecord): Promise<boolean> {
  return member.role === 'ICT_ADMIN' && (await countStoryAdmins(db, storyId)) <= 1;
}

export async function listStoryMembers(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryMember[]> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'READ_STORY');
  return (await listStoryMemberRecords(deps.db, storyId)).map(toStoryMember);
}

export interface StoryMemberInput {
  role: StoryMemberRole;
  description?: string | undefined;
}

/** Changes a member's role and description (MANAGE_STORY); 409 LAST_STORY_ADMIN for the last admin's demotion. */
export async function updateStoryMember(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  memberId: number,
  input: StoryMemberInput,
): Promise<StoryMember> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  const values = { role: input.role, description: input.description?.trim() ?? '' };
  await deps.db.transaction(async (tx) => {
    // Two admins demoting each other at once must not both succeed.
    await lockStory(tx, storyId);
    const member = await memberOf(tx, storyId, memberId);
    const changes = changesBetween({ role: member.role, description: member.description }, values, [
      'role',
      'description',
    ]);
    // Saving what is already stored changes nothing.
    if (changes.length === 0) return;
    if (values.role !== 'ICT_ADMIN' && (await isLastAdmin(tx, storyId, member))) {
      throw new LastStoryAdminError();
    }
    await updateStoryMemberRow(tx, memberId, values);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'MEMBER_UPDATED',
      // The address names the member, so it stands on both sides.
      changes: [{ field: 'email', old: member.email, new: member.email }, ...changes],
    });
  });
  return toStoryMember(await memberOf(deps.db, storyId, memberId));
}

/**
 * Removes a member (MANAGE_STORY; an admin may remove themselves while another admin stays);
 * 409 LAST_STORY_ADMIN for the last admin.
 */
export async function removeStoryMember(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  memberId: number,
): Promise<void> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  await deps.db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    const member = await memberOf(tx, storyId, memberId);
    if (await isLastAdmin(tx, storyId, member)) throw new LastStoryAdminError();
    await deleteStoryMemberRow(tx, memberId);
    // A favourite of a story one can no longer open would only linger in the table.
    await setFavouriteRow(tx, storyId, member.userId, false);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'MEMBER_REMOVED',
      changes: [
        { field: 'email', old: member.email, new: null },
        { field: 'role', old: member.role, new: null },
      ],
    });
  });
}
