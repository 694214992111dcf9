// Mail delivery off the request path: services queue mails in their transaction; a durable job delivers each after commit and retries failures.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import type { JobQueue } from '../jobs/job-queue';
import {
  insertOutboxMail,
  markMailAttemptFailed,
  markMailSent,
  pendingMailsWithoutJob,
  startMailAttempt,
  type MailContent,
} from './mail.repository';

export type { MailContent } from './mail.repository';

/** The job queue that delivers a mail (one job per mail, data `{ mailId }`). */
export const MAIL_QUEUE = 'mail.deliver';
/** Attempts before a mail is given up: with pg-boss's back-off from 30 s, about half a day. */
export const MAX_MAIL_ATTEMPTS = 10;

export interface MailOutbox {
  /**
   * Queues a mail and its delivery job in `db` (pass the caller's transaction, so the mail exists
   * only if the rest commits). Call `deliverSoon()` after the commit.
   */
  queue(db: Db, mail: MailContent): Promise<void>;
  /** Queues delivery jobs for pending mails that have none (run at start). */
  adoptPendingMails(): Promise<void>;
  /** Starts delivering in this process now instead of at the next poll. */
  deliverSoon(): void;
  /** Works every due job (mails included) in this process; resolves when none is left. */
  deliverDue(): Promise<void>;
  /** Closes the SMTP transport once no job uses it. */
  close(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  jobs: JobQueue;
  /** Without an SMTP server, mails are only kept in the outbox (see /dev/mailbox). */
  smtpUrl: string | undefined;
  from: string;
}

function deliveryJob(mailId: number) {
  return { data: { mailId }, singletonKey: `mail:${mailId}` };
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, jobs, from } = options;
  const transport: Transporter | undefined =
    options.smtpUrl === undefined
      ? undefined
      : nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        });

  jobs.define<{ mailId: number }>({
    name: MAIL_QUEUE,
    queue: {
      // A mail queued twice (see `adoptPendingMails`) is never sent by two processes at once.
      policy: 'singleton',
      retryLimit: MAX_MAIL_ATTEMPTS - 1,
      retryDelay: 30,
      retryBackoff: true,
      // Longer than one SMTP conversation may take (the timeouts above): a job still running is
      // never handed to another process.
      expireInSeconds: 120,
    },
    async handle(job) {
      const mail = await startMailAttempt(db, job.data.mailId);
      if (!mail || !transport) return;
      try {
        await transport.sendMail({
          from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markMailAttemptFailed(db, mail.id, message.slice(0, 1000), false);
        throw error;
      }
      await markMailSent(db, mail.id);
    },
    async failedForGood(job, error) {
      const message = error instanceof Error ? error.message : String(error);
      await markMailAttemptFailed(db, job.data.mailId, message.slice(0, 1000), true);
    },
  });

  return {
    async queue(queueDb, mail) {
      const mailId = await insertOutboxMail(queueDb, mail, transport ? 'pending' : 'kept');
      if (transport) await jobs.send(queueDb, MAIL_QUEUE, [deliveryJob(mailId)]);
    },
    async adoptPendingMails() {
      if (!transport) return;
      const ids = await pendingMailsWithoutJob(db, MAIL_QUEUE);
      await jobs.send(db, MAIL_QUEUE, ids.map(deliveryJob));
      if (ids.length > 0) jobs.workSoon(MAIL_QUEUE);
    },
    deliverSoon() {
      if (transport) jobs.workSoon(MAIL_QUEUE);
    },
    deliverDue: () => jobs.drain(),
    async close() {
      await jobs.stop();
      transport?.close();
    },
  };
}
