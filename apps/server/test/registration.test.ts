// Registration, e-mail confirmation and resending, with mails delivered to a real SMTP server started by the test.
import {
  ONE_TIME_CODE_ALPHABET,
  ONE_TIME_CODE_LENGTH,
  problemSchema,
  type Problem,
} from '@costory/shared';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_LIMITS } from '../src/modules/accounts/accounts.service';
import { auditEvents, companies, emailConfirmations, outboxMails, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser, registrationBody, uniqueEmail } from './helpers/factories';
import {
  confirmationCodesOf,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from './helpers/smtp';
import { xsrfHeaders } from './helpers/xsrf';

function problemOf(response: LightMyRequestResponse): Problem {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

describe('registration and e-mail confirmation', () => {
  let smtp: TestSmtpServer;
  let ctx: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await buildTestApp({
      config: { smtpUrl: smtp.url, publicOrigin: 'https://costory.example' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  // Each request from a client address of its own, unless a test means one: the per-address
  // limit would otherwise count every registration of the file.
  let clients = 0;
  function nextClient(): string {
    clients += 1;
    return `10.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  }
  function post(
    url: string,
    payload: unknown,
    headers: Record<string, string> = xsrfHeaders(),
    remoteAddress = nextClient(),
  ) {
    return ctx.app.inject({
      method: 'POST',
      url,
      headers,
      remoteAddress,
      payload: JSON.stringify(payload),
    });
  }
  function postJson(
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) {
    return post(
      url,
      payload,
      { 'content-type': 'application/json', ...xsrfHeaders(), ...headers },
      remoteAddress,
    );
  }

  async function userIdOf(email: string): Promise<number> {
    const [row] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (!row) throw new Error(`No user ${email}`);
    return row.id;
  }

  async function usersWithEmail(email: string): Promise<number> {
    const [row] = await ctx.app.db
      .select({ value: count() })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row?.value ?? 0;
  }

  async function companiesNamed(name: string): Promise<number> {
    const [row] = await ctx.app.db
      .select({ value: count() })
      .from(companies)
      .where(eq(companies.name, name));
    return row?.value ?? 0;
  }

  async function outboxCount(email: string): Promise<number> {
    const [row] = await ctx.app.db
      .select({ value: count() })
      .from(outboxMails)
      .where(eq(outboxMails.recipient, email.toLowerCase()));
    return row?.value ?? 0;
  }

  function mailTo(email: string, index = 0): Promise<ReceivedMail> {
    return smtp.waitForMail(
      (mail) =>
        mail.to.includes(email.toLowerCase()) &&
        smtp.mails.filter((other) => other.to.includes(email.toLowerCase())).indexOf(mail) ===
          index,
    );
  }

  async function register(overrides: Parameters<typeof registrationBody>[0] = {}) {
    const body = registrationBody(overrides);
    const response = await postJson('/api/v1/registrations', body);
    expect(response.statusCode).toBe(201);
    const { email } = response.json<{ email: string }>();
    const result = { email, userId: await userIdOf(email) };
    const mail = await mailTo(body.user.email);
    return { body, result, mail, codes: confirmationCodesOf(mail) };
  }

  async function isVerified(userId: number): Promise<boolean> {
    const [row] = await ctx.app.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.verifiedAt instanceof Date;
  }

  describe('POST /api/v1/registrations', () => {
    it('creates the company and an unverified user (201) and mails a link and a one-time code', async () => {
      const body = registrationBody({ user: { email: uniqueEmail('Mixed.Case') } });
      const response = await postJson('/api/v1/registrations', body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ email: body.user.email.toLowerCase() });
      const result = { email: body.user.email.toLowerCase() };

      const [user] = await ctx.app.db.select().from(users).where(eq(users.email, result.email));
      const [company] = await ctx.app.db
        .select()
        .from(companies)
        .where(eq(companies.id, user?.companyId ?? 0));
      expect(company).toMatchObject({ ...body.company, version: 1 });
      expect(user).toMatchObject({
        email: body.user.email.toLowerCase(),
        firstName: 'Petr',
        lastName: 'Novák',
        emailVerifiedAt: null,
      });
      expect(user?.passwordHash).not.toContain(body.user.password);

      const mail = await mailTo(body.user.email);
      expect(mail.subject).toBe('Confirm your e-mail address for Costory');
      expect(mail.text).toContain('Hello Petr,');
      expect(mail.text).toContain('Stavby Novák s.r.o.');
      const codes = confirmationCodesOf(mail);
      expect(codes.link).toBe(
        `https://costory.example/email-confirm?code=${encodeURIComponent(codes.code)}`,
      );
      // 128 bits, base64url.
      expect(codes.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(codes.oneTimeCode).toHaveLength(ONE_TIME_CODE_LENGTH);
      for (const char of codes.oneTimeCode) expect(ONE_TIME_CODE_ALPHABET).toContain(char);
      expect(mail.html).toContain(codes.link.replaceAll('&', '&amp;'));
      expect(mail.html).toContain(codes.oneTimeCode);

      // The codes are stored only as hashes.
      const [confirmation] = await ctx.app.db
        .select()
        .from(emailConfirmations)
        .where(eq(emailConfirmations.userId, user?.id ?? 0));
      expect(JSON.stringify(confirmation)).not.toContain(codes.code);
      expect(JSON.stringify(confirmation)).not.toContain(codes.oneTimeCode);
      await expect
        .poll(async () => {
          const [row] = await ctx.app.db
            .select({ status: outboxMails.status })
            .from(outboxMails)
            .where(eq(outboxMails.recipient, result.email));
          return row?.status;
        })
        .toBe('sent');
    });

    it('writes the mail in Czech when the registering browser asks for Czech', async () => {
      const body = registrationBody();
      const response = await postJson('/api/v1/registrations', body, {
        'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.5',
      });
      expect(response.statusCode).toBe(201);
      const mail = await mailTo(body.user.email);
      expect(mail.subject).toBe('Potvrďte svou e-mailovou adresu pro Costory');
      expect(mail.text).toContain('Dobrý den, Petr,');
      expect(mail.text).toContain('jednorázový kód');
      expect(confirmationCodesOf(mail).oneTimeCode).toHaveLength(ONE_TIME_CODE_LENGTH);
    });

    it('answers an address that has an account exactly as a new one, creates nothing and mails its owner', async () => {
      const existing = await createUser(ctx.app.db);
      const name = 'Duplicate Email Company';
      const fresh = uniqueEmail('fresh');
      const taken = await postJson(
        '/api/v1/registrations',
        registrationBody({ company: { name }, user: { email: existing.email.toUpperCase() } }),
      );
      const free = await postJson(
        '/api/v1/registrations',
        registrationBody({ user: { email: fresh.toUpperCase() } }),
      );
      expect(taken.statusCode).toBe(201);
      expect(free.statusCode).toBe(201);
      // Byte for byte the same once the address itself is swapped.
      expect(taken.body.replace(existing.email, fresh)).toBe(free.body);
      expect(taken.headers['content-type']).toBe(free.headers['content-type']);

      expect(await companiesNamed(name)).toBe(0);
      expect(await usersWithEmail(existing.email)).toBe(1);
      const notice = await mailTo(existing.email);
      expect(notice.subject).toBe('Your e-mail address is already registered in Costory');
      expect(notice.text).toContain('no new account was created');
      expect(notice.text).toContain('https://costory.example/login');
      expect(notice.text).not.toContain(name);
      expect(confirmationCodesOf(await mailTo(fresh)).oneTimeCode).toHaveLength(
        ONE_TIME_CODE_LENGTH,
      );
    });

    it('mails an unconfirmed address a new confirmation when it registers again, creating nothing', async () => {
      const { result, codes } = await register();
      await ctx.app.db
        .update(emailConfirmations)
        .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) })
        .where(eq(emailConfirmations.userId, result.userId));
      const again = await postJson(
        '/api/v1/registrations',
        registrationBody({ company: { name: 'Second try' }, user: { email: result.email } }),
        { 'accept-language': 'cs' },
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ email: result.email });
      expect(await companiesNamed('Second try')).toBe(0);
      const second = await mailTo(result.email, 1);
      expect(second.subject).toBe('Potvrďte svou e-mailovou adresu pro Costory');
      expect(confirmationCodesOf(second).code).not.toBe(codes.code);
    });

    it('never lets a URL in the company or first name become a link in the mail', async () => {
      const body = registrationBody({
        company: { name: 'Visit https://evil.example/win and www.evil.example' },
        user: { firstName: 'evil.example' },
      });
      const response = await postJson('/api/v1/registrations', body);
      expect(response.statusCode).toBe(201);
      const mail = await mailTo(body.user.email);
      for (const content of [mail.text, mail.html]) {
        expect(content).not.toContain('evil.example');
        expect(content).toContain('https[:]//evil[.]example/win');
        expect(content).toContain('www[.]evil[.]example');
        expect(content).toContain('Hello evil[.]example,');
      }
      // The only links are Costory's own.
      const hrefs = [...mail.html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^https:\/\/costory\.example\//);
    });

    it('limits registrations per address (429 problem+json, en and cs) and per client', async () => {
      const email = uniqueEmail('flood');
      for (let attempt = 0; attempt < ACCOUNT_MAIL_LIMITS.perEmail; attempt += 1) {
        const response = await postJson(
          '/api/v1/registrations',
          registrationBody({ user: { email } }),
        );
        expect(response.statusCode).toBe(201);
      }
      for (const locale of ['en', 'cs'] as const) {
        const refused = await postJson(
          '/api/v1/registrations',
          registrationBody({ user: { email } }),
          { 'accept-language': locale },
        );
        expect(refused.statusCode).toBe(429);
        const problem = problemOf(refused);
        expect(problem.code).toBe('RATE_LIMITED');
        expect(problem.detail).toBe(
          locale === 'en'
            ? 'Too many attempts. Try again later.'
            : 'Příliš mnoho pokusů. Zkuste to znovu později.',
        );
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // One mail: the repeats came within the minute that separates confirmation mails.
      expect(await outboxCount(email)).toBe(1);

      const client = '192.0.2.77';
      for (let attempt = 0; attempt < ctx.app.config.registrationsPerClient; attempt += 1) {
        const response = await postJson('/api/v1/registrations', registrationBody(), {}, client);
        expect(response.statusCode).toBe(201);
      }
      const body = registrationBody();
      const refused = await postJson('/api/v1/registrations', body, {}, client);
      expect(refused.statusCode).toBe(429);
      expect(problemOf(refused).code).toBe('RATE_LIMITED');
      expect(await usersWithEmail(body.user.email)).toBe(0);
      const recorded = await ctx.app.db
        .select({ value: count() })
        .from(auditEvents)
        .where(eq(auditEvents.ipAddress, client));
      expect(recorded[0]?.value).toBe(ctx.app.config.registrationsPerClient);
    });

    it('refuses invalid fields with 400 and field errors in English and Czech, creating nothing', async () => {
      const name = 'Invalid Fields Company';
      const body = registrationBody({
        company: { name, email: 'not-an-email', zip: '!', streetNumber: '  ' },
        user: { email: 'bad@', password: 'letters only', firstName: '' },
      });
      const english = await postJson('/api/v1/registrations', body);
      expect(english.statusCode).toBe(400);
      const problem = problemOf(english);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors).toEqual([
        {
          field: 'company.email',
          rule: 'email',
          message: 'The company e-mail must be a valid email',
        },
        {
          field: 'company.streetNumber',
          rule: 'required',
          message: 'The street number is required',
        },
        { field: 'company.zip', rule: 'regex', message: 'The zip code format is invalid' },
        { field: 'user.email', rule: 'email', message: 'The e-mail must be a valid email' },
        {
          field: 'user.password',
          rule: 'password_strength',
          message: 'Password must contain at least 1 digit and 1 letter without a space',
        },
        { field: 'user.firstName', rule: 'required', message: 'The first name is required' },
      ]);

      const czech = await postJson('/api/v1/registrations', body, { 'accept-language': 'cs' });
      expect(czech.statusCode).toBe(400);
      expect(problemOf(czech).errors?.map((error) => error.message)).toEqual([
        'Pole e-mail společnosti musí být platná e-mailová adresa',
        'Pole číslo popisné je povinné',
        'Pole PSČ nemá platný formát',
        'Pole e-mail musí být platná e-mailová adresa',
        'Heslo musí obsahovat alespoň 1 číslici a 1 písmeno a nesmí obsahovat mezeru',
        'Pole jméno je povinné',
      ]);
      expect(await companiesNamed(name)).toBe(0);
    });

    it('refuses a common password such as password1 with 400 and a message in English and Czech', async () => {
      for (const password of ['password1', 'Password1', 'qwerty123']) {
        const body = registrationBody({ user: { password } });
        const english = await postJson('/api/v1/registrations', body);
        expect(english.statusCode).toBe(400);
        expect(problemOf(english).errors).toEqual([
          {
            field: 'user.password',
            rule: 'password_common',
            message: 'This password is too common. Choose one that is harder to guess',
          },
        ]);
        expect(await usersWithEmail(body.user.email)).toBe(0);
      }
      const czech = await postJson(
        '/api/v1/registrations',
        registrationBody({ user: { password: 'password1' } }),
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Toto heslo je příliš běžné. Zvolte takové, které se hůře uhodne',
      );
    });

    it('refuses a short password and unknown or missing fields with 400', async () => {
      const short = await postJson(
        '/api/v1/registrations',
        registrationBody({ user: { password: 'Ab1' } }),
      );
      expect(short.statusCode).toBe(400);
      expect(problemOf(short).errors).toEqual([
        {
          field: 'user.password',
          rule: 'min',
          message: 'The password must be at least 8 characters',
        },
      ]);

      const extra = await postJson('/api/v1/registrations', {
        ...registrationBody(),
        isAdmin: true,
      });
      expect(extra.statusCode).toBe(400);
      expect(problemOf(extra).errors).toEqual([
        { field: 'isAdmin', rule: 'unknown_field', message: 'Unknown field isAdmin' },
      ]);

      const missing = await postJson('/api/v1/registrations', { user: registrationBody().user });
      expect(missing.statusCode).toBe(400);
      expect(problemOf(missing).errors?.[0]).toMatchObject({ field: 'company', rule: 'required' });
    });

    it('refuses a registration without the matching XSRF pair with 403 and creates nothing', async () => {
      const name = 'Xsrf Company';
      const body = JSON.stringify(registrationBody({ company: { name } }));
      const attempts: Array<Record<string, string>> = [
        {},
        { cookie: 'XSRF-TOKEN=abc' },
        { 'x-xsrf-token': 'abc' },
        { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
      ];
      for (const headers of attempts) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/registrations',
          headers: { 'content-type': 'application/json', ...headers },
          payload: body,
        });
        expect(response.statusCode).toBe(403);
        expect(problemOf(response).code).toBe('XSRF_MISMATCH');
      }
      expect(await companiesNamed(name)).toBe(0);
    });
  });

  describe('POST /api/v1/email-confirmations', () => {
    it('confirms by the link code (200) and refuses the same code again', async () => {
      const { result, codes } = await register();
      const response = await postJson('/api/v1/email-confirmations', { code: codes.code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: result.email });
      expect(await isVerified(result.userId)).toBe(true);

      const replay = await postJson('/api/v1/email-confirmations', { code: codes.code });
      expect(replay.statusCode).toBe(400);
      expect(problemOf(replay)).toMatchObject({
        code: 'CONFIRMATION_FAILED',
        title: 'Email verification failed',
      });
      // The one-time code of the same mail is spent as well.
      const otp = await postJson('/api/v1/email-confirmations', {
        email: result.email,
        oneTimeCode: codes.oneTimeCode,
      });
      expect(otp.statusCode).toBe(400);
      expect(problemOf(otp).code).toBe('CONFIRMATION_FAILED');
    });

    it('confirms by e-mail and one-time code, typed in any case with spaces, once', async () => {
      const { result, codes } = await register();
      const typed = `${codes.oneTimeCode.slice(0, 3).toLowerCase()} ${codes.oneTimeCode.slice(3)}`;
      const response = await postJson('/api/v1/email-confirmations', {
        email: ` ${result.email.toUpperCase()} `,
        oneTimeCode: typed,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: result.email });
      expect(await isVerified(result.userId)).toBe(true);

      const replay = await postJson('/api/v1/email-confirmations', {
        email: result.email,
        oneTimeCode: codes.oneTimeCode,
      });
      expect(replay.statusCode).toBe(400);
      expect(problemOf(replay).code).toBe('CONFIRMATION_FAILED');
      const link = await postJson('/api/v1/email-confirmations', { code: codes.code });
      expect(link.statusCode).toBe(400);
    });

    it('refuses an expired code with 400 CONFIRMATION_FAILED and leaves the user unverified', async () => {
      const { result, codes } = await register();
      await ctx.app.db
        .update(emailConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailConfirmations.userId, result.userId));
      for (const payload of [
        { code: codes.code },
        { email: result.email, oneTimeCode: codes.oneTimeCode },
      ]) {
        const response = await postJson('/api/v1/email-confirmations', payload, {
          'accept-language': 'cs',
        });
        expect(response.statusCode).toBe(400);
        expect(problemOf(response)).toMatchObject({
          code: 'CONFIRMATION_FAILED',
          title: 'Ověření e-mailu se nezdařilo',
        });
      }
      expect(await isVerified(result.userId)).toBe(false);
    });

    it('refuses unknown codes and addresses with 400 CONFIRMATION_FAILED', async () => {
      const { result } = await register();
      for (const payload of [
        { code: 'AAAAAAAAAAAAAAAAAAAAAA' },
        { email: result.email, oneTimeCode: 'ZZZZZZ' },
        { email: 'nobody@example.test', oneTimeCode: 'ABCDEF' },
      ]) {
        const response = await postJson('/api/v1/email-confirmations', payload);
        expect(response.statusCode).toBe(400);
        expect(problemOf(response).code).toBe('CONFIRMATION_FAILED');
      }
      expect(await isVerified(result.userId)).toBe(false);
    });

    it('retires the one-time code after five wrong ones, so guessing cannot go on', async () => {
      const { result, codes } = await register();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await postJson('/api/v1/email-confirmations', {
          email: result.email,
          oneTimeCode: 'WRONG1',
        });
        expect(wrong.statusCode).toBe(400);
      }
      const right = await postJson('/api/v1/email-confirmations', {
        email: result.email,
        oneTimeCode: codes.oneTimeCode,
      });
      expect(right.statusCode).toBe(400);
      expect(problemOf(right).code).toBe('CONFIRMATION_FAILED');
      expect(await isVerified(result.userId)).toBe(false);
    });

    it('answers a request without a code with 400 CONFIRMATION_CODE_MISSING', async () => {
      for (const payload of [
        {},
        { code: '' },
        { code: '   ' },
        { email: 'someone@example.test' },
        { oneTimeCode: 'ABCDEF' },
      ]) {
        const response = await postJson('/api/v1/email-confirmations', payload);
        expect(response.statusCode).toBe(400);
        expect(problemOf(response)).toMatchObject({
          code: 'CONFIRMATION_CODE_MISSING',
          title: 'Code parameter is missing',
        });
      }
    });

    it('refuses unknown fields and wrong types with 400 VALIDATION_FAILED', async () => {
      const response = await postJson('/api/v1/email-confirmations', { code: 42, token: 'x' });
      expect(response.statusCode).toBe(400);
      const problem = problemOf(response);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors?.map((error) => error.field).sort()).toEqual(['code', 'token']);
    });

    it('answers 403 XSRF_MISMATCH without the XSRF pair', async () => {
      const response = await post(
        '/api/v1/email-confirmations',
        { code: 'x' },
        { 'content-type': 'application/json' },
      );
      expect(response.statusCode).toBe(403);
      expect(problemOf(response).code).toBe('XSRF_MISMATCH');
    });
  });

  describe('POST /api/v1/email-confirmations/resend', () => {
    async function allowResendNow(userId: number): Promise<void> {
      // The previous mail went out more than a minute ago.
      await ctx.app.db
        .update(emailConfirmations)
        .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) })
        .where(eq(emailConfirmations.userId, userId));
    }

    it('answers 202 and mails new codes; the old ones stop working', async () => {
      const { result, codes } = await register();
      await allowResendNow(result.userId);
      const response = await postJson(
        '/api/v1/email-confirmations/resend',
        { email: result.email },
        { 'accept-language': 'cs' },
      );
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe('');
      const second = await mailTo(result.email, 1);
      expect(second.subject).toBe('Potvrďte svou e-mailovou adresu pro Costory');
      const fresh = confirmationCodesOf(second);
      expect(fresh.code).not.toBe(codes.code);

      const old = await postJson('/api/v1/email-confirmations', { code: codes.code });
      expect(old.statusCode).toBe(400);
      expect(problemOf(old).code).toBe('CONFIRMATION_FAILED');
      const confirmed = await postJson('/api/v1/email-confirmations', { code: fresh.code });
      expect(confirmed.statusCode).toBe(200);
    });

    it('answers 202 for an unknown or already confirmed address and sends nothing', async () => {
      const unknown = uniqueEmail('unknown');
      const verified = await createUser(ctx.app.db);
      for (const email of [unknown, verified.email]) {
        const response = await postJson('/api/v1/email-confirmations/resend', { email });
        expect(response.statusCode).toBe(202);
        expect(response.body).toBe('');
        expect(await outboxCount(email)).toBe(0);
      }
    });

    it('sends at most one mail a minute to an address (still 202)', async () => {
      const { result } = await register();
      const response = await postJson('/api/v1/email-confirmations/resend', {
        email: result.email,
      });
      expect(response.statusCode).toBe(202);
      expect(await outboxCount(result.email)).toBe(1);
    });

    it('limits resends per address, whether or not it has an account (429 problem+json)', async () => {
      const { result } = await register();
      const unknown = uniqueEmail('nobody');
      // The registration counted as well.
      for (let attempt = 1; attempt < ACCOUNT_MAIL_LIMITS.perEmail; attempt += 1) {
        const known = await postJson('/api/v1/email-confirmations/resend', { email: result.email });
        expect(known.statusCode).toBe(202);
      }
      for (let attempt = 0; attempt < ACCOUNT_MAIL_LIMITS.perEmail; attempt += 1) {
        const nobody = await postJson('/api/v1/email-confirmations/resend', { email: unknown });
        expect(nobody.statusCode).toBe(202);
      }
      for (const email of [result.email, unknown]) {
        const refused = await postJson('/api/v1/email-confirmations/resend', { email });
        expect(refused.statusCode).toBe(429);
        expect(problemOf(refused).code).toBe('RATE_LIMITED');
      }
    });

    it('answers an invalid address with 400 and 403 without the XSRF pair', async () => {
      const invalid = await postJson('/api/v1/email-confirmations/resend', { email: 'nope' });
      expect(invalid.statusCode).toBe(400);
      expect(problemOf(invalid).errors).toEqual([
        { field: 'email', rule: 'email', message: 'The e-mail must be a valid email' },
      ]);
      const noXsrf = await post(
        '/api/v1/email-confirmations/resend',
        { email: 'someone@example.test' },
        { 'content-type': 'application/json' },
      );
      expect(noXsrf.statusCode).toBe(403);
    });
  });
});
