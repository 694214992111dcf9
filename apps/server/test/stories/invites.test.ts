// Story invites and access codes over the API: ICT_ADMIN creates, lists and revokes e-mail invites (mailed) and invite links; anyone resolves a code (rate-limited); a signed-in user of any company accepts it and joins the story.
import {
  storyInviteSchema,
  type AccessCode,
  type AccessCodeAcceptance,
  type Story,
  type StoryEvent,
  type StoryInvite,
  type StoryMember,
  type StoryMemberRole,
} from '@costory/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, storyInvites } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog } from '../helpers/catalog-factories';
import { createCompany, createUser, uniqueEmail, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createStory } from '../helpers/story-factories';
import { snapshotStory } from '../helpers/story-snapshot';
import { xsrfHeaders } from '../helpers/xsrf';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const ORIGIN = 'http://localhost:3000';
const NON_ADMIN_ROLES = ['ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'] as const;
const LINK = new RegExp(`^${ORIGIN}/public-access/([A-Za-z0-9_-]{22})$`);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('story invites and access codes', () => {
  let ctx: TestApp;
  let catalogId: number;
  let companyId: number;
  let addresses = 0;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { publicOrigin: ORIGIN } });
    catalogId = (await createCatalog(ctx.app.db, { visibility: 'PUBLIC' })).catalog.id;
    companyId = (await createCompany(ctx.app.db)).id;
  });
  afterAll(() => ctx.close());

  /**
   * A client address of its own: access codes are rate-limited per address, so each caller
   * counts apart and no test uses up another's allowance.
   */
  function freshAddress(): string {
    addresses += 1;
    return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  }

  function callerFor(user: CreatedUser): Promise<ApiCaller> {
    return apiAs(ctx.app, user.id, ORIGIN, { remoteAddress: freshAddress() });
  }

  interface Scene {
    storyId: number;
    storyName: string;
    base: string;
    admin: CreatedUser;
    adminApi: ApiCaller;
  }

  /** A story of its own with its ICT_ADMIN, so that no test depends on another's invites. */
  async function scene(): Promise<Scene> {
    const admin = await createUser(ctx.app.db, { companyId, firstName: 'Ida', lastName: 'Admin' });
    const { story } = await createStory(ctx.app.db, { catalogId, admin });
    return {
      storyId: story.id,
      storyName: story.name,
      base: `/api/v1/stories/${story.id}`,
      admin,
      adminApi: await callerFor(admin),
    };
  }

  async function invite(
    current: Scene,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<StoryInvite> {
    return expectStatus<StoryInvite>(
      await current.adminApi.post(`${current.base}/invites`, body, headers),
      201,
    );
  }

  function codeOf(url: string): string {
    const code = LINK.exec(url)?.[1];
    if (code === undefined) throw new Error(`not an access link: ${url}`);
    return code;
  }

  function describeCode(code: string, remoteAddress = freshAddress()) {
    return ctx.app.inject({ method: 'GET', url: `/api/v1/access-codes/${code}`, remoteAddress });
  }

  function accept(api: ApiCaller, code: string) {
    return api.post(`/api/v1/access-codes/${code}/acceptance`);
  }

  async function mailsTo(recipient: string) {
    return ctx.app.db.select().from(outboxMails).where(eq(outboxMails.recipient, recipient));
  }

  async function invitesOf(current: Scene): Promise<StoryInvite[]> {
    return expectStatus<StoryInvite[]>(await current.adminApi.get(`${current.base}/invites`), 200);
  }

  async function eventsOf(current: Scene): Promise<StoryEvent[]> {
    return expectStatus<Page<StoryEvent>>(await current.adminApi.get(`${current.base}/events`), 200)
      .items;
  }

  async function membersOf(current: Scene): Promise<StoryMember[]> {
    return expectStatus<StoryMember[]>(await current.adminApi.get(`${current.base}/members`), 200);
  }

  async function expireInvite(inviteId: number): Promise<void> {
    await ctx.app.db
      .update(storyInvites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storyInvites.id, inviteId));
  }

  describe('POST …/invites', () => {
    it('creates an invite link (201) with a 128-bit code, valid 14 days by default, mailing nothing; INVITE_CREATED', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'ICT_MODELER' });
      // Exactly the contract's fields, with these values.
      expect(storyInviteSchema.strict().safeParse(created).success).toBe(true);
      expect(created).toMatchObject({
        role: 'ICT_MODELER',
        email: null,
        status: 'ACTIVE',
        createdBy: { id: current.admin.id, name: 'Ida Admin' },
        acceptedCount: 0,
      });
      expect(created.url).toMatch(LINK);
      expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(14 * DAY_MS);
      const code = codeOf(created.url);
      const mails = await ctx.app.db
        .select()
        .from(outboxMails)
        .where(like(outboxMails.text, `%${code}%`));
      expect(mails).toEqual([]);
      const [event] = await eventsOf(current);
      expect(event).toMatchObject({
        type: 'INVITE_CREATED',
        user: { id: current.admin.id },
        changes: [
          { field: 'role', old: null, new: 'ICT_MODELER' },
          { field: 'expiresAt', old: null, new: created.expiresAt },
        ],
      });
      // The code is the secret: events never carry it.
      expect(JSON.stringify(event)).not.toContain(code);
      // Each invite gets its own code.
      const another = await invite(current, { role: 'ICT_MODELER' });
      expect(codeOf(another.url)).not.toBe(code);
    });

    it('mails an e-mail invite in the caller’s language with a link that resolves to the story (VALID)', async () => {
      const current = await scene();
      const email = uniqueEmail('eva');
      const created = await invite(
        current,
        { role: 'ICT_CUSTOMER', email: email.toUpperCase(), expiresInDays: 3 },
        { 'accept-language': 'cs-CZ,cs;q=0.9' },
      );
      expect(created).toMatchObject({ email, role: 'ICT_CUSTOMER', status: 'ACTIVE' });
      expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(3 * DAY_MS);
      const [mail, ...more] = await mailsTo(email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Pozvánka do příběhu ${current.storyName} v Costory`);
      expect(mail?.text).toContain(
        `Ida Admin vás pozval(a) do příběhu ${current.storyName} v Costory s rolí Zákazník.`,
      );
      expect(mail?.text).toContain('Pozvánka platí 3 dny');
      expect(mail?.html).toContain(`href="${created.url}"`);
      const link = /https?:\/\/\S+\/public-access\/\S+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBe(created.url);
      const resolved = expectStatus<AccessCode>(await describeCode(codeOf(link ?? '')), 200);
      expect(resolved).toEqual({
        state: 'VALID',
        storyName: current.storyName,
        role: 'ICT_CUSTOMER',
      });
      const [event] = await eventsOf(current);
      expect(event?.changes.slice(0, 2)).toEqual([
        { field: 'email', old: null, new: email },
        { field: 'role', old: null, new: 'ICT_CUSTOMER' },
      ]);
    });

    it('writes the mail in English by default', async () => {
      const current = await scene();
      const email = uniqueEmail('adam');
      const created = await invite(current, { role: 'CTL_READER', email, expiresInDays: 1 });
      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe(
        `You have been invited to the story ${current.storyName} in Costory`,
      );
      expect(mail?.text).toContain('as Reader.');
      expect(mail?.text).toContain('valid for 1 day');
      expect(mail?.text).toContain(created.url);
    });

    it('never lets a URL in the story or inviter name become a link in the mail', async () => {
      const admin = await createUser(ctx.app.db, { companyId, firstName: 'www.evil.example' });
      const { story } = await createStory(ctx.app.db, {
        catalogId,
        admin,
        name: 'Prize at https://evil.example/win',
      });
      const email = uniqueEmail('target');
      const api = await callerFor(admin);
      expect(
        (
          await api.post(`/api/v1/stories/${story.id}/invites`, {
            role: 'ICT_CUSTOMER',
            email,
            expiresInDays: 1,
          })
        ).statusCode,
      ).toBe(201);
      const [mail] = await mailsTo(email);
      for (const content of [mail?.subject, mail?.text, mail?.html]) {
        expect(content).not.toContain('evil.example');
      }
      expect(mail?.text).toContain('Prize at https[:]//evil[.]example/win');
      expect(mail?.text).toContain('www[.]evil[.]example');
      const hrefs = [...(mail?.html ?? '').matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(LINK);
    });

    it('answers 400 for a bad role, expiry, e-mail or an unknown field, creating and mailing nothing', async () => {
      const current = await scene();
      const email = uniqueEmail('bad');
      const before = await snapshotStory(ctx.app.db, current.storyId);
      for (const body of [
        { role: 'CTL_ADMIN' },
        { role: 'OWNER', email },
        {},
        { role: 'CTL_READER', expiresInDays: 0 },
        { role: 'CTL_READER', expiresInDays: 91 },
        { role: 'CTL_READER', expiresInDays: 2.5 },
        { role: 'CTL_READER', expiresInDays: '14' },
        { role: 'CTL_READER', email: 'not-an-address' },
        { role: 'CTL_READER', email, code: 'my-own-code-0123456789' },
      ]) {
        const problem = problemOf(await current.adminApi.post(`${current.base}/invites`, body));
        expect(problem, JSON.stringify(body)).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
      expect(await mailsTo(email)).toEqual([]);
    });
  });

  describe('GET …/invites', () => {
    it('lists every invite newest first with its status: ACTIVE, ACCEPTED, EXPIRED, REVOKED', async () => {
      const current = await scene();
      const guest = await createUser(ctx.app.db);
      const accepted = await invite(current, { role: 'ICT_VERIFIER', email: guest.email });
      expectStatus(await accept(await callerFor(guest), codeOf(accepted.url)), 200);
      const expired = await invite(current, { role: 'CTL_READER' });
      await expireInvite(expired.id);
      const revoked = await invite(current, { role: 'CTL_READER' });
      expectStatus(await current.adminApi.delete(`${current.base}/invites/${revoked.id}`), 204);
      const active = await invite(current, { role: 'ICT_MODELER' });
      const list = await invitesOf(current);
      expect(list.map((entry) => [entry.id, entry.status, entry.acceptedCount])).toEqual([
        [active.id, 'ACTIVE', 0],
        [revoked.id, 'REVOKED', 0],
        [expired.id, 'EXPIRED', 0],
        [accepted.id, 'ACCEPTED', 1],
      ]);
      expect(list[0]).toEqual(active);
      expect(list[3]?.url).toBe(accepted.url);
    });
  });

  describe('DELETE …/invites/{inviteId}', () => {
    it('revokes an invite (204): its code answers REVOKED and can no longer be accepted (410); INVITE_REVOKED once', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'ICT_MODELER' });
      const code = codeOf(created.url);
      expectStatus(await current.adminApi.delete(`${current.base}/invites/${created.id}`), 204);
      const [event] = await eventsOf(current);
      expect(event).toMatchObject({
        type: 'INVITE_REVOKED',
        user: { id: current.admin.id },
        changes: [
          { field: 'role', old: 'ICT_MODELER', new: 'ICT_MODELER' },
          { field: 'status', old: 'ACTIVE', new: 'REVOKED' },
        ],
      });
      expect(expectStatus<AccessCode>(await describeCode(code), 200)).toEqual({
        state: 'REVOKED',
        storyName: null,
        role: null,
      });
      const visitor = await createUser(ctx.app.db);
      const visitorApi = await callerFor(visitor);
      const gone = problemOf(await accept(visitorApi, code));
      expect(gone).toMatchObject({ status: 410, code: 'INVITE_GONE' });
      expect(gone.detail).toMatch(/revoked/);
      expect(problemOf(await visitorApi.get(current.base)).status).toBe(404);
      // Revoking again changes nothing and records nothing.
      const before = await snapshotStory(ctx.app.db, current.storyId);
      expectStatus(await current.adminApi.delete(`${current.base}/invites/${created.id}`), 204);
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
    });

    it('answers 404 for an invite of another story or an unknown one', async () => {
      const current = await scene();
      const other = await scene();
      const foreign = await invite(other, { role: 'CTL_READER' });
      for (const id of [foreign.id, 2_000_000_000]) {
        expect(
          problemOf(await current.adminApi.delete(`${current.base}/invites/${id}`)),
        ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      expect((await invitesOf(other))[0]?.status).toBe('ACTIVE');
    });
  });

  describe('who may manage invites', () => {
    it('answers 401 without a token, on every route', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'CTL_READER' });
      for (const request of [
        { method: 'GET' as const, url: `${current.base}/invites` },
        {
          method: 'POST' as const,
          url: `${current.base}/invites`,
          payload: { role: 'CTL_READER' },
        },
        { method: 'DELETE' as const, url: `${current.base}/invites/${created.id}` },
      ]) {
        const response = await ctx.app.inject({ ...request, headers: xsrfHeaders() });
        expect(problemOf(response), request.method).toMatchObject({
          status: 401,
          code: 'UNAUTHORIZED',
        });
      }
      expect((await invitesOf(current)).map((entry) => entry.status)).toEqual(['ACTIVE']);
    });

    for (const role of NON_ADMIN_ROLES) {
      it(`answers 403 to ${role} on listing, creating and revoking, and changes nothing`, async () => {
        const current = await scene();
        const created = await invite(current, { role: 'CTL_READER' });
        const member = await addStoryMember(ctx.app.db, current.storyId, role);
        const api = await callerFor(member);
        const email = uniqueEmail('refused');
        const before = await snapshotStory(ctx.app.db, current.storyId);
        for (const response of [
          await api.get(`${current.base}/invites`),
          await api.post(`${current.base}/invites`, { role: 'ICT_ADMIN', email }),
          await api.post(`${current.base}/invites`, { role: 'ICT_ADMIN' }),
          await api.delete(`${current.base}/invites/${created.id}`),
        ]) {
          const problem = problemOf(response);
          expect(problem).toMatchObject({ status: 403, code: 'FORBIDDEN' });
          expect(problem.detail).toMatch(/Your role in this story/);
        }
        expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
        expect(await mailsTo(email)).toEqual([]);
      });
    }

    for (const who of ['a colleague of the owner company', 'a user of another company']) {
      it(`answers 404 to ${who} who is no member, on every route, and changes nothing`, async () => {
        const current = await scene();
        const created = await invite(current, { role: 'CTL_READER' });
        const stranger = await createUser(
          ctx.app.db,
          who.startsWith('a colleague') ? { companyId } : {},
        );
        const api = await callerFor(stranger);
        const before = await snapshotStory(ctx.app.db, current.storyId);
        for (const response of [
          await api.get(`${current.base}/invites`),
          await api.post(`${current.base}/invites`, { role: 'ICT_ADMIN' }),
          await api.delete(`${current.base}/invites/${created.id}`),
        ]) {
          expect(problemOf(response)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        }
        expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
      });
    }
  });

  describe('GET /access-codes/{code} (public)', () => {
    it('answers UNKNOWN for a code that is not one of ours', async () => {
      const unknown = { state: 'UNKNOWN', storyName: null, role: null };
      for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'not%20a%20code!']) {
        expect(expectStatus<AccessCode>(await describeCode(code), 200), code).toEqual(unknown);
      }
    });

    it('answers EXPIRED once the invite has expired; acceptance is then 410', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'ICT_MODELER' });
      await expireInvite(created.id);
      const code = codeOf(created.url);
      expect(expectStatus<AccessCode>(await describeCode(code), 200)).toEqual({
        state: 'EXPIRED',
        storyName: null,
        role: null,
      });
      const visitor = await createUser(ctx.app.db);
      const problem = problemOf(await accept(await callerFor(visitor), code));
      expect(problem).toMatchObject({ status: 410, code: 'INVITE_GONE' });
      expect(problem.detail).toMatch(/expired/);
      expect((await membersOf(current)).map((member) => member.userId)).toEqual([current.admin.id]);
    });

    it('limits each client address to 30 requests a minute (429 RATE_LIMITED with Retry-After)', async () => {
      const current = await scene();
      const code = codeOf((await invite(current, { role: 'CTL_READER' })).url);
      const address = freshAddress();
      for (let attempt = 1; attempt <= 30; attempt += 1) {
        expect((await describeCode(code, address)).statusCode, `attempt ${attempt}`).toBe(200);
      }
      const limited = await describeCode(code, address);
      expect(problemOf(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Other addresses keep their own allowance.
      expect(expectStatus<AccessCode>(await describeCode(code), 200).state).toBe('VALID');
    });
  });

  describe('POST /access-codes/{code}/acceptance', () => {
    it('lets the addressee of an e-mail invite, of any company, join with its role (200); the invite is then used', async () => {
      const current = await scene();
      const guest = await createUser(ctx.app.db, { firstName: 'Gita', lastName: 'Guest' });
      const created = await invite(current, {
        role: 'ICT_VERIFIER',
        email: guest.email.toUpperCase(),
      });
      const code = codeOf(created.url);
      const guestApi = await callerFor(guest);
      expect(problemOf(await guestApi.get(current.base)).status).toBe(404);
      expect(expectStatus<AccessCodeAcceptance>(await accept(guestApi, code), 200)).toEqual({
        storyId: current.storyId,
        role: 'ICT_VERIFIER',
      });
      expect(expectStatus<Story>(await guestApi.get(current.base), 200).myRole).toBe(
        'ICT_VERIFIER',
      );
      expect((await membersOf(current)).at(-1)).toMatchObject({
        userId: guest.id,
        name: 'Gita Guest',
        role: 'ICT_VERIFIER',
      });
      const [event] = await eventsOf(current);
      expect(event).toMatchObject({
        type: 'MEMBER_ADDED',
        user: { id: guest.id, name: 'Gita Guest' },
        changes: [
          { field: 'email', old: null, new: guest.email },
          { field: 'role', old: null, new: 'ICT_VERIFIER' },
        ],
      });
      expect((await invitesOf(current))[0]).toMatchObject({
        id: created.id,
        status: 'ACCEPTED',
        acceptedCount: 1,
      });
      // Single use: the code opens nothing any more, not even for its addressee.
      expect(expectStatus<AccessCode>(await describeCode(code), 200).state).toBe('REVOKED');
      const again = problemOf(await accept(guestApi, code));
      expect(again).toMatchObject({ status: 410, code: 'INVITE_GONE' });
      expect(again.detail).toMatch(/already been used/);
    });

    it('refuses an e-mail invite to a user signed in with another address (403 INVITE_EMAIL_MISMATCH), changing nothing', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'ICT_MODELER', email: uniqueEmail('meant') });
      const other = await createUser(ctx.app.db);
      const before = await snapshotStory(ctx.app.db, current.storyId);
      const problem = problemOf(await accept(await callerFor(other), codeOf(created.url)));
      expect(problem).toMatchObject({ status: 403, code: 'INVITE_EMAIL_MISMATCH' });
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
    });

    it('lets an invite link bring in many people until it is revoked, counting them', async () => {
      const current = await scene();
      const created = await invite(current, { role: 'CTL_READER' });
      const code = codeOf(created.url);
      const first = await createUser(ctx.app.db);
      const second = await createUser(ctx.app.db, { companyId });
      for (const user of [first, second]) {
        const api = await callerFor(user);
        expect(expectStatus<AccessCodeAcceptance>(await accept(api, code), 200)).toEqual({
          storyId: current.storyId,
          role: 'CTL_READER',
        });
        expectStatus(await api.get(`${current.base}/instances`), 200);
      }
      expect((await invitesOf(current))[0]).toMatchObject({ status: 'ACTIVE', acceptedCount: 2 });
      expect(
        (await eventsOf(current)).filter((event) => event.type === 'MEMBER_ADDED').length,
      ).toBe(2);
      expect(expectStatus<AccessCode>(await describeCode(code), 200).state).toBe('VALID');
    });

    const existing: [StoryMemberRole, StoryMemberRole, StoryMemberRole][] = [
      // [the member's role, the invite's, the role afterwards]
      ['CTL_READER', 'ICT_MODELER', 'ICT_MODELER'],
      ['ICT_CUSTOMER', 'ICT_ADMIN', 'ICT_ADMIN'],
      ['ICT_MODELER', 'CTL_READER', 'ICT_MODELER'],
      ['ICT_ADMIN', 'ICT_CUSTOMER', 'ICT_ADMIN'],
      // Neither allows all the other does: the member keeps theirs.
      ['ICT_VERIFIER', 'ICT_MODELER', 'ICT_VERIFIER'],
      ['ICT_MODELER', 'ICT_VERIFIER', 'ICT_MODELER'],
    ];
    for (const [held, offered, after] of existing) {
      it(`leaves a ${held} invited as ${offered} a ${after} (never a lower role)`, async () => {
        const current = await scene();
        const member =
          held === 'ICT_ADMIN'
            ? current.admin
            : await addStoryMember(ctx.app.db, current.storyId, held);
        const created = await invite(current, { role: offered });
        const before = await snapshotStory(ctx.app.db, current.storyId);
        const api = await callerFor(member);
        expect(
          expectStatus<AccessCodeAcceptance>(await accept(api, codeOf(created.url)), 200),
        ).toEqual({ storyId: current.storyId, role: after });
        expect(expectStatus<Story>(await api.get(current.base), 200).myRole).toBe(after);
        const [latest] = await eventsOf(current);
        const [stored] = await invitesOf(current);
        if (after === held) {
          // Nothing changed: no event, and the link has brought in nobody.
          expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
          expect(stored?.acceptedCount).toBe(0);
        } else {
          expect(latest).toMatchObject({
            type: 'MEMBER_UPDATED',
            user: { id: member.id },
            changes: [
              { field: 'email', old: member.email, new: member.email },
              { field: 'role', old: held, new: after },
            ],
          });
          expect(stored?.acceptedCount).toBe(1);
        }
      });
    }

    it('answers 404 for an unknown code and 401 without a token', async () => {
      const visitor = await createUser(ctx.app.db);
      const problem = problemOf(await accept(await callerFor(visitor), 'AAAAAAAAAAAAAAAAAAAAAA'));
      expect(problem).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      const current = await scene();
      const code = codeOf((await invite(current, { role: 'CTL_READER' })).url);
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/access-codes/${code}/acceptance`,
        headers: xsrfHeaders(),
        remoteAddress: freshAddress(),
      });
      expect(problemOf(anonymous)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect((await invitesOf(current))[0]?.acceptedCount).toBe(0);
    });

    it('is rate-limited per client address as well (429 after 30 attempts a minute)', async () => {
      const visitor = await createUser(ctx.app.db);
      const api = await callerFor(visitor);
      for (let attempt = 1; attempt <= 30; attempt += 1) {
        const response = await accept(
          api,
          `AAAAAAAAAAAAAAAAAAAA${String(attempt).padStart(2, '0')}`,
        );
        expect(response.statusCode, `attempt ${attempt}`).toBe(404);
      }
      expect(problemOf(await accept(api, 'AAAAAAAAAAAAAAAAAAAAAA'))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
      });
      const elsewhere = await callerFor(visitor);
      expect(problemOf(await accept(elsewhere, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    });
  });

  it('keeps each invite’s acceptances to its own story', async () => {
    const current = await scene();
    const other = await scene();
    const guest = await createUser(ctx.app.db);
    const created = await invite(current, { role: 'ICT_CUSTOMER' });
    expectStatus(await accept(await callerFor(guest), codeOf(created.url)), 200);
    const guestApi = await callerFor(guest);
    expect(problemOf(await guestApi.get(other.base)).status).toBe(404);
    const [row] = await ctx.app.db
      .select({ count: storyInvites.acceptedCount })
      .from(storyInvites)
      .where(and(eq(storyInvites.storyId, current.storyId), eq(storyInvites.id, created.id)));
    expect(row?.count).toBe(1);
  });
});
