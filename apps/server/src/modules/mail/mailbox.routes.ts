// GET /dev/mailbox: the outbox as a page, so mails can be read without an SMTP server (never in production).
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listRecentMails } from './mail.repository';
import { mailboxPage } from './mailbox.page';

const SHOWN = 100;

export const mailboxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listRecentMails(app.db, SHOWN);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(mailboxPage(mails, SHOWN));
  });
  done();
};
