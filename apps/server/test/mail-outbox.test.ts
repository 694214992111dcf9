// The mail outbox: kept and shown at /dev/mailbox without SMTP (never in production); with SMTP, delivered after commit and retried.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { registrationBody } from './helpers/factories';
import { freePort } from './helpers/listen';
import { startTestSmtpServer } from './helpers/smtp';
import { createTestDatabase } from './helpers/test-db';
import { xsrfHeaders } from './helpers/xsrf';
import { selectRows, type Database } from '../src/db/database';
import { MAIL_QUEUE } from '../src/modules/mail/mail.service';

describe('dev mailbox without an SMTP server', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { nodeEnv: 'development' } });
  });
  afterAll(() => ctx.close());

  it('says there are no mails yet', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No mails yet.');
  });

  it('keeps mails in the outbox and lists them with subject, recipient, time and clickable links, without script', async () => {
    const body = registrationBody();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: xsrfHeaders(),
      payload: body,
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, body.user.email));
    expect(row).toMatchObject({ status: 'kept', attempts: 0 });

    const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('Confirm your e-mail address for Costory');
    expect(page).toContain(body.user.email);
    expect(page).toContain(`datetime="${row?.createdAt.toISOString()}"`);
    expect(page).toMatch(
      /<a href="http:\/\/localhost:3000\/email-confirm\?code=[\w-]+">http:\/\/localhost:3000\/email-confirm\?code=[\w-]+<\/a>/,
    );
    expect(page).toContain('kept (no SMTP server configured)');
  });

  it('escapes what mails contain', async () => {
    await ctx.app.mail.queue(ctx.app.db, {
      recipient: 'x@example.test',
      subject: '<img src=x onerror=alert(1)>',
      text: 'See <b>https://example.test/?a=1&b=2</b>',
      html: '',
    });
    const page = (await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('<a href="https://example.test/?a=1&amp;b=2">');
  });
});

describe('dev mailbox in production', () => {
  it('does not exist (404)', async () => {
    const ctx = await buildTestApp({ config: { nodeEnv: 'production' } });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await ctx.close();
    }
  });
});

describe('mail delivery through SMTP', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers the request before delivery, keeps the mail when the server is down, and retries', async () => {
    const port = await freePort();
    const ctx = await buildTestApp({
      database,
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, logLevel: 'silent' },
    });
    try {
      const body = registrationBody();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/registrations',
        headers: xsrfHeaders(),
        payload: body,
      });
      expect(response.statusCode).toBe(201);
      const mailRow = async () =>
        (
          await ctx.app.db
            .select()
            .from(outboxMails)
            .where(eq(outboxMails.recipient, body.user.email))
        )[0];
      const job = async () => {
        const [row] = await selectRows<{ state: string; due_in: number; output: unknown }>(
          ctx.app.db,
          sql`select state, extract(epoch from start_after - now())::float as due_in, output
              from pgboss.job where name = ${MAIL_QUEUE}`,
        );
        return row;
      };
      // Nobody listens on the port: the attempt fails and the job waits for a retry.
      await expect.poll(async () => (await job())?.state).toBe('retry');
      const failed = await mailRow();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(failed?.lastError).toMatch(/ECONNREFUSED/);
      // Back-off: the first retry comes after 30 to 60 seconds.
      expect((await job())?.due_in).toBeGreaterThan(25);

      const smtp = await startTestSmtpServer(port);
      try {
        // Time passes: the retry is due.
        await ctx.app.db.execute(
          sql`update pgboss.job set start_after = now() where name = ${MAIL_QUEUE}`,
        );
        await ctx.app.mail.deliverDue();
        const mail = await smtp.waitForMail((received) => received.to.includes(body.user.email));
        expect(mail.subject).toBe('Confirm your e-mail address for Costory');
        expect(await mailRow()).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      } finally {
        await smtp.close();
      }
    } finally {
      await ctx.close();
    }
  });
});
