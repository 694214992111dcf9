// Makes the mail outbox reachable as `app.mail`: mails delivered by jobs (SMTP_URL), or kept for /dev/mailbox.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailOutbox, type MailOutbox } from './mail.service';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailOutbox;
  }
}

function mailPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const outbox = createMailOutbox({
    db: app.db,
    jobs: app.jobs,
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
  });
  app.decorate('mail', outbox);
  // After the job queue has started (its plugin comes first).
  app.addHook('onReady', () => outbox.adoptPendingMails());
  app.addHook('onClose', () => outbox.close());
  done();
}

export default fp(mailPlugin, {
  name: 'costory-mail',
  dependencies: ['costory-db', 'costory-jobs'],
});
