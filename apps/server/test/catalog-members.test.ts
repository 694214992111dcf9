// Catalog members (invitations by e-mail, pending until sign-in, mails, roles, the last admin) and clients of PUBLIC_PAID catalogs.
import type { Catalog, Member } from '@costory/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, catalogMembers, outboxMails } from '../src/db/schema';
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

  async function memberRow(id: number) {
    const [row] = await ctx.app.db.select().from(catalogMembers).where(eq(catalogMembers.id, id));
    return row;
  }

  describe('POST …/members (invite by e-mail)', () => {
    it('adds a user who has an account at once (201) and mails a link to the catalog', async () => {
      const invitee = await createUser(ctx.app.db, { firstName: 'Eva', lastName: 'Malá' });
      const member = expectStatus<Member>(
        await admin.post(`${base}/members`, {
          email: invitee.email.toUpperCase(),
          role: 'CTL_INSPECTOR',
        }),
        201,
      );
      expect(member).toMatchObject({
        email: invitee.email,
        name: 'Eva Malá',
        role: 'CTL_INSPECTOR',
        pending: false,
      });
      expect(await memberRow(member.id)).toMatchObject({ userId: invitee.id, email: null });
      const mail = await lastMail();
      expect(mail).toMatchObject({
        recipient: invitee.email,
        subject: `You have been invited to the catalog ${catalogName} in Costory`,
      });
      expect(mail?.text).toContain(
        'Petr Novák has invited you to the catalog Mosty in Costory as Inspector.',
      );
      expect(mail?.text).toContain(`${ORIGIN}/ctl/catalog-detail/${catalogId}`);
      expect(mail?.text).not.toContain('/registration');
      const joined = await (await apiAs(ctx.app, invitee.id)).get(base);
      expect(expectStatus<Catalog>(joined, 200).myRole).toBe('CTL_INSPECTOR');
    });

    it('keeps an unknown address as a pending invitation, mailed in the inviter’s language', async () => {
      const email = uniqueEmail('newcomer');
      const member = expectStatus<Member>(
        await admin.post(
          `${base}/members`,
          { email, role: 'CTL_REPORTER' },
          {
            'accept-language': 'cs',
          },
        ),
        201,
      );
      expect(member).toMatchObject({ email, name: '', companyName: '', pending: true });
      const mail = await lastMail();
      expect(mail?.subject).toBe(`Pozvánka do katalogu ${catalogName} v Costory`);
      expect(mail?.text).toContain('s rolí Navrhovatel');
      expect(mail?.text).toContain(`${ORIGIN}/registration`);
      expect(mail?.html).toContain(`href="${ORIGIN}/ctl/catalog-detail/${catalogId}"`);

      // The address registers and signs in: the invitation becomes a membership.
      const newcomer = await createUser(ctx.app.db, { email, firstName: 'Nový', lastName: 'Člen' });
      const api = await apiAs(ctx.app, newcomer.id);
      expect(expectStatus<Catalog>(await api.get(base), 200).myRole).toBe('CTL_REPORTER');
      expect(await memberRow(member.id)).toMatchObject({ userId: newcomer.id, email: null });
      const members = expectStatus<Member[]>(await admin.get(`${base}/members`), 200);
      expect(members.find((candidate) => candidate.id === member.id)).toMatchObject({
        name: 'Nový Člen',
        pending: false,
      });
      const [joined] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(eq(catalogEvents.type, 'MEMBER_JOINED'));
      expect(joined).toMatchObject({ catalogId, userId: newcomer.id });
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
