// Mail delivery off the request path: services queue mails in their transaction; a worker delivers them after commit and retries failures.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import {
  claimDueMails,
  insertOutboxMail,
  markMailAttemptFailed,
  markMailSent,
  type MailContent,
} from './mail.repository';

export type { MailContent } from './mail.repository';

const BATCH_SIZE = 10;
// Longer than one SMTP conversation may take, so a mail is never claimed twice while in flight.
const CLAIM_SECONDS = 120;
const POLL_INTERVAL_MS = 30_000;
/** Attempts before a mail is given up: with the backoff below, about a day. */
export const MAX_MAIL_ATTEMPTS = 10;

/** 30 s, 1 min, 2 min, … capped at 4 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 4 * 60 * 60);
}

export interface MailOutbox {
  /**
   * Queues a mail in `db` (pass the caller's transaction, so the mail exists only if the rest
   * commits). Call `deliverSoon()` after the commit.
   */
  queue(db: Db, mail: MailContent): Promise<void>;
  /** Starts a delivery round without waiting for it. */
  deliverSoon(): void;
  /** Delivers every due mail now; resolves when the outbox has nothing due. */
  deliverDue(): Promise<void>;
  /** Starts the periodic retry timer. */
  start(): void;
  /** Stops the timer and waits for the round in progress. */
  stop(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  /** Without an SMTP server, mails are only kept in the outbox (see /dev/mailbox). */
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, from, logger } = options;
  const transport: Transporter | undefined =
    options.smtpUrl === undefined
      ? undefined
      : nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        });

  let round: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverOne(mail: Awaited<ReturnType<typeof claimDueMails>>[number]) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await markMailSent(db, mail.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry =
        mail.attempts >= MAX_MAIL_ATTEMPTS ? undefined : retryDelaySeconds(mail.attempts);
      logger.warn(
        { err: error, mailId: mail.id, attempts: mail.attempts, retryInSeconds: retry },
        retry === undefined ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      await markMailAttemptFailed(db, mail.id, message.slice(0, 1000), retry);
    }
  }

  async function runRounds(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const batch = await claimDueMails(db, BATCH_SIZE, CLAIM_SECONDS);
        if (batch.length === 0) break;
        for (const mail of batch) await deliverOne(mail);
      }
    } while (again);
  }

  function deliverDue(): Promise<void> {
    if (!transport) return Promise.resolve();
    if (round) {
      // A mail queued during the current round is picked up by one more pass.
      again = true;
      return round;
    }
    round = runRounds()
      .catch((error: unknown) => logger.error({ err: error }, 'mail delivery round failed'))
      .finally(() => {
        round = undefined;
        // Asked again after the last pass had looked: one more round, so no mail waits for the timer.
        if (again) void deliverDue();
      });
    return round;
  }

  return {
    async queue(queueDb, mail) {
      await insertOutboxMail(queueDb, mail, transport ? 'pending' : 'kept');
    },
    deliverSoon() {
      void deliverDue();
    },
    deliverDue,
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => void deliverDue(), POLL_INTERVAL_MS);
      timer.unref();
      void deliverDue();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await round;
      transport?.close();
    },
  };
}
