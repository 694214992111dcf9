// The one access check of the catalogue context: who may read a catalog (else 404) and which actions their role allows (else 403).
import {
  canActOnItem,
  roleAllows,
  type CatalogAction,
  type CatalogMemberRole,
  type ItemContext,
} from '@costory/shared';
import type { Db } from '../../../db/database';
import type { CatalogRow } from '../../../db/schema';
import { ForbiddenError, NotFoundError } from '../../../errors';
import { findCatalogWithMembership } from './access.repository';
import type { Actor } from './deps';
import { forbiddenDetail, REPORTER_OWN_PENDING_ONLY } from './messages';

export interface CatalogAccess {
  catalog: CatalogRow;
  /** The member's role, or PUBLIC_READABLE for anyone else on a PUBLIC or PUBLIC_PAID catalog. */
  role: CatalogMemberRole;
  /** Whether the user is a member (PUBLIC_READABLE is not). */
  member: boolean;
  user: Actor;
}

/**
 * The catalog and the user's role in it. A catalog that does not exist, was deleted, or is
 * PRIVATE without the user as a member answers 404 (NotFoundError), whichever company owns it:
 * the answer never tells whether it exists.
 */
export async function loadCatalogAccess(
  db: Db,
  catalogId: number,
  user: Actor,
): Promise<CatalogAccess> {
  const found = await findCatalogWithMembership(db, catalogId, user);
  if (!found) throw new NotFoundError();
  const { catalog, member } = found;
  if (member) return { catalog, role: member.role, member: true, user };
  if (catalog.visibility === 'PRIVATE') throw new NotFoundError();
  return { catalog, role: 'PUBLIC_READABLE', member: false, user };
}

/** Throws 403 FORBIDDEN, with the reason in the user's language, unless the role allows `action`. */
export function requireAction(access: CatalogAccess, action: CatalogAction): void {
  if (!roleAllows(access.role, action)) {
    throw new ForbiddenError({ detail: forbiddenDetail(access.role, action) });
  }
}

/** Like requireAction, for an action on one item (a reporter: only their own PENDING items). */
export function requireItemAction(
  access: CatalogAccess,
  action: CatalogAction,
  item: ItemContext,
): void {
  requireAction(access, action);
  if (!canActOnItem(access.role, action, item, access.user.id)) {
    throw new ForbiddenError({ detail: REPORTER_OWN_PENDING_ONLY });
  }
}

/** Whether the role sees items in every state (readers see COMPLETE items only). */
export function seesAllItemStates(access: Pick<CatalogAccess, 'role'>): boolean {
  return roleAllows(access.role, 'READ_ALL_ITEM_STATES');
}

/**
 * design.md §4: members may build stories on any catalog they belong to; everyone on a PUBLIC
 * one; on a PUBLIC_PAID one the user's company must be a client, or its owner.
 */
export function canBuildStories(
  catalog: Pick<CatalogRow, 'visibility' | 'companyId'>,
  user: Pick<Actor, 'companyId'>,
  member: boolean,
  companyIsClient: boolean,
): boolean {
  if (member || catalog.visibility === 'PUBLIC') return true;
  if (catalog.companyId === user.companyId) return true;
  return catalog.visibility === 'PUBLIC_PAID' && companyIsClient;
}
