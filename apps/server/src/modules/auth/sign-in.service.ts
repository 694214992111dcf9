// Rules of signing in with e-mail and password: rate limits counted in the database, known devices, password check, verified address, audit trail.
import { createHash, randomBytes } from 'node:crypto';
import type { Login } from '@costory/shared';
import type { Db } from '../../db/database';
import { EmailNotVerifiedError, InvalidCredentialsError, RateLimitedError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { countRecentSignInFailures, recordAuditEvent } from '../audit/audit.repository';
import { endAccessTokensOf, findUserCredentials, type UserRecord } from '../users/users.repository';
import { addKnownDevice, findKnownDevice, touchKnownDevice } from './sign-in-devices.repository';

/**
 * Decisions 0009 and 0027: 5 failures per account within 15 minutes lock it for unknown clients,
 * while each device known to the account counts its own 5; 20 per client address lock the address.
 */
export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 20,
} as const;

/** How long a browser stays known to an account after it last signed in (its cookie's lifetime). */
export const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;

function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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

export interface PasswordSignInContext extends SignInContext {
  /** The token of the browser's known-device cookie, when it sent one. */
  deviceToken: string | undefined;
}

async function refuseWhenLimited(
  db: Db,
  email: string,
  deviceId: number | null,
  context: SignInContext,
): Promise<void> {
  const [byAccount, byAddress] = await Promise.all([
    countRecentSignInFailures(db, { email, deviceId }, SIGN_IN_LIMITS.windowSeconds),
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
    deviceId,
  });
  throw new RateLimitedError({ retryAfterSeconds: Math.max(...waits) });
}

export interface PasswordSignIn {
  user: UserRecord;
  /** The browser's known-device token for this account (new or renewed), for its cookie. */
  deviceToken: string;
}

/**
 * Returns the user whose e-mail and password these are. Throws 429 RATE_LIMITED while too many
 * attempts failed recently (even for the right password; a device known to the account counts
 * only its own failures), 401 INVALID_CREDENTIALS for a wrong e-mail or password, and 403
 * EMAIL_NOT_VERIFIED for the right password of an unconfirmed address.
 */
export async function signInWithPassword(
  db: Db,
  login: Login,
  context: PasswordSignInContext,
): Promise<PasswordSignIn> {
  const email = login.email.trim().toLowerCase();
  const deviceId =
    context.deviceToken === undefined
      ? null
      : ((await findKnownDevice(
          db,
          hashDeviceToken(context.deviceToken),
          email,
          KNOWN_DEVICE_SECONDS,
        )) ?? null);
  await refuseWhenLimited(db, email, deviceId, context);

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
      deviceId,
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
      deviceId,
    });
    throw new EmailNotVerifiedError();
  }
  await recordAuditEvent(db, {
    type: 'sign_in',
    userId: user.id,
    companyId: user.companyId,
    email,
    ipAddress: context.ipAddress,
    deviceId,
  });
  return { user, deviceToken: await rememberDevice(db, user.id, deviceId, context.deviceToken) };
}

/** Keeps a known device known for longer, or makes this browser known with a new token. */
async function rememberDevice(
  db: Db,
  userId: number,
  deviceId: number | null,
  deviceToken: string | undefined,
): Promise<string> {
  if (deviceId !== null && deviceToken !== undefined) {
    await touchKnownDevice(db, deviceId);
    return deviceToken;
  }
  const token = randomBytes(32).toString('base64url');
  await addKnownDevice(db, userId, hashDeviceToken(token));
  return token;
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
