// Rules of registration and e-mail confirmation: one transaction per change, codes hashed, mails queued with it and sent after commit.
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  type EmailConfirmation,
  type EmailConfirmationResult,
  type Locale,
  type Registration,
  type RegistrationResult,
} from '@costory/shared';
import type { Db } from '../../db/database';
import {
  ConfirmationCodeMissingError,
  ConfirmationFailedError,
  RateLimitedError,
} from '../../errors';
import {
  normalizeOneTimeCode,
  randomOneTimeCode,
  randomToken,
  sameSecret,
  sha256,
} from '../../lib/codes';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { countRecentAccountMailRequests, recordAuditEvent } from '../audit/audit.repository';
import type { MailOutbox } from '../mail/mail.service';
import { findUserByEmail, type UserRecord } from '../users/users.repository';
import {
  consumeConfirmation,
  findUsableConfirmationByCodeHash,
  findUsableConfirmationByEmail,
  insertCompany,
  insertConfirmation,
  insertUser,
  markUserVerified,
  recordWrongOneTimeCode,
  retireConfirmations,
  secondsSinceLastConfirmation,
  type UsableConfirmation,
} from './accounts.repository';
import { confirmationMail } from './confirmation-mail';
import { registrationNoticeMail } from './registration-notice-mail';

const CONFIRMATION_TTL_SECONDS = EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60;
/** Wrong one-time codes a confirmation survives; then only a new mail helps (brute force). */
export const MAX_ONE_TIME_CODE_ATTEMPTS = 5;
/** A resent mail waits this long after the previous one (mail flooding). */
export const RESEND_INTERVAL_SECONDS = 60;
/**
 * Decision 0026: registrations and confirmation resends together, per target address within an
 * hour (per client address: the REGISTRATIONS_PER_CLIENT setting). Each may mail an address that
 * is not the requester's.
 */
export const ACCOUNT_MAIL_LIMITS = { windowSeconds: 60 * 60, perEmail: 3 } as const;

export interface AccountsDeps {
  db: Db;
  mail: MailOutbox;
  /** Start of the links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Registrations and resends one client address may ask for in an hour. */
  registrationsPerClient: number;
}

export interface RequestContext {
  locale: Locale;
  ipAddress: string;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 429 RATE_LIMITED while the address or the client asked for too many account mails lately. */
async function refuseWhenLimited(
  deps: AccountsDeps,
  email: string,
  context: RequestContext,
): Promise<void> {
  const { db } = deps;
  const [byEmail, byAddress] = await Promise.all([
    countRecentAccountMailRequests(db, { email }, ACCOUNT_MAIL_LIMITS.windowSeconds),
    countRecentAccountMailRequests(
      db,
      { ipAddress: context.ipAddress },
      ACCOUNT_MAIL_LIMITS.windowSeconds,
    ),
  ]);
  const waits: number[] = [];
  if (byEmail.count >= ACCOUNT_MAIL_LIMITS.perEmail) waits.push(byEmail.secondsUntilOldestExpires);
  if (byAddress.count >= deps.registrationsPerClient) {
    waits.push(byAddress.secondsUntilOldestExpires);
  }
  if (waits.length > 0) throw new RateLimitedError({ retryAfterSeconds: Math.max(...waits) });
}

/** Stored with the user id, so one hash table of all six-character codes is of no use. */
function oneTimeCodeHash(userId: number, code: string): string {
  return sha256(`${userId}:${normalizeOneTimeCode(code)}`);
}

/** Creates a confirmation for the user and queues its mail, inside the caller's transaction. */
async function createConfirmation(
  deps: AccountsDeps,
  tx: Db,
  user: { id: number; email: string; firstName: string },
  companyName: string | undefined,
  locale: Locale,
): Promise<void> {
  const code = randomToken();
  const oneTimeCode = randomOneTimeCode();
  await insertConfirmation(tx, {
    userId: user.id,
    codeHash: sha256(code),
    oneTimeCodeHash: oneTimeCodeHash(user.id, oneTimeCode),
    ttlSeconds: CONFIRMATION_TTL_SECONDS,
  });
  await deps.mail.queue(
    tx,
    confirmationMail(locale, {
      recipient: user.email,
      firstName: user.firstName,
      companyName,
      link: `${deps.publicOrigin}/email-confirm?code=${encodeURIComponent(code)}`,
      oneTimeCode,
    }),
  );
}

function orNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * A registration with an address that already has an account creates nothing: a verified owner
 * is told by mail that someone tried (and pointed to sign-in), an unverified one gets a new
 * confirmation mail (as a resend, without the registrant's company name).
 */
async function answerRepeatedRegistration(
  deps: AccountsDeps,
  owner: UserRecord,
  context: RequestContext,
): Promise<void> {
  const resend =
    owner.emailVerifiedAt === null &&
    ((await secondsSinceLastConfirmation(deps.db, owner.id)) ?? Infinity) >=
      RESEND_INTERVAL_SECONDS;
  await deps.db.transaction(async (tx) => {
    await recordAuditEvent(tx, {
      type: 'registration_repeated',
      userId: owner.id,
      companyId: owner.companyId,
      email: owner.email,
      ipAddress: context.ipAddress,
    });
    if (owner.emailVerifiedAt !== null) {
      await deps.mail.queue(
        tx,
        registrationNoticeMail(context.locale, {
          recipient: owner.email,
          signInLink: `${deps.publicOrigin}/login`,
        }),
      );
    } else if (resend) {
      await retireConfirmations(tx, owner.id);
      await createConfirmation(deps, tx, owner, undefined, context.locale);
    }
  });
  deps.mail.deliverSoon();
}

/**
 * Registers a company with its first user, who stays unverified until the mailed code comes back.
 * The answer is the same for an address that already has an account (decision 0026): then
 * nothing is created and the owner is mailed instead. 429 RATE_LIMITED beyond the limits.
 */
export async function registerCompany(
  deps: AccountsDeps,
  registration: Registration,
  context: RequestContext,
): Promise<RegistrationResult> {
  const { company, user } = registration;
  refuseCommonPassword(user.password, 'user.password');
  const email = normalizeEmail(user.email);
  await refuseWhenLimited(deps, email, context);
  // Hashing is slow; doing it before the transaction keeps the transaction short, and doing it
  // for known addresses as well keeps both answers equally slow.
  const passwordHash = await hashPassword(user.password);
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    await answerRepeatedRegistration(deps, existing, context);
    return { email };
  }

  try {
    await deps.db.transaction(async (tx) => {
      const companyId = await insertCompany(tx, {
        name: company.name.trim(),
        email: company.email.trim(),
        phone: orNull(company.phone),
        country: company.country.trim(),
        city: company.city.trim(),
        street: company.street.trim(),
        streetNumber: company.streetNumber.trim(),
        zip: company.zip.trim(),
      });
      const userId = await insertUser(tx, {
        companyId,
        email,
        passwordHash,
        firstName: user.firstName.trim(),
        lastName: user.lastName.trim(),
      });
      await createConfirmation(
        deps,
        tx,
        { id: userId, email, firstName: user.firstName.trim() },
        company.name.trim(),
        context.locale,
      );
      await recordAuditEvent(tx, {
        type: 'registration',
        userId,
        companyId,
        email,
        ipAddress: context.ipAddress,
      });
    });
  } catch (error) {
    // Someone registered the same address between the look above and the insert.
    if (!isUniqueViolation(error, 'users_email_unique')) throw error;
    const owner = await findUserByEmail(deps.db, email);
    if (owner) await answerRepeatedRegistration(deps, owner, context);
    return { email };
  }
  deps.mail.deliverSoon();
  return { email };
}

async function confirm(
  deps: AccountsDeps,
  confirmation: UsableConfirmation,
  context: RequestContext,
): Promise<EmailConfirmationResult> {
  return deps.db.transaction(async (tx) => {
    // Two requests with the same code: only the first one consumes it.
    if (!(await consumeConfirmation(tx, confirmation.id))) throw new ConfirmationFailedError();
    await retireConfirmations(tx, confirmation.userId);
    await markUserVerified(tx, confirmation.userId);
    await recordAuditEvent(tx, {
      type: 'email_confirmation',
      userId: confirmation.userId,
      companyId: confirmation.companyId,
      email: confirmation.email,
      ipAddress: context.ipAddress,
    });
    return { email: confirmation.email };
  });
}

/**
 * Confirms an address by the link's code, or by the e-mail and its one-time code. A wrong,
 * expired or used code is 400 CONFIRMATION_FAILED; no code at all is 400 CONFIRMATION_CODE_MISSING.
 */
export async function confirmEmail(
  deps: AccountsDeps,
  request: EmailConfirmation,
  context: RequestContext,
): Promise<EmailConfirmationResult> {
  const code = request.code?.trim() ?? '';
  if (code !== '') {
    const confirmation = await findUsableConfirmationByCodeHash(deps.db, sha256(code));
    if (!confirmation) throw new ConfirmationFailedError();
    return confirm(deps, confirmation, context);
  }
  const email = normalizeEmail(request.email ?? '');
  const oneTimeCode = normalizeOneTimeCode(request.oneTimeCode ?? '');
  if (email === '' || oneTimeCode === '') throw new ConfirmationCodeMissingError();
  const confirmation = await findUsableConfirmationByEmail(deps.db, email);
  if (!confirmation) throw new ConfirmationFailedError();
  if (
    !sameSecret(oneTimeCodeHash(confirmation.userId, oneTimeCode), confirmation.oneTimeCodeHash)
  ) {
    await recordWrongOneTimeCode(deps.db, confirmation.id, MAX_ONE_TIME_CODE_ATTEMPTS);
    throw new ConfirmationFailedError();
  }
  return confirm(deps, confirmation, context);
}

/**
 * Sends a new confirmation mail to an unverified user (the old codes stop working). Says nothing
 * about whether the address exists: the route answers 202 either way, and every request counts
 * towards the limits (429 RATE_LIMITED), whichever address it names.
 */
export async function resendConfirmation(
  deps: AccountsDeps,
  rawEmail: string,
  context: RequestContext,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await refuseWhenLimited(deps, email, context);
  const user = await findUserByEmail(deps.db, email);
  await recordAuditEvent(deps.db, {
    type: 'confirmation_resend',
    userId: user?.id ?? null,
    companyId: user?.companyId ?? null,
    email,
    ipAddress: context.ipAddress,
  });
  if (!user || user.emailVerifiedAt !== null) return;
  const since = await secondsSinceLastConfirmation(deps.db, user.id);
  if (since !== undefined && since < RESEND_INTERVAL_SECONDS) return;
  await deps.db.transaction(async (tx) => {
    await retireConfirmations(tx, user.id);
    await createConfirmation(deps, tx, user, undefined, context.locale);
  });
  deps.mail.deliverSoon();
}
