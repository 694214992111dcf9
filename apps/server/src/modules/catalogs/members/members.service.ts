// Rules of catalog members: invite by e-mail (a member at once, or a pending invitation), change roles, remove; never lose the last admin.
import type { Locale, Member } from '@costory/shared';
import type { Db } from '../../../db/database';
import type { CatalogMemberRoleValue } from '../../../db/schema';
import { ConflictError, NotFoundError } from '../../../errors';
import { isUniqueViolation } from '../../../lib/db-errors';
import { findUserByEmail } from '../../users/users.repository';
import { loadCatalogAccess, requireAction } from '../common/access';
import { lockCatalog } from '../common/access.repository';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { invitationMail } from './invitation-mail';
import {
  countActiveAdmins,
  deleteMember,
  findMemberFor,
  findMemberRecord,
  insertMember,
  listMemberRecords,
  updateMemberRole,
  type MemberRecord,
} from './members.repository';

function toMember(record: MemberRecord): Member {
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ');
  return {
    id: record.id,
    email: record.email,
    name,
    companyName: record.companyName ?? '',
    role: record.role,
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
 * Adds a user with that e-mail at once, or keeps a pending invitation that becomes a membership
 * when the address signs in; either way a mail with a link to the catalog is queued.
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
  const invitee = await findUserByEmail(deps.db, email);
  let memberId: number;
  try {
    memberId = await deps.db.transaction(async (tx) => {
      // An invitation sent before the person registered counts as well.
      if (await findMemberFor(tx, catalogId, { email })) throw alreadyMember();
      if (invitee && (await findMemberFor(tx, catalogId, { userId: invitee.id }))) {
        throw alreadyMember();
      }
      const id = await insertMember(tx, {
        catalogId,
        role: invite.role,
        invitedByUserId: user.id,
        ...(invitee ? { userId: invitee.id, email: null } : { userId: null, email }),
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
      await deps.mail.queue(
        tx,
        invitationMail(context.locale, {
          recipient: email,
          inviterName: `${user.firstName} ${user.lastName}`.trim(),
          catalogName: access.catalog.name,
          role: invite.role,
          catalogLink: `${deps.publicOrigin}/ctl/catalog-detail/${catalogId}`,
          registrationLink: invitee ? undefined : `${deps.publicOrigin}/registration`,
        }),
      );
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

/** Whether taking the admin role from `member` would leave the catalog without one. */
async function isLastAdmin(db: Db, catalogId: number, member: MemberRecord): Promise<boolean> {
  if (member.role !== 'CTL_ADMIN' || member.userId === null) return false;
  return (await countActiveAdmins(db, catalogId)) <= 1;
}

export async function changeMemberRole(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  memberId: number,
  role: CatalogMemberRoleValue,
): Promise<Member> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  await deps.db.transaction(async (tx) => {
    // Two admins demoting each other at once must not both succeed.
    await lockCatalog(tx, catalogId);
    const member = await findMemberRecord(tx, catalogId, memberId);
    if (!member) throw new NotFoundError();
    if (member.role === role) return;
    if (role !== 'CTL_ADMIN' && (await isLastAdmin(tx, catalogId, member))) {
      throw new ConflictError({ detail: LAST_ADMIN });
    }
    await updateMemberRole(tx, memberId, role);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'MEMBER_ROLE_CHANGED',
      // The address is the subject, so it stands on both sides.
      changes: [
        { field: 'email', old: member.email, new: member.email },
        { field: 'role', old: member.role, new: role },
      ],
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
