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
  EmailTakenError,
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
import { recordAuditEvent } from '../audit/audit.repository';
import type { MailOutbox } from '../mail/mail.service';
import { findUserByEmail } from '../users/users.repository';
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

const CONFIRMATION_TTL_SECONDS = EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60;
/** Wrong one-time codes a confirmation survives; then only a new mail helps (brute force). */
export const MAX_ONE_TIME_CODE_ATTEMPTS = 5;
/** A resent mail waits this long after the previous one (mail flooding). */
export const RESEND_INTERVAL_SECONDS = 60;

export interface AccountsDeps {
  db: Db;
  mail: MailOutbox;
  /** Start of the links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
}

export interface RequestContext {
  locale: Locale;
  ipAddress: string;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailTaken(): EmailTakenError {
  return new EmailTakenError({
    fields: [
      {
        field: 'user.email',
        rule: 'email_taken',
        message: {
          en: 'This e-mail address is already registered',
          cs: 'Tato e-mailová adresa je již registrována',
        },
      },
    ],
  });
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
 * Registers a company with its first user, who stays unverified until the mailed code comes back.
 * An e-mail that already has an account is 409 EMAIL_TAKEN, and then nothing is created.
 */
export async function registerCompany(
  deps: AccountsDeps,
  registration: Registration,
  context: RequestContext,
): Promise<RegistrationResult> {
  const { company, user } = registration;
  refuseCommonPassword(user.password, 'user.password');
  const email = normalizeEmail(user.email);
  if (await findUserByEmail(deps.db, email)) throw emailTaken();
  // Hashing is slow; doing it before the transaction keeps the transaction short.
  const passwordHash = await hashPassword(user.password);

  const result = await deps.db.transaction(async (tx) => {
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
    let userId: number;
    try {
      userId = await insertUser(tx, {
        companyId,
        email,
        passwordHash,
        firstName: user.firstName.trim(),
        lastName: user.lastName.trim(),
      });
    } catch (error) {
      // Someone registered the same address between the check above and this insert.
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
      throw error;
    }
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
    return { companyId, userId, email };
  });
  deps.mail.deliverSoon();
  return result;
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
 * about whether the address exists: the route answers 202 either way.
 */
export async function resendConfirmation(
  deps: AccountsDeps,
  rawEmail: string,
  context: RequestContext,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt !== null) return;
  const since = await secondsSinceLastConfirmation(deps.db, user.id);
  if (since !== undefined && since < RESEND_INTERVAL_SECONDS) return;
  await deps.db.transaction(async (tx) => {
    await retireConfirmations(tx, user.id);
    await createConfirmation(deps, tx, user, undefined, context.locale);
  });
  deps.mail.deliverSoon();
}
