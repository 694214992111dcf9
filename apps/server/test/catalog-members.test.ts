// Catalog members (invitations by e-mail accepted through their link, resent, cancelled and limited; mails; roles and descriptions; the last admin) and clients of PUBLIC_PAID catalogs.
import {
  INVITE_DEFAULT_DAYS,
  MEMBER_DESCRIPTION_MAX,
  type Catalog,
  type CatalogInvitation,
  type Member,
} from '@costory/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, catalogMembers, outboxMails } from '../src/db/schema';
import { INVITATION_LIMITS } from '../src/modules/catalogs/members/members.service';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { addMember, createCatalog } from './helpers/catalog-factories';
import { snapshotCatalog } from './helpers/catalog-snapshot';
import { createCompany, createUser, uniqueEmail, type CreatedUser } from './helpers/factories';

const ORIGIN = 'http://localhost:3000';

describe('catalog members and clients', () => {
  let ctx: TestApp;
  let catalogId: number;
  let catalogName: string;
  let base: string;
  let adminUser: CreatedUser;
  let admin: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { publicOrigin: ORIGIN } });
    const company = await createCompany(ctx.app.db, { name: 'Stavby Novák s.r.o.' });
    adminUser = await createUser(ctx.app.db, {
      companyId: company.id,
      firstName: 'Petr',
      lastName: 'Novák',
    });
    const created = await createCatalog(ctx.app.db, { admin: adminUser, name: 'Mosty' });
    catalogId = created.catalog.id;
    catalogName = created.catalog.name;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, adminUser.id);
  });
  afterAll(() => ctx.close());

  async function lastMail() {
    const [mail] = await ctx.app.db
      .select()
      .from(outboxMails)
      .orderBy(desc(outboxMails.id))
      .limit(1);
    return mail;
  }

  /** The code in the invitation mail's link (the only link in it). */
  function codeIn(text: string | undefined): string {
    const match = /\/ctl\/catalog-invitation\/([A-Za-z0-9_-]+)/.exec(text ?? '');
    if (!match?.[1]) throw new Error('No invitation link in the mail');
    return match[1];
  }

  function describeCode(code: string) {
    return ctx.app.inject({ method: 'GET', url: `/api/v1/catalog-invitations/${code}` });
  }

  async function memberRow(id: number) {
    const [row] = await ctx.app.db.select().from(catalogMembers).where(eq(catalogMembers.id, id));
    return row;
  }

  describe('POST …/members (invite by e-mail)', () => {
    it('answers an address with an account exactly as an unknown one: a pending invitation, no name, no access', async () => {
      const invitee = await createUser(ctx.app.db, { firstName: 'Eva', lastName: 'Malá' });
      const stranger = uniqueEmail('stranger');
      const known = await admin.post(`${base}/members`, {
        email: invitee.email.toUpperCase(),
        role: 'CTL_INSPECTOR',
      });
      const unknown = await admin.post(`${base}/members`, {
        email: stranger.toUpperCase(),
        role: 'CTL_INSPECTOR',
      });
      expect(known.statusCode).toBe(201);
      expect(unknown.statusCode).toBe(201);
      const knownMember = known.json<Member>();
      const unknownMember = unknown.json<Member>();
      expect(knownMember).toEqual({
        id: knownMember.id,
        email: invitee.email,
        name: '',
        companyName: '',
        role: 'CTL_INSPECTOR',
        description: '',
        pending: true,
      });
      // Byte for byte the same once the address and the id are swapped.
      expect(
        known.body
          .replace(invitee.email, stranger)
          .replace(`"id":${knownMember.id},`, `"id":${unknownMember.id},`),
      ).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(await memberRow(knownMember.id)).toMatchObject({
        userId: null,
        email: invitee.email,
      });

      // Until accepting, the invitee is no member: the private catalog stays hidden.
      const inviteeApi = await apiAs(ctx.app, invitee.id);
      expect((await inviteeApi.get(base)).statusCode).toBe(404);
      expect((await inviteeApi.get('/api/v1/catalogs?mine=true')).json()).toMatchObject({
        items: [],
      });
      const listed = expectStatus<Member[]>(await admin.get(`${base}/members`), 200);
      expect(listed.find((member) => member.id === knownMember.id)).toMatchObject({
        name: '',
        companyName: '',
        pending: true,
      });
    });

    it('mails a link whose page accepts the invitation for the invited address only', async () => {
      const invitee = await createUser(ctx.app.db, { firstName: 'Eva', lastName: 'Malá' });
      const member = expectStatus<Member>(
        await admin.post(`${base}/members`, { email: invitee.email, role: 'CTL_INSPECTOR' }),
        201,
      );
      const mail = await lastMail();
      expect(mail).toMatchObject({
        recipient: invitee.email,
        subject: `You have been invited to the catalog ${catalogName} in Costory`,
      });
      expect(mail?.text).toContain(
        'Petr Novák has invited you to the catalog Mosty in Costory as Inspector.',
      );
      const code = codeIn(mail?.text);
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(mail?.html).toContain(`href="${ORIGIN}/ctl/catalog-invitation/${code}"`);

      // Anyone with the link sees what it offers, never who was invited.
      const offer = describeCode(code);
      expect(expectStatus<CatalogInvitation>(await offer, 200)).toEqual({
        state: 'VALID',
        catalogName: 'Mosty',
        role: 'CTL_INSPECTOR',
      });

      const other = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
      const mismatch = await other.post(`/api/v1/catalog-invitations/${code}/acceptance`);
      expect(mismatch.statusCode).toBe(403);
      expect(problemOf(mismatch).code).toBe('INVITE_EMAIL_MISMATCH');

      const inviteeApi = await apiAs(ctx.app, invitee.id);
      const accepted = await inviteeApi.post(`/api/v1/catalog-invitations/${code}/acceptance`);
      expect(expectStatus(accepted, 200)).toEqual({ catalogId, role: 'CTL_INSPECTOR' });
      expect(expectStatus<Catalog>(await inviteeApi.get(base), 200).myRole).toBe('CTL_INSPECTOR');
      expect(await memberRow(member.id)).toMatchObject({
        userId: invitee.id,
        email: null,
        code: null,
      });
      const members = expectStatus<Member[]>(await admin.get(`${base}/members`), 200);
      expect(members.find((candidate) => candidate.id === member.id)).toMatchObject({
        name: 'Eva Malá',
        pending: false,
      });
      const [joined] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(and(eq(catalogEvents.type, 'MEMBER_JOINED'), eq(catalogEvents.userId, invitee.id)));
      expect(joined).toMatchObject({
        catalogId,
        changes: [
          { field: 'email', old: null, new: invitee.email },
          { field: 'role', old: null, new: 'CTL_INSPECTOR' },
        ],
      });

      // Used up: the link now leads nowhere.
      const again = await inviteeApi.post(`/api/v1/catalog-invitations/${code}/acceptance`);
      expect(again.statusCode).toBe(404);
      expect(problemOf(again).code).toBe('NOT_FOUND');
      expect(expectStatus<CatalogInvitation>(await describeCode(code), 200).state).toBe('UNKNOWN');
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/v1/catalog-invitations/${code}/acceptance`,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('invites an address without an account in the inviter’s language; it accepts after registering', async () => {
      const email = uniqueEmail('newcomer');
      const member = expectStatus<Member>(
        await admin.post(
          `${base}/members`,
          { email, role: 'CTL_REPORTER' },
          { 'accept-language': 'cs' },
        ),
        201,
      );
      expect(member).toMatchObject({ email, name: '', companyName: '', pending: true });
      const mail = await lastMail();
      expect(mail?.subject).toBe(`Pozvánka do katalogu ${catalogName} v Costory`);
      expect(mail?.text).toContain('s rolí Navrhovatel');
      expect(mail?.text).toContain('Pozvánku přijmete zde');
      const code = codeIn(mail?.text);

      const newcomer = await createUser(ctx.app.db, { email, firstName: 'Nový', lastName: 'Člen' });
      const api = await apiAs(ctx.app, newcomer.id);
      // Signing in alone changes nothing.
      expect((await api.get(base)).statusCode).toBe(404);
      expectStatus(await api.post(`/api/v1/catalog-invitations/${code}/acceptance`), 200);
      expect(expectStatus<Catalog>(await api.get(base), 200).myRole).toBe('CTL_REPORTER');
    });

    it('resends with a new link (the old one stops working) and cancels; both recorded', async () => {
      const email = uniqueEmail('resend');
      const member = expectStatus<Member>(
        await admin.post(`${base}/members`, { email, role: 'CTL_READER' }),
        201,
      );
      const first = codeIn((await lastMail())?.text);
      const resent = await admin.post(`${base}/members/${member.id}/resend`);
      expect(expectStatus<Member>(resent, 200)).toEqual(member);
      const second = codeIn((await lastMail())?.text);
      expect(second).not.toBe(first);
      expect(expectStatus<CatalogInvitation>(await describeCode(first), 200).state).toBe('UNKNOWN');
      expect(expectStatus<CatalogInvitation>(await describeCode(second), 200).state).toBe('VALID');
      const [resendEvent] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(
          and(
            eq(catalogEvents.catalogId, catalogId),
            eq(catalogEvents.type, 'MEMBER_INVITATION_RESENT'),
          ),
        );
      expect(resendEvent?.changes).toEqual([
        { field: 'email', old: email, new: email },
        { field: 'role', old: 'CTL_READER', new: 'CTL_READER' },
      ]);

      const cancelled = await admin.delete(`${base}/members/${member.id}`);
      expect(cancelled.statusCode).toBe(204);
      expect(expectStatus<CatalogInvitation>(await describeCode(second), 200).state).toBe(
        'UNKNOWN',
      );
      const gone = await admin.post(`${base}/members/${member.id}/resend`);
      expect(gone.statusCode).toBe(404);

      // An accepted invitation is no longer resent.
      const adminMember = expectStatus<Member[]>(await admin.get(`${base}/members`), 200)[0];
      const notPending = await admin.post(`${base}/members/${adminMember?.id}/resend`);
      expect(notPending.statusCode).toBe(409);
      expect(problemOf(notPending).code).toBe('CONFLICT');
      // Only admins resend.
      const reader = await addMember(ctx.app.db, catalogId, 'CTL_READER');
      const readerApi = await apiAs(ctx.app, reader.id);
      expect((await readerApi.post(`${base}/members/${adminMember?.id}/resend`)).statusCode).toBe(
        403,
      );
    });

    it('expires a link after INVITE_DEFAULT_DAYS; a resend gives a fresh one', async () => {
      const invitee = await createUser(ctx.app.db);
      const member = expectStatus<Member>(
        await admin.post(`${base}/members`, { email: invitee.email, role: 'CTL_READER' }),
        201,
      );
      const row = await memberRow(member.id);
      const days = ((row?.codeExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(INVITE_DEFAULT_DAYS - 0.01);
      expect(days).toBeLessThanOrEqual(INVITE_DEFAULT_DAYS);

      const code = codeIn((await lastMail())?.text);
      await ctx.app.db
        .update(catalogMembers)
        .set({ codeExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(catalogMembers.id, member.id));
      // The link says its time is up, and names nothing.
      expect(expectStatus<CatalogInvitation>(await describeCode(code), 200)).toEqual({
        state: 'EXPIRED',
        catalogName: null,
        role: null,
      });
      const inviteeApi = await apiAs(ctx.app, invitee.id);
      const late = await inviteeApi.post(`/api/v1/catalog-invitations/${code}/acceptance`);
      expect(late.statusCode).toBe(404);
      expect((await inviteeApi.get(base)).statusCode).toBe(404);

      expectStatus(await admin.post(`${base}/members/${member.id}/resend`), 200);
      const fresh = codeIn((await lastMail())?.text);
      expect(expectStatus<CatalogInvitation>(await describeCode(fresh), 200).state).toBe('VALID');
      expectStatus(await inviteeApi.post(`/api/v1/catalog-invitations/${fresh}/acceptance`), 200);
      expect(await memberRow(member.id)).toMatchObject({ code: null, codeExpiresAt: null });
    });

    it('never lets a URL in the catalog or inviter name become a link in the mail', async () => {
      const owner = await createUser(ctx.app.db, { firstName: 'www.evil.example', lastName: 'X' });
      const { catalog } = await createCatalog(ctx.app.db, {
        admin: owner,
        name: 'Win at https://evil.example/prize',
      });
      const api = await apiAs(ctx.app, owner.id);
      expectStatus(
        await api.post(`/api/v1/catalogs/${catalog.id}/members`, {
          email: uniqueEmail('target'),
          role: 'CTL_READER',
        }),
        201,
      );
      const mail = await lastMail();
      for (const content of [mail?.subject, mail?.text, mail?.html]) {
        expect(content).not.toContain('evil.example');
      }
      expect(mail?.text).toContain('https[:]//evil[.]example/prize');
      expect(mail?.text).toContain('www[.]evil[.]example X');
      const hrefs = [...(mail?.html ?? '').matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs)
        expect(href).toMatch(new RegExp(`^${ORIGIN}/ctl/catalog-invitation/`));
    });

    it('limits the invitation mails one user sends in an hour (429 problem+json)', async () => {
      const owner = await createUser(ctx.app.db);
      const { catalog } = await createCatalog(ctx.app.db, { admin: owner });
      const api = await apiAs(ctx.app, owner.id);
      const url = `/api/v1/catalogs/${catalog.id}/members`;
      let last: Member | undefined;
      for (let sent = 0; sent < INVITATION_LIMITS.perInviter; sent += 1) {
        last = expectStatus<Member>(
          await api.post(url, { email: uniqueEmail('many'), role: 'CTL_READER' }),
          201,
        );
      }
      for (const locale of ['en', 'cs'] as const) {
        const refused = await api.post(
          url,
          { email: uniqueEmail('one-more'), role: 'CTL_READER' },
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
      expect((await api.post(`${url}/${last?.id}/resend`)).statusCode).toBe(429);
    });

    it('holds the hourly limit when the invitations arrive at once (on several processes too)', async () => {
      const owner = await createUser(ctx.app.db);
      const { catalog } = await createCatalog(ctx.app.db, { admin: owner });
      const api = await apiAs(ctx.app, owner.id);
      const url = `/api/v1/catalogs/${catalog.id}/members`;
      const extra = 3;
      const responses = await Promise.all(
        Array.from({ length: INVITATION_LIMITS.perInviter + extra }, () =>
          api.post(url, { email: uniqueEmail('burst'), role: 'CTL_READER' }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(
        INVITATION_LIMITS.perInviter,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    });

    it('refuses someone already a member or invited (409 with a field error), mailing nothing', async () => {
      const email = uniqueEmail('twice');
      expectStatus(await admin.post(`${base}/members`, { email, role: 'CTL_READER' }), 201);
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      for (const address of [email, adminUser.email]) {
        const response = await admin.post(`${base}/members`, {
          email: address,
          role: 'CTL_READER',
        });
        expect(response.statusCode).toBe(409);
        expect(problemOf(response).errors).toEqual([
          {
            field: 'email',
            rule: 'unique',
            message: 'This person is already a member of the catalog or invited to it',
          },
        ]);
      }
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses an invalid e-mail or role (400, en and cs)', async () => {
      const response = await admin.post(`${base}/members`, {
        email: 'not-an-address',
        role: 'PUBLIC_READABLE',
      });
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors?.map((error) => [error.field, error.rule])).toEqual([
        ['email', 'email'],
        ['role', 'one_of'],
      ]);
      const czech = await admin.post(
        `${base}/members`,
        { email: 'not-an-address', role: 'CTL_READER' },
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Pole e-mail musí být platná e-mailová adresa',
      );
    });
  });

  describe('GET …/members', () => {
    it('lists members first, then pending invitations, with names and companies', async () => {
      const members = expectStatus<Member[]>(await admin.get(`${base}/members`), 200);
      expect(members[0]).toMatchObject({
        email: adminUser.email,
        name: 'Petr Novák',
        companyName: 'Stavby Novák s.r.o.',
        role: 'CTL_ADMIN',
        pending: false,
      });
      const firstPending = members.findIndex((member) => member.pending);
      expect(members.slice(firstPending).every((member) => member.pending)).toBe(true);
    });
  });

  describe('PUT and DELETE …/members/{memberId}', () => {
    it('changes a role (200) and records it; removing a member (204) ends their access', async () => {
      const { catalog, admin: owner } = await createCatalog(ctx.app.db, { visibility: 'PRIVATE' });
      const ownerApi = await apiAs(ctx.app, owner.id);
      const user = await addMember(ctx.app.db, catalog.id, 'CTL_READER');
      const url = `/api/v1/catalogs/${catalog.id}`;
      const members = expectStatus<Member[]>(await ownerApi.get(`${url}/members`), 200);
      const member = members.find((candidate) => candidate.email === user.email);
      const changed = expectStatus<Member>(
        await ownerApi.put(`${url}/members/${member?.id}`, { role: 'CTL_MATHEMATICIAN' }),
        200,
      );
      expect(changed.role).toBe('CTL_MATHEMATICIAN');
      const [event] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(eq(catalogEvents.type, 'MEMBER_ROLE_CHANGED'))
        .orderBy(desc(catalogEvents.id))
        .limit(1);
      expect(event?.changes).toEqual([
        { field: 'email', old: user.email, new: user.email },
        { field: 'role', old: 'CTL_READER', new: 'CTL_MATHEMATICIAN' },
      ]);
      const userApi = await apiAs(ctx.app, user.id);
      expect((await userApi.get(url)).statusCode).toBe(200);
      expect((await ownerApi.delete(`${url}/members/${member?.id}`)).statusCode).toBe(204);
      expect((await userApi.get(url)).statusCode).toBe(404);
      expect((await ownerApi.delete(`${url}/members/${member?.id}`)).statusCode).toBe(404);
    });

    it('keeps a description per member and pending invitation (200), recorded; a role change alone leaves it', async () => {
      const invitee = await createUser(ctx.app.db);
      const pending = expectStatus<Member>(
        await admin.post(`${base}/members`, { email: invitee.email, role: 'CTL_READER' }),
        201,
      );
      expect(pending.description).toBe('');
      const described = expectStatus<Member>(
        await admin.put(`${base}/members/${pending.id}`, {
          role: 'CTL_READER',
          description: '  Prices of the bridges  ',
        }),
        200,
      );
      expect(described).toMatchObject({ description: 'Prices of the bridges', pending: true });
      const [event] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(
          and(eq(catalogEvents.catalogId, catalogId), eq(catalogEvents.type, 'MEMBER_UPDATED')),
        )
        .orderBy(desc(catalogEvents.id))
        .limit(1);
      expect(event?.changes).toEqual([
        { field: 'email', old: invitee.email, new: invitee.email },
        { field: 'description', old: '', new: 'Prices of the bridges' },
      ]);

      const promoted = expectStatus<Member>(
        await admin.put(`${base}/members/${pending.id}`, { role: 'CTL_INSPECTOR' }),
        200,
      );
      expect(promoted).toMatchObject({
        role: 'CTL_INSPECTOR',
        description: 'Prices of the bridges',
      });
      // Accepting the invitation keeps what the admin noted.
      const code = codeIn((await lastMail())?.text);
      const inviteeApi = await apiAs(ctx.app, invitee.id);
      expectStatus(await inviteeApi.post(`/api/v1/catalog-invitations/${code}/acceptance`), 200);
      const members = expectStatus<Member[]>(await inviteeApi.get(`${base}/members`), 200);
      expect(members.find((member) => member.id === pending.id)).toMatchObject({
        pending: false,
        description: 'Prices of the bridges',
      });

      // Only the admin describes, within the shared limit.
      const denied = await inviteeApi.put(`${base}/members/${pending.id}`, {
        role: 'CTL_INSPECTOR',
        description: 'Mine',
      });
      expect(denied.statusCode).toBe(403);
      const tooLong = {
        role: 'CTL_INSPECTOR',
        description: 'x'.repeat(MEMBER_DESCRIPTION_MAX + 1),
      };
      const long = await admin.put(`${base}/members/${pending.id}`, tooLong);
      expect(long.statusCode).toBe(400);
      expect(problemOf(long).errors?.map((error) => [error.field, error.rule])).toEqual([
        ['description', 'max'],
      ]);
      const czech = await admin.put(`${base}/members/${pending.id}`, tooLong, {
        'accept-language': 'cs',
      });
      expect(problemOf(czech).errors?.[0]?.message).toContain('nesmí být delší než 500 znaků');
      expect(await memberRow(pending.id)).toMatchObject({ description: 'Prices of the bridges' });
    });

    it('never demotes or removes the last admin (409, en and cs); with two admins it may', async () => {
      const { catalog, admin: owner } = await createCatalog(ctx.app.db);
      const ownerApi = await apiAs(ctx.app, owner.id);
      const url = `/api/v1/catalogs/${catalog.id}`;
      const [own] = await ctx.app.db
        .select()
        .from(catalogMembers)
        .where(eq(catalogMembers.catalogId, catalog.id));
      // A pending invitation as admin does not count: it cannot act.
      expectStatus(
        await ownerApi.post(`${url}/members`, { email: uniqueEmail('pending'), role: 'CTL_ADMIN' }),
        201,
      );
      const before = await snapshotCatalog(ctx.app.db, catalog.id);
      const demote = await ownerApi.put(`${url}/members/${own?.id}`, { role: 'CTL_READER' });
      expect(demote.statusCode).toBe(409);
      expect(problemOf(demote).detail).toBe(
        'The catalog must keep at least one admin. Make someone else an admin first.',
      );
      const remove = await ownerApi.delete(`${url}/members/${own?.id}`, {
        'accept-language': 'cs',
      });
      expect(remove.statusCode).toBe(409);
      expect(problemOf(remove).detail).toBe(
        'Katalog musí mít alespoň jednoho správce. Nejprve udělejte správcem někoho jiného.',
      );
      expect(await snapshotCatalog(ctx.app.db, catalog.id)).toEqual(before);

      await addMember(ctx.app.db, catalog.id, 'CTL_ADMIN');
      expect(
        expectStatus<Member>(
          await ownerApi.put(`${url}/members/${own?.id}`, { role: 'CTL_READER' }),
          200,
        ).role,
      ).toBe('CTL_READER');
    });

    it('answers 404 for a member of another catalog', async () => {
      const { catalog: other } = await createCatalog(ctx.app.db);
      const [foreign] = await ctx.app.db
        .select()
        .from(catalogMembers)
        .where(eq(catalogMembers.catalogId, other.id));
      expect(
        (await admin.put(`${base}/members/${foreign?.id}`, { role: 'CTL_READER' })).statusCode,
      ).toBe(404);
      expect((await admin.delete(`${base}/members/${foreign?.id}`)).statusCode).toBe(404);
      expect(await memberRow(foreign?.id ?? 0)).toMatchObject({ role: 'CTL_ADMIN' });
    });
  });

  describe('clients', () => {
    it('grants a company story building on a PUBLIC_PAID catalog (201) and takes it back (204)', async () => {
      const { catalog, admin: owner } = await createCatalog(ctx.app.db, {
        visibility: 'PUBLIC_PAID',
      });
      const ownerApi = await apiAs(ctx.app, owner.id);
      const url = `/api/v1/catalogs/${catalog.id}`;
      const company = await createCompany(ctx.app.db, { name: 'Odběratel a.s.' });
      const customer = await apiAs(
        ctx.app,
        (await createUser(ctx.app.db, { companyId: company.id })).id,
      );
      expect(expectStatus<Catalog>(await customer.get(url), 200).canBuildStories).toBe(false);

      const client = expectStatus(
        await ownerApi.post(`${url}/clients`, { companyId: company.id }),
        201,
      );
      expect(client).toMatchObject({ companyId: company.id, companyName: 'Odběratel a.s.' });
      expect(expectStatus<Catalog>(await customer.get(url), 200).canBuildStories).toBe(true);
      expect(expectStatus(await ownerApi.get(`${url}/clients`), 200)).toEqual([client]);

      const twice = await ownerApi.post(`${url}/clients`, { companyId: company.id });
      expect(twice.statusCode).toBe(409);
      expect(problemOf(twice).errors?.[0]?.field).toBe('companyId');

      expect((await ownerApi.delete(`${url}/clients/${company.id}`)).statusCode).toBe(204);
      expect(expectStatus<Catalog>(await customer.get(url), 200).canBuildStories).toBe(false);
      expect((await ownerApi.delete(`${url}/clients/${company.id}`)).statusCode).toBe(404);
      const types = (
        await ctx.app.db.select().from(catalogEvents).where(eq(catalogEvents.catalogId, catalog.id))
      ).map((event) => event.type);
      expect(types).toEqual(expect.arrayContaining(['CLIENT_ADDED', 'CLIENT_REMOVED']));
    });

    it('answers 404 for a company that does not exist, changing nothing', async () => {
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await admin.post(`${base}/clients`, { companyId: 2_000_000_000 });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).code).toBe('NOT_FOUND');
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });
  });
});
