// Access codes of invites: what a code leads to (public) and its acceptance by a signed-in user, who becomes (or stays, never lower) a member of the story.
import {
  STORY_PERMISSIONS,
  type AccessCode,
  type AccessCodeAcceptance,
  type StoryMemberRole,
} from '@costory/shared';
import {
  InviteEmailMismatchError,
  InviteGoneError,
  NotFoundError,
  type LocalizedText,
} from '../../../errors';
import { lockStory } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { inviteStatus, type InviteStatus } from '../invites/invite-status';
import {
  countInviteAcceptance,
  findInviteByCode,
  type AccessCodeRecord,
} from '../invites/invites.repository';
import {
  findMembershipOf,
  insertStoryMemberRow,
  updateStoryMemberRow,
} from '../members/members.repository';

// Codes are base64url; anything else cannot be one, and is not worth a query.
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

async function inviteByCode(deps: StoryDeps, code: string): Promise<AccessCodeRecord | undefined> {
  return CODE_SHAPE.test(code) ? findInviteByCode(deps.db, code) : undefined;
}

/**
 * What a code leads to, for anyone (the route is public and rate-limited): the story's name and
 * the role only while the code is VALID. A used e-mail invite answers REVOKED: for the visitor,
 * it simply no longer opens anything (the enum has no state of its own for it).
 */
export async function describeAccessCode(deps: StoryDeps, code: string): Promise<AccessCode> {
  const found = await inviteByCode(deps, code);
  if (!found) return { state: 'UNKNOWN', storyName: null, role: null };
  const status = inviteStatus(found.invite, new Date());
  if (status === 'ACTIVE') {
    return { state: 'VALID', storyName: found.storyName, role: found.invite.role };
  }
  return { state: status === 'EXPIRED' ? 'EXPIRED' : 'REVOKED', storyName: null, role: null };
}

const GONE: Readonly<Record<Exclude<InviteStatus, 'ACTIVE'>, LocalizedText>> = {
  EXPIRED: {
    en: 'This invitation has expired. Ask the story’s admin for a new one.',
    cs: 'Platnost této pozvánky vypršela. Požádejte správce příběhu o novou.',
  },
  REVOKED: {
    en: 'This invitation has been revoked. Ask the story’s admin for a new one.',
    cs: 'Tato pozvánka byla zrušena. Požádejte správce příběhu o novou.',
  },
  ACCEPTED: {
    en: 'This invitation has already been used. Ask the story’s admin for a new one.',
    cs: 'Tato pozvánka už byla použita. Požádejte správce příběhu o novou.',
  },
};

/**
 * Whether `next` allows everything `current` does and more: only then does an invite change an
 * existing membership. ICT_MODELER and ICT_VERIFIER each allow something the other does not,
 * so neither replaces the other.
 */
function widens(current: StoryMemberRole, next: StoryMemberRole): boolean {
  const granted = STORY_PERMISSIONS[next];
  return current !== next && STORY_PERMISSIONS[current].every((action) => granted.includes(action));
}

/**
 * Accepts the invite behind `code` for the signed-in user, whatever their company: 404 for an
 * unknown code, 410 INVITE_GONE for an expired, revoked or used one, 403 INVITE_EMAIL_MISMATCH
 * when an e-mail invite is accepted with another address. A non-member joins with the invite's
 * role; a member keeps their role unless the invite's allows strictly more. An e-mail invite is
 * used up by its acceptance; an invite link counts the people it brought in or promoted.
 */
export async function acceptAccessCode(
  deps: StoryDeps,
  user: Actor,
  code: string,
): Promise<AccessCodeAcceptance> {
  const found = await inviteByCode(deps, code);
  if (!found) throw new NotFoundError();
  const storyId = found.invite.storyId;
  return deps.db.transaction(async (tx) => {
    // The order every story write takes (story, then invite), so accepting and revoking at once
    // cannot deadlock; the invite is read again under the lock.
    await lockStory(tx, storyId);
    const locked = await findInviteByCode(tx, code, { lock: true });
    if (!locked) throw new NotFoundError();
    const { invite } = locked;
    const status = inviteStatus(invite, new Date());
    if (status !== 'ACTIVE') throw new InviteGoneError({ detail: GONE[status] });
    if (invite.email !== null && invite.email !== user.email.toLowerCase()) {
      throw new InviteEmailMismatchError();
    }
    const membership = await findMembershipOf(tx, storyId, user.id);
    let role: StoryMemberRole;
    if (!membership) {
      role = invite.role;
      await insertStoryMemberRow(tx, { storyId, userId: user.id, role });
      await recordStoryEvent(tx, {
        storyId,
        userId: user.id,
        type: 'MEMBER_ADDED',
        changes: [
          { field: 'email', old: null, new: user.email },
          { field: 'role', old: null, new: role },
        ],
      });
    } else if (widens(membership.role, invite.role)) {
      role = invite.role;
      await updateStoryMemberRow(tx, membership.id, { role });
      await recordStoryEvent(tx, {
        storyId,
        userId: user.id,
        type: 'MEMBER_UPDATED',
        changes: [
          { field: 'email', old: user.email, new: user.email },
          { field: 'role', old: membership.role, new: role },
        ],
      });
    } else {
      role = membership.role;
    }
    if (invite.email !== null || role !== membership?.role) {
      await countInviteAcceptance(tx, invite.id);
    }
    return { storyId, role };
  });
}
