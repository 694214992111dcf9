// Makes the mail outbox reachable as `app.mail`, delivering while the app runs (SMTP_URL) or keeping mails for /dev/mailbox.
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
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    logger: app.log,
  });
  app.decorate('mail', outbox);
  // Delivery starts with the app (mails queued before a restart go out now) and stops before the
  // database closes.
  app.addHook('onReady', () => {
    outbox.start();
    return Promise.resolve();
  });
  app.addHook('onClose', () => outbox.stop());
  done();
}

export default fp(mailPlugin, { name: 'costory-mail', dependencies: ['costory-db'] });
