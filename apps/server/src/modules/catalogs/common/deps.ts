// What the catalogue services need from the app: the database, the mail outbox, the job queue and the public origin for links in mails.
import type { Db } from '../../../db/database';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailOutbox } from '../../mail/mail.service';

export interface CatalogDeps {
  db: Db;
  mail: MailOutbox;
  /** Background work, e.g. recalculating stories after a catalog change. */
  jobs: JobQueue;
  /** Start of the links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
}

/** The signed-in user a catalog service acts for. */
export type Actor = AuthenticatedUser;
