// What the story services need from the app (the mail outbox and public origin serve e-mail invites and their links; the calculation thread calculates stories and prices lineups).
import type { Db } from '../../../db/database';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import type { MailOutbox } from '../../mail/mail.service';
import type { CalculationThread } from '../calculation/calculation-thread';
import type { VersionReads } from '../versions/version-reads';

export interface StoryDeps {
  db: Db;
  mail: MailOutbox;
  /** Start of the links in mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Calculations of whole stories, off the main thread. */
  calculations: CalculationThread;
  /** Versions read in this process, kept: they never change. */
  versionReads: VersionReads;
}

/** The signed-in user a story service acts for. */
export type Actor = AuthenticatedUser;
