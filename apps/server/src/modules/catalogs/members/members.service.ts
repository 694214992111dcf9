// Rules of catalog members: invite by e-mail (always a pending invitation the person accepts), resend, change roles and descriptions, remove; never lose the last admin.
import { sql } from 'drizzle-orm';
import type { Locale, Member } from '@costory/shared';
import type { Db } from '../../../db/database';
import type { CatalogMemberRoleValue } from '../../../db/schema';
import { ConflictError, NotFoundError, RateLimitedError } from '../../../errors';
import { randomToken } from '../../../lib/codes';
import { changesBetween } from '../../../lib/changes';
import { isUniqueViolation } from '../../../lib/db-errors';
import { findUserByEmail } from '../../users/users.repository';
import { loadCatalogAccess, requireAction } from '../common/access';
import { lockCatalog } from '../common/access.repository';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { invitationMail } from './invitation-mail';
import {
  countActiveAdmins,
  countRecentInvitationMails,
  deleteMember,
  findMemberFor,
  findMemberRecord,
  insertInvitation,
  listMemberRecords,
  updateInvitationCode,
  updateMemberRow,
  type MemberRecord,
} from './members.repository';
import { personName } from '../../../lib/person-name';

function toMember(record: MemberRecord): Member {
  const name = personName(record);
  return {
    id: record.id,
    email: record.email,
    name,
    companyName: record.companyName ?? '',
    role: record.role,
    description: record.description,
    pending: record.userId === null,
  };
}

const ALREADY_MEMBER = {
  en: 'This person is already a member of the catalog or invited to it',
  cs: 'Tato osoba už je členem katalogu nebo do něj byla pozvána',
};

const LAST_ADMIN = {
  en: 'The catalog must keep at least one admin. Make someone else an admin first.',
  cs: 'Katalog musí mít alespoň jednoho správce. Nejprve udělejte správcem někoho jiného.',
};

const NOT_PENDING = {
  en: 'This person has already accepted the invitation',
  cs: 'Tato osoba už pozvánku přijala',
};

/** Decision 0026: invitation mails (first and resent) one user may send within an hour. */
export const INVITATION_LIMITS = { windowSeconds: 60 * 60, perInviter: 20 } as const;

/** The page that signs the invitee in (or has them register) and accepts (the SPA's route). */
function invitationLink(publicOrigin: string, code: string): string {
  return `${publicOrigin}/ctl/catalog-invitation/${code}`;
}

// First key of the advisory lock that orders one inviter's invitations (any constant works).
const INVITER_LOCK_CLASS = 4_207_310;

/**
 * 429 RATE_LIMITED once the user sent as many invitation mails as an hour allows. Call it in the
 * transaction that queues the mail: the inviter's lock makes simultaneous invitations, on any
 * process, count one after the other.
 */
async function refuseWhenLimited(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVITER_LOCK_CLASS}, ${userId})`);
  const recent = await countRecentInvitationMails(tx, userId, INVITATION_LIMITS.windowSeconds);
  if (recent.count < INVITATION_LIMITS.perInviter || recent.oldest === null) return;
  const expires = recent.oldest.getTime() + INVITATION_LIMITS.windowSeconds * 1000;
  throw new RateLimitedError({
    retryAfterSeconds: Math.max(1, Math.ceil((expires - Date.now()) / 1000)),
  });
}

function alreadyMember(): ConflictError {
  return new ConflictError({
    detail: ALREADY_MEMBER,
    fields: [{ field: 'email', rule: 'unique', message: ALREADY_MEMBER }],
  });
}

/** Members and pending invitations; members of the catalog only (not public readers). */
export async function listMembers(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Member[]> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'READ_MEMBERS');
  return (await listMemberRecords(deps.db, catalogId)).map(toMember);
}

export interface InviteContext {
  /** The inviter's language: the mail is written in it. */
  locale: Locale;
}

/**
 * Keeps a pending invitation with a fresh code and queues a mail with its link; the person becomes
 * a member only by accepting it. The answer is the same whether or not the address has an account
 * (decision 0026): it never shows who is behind an address that has not accepted.
 */
export async function inviteMember(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  invite: { email: string; role: CatalogMemberRoleValue },
  context: InviteContext,
): Promise<Member> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  const email = invite.email.trim().toLowerCase();
  // Members are listed with their addresses, so refusing one tells the admin nothing new.
  const invitee = await findUserByEmail(deps.db, email);
  const code = randomToken();
  let memberId: number;
  try {
    memberId = await deps.db.transaction(async (tx) => {
      await refuseWhenLimited(tx, user.id);
      if (await findMemberFor(tx, catalogId, { email })) throw alreadyMember();
      if (invitee && (await findMemberFor(tx, catalogId, { userId: invitee.id }))) {
        throw alreadyMember();
      }
      const id = await insertInvitation(tx, {
        catalogId,
        role: invite.role,
        invitedByUserId: user.id,
        email,
        code,
      });
      await recordEvent(tx, {
        catalogId,
        userId: user.id,
        type: 'MEMBER_INVITED',
        changes: [
          { field: 'email', old: null, new: email },
          { field: 'role', old: null, new: invite.role },
        ],
      });
      await queueInvitationMail(deps, tx, user, access.catalog.name, {
        email,
        role: invite.role,
        code,
        locale: context.locale,
      });
      return id;
    });
  } catch (error) {
    // The same person invited twice at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  deps.mail.deliverSoon();
  const record = await findMemberRecord(deps.db, catalogId, memberId);
  if (!record) throw new NotFoundError();
  return toMember(record);
}

async function queueInvitationMail(
  deps: CatalogDeps,
  tx: Db,
  inviter: Actor,
  catalogName: string,
  invitation: { email: string; role: CatalogMemberRoleValue; code: string; locale: Locale },
): Promise<void> {
  await deps.mail.queue(
    tx,
    invitationMail(invitation.locale, {
      recipient: invitation.email,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
      catalogName,
      role: invitation.role,
      acceptLink: invitationLink(deps.publicOrigin, invitation.code),
    }),
  );
}

/**
 * Mails a pending invitation again with a new code (the earlier links stop working); 409 once it
 * was accepted. Counts towards the inviter's limit like a first mail.
 */
export async function resendInvitation(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  memberId: number,
  context: InviteContext,
): Promise<Member> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  const code = randomToken();
  await deps.db.transaction(async (tx) => {
    await refuseWhenLimited(tx, user.id);
    const member = await findMemberRecord(tx, catalogId, memberId);
    if (!member) throw new NotFoundError();
    if (member.userId !== null) throw new ConflictError({ detail: NOT_PENDING });
    await updateInvitationCode(tx, memberId, code);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'MEMBER_INVITATION_RESENT',
      changes: [
        { field: 'email', old: member.email, new: member.email },
        { field: 'role', old: member.role, new: member.role },
      ],
    });
    await queueInvitationMail(deps, tx, user, access.catalog.name, {
      email: member.email,
      role: member.role,
      code,
      locale: context.locale,
    });
  });
  deps.mail.deliverSoon();
  const record = await findMemberRecord(deps.db, catalogId, memberId);
  if (!record) throw new NotFoundError();
  return toMember(record);
}

/** Whether taking the admin role from `member` would leave the catalog without one. */
async function isLastAdmin(db: Db, catalogId: number, member: MemberRecord): Promise<boolean> {
  if (member.role !== 'CTL_ADMIN' || member.userId === null) return false;
  return (await countActiveAdmins(db, catalogId)) <= 1;
}

export interface MemberUpdate {
  role: CatalogMemberRoleValue;
  /** Left out, the stored description stays. */
  description?: string | undefined;
}

/**
 * Changes a member's (or a pending invitation's) role and description. A role change is recorded as
 * MEMBER_ROLE_CHANGED as before; a change of the description alone as MEMBER_UPDATED.
 */
export async function updateMember(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  memberId: number,
  update: MemberUpdate,
): Promise<Member> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  await deps.db.transaction(async (tx) => {
    // Two admins demoting each other at once must not both succeed.
    await lockCatalog(tx, catalogId);
    const member = await findMemberRecord(tx, catalogId, memberId);
    if (!member) throw new NotFoundError();
    const values = {
      role: update.role,
      description: update.description?.trim() ?? member.description,
    };
    const changes = changesBetween({ role: member.role, description: member.description }, values, [
      'role',
      'description',
    ]);
    // Saving what is already stored changes nothing.
    if (changes.length === 0) return;
    if (values.role !== 'CTL_ADMIN' && (await isLastAdmin(tx, catalogId, member))) {
      throw new ConflictError({ detail: LAST_ADMIN });
    }
    await updateMemberRow(tx, memberId, values);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: values.role === member.role ? 'MEMBER_UPDATED' : 'MEMBER_ROLE_CHANGED',
      // The address is the subject, so it stands on both sides.
      changes: [{ field: 'email', old: member.email, new: member.email }, ...changes],
    });
  });
  const record = await findMemberRecord(deps.db, catalogId, memberId);
  if (!record) throw new NotFoundError();
  return toMember(record);
}

export async function removeMember(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  memberId: number,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  await deps.db.transaction(async (tx) => {
    await lockCatalog(tx, catalogId);
    const member = await findMemberRecord(tx, catalogId, memberId);
    if (!member) throw new NotFoundError();
    if (await isLastAdmin(tx, catalogId, member)) {
      throw new ConflictError({ detail: LAST_ADMIN });
    }
    await deleteMember(tx, memberId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'MEMBER_REMOVED',
      changes: [
        { field: 'email', old: member.email, new: null },
        { field: 'role', old: member.role, new: null },
      ],
    });
  });
}
