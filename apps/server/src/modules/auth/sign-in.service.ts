// Rules of signing in with e-mail and password: rate limits counted in the database, password check, verified address, audit trail.
import type { Login } from '@costory/shared';
import type { Db } from '../../db/database';
import { EmailNotVerifiedError, InvalidCredentialsError, RateLimitedError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { countRecentSignInFailures, recordAuditEvent } from '../audit/audit.repository';
import {
  endAccessTokensOf,
  findUserCredentials,
  type UserRecord,
} from '../users/users.repository';

/** Decision 0009: more than 5 failures per account, or 20 per address, within 15 minutes. */
export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 20,
} as const;

// Verifying against a throwaway hash when the e-mail is unknown makes both answers take as long,
// so response times do not tell which addresses have accounts.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('not the password of anybody 0');
  return decoyHash;
}

export interface SignInContext {
  ipAddress: string;
}

async function refuseWhenLimited(db: Db, email: string, context: SignInContext): Promise<void> {
  const [byAccount, byAddress] = await Promise.all([
    countRecentSignInFailures(db, { email }, SIGN_IN_LIMITS.windowSeconds),
    countRecentSignInFailures(db, { ipAddress: context.ipAddress }, SIGN_IN_LIMITS.windowSeconds),
  ]);
  const waits: number[] = [];
  if (byAccount.count >= SIGN_IN_LIMITS.perAccount) waits.push(byAccount.secondsUntilOldestExpires);
  if (byAddress.count >= SIGN_IN_LIMITS.perAddress) waits.push(byAddress.secondsUntilOldestExpires);
  if (waits.length === 0) return;
  await recordAuditEvent(db, {
    type: 'sign_in_failed',
    reason: 'rate_limited',
    email,
    ipAddress: context.ipAddress,
  });
  throw new RateLimitedError({ retryAfterSeconds: Math.max(...waits) });
}

/**
 * Returns the user whose e-mail and password these are. Throws 429 RATE_LIMITED while too many
 * attempts failed recently (even for the right password), 401 INVALID_CREDENTIALS for a wrong
 * e-mail or password, and 403 EMAIL_NOT_VERIFIED for the right password of an unconfirmed address.
 */
export async function signInWithPassword(
  db: Db,
  login: Login,
  context: SignInContext,
): Promise<UserRecord> {
  const email = login.email.trim().toLowerCase();
  await refuseWhenLimited(db, email, context);

  const found = await findUserCredentials(db, email);
  const passwordMatches = found
    ? await verifyPassword(login.password, found.passwordHash)
    : await verifyPassword(login.password, await decoy()).then(() => false);
  if (!found || !passwordMatches) {
    await recordAuditEvent(db, {
      type: 'sign_in_failed',
      reason: 'invalid_credentials',
      userId: found?.id ?? null,
      companyId: found?.companyId ?? null,
      email,
      ipAddress: context.ipAddress,
    });
    throw new InvalidCredentialsError();
  }
  const { passwordHash: _passwordHash, ...user } = found;
  if (user.emailVerifiedAt === null) {
    await recordAuditEvent(db, {
      type: 'sign_in_failed',
      reason: 'email_not_verified',
      userId: user.id,
      companyId: user.companyId,
      email,
      ipAddress: context.ipAddress,
    });
    throw new EmailNotVerifiedError();
  }
  await recordAuditEvent(db, {
    type: 'sign_in',
    userId: user.id,
    companyId: user.companyId,
    email,
    ipAddress: context.ipAddress,
  });
  return user;
}

/** Records a sign-out at the provider's end-session endpoint and ends the user's access tokens. */
export async function recordSignOut(
  db: Db,
  user: UserRecord | undefined,
  context: SignInContext,
): Promise<void> {
  if (user) await endAccessTokensOf(db, user.id);
  await recordAuditEvent(db, {
    type: 'logout',
    userId: user?.id ?? null,
    companyId: user?.companyId ?? null,
    email: user?.email ?? null,
    ipAddress: context.ipAddress,
  });
}
