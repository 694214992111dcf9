// Rules of story invites (ICT_ADMIN only): list them with their status and link, create e-mail invites (mailed) and invite links, revoke them.
import type { Locale, StoryInvite, StoryInviteCreate } from '@costory/shared';
import type { Db } from '../../../db/database';
import type { StoredEventChange } from '../../../db/schema';
import { NotFoundError } from '../../../errors';
import { randomToken } from '../../../lib/codes';
import { loadStoryAccess, lockStory, requireStoryAction } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { storyInviteMail } from './invite-mail';
import { inviteStatus } from './invite-status';
import {
  findStoryInviteRecord,
  insertStoryInvite,
  listStoryInviteRecords,
  revokeStoryInviteRow,
  type StoryInviteRecord,
} from './invites.repository';

/** The page that resolves a code, signs the visitor in and accepts (the SPA's /public-access/{code}). */
export function accessLink(publicOrigin: string, code: string): string {
  return `${publicOrigin}/public-access/${code}`;
}

function toStoryInvite(
  publicOrigin: string,
  { invite, creatorFirstName, creatorLastName }: StoryInviteRecord,
  now: Date,
): StoryInvite {
  return {
    id: invite.id,
    role: invite.role,
    email: invite.email,
    url: accessLink(publicOrigin, invite.code),
    status: inviteStatus(invite, now),
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    createdBy:
      invite.createdByUserId === null
        ? null
        : {
            id: invite.createdByUserId,
            name: [creatorFirstName, creatorLastName].filter(Boolean).join(' '),
          },
    acceptedCount: invite.acceptedCount,
  };
}

async function inviteOf(db: Db, storyId: number, inviteId: number): Promise<StoryInviteRecord> {
  const found = await findStoryInviteRecord(db, storyId, inviteId);
  if (!found) throw new NotFoundError();
  return found;
}

/** What an invite event says about the invite: never its code, which is the secret itself. */
function inviteSubject(record: StoryInviteRecord['invite']): StoredEventChange[] {
  return [
    ...(record.email === null
      ? []
      : [{ field: 'email' as const, old: record.email, new: record.email }]),
    { field: 'role', old: record.role, new: record.role },
  ];
}

/** Every invite of the story, newest first, with its status and link (MANAGE_STORY). */
export async function listStoryInvites(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryInvite[]> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  const now = new Date();
  return (await listStoryInviteRecords(deps.db, storyId)).map((record) =>
    toStoryInvite(deps.publicOrigin, record, now),
  );
}

export interface InviteContext {
  /** The inviter's language: the mail is written in it. */
  locale: Locale;
}

/**
 * Creates an invite with a fresh random code (MANAGE_STORY). With `email` it is a single-use
 * e-mail invite and a mail with the link is queued in the same transaction; without, it is an
 * invite link for the admin to copy.
 */
export async function createStoryInvite(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: StoryInviteCreate,
  context: InviteContext,
): Promise<StoryInvite> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  // Addresses compare as users' addresses are stored: lower-cased. A blank one is no address.
  const email = input.email?.trim().toLowerCase() || null;
  // 128 random bits, 22 base64url characters (design.md: unguessable, >= 128 bits).
  const code = randomToken();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertStoryInvite(tx, {
      storyId,
      role: input.role,
      email,
      code,
      expiresInDays: input.expiresInDays,
      createdByUserId: user.id,
    });
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'INVITE_CREATED',
      changes: [
        ...(email === null ? [] : [{ field: 'email' as const, old: null, new: email }]),
        { field: 'role', old: null, new: input.role },
        { field: 'expiresAt', old: null, new: inserted.expiresAt.toISOString() },
      ],
    });
    if (email !== null) {
      await deps.mail.queue(
        tx,
        storyInviteMail(context.locale, {
          recipient: email,
          inviterName: `${user.firstName} ${user.lastName}`.trim(),
          storyName: access.story.name,
          role: input.role,
          link: accessLink(deps.publicOrigin, code),
          expiresInDays: input.expiresInDays,
        }),
      );
    }
    return inserted;
  });
  if (email !== null) deps.mail.deliverSoon();
  return toStoryInvite(
    deps.publicOrigin,
    { invite: row, creatorFirstName: user.firstName, creatorLastName: user.lastName },
    new Date(),
  );
}

/**
 * Revokes an ACTIVE invite (MANAGE_STORY): its code answers REVOKED from then on. Revoking an
 * invite that is already revoked, expired or used changes nothing (and records nothing).
 */
export async function revokeStoryInvite(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  inviteId: number,
): Promise<void> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, 'MANAGE_STORY');
  await deps.db.transaction(async (tx) => {
    // The same lock an acceptance takes: a code is either accepted or revoked first.
    await lockStory(tx, storyId);
    const { invite } = await inviteOf(tx, storyId, inviteId);
    if (inviteStatus(invite, new Date()) !== 'ACTIVE') return;
    await revokeStoryInviteRow(tx, inviteId);
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'INVITE_REVOKED',
      changes: [...inviteSubject(invite), { field: 'status', old: 'ACTIVE', new: 'REVOKED' }],
    });
  });
}
