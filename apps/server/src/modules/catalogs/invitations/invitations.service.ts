// Catalog invitations seen from the invitee: what a link's code offers (public) and its acceptance by the signed-in addressee, who only then becomes a member.
import type { CatalogInvitation, CatalogInvitationAcceptance } from '@costory/shared';
import { InviteEmailMismatchError, NotFoundError } from '../../../errors';
import { lockCatalog } from '../common/access.repository';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import {
  acceptInvitationRow,
  deleteMember,
  findInvitationByCode,
  findMemberFor,
  type InvitationByCode,
} from '../members/members.repository';

// Codes are base64url; anything else cannot be one, and is not worth a query.
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

async function invitationByCode(
  deps: CatalogDeps,
  code: string,
): Promise<InvitationByCode | undefined> {
  return CODE_SHAPE.test(code) ? findInvitationByCode(deps.db, code) : undefined;
}

/**
 * What a code offers, for anyone (the route is public and rate-limited): the catalog's name and
 * the role while the invitation waits, EXPIRED once its link's time is up (the admin resends it),
 * UNKNOWN otherwise. Never who was invited.
 */
export async function describeInvitation(
  deps: CatalogDeps,
  code: string,
): Promise<CatalogInvitation> {
  const found = await invitationByCode(deps, code);
  if (!found) return { state: 'UNKNOWN', catalogName: null, role: null };
  if (found.expired) return { state: 'EXPIRED', catalogName: null, role: null };
  return { state: 'VALID', catalogName: found.catalogName, role: found.role };
}

/**
 * Accepts the invitation behind `code` for the signed-in user: 404 for an unknown, expired,
 * accepted or cancelled one, 403 INVITE_EMAIL_MISMATCH when signed in with another address. The user joins
 * with the invitation's role; one who already is a member keeps their role and the invitation goes.
 */
export async function acceptInvitation(
  deps: CatalogDeps,
  user: Actor,
  code: string,
): Promise<CatalogInvitationAcceptance> {
  const found = await invitationByCode(deps, code);
  if (!found || found.expired) throw new NotFoundError();
  const { catalogId } = found;
  return deps.db.transaction(async (tx) => {
    // Catalog first, then the row: the order role changes and removals take.
    await lockCatalog(tx, catalogId);
    const invitation = await findInvitationByCode(tx, code, { lock: true });
    if (!invitation || invitation.expired) throw new NotFoundError();
    if (invitation.email !== user.email.toLowerCase()) throw new InviteEmailMismatchError();
    const membership = await findMemberFor(tx, catalogId, { userId: user.id });
    if (membership) {
      await deleteMember(tx, invitation.id);
      return { catalogId, role: membership.role };
    }
    await acceptInvitationRow(tx, invitation.id, user.id);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'MEMBER_JOINED',
      changes: [
        { field: 'email', old: null, new: invitation.email },
        { field: 'role', old: null, new: invitation.role },
      ],
    });
    return { catalogId, role: invitation.role };
  });
}
