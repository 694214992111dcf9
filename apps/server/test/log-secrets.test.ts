// No log line carries a secret: failed queries keep their parameters out, and URLs lose their codes and tokens (issue 13, item 3).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, users } from '../src/db/schema';
import { redactUrl } from '../src/logger';
import { apiAs, expectStatus } from './helpers/api';
import { createCatalog } from './helpers/catalog-factories';
import { createUser, registrationBody, uniqueEmail } from './helpers/factories';
import { buildListeningApp, type ListeningApp } from './helpers/listen';
import { signIn } from './helpers/oidc-flow';
import { createStory } from './helpers/story-factories';
import { xsrfHeaders } from './helpers/xsrf';

describe('secrets stay out of the log', () => {
  let ctx: ListeningApp;

  beforeAll(async () => {
    ctx = await buildListeningApp({
      routes: (app) =>
        app.get('/probe/failed-query', async () => {
          const [user] = await app.db.select().from(users).limit(1);
          // A query that fails with a secret among its parameters, as a registration once did.
          await app.db.execute(sql`select ${user?.passwordHash ?? ''}::integer`);
          return {};
        }),
    });
  });
  afterAll(() => ctx.close());

  function logText(): string {
    return ctx.logs.lines.join('');
  }

  it('logs a failed query without its parameters', async () => {
    await createUser(ctx.app.db);
    const [user] = await ctx.app.db.select().from(users).limit(1);
    const response = await fetch(`${ctx.url}/probe/failed-query`);
    expect(response.status).toBe(500);
    const log = logText();
    expect(log).toContain('request failed');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain(user?.passwordHash.split('$').at(-1));
  });

  it('logs no confirmation code, neither from the link nor from the API call', async () => {
    const body = registrationBody();
    const registered = await fetch(`${ctx.url}/api/v1/registrations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrfHeaders()['x-xsrf-token']}`,
        ...xsrfHeaders(),
      },
      body: JSON.stringify(body),
    });
    expect(registered.status).toBe(201);
    const [mail] = await ctx.app.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, body.user.email));
    const code = /email-confirm\?code=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    await fetch(`${ctx.url}/email-confirm?code=${code}`);
    await fetch(`${ctx.url}/api/v1/email-confirmations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrfHeaders()['x-xsrf-token']}`,
        ...xsrfHeaders(),
      },
      body: JSON.stringify({ code }),
    });
    expect(logText()).toContain('/email-confirm?code=[redacted]');
    expect(logText()).not.toContain(code);
  });

  it('logs no access code of an invite link', async () => {
    const { catalog } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
    const { story, admin } = await createStory(ctx.app.db, { catalogId: catalog.id });
    const api = await apiAs(ctx.app, admin.id, ctx.url);
    const invite = expectStatus<{ url: string }>(
      await api.post(`/api/v1/stories/${story.id}/invites`, { role: 'ICT_VERIFIER' }),
      201,
    );
    const code = /public-access\/([A-Za-z0-9_-]+)/.exec(invite.url)?.[1] ?? '';
    expect(code).not.toBe('');
    await fetch(`${ctx.url}/api/v1/access-codes/${code}`);
    await fetch(`${ctx.url}/public-access/${code}`);
    expect(logText()).toContain('/api/v1/access-codes/[redacted]');
    expect(logText()).not.toContain(code);
  });

  it('logs no code of a catalog invitation', async () => {
    const { catalog, admin } = await createCatalog(ctx.app.db);
    const api = await apiAs(ctx.app, admin.id, ctx.url);
    const email = uniqueEmail('invited');
    expectStatus(
      await api.post(`/api/v1/catalogs/${catalog.id}/members`, { email, role: 'CTL_READER' }),
      201,
    );
    const [mail] = await ctx.app.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, email));
    const code = /catalog-invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    await fetch(`${ctx.url}/api/v1/catalog-invitations/${code}`);
    await fetch(`${ctx.url}/ctl/catalog-invitation/${code}`);
    expect(logText()).toContain('/api/v1/catalog-invitations/[redacted]');
    expect(logText()).not.toContain(code);
  });

  it('logs no authorization code, token or sign-in interaction of a real sign-in', async () => {
    const user = await createUser(ctx.app.db);
    const { tokens } = await signIn(ctx.url, user);
    await fetch(`${ctx.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const log = logText();
    expect(log).toContain('/auth/interaction/[redacted]');
    for (const token of [tokens.access_token, tokens.refresh_token, tokens.id_token]) {
      if (token) expect(log).not.toContain(token);
    }
    expect(log).not.toContain(user.password);
    expect(ctx.logs.leaks).toEqual([]);
  });

  it('redacts every code-bearing URL the product has', () => {
    expect(redactUrl('/email-confirm?code=abc&x=1')).toBe('/email-confirm?code=[redacted]&x=1');
    expect(redactUrl('/oauth2-redirect?code=abc&state=def&iss=x')).toBe(
      '/oauth2-redirect?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/api/v1/access-codes/abc/acceptance')).toBe(
      '/api/v1/access-codes/[redacted]/acceptance',
    );
    expect(redactUrl('/public-access/abc')).toBe('/public-access/[redacted]');
    expect(redactUrl('/api/v1/catalog-invitations/abc/acceptance')).toBe(
      '/api/v1/catalog-invitations/[redacted]/acceptance',
    );
    expect(redactUrl('/ctl/catalog-invitation/abc')).toBe('/ctl/catalog-invitation/[redacted]');
    expect(redactUrl('/auth/session/end?id_token_hint=eyJx&post_logout_redirect_uri=/')).toBe(
      '/auth/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=/',
    );
    expect(redactUrl('/api/v1/stories?q=abc&cursor=x')).toBe('/api/v1/stories?q=abc&cursor=x');
  });

  it('logs no value that PostgreSQL quotes in a unique violation', async () => {
    const secretEmail = 'unique-secret@example.test';
    await createUser(ctx.app.db, { email: secretEmail });
    const error = await createUser(ctx.app.db, { email: secretEmail }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    ctx.app.log.error({ err: error }, 'probe');
    expect(logText()).toContain('probe');
    expect(logText()).not.toContain(secretEmail);
  });
});
