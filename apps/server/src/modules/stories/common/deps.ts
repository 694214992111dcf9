// What the story services need from the app (the mail outbox and public origin serve e-mail invites and their links).
import type { Db } from '../../../db/database';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import type { MailOutbox } from '../../mail/mail.service';

export interface StoryDeps {
  db: Db;
  mail: MailOutbox;
  /** Start of the links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
}

/** The signed-in user a story service acts for. */
export type Actor = AuthenticatedUser;
