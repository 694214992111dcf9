// An invite's status, computed from its row (never stored, so it cannot go stale): used, revoked, expired or active.
import type { INVITE_STATUSES } from '@costory/shared';
import type { StoryInviteRow } from '../../../db/schema';

export type InviteStatus = (typeof INVITE_STATUSES)[number];

type InviteState = Pick<StoryInviteRow, 'email' | 'acceptedCount' | 'revokedAt' | 'expiresAt'>;

/**
 * An e-mail invite is single use: once accepted it stays ACCEPTED (what happened to it matters
 * more than its later expiry). An invite link serves many people until it is revoked or expires;
 * its `acceptedCount` only counts them.
 */
export function inviteStatus(invite: InviteState, now: Date): InviteStatus {
  if (invite.email !== null && invite.acceptedCount > 0) return 'ACCEPTED';
  if (invite.revokedAt !== null) return 'REVOKED';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}
