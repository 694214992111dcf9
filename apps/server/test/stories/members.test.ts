// Story members over the API: any member reads the list; only ICT_ADMIN changes roles and descriptions or removes members; the last admin stays; every change is an event.
import {
  storyMemberSchema,
  type Story,
  type StoryEvent,
  type StoryMember,
  type StoryMemberRole,
} from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories, storyFavourites } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog } from '../helpers/catalog-factories';
import { createCompany, createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createStory } from '../helpers/story-factories';
import { snapshotStory } from '../helpers/story-snapshot';
import { xsrfHeaders } from '../helpers/xsrf';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const PAST = new Date('2020-01-01T00:00:00Z');
const NON_ADMIN_ROLES = ['ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'] as const;

describe('story members', () => {
  let ctx: TestApp;
  let catalogId: number;
  let companyId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    catalogId = (await createCatalog(ctx.app.db, { visibility: 'PUBLIC' })).catalog.id;
    companyId = (await createCompany(ctx.app.db, { name: 'Stavby Novák s.r.o.' })).id;
  });
  afterAll(() => ctx.close());

  interface Scene {
    storyId: number;
    base: string;
    admin: CreatedUser;
    adminApi: ApiCaller;
  }

  /** A story of its own, so that no test depends on another's members. */
  async function scene(): Promise<Scene> {
    const db = ctx.app.db;
    const admin = await createUser(db, { companyId, firstName: 'Ida', lastName: 'Admin' });
    const { story } = await createStory(db, { catalogId, admin });
    // Long ago, so that "the last activity moved" cannot depend on the clock's resolution.
    await db.update(stories).set({ lastActivityAt: PAST }).where(eq(stories.id, story.id));
    return {
      storyId: story.id,
      base: `/api/v1/stories/${story.id}`,
      admin,
      adminApi: await apiAs(ctx.app, admin.id),
    };
  }

  async function membersOf(current: Scene): Promise<StoryMember[]> {
    return expectStatus<StoryMember[]>(await current.adminApi.get(`${current.base}/members`), 200);
  }

  async function memberIdOf(current: Scene, userId: number): Promise<number> {
    const member = (await membersOf(current)).find((entry) => entry.userId === userId);
    if (!member) throw new Error(`user ${userId} is no member`);
    return member.id;
  }

  async function eventsOf(current: Scene): Promise<StoryEvent[]> {
    return expectStatus<Page<StoryEvent>>(await current.adminApi.get(`${current.base}/events`), 200)
      .items;
  }

  async function lastActivityOf(storyId: number): Promise<Date> {
    const [row] = await ctx.app.db
      .select({ at: stories.lastActivityAt })
      .from(stories)
      .where(eq(stories.id, storyId));
    if (!row) throw new Error('no story');
    return row.at;
  }

  describe('GET …/members', () => {
    it('lists the members with name, e-mail, company, role and description to every member (200)', async () => {
      const current = await scene();
      const otherCompany = await createCompany(ctx.app.db, { name: 'Mosty Brno a.s.' });
      const outsider = await createUser(ctx.app.db, {
        companyId: otherCompany.id,
        firstName: 'Olga',
        lastName: 'Outside',
      });
      await addStoryMember(ctx.app.db, current.storyId, 'ICT_CUSTOMER', outsider);
      const readers: CreatedUser[] = [];
      for (const role of NON_ADMIN_ROLES) {
        readers.push(await addStoryMember(ctx.app.db, current.storyId, role));
      }
      const list = await membersOf(current);
      // Exactly the contract's fields, with these values.
      expect(storyMemberSchema.strict().safeParse(list[0]).success).toBe(true);
      expect(list[0]).toMatchObject({
        userId: current.admin.id,
        name: 'Ida Admin',
        email: current.admin.email,
        companyName: 'Stavby Novák s.r.o.',
        role: 'ICT_ADMIN',
        description: '',
      });
      expect(list[1]).toMatchObject({
        userId: outsider.id,
        name: 'Olga Outside',
        companyName: 'Mosty Brno a.s.',
        role: 'ICT_CUSTOMER',
      });
      expect(list.map((member) => member.role)).toEqual([
        'ICT_ADMIN',
        'ICT_CUSTOMER',
        ...NON_ADMIN_ROLES,
      ]);
      for (const reader of readers) {
        const api = await apiAs(ctx.app, reader.id);
        expect(expectStatus<StoryMember[]>(await api.get(`${current.base}/members`), 200)).toEqual(
          list,
        );
      }
    });

    it('answers 401 without a token, on every route, and changes nothing', async () => {
      const current = await scene();
      const url = `${current.base}/members/${await memberIdOf(current, current.admin.id)}`;
      const before = await snapshotStory(ctx.app.db, current.storyId);
      for (const request of [
        { method: 'GET' as const, url: `${current.base}/members` },
        { method: 'PUT' as const, url, payload: { role: 'CTL_READER', description: '' } },
        { method: 'DELETE' as const, url },
      ]) {
        const response = await ctx.app.inject({ ...request, headers: xsrfHeaders() });
        expect(problemOf(response), request.method).toMatchObject({
          status: 401,
          code: 'UNAUTHORIZED',
        });
      }
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
    });

    it('answers 400 for an id that is not one', async () => {
      const current = await scene();
      expect(problemOf(await current.adminApi.get('/api/v1/stories/abc/members')).status).toBe(400);
    });
  });

  describe('PUT …/members/{memberId}', () => {
    it('changes the role and description (200), records MEMBER_UPDATED and moves the last activity', async () => {
      const current = await scene();
      const reader = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
      const memberId = await memberIdOf(current, reader.id);
      const updated = expectStatus<StoryMember>(
        await current.adminApi.put(`${current.base}/members/${memberId}`, {
          role: 'ICT_MODELER',
          description: '  Models the ground floor ',
        }),
        200,
      );
      expect(updated).toMatchObject({
        id: memberId,
        userId: reader.id,
        role: 'ICT_MODELER',
        description: 'Models the ground floor',
      });
      expect((await lastActivityOf(current.storyId)).getTime()).toBeGreaterThan(PAST.getTime());
      const [event] = await eventsOf(current);
      expect(event).toMatchObject({
        type: 'MEMBER_UPDATED',
        user: { id: current.admin.id, name: 'Ida Admin' },
        changes: [
          { field: 'email', old: reader.email, new: reader.email },
          { field: 'role', old: 'CTL_READER', new: 'ICT_MODELER' },
          { field: 'description', old: '', new: 'Models the ground floor' },
        ],
      });
      // The new role takes effect at once.
      const api = await apiAs(ctx.app, reader.id);
      expect(expectStatus<Story>(await api.get(current.base), 200).myRole).toBe('ICT_MODELER');
    });

    it('saves what is already stored without an event (200)', async () => {
      const current = await scene();
      const reader = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
      const memberId = await memberIdOf(current, reader.id);
      const before = await snapshotStory(ctx.app.db, current.storyId);
      expectStatus(
        await current.adminApi.put(`${current.base}/members/${memberId}`, {
          role: 'CTL_READER',
          description: '',
        }),
        200,
      );
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
    });

    it('answers 400 for an unknown role, a long description or an unknown field, changing nothing', async () => {
      const current = await scene();
      const reader = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
      const url = `${current.base}/members/${await memberIdOf(current, reader.id)}`;
      const before = await snapshotStory(ctx.app.db, current.storyId);
      for (const body of [
        { role: 'CTL_ADMIN', description: '' },
        { role: 'OWNER', description: '' },
        { description: '' },
        { role: 'ICT_MODELER', description: 'x'.repeat(501) },
        { role: 'ICT_MODELER', description: '', userId: current.admin.id },
      ]) {
        const problem = problemOf(await current.adminApi.put(url, body));
        expect(problem, JSON.stringify(body)).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
    });

    it('answers 404 for a member of another story or an unknown one', async () => {
      const current = await scene();
      const other = await scene();
      const elsewhere = await addStoryMember(ctx.app.db, other.storyId, 'CTL_READER');
      const foreignId = await memberIdOf(other, elsewhere.id);
      const body = { role: 'ICT_MODELER', description: '' };
      for (const id of [foreignId, 2_000_000_000]) {
        expect(
          problemOf(await current.adminApi.put(`${current.base}/members/${id}`, body)),
        ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(
          problemOf(await current.adminApi.delete(`${current.base}/members/${id}`)).status,
        ).toBe(404);
      }
      expect((await membersOf(other)).map((member) => member.role)).toEqual([
        'ICT_ADMIN',
        'CTL_READER',
      ]);
    });
  });

  describe('DELETE …/members/{memberId}', () => {
    it('removes a member (204) with their favourite, records MEMBER_REMOVED; the story then answers them 404', async () => {
      const current = await scene();
      const modeler = await addStoryMember(ctx.app.db, current.storyId, 'ICT_MODELER');
      const modelerApi = await apiAs(ctx.app, modeler.id);
      expectStatus(await modelerApi.put(`${current.base}/favourite`, { favourite: true }), 200);
      const memberId = await memberIdOf(current, modeler.id);
      expectStatus(await current.adminApi.delete(`${current.base}/members/${memberId}`), 204);
      expect((await membersOf(current)).map((member) => member.userId)).toEqual([current.admin.id]);
      expect((await lastActivityOf(current.storyId)).getTime()).toBeGreaterThan(PAST.getTime());
      const [event] = await eventsOf(current);
      expect(event).toMatchObject({
        type: 'MEMBER_REMOVED',
        user: { id: current.admin.id },
        changes: [
          { field: 'email', old: modeler.email, new: null },
          { field: 'role', old: 'ICT_MODELER', new: null },
        ],
      });
      expect(
        await ctx.app.db
          .select()
          .from(storyFavourites)
          .where(
            and(
              eq(storyFavourites.storyId, current.storyId),
              eq(storyFavourites.userId, modeler.id),
            ),
          ),
      ).toEqual([]);
      expect(problemOf(await modelerApi.get(current.base)).status).toBe(404);
      expect(problemOf(await modelerApi.get(`${current.base}/members`)).status).toBe(404);
    });
  });

  describe('the last ICT_ADMIN', () => {
    it('can be neither demoted nor removed (409 LAST_STORY_ADMIN), in the caller’s language', async () => {
      const current = await scene();
      await addStoryMember(ctx.app.db, current.storyId, 'ICT_MODELER');
      const url = `${current.base}/members/${await memberIdOf(current, current.admin.id)}`;
      const before = await snapshotStory(ctx.app.db, current.storyId);
      for (const role of NON_ADMIN_ROLES) {
        const problem = problemOf(await current.adminApi.put(url, { role, description: '' }));
        expect(problem).toMatchObject({ status: 409, code: 'LAST_STORY_ADMIN' });
      }
      const removal = problemOf(await current.adminApi.delete(url, { 'accept-language': 'cs' }));
      expect(removal).toMatchObject({
        status: 409,
        code: 'LAST_STORY_ADMIN',
        detail: 'Příběh musí mít alespoň jednoho správce. Nejprve udělejte správcem někoho jiného.',
      });
      expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
      // The description of the last admin may still change.
      expectStatus(
        await current.adminApi.put(url, { role: 'ICT_ADMIN', description: 'Owner' }),
        200,
      );
    });

    it('may step down or leave while another admin stays', async () => {
      const current = await scene();
      const second = await addStoryMember(ctx.app.db, current.storyId, 'ICT_ADMIN');
      const secondApi = await apiAs(ctx.app, second.id);
      const firstId = await memberIdOf(current, current.admin.id);
      const demoted = expectStatus<StoryMember>(
        await current.adminApi.put(`${current.base}/members/${firstId}`, {
          role: 'ICT_CUSTOMER',
          description: '',
        }),
        200,
      );
      expect(demoted.role).toBe('ICT_CUSTOMER');
      // The first admin is a customer now: members' admin actions are no longer theirs.
      expect(
        problemOf(await current.adminApi.delete(`${current.base}/members/${firstId}`)).status,
      ).toBe(403);
      const secondId = await memberIdOf(current, second.id);
      expect(problemOf(await secondApi.delete(`${current.base}/members/${secondId}`)).code).toBe(
        'LAST_STORY_ADMIN',
      );
      expectStatus(await secondApi.delete(`${current.base}/members/${firstId}`), 204);
      expect(problemOf(await current.adminApi.get(current.base)).status).toBe(404);
    });
  });

  describe('who may change members', () => {
    for (const role of NON_ADMIN_ROLES) {
      it(`answers 403 to ${role} on PUT and DELETE and changes nothing`, async () => {
        const current = await scene();
        const member = await addStoryMember(ctx.app.db, current.storyId, role);
        const other = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
        const api = await apiAs(ctx.app, member.id);
        const before = await snapshotStory(ctx.app.db, current.storyId);
        for (const target of [other.id, member.id, current.admin.id]) {
          const url = `${current.base}/members/${await memberIdOf(current, target)}`;
          const update = problemOf(await api.put(url, { role: 'ICT_ADMIN', description: '' }));
          expect(update).toMatchObject({ status: 403, code: 'FORBIDDEN' });
          expect(update.detail).toMatch(/Your role in this story/);
          expect(problemOf(await api.delete(url))).toMatchObject({
            status: 403,
            code: 'FORBIDDEN',
          });
        }
        expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
      });
    }

    for (const who of ['a colleague of the owner company', 'a user of another company']) {
      it(`answers 404 to ${who} who is no member, on every route, and changes nothing`, async () => {
        const current = await scene();
        const reader = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
        const url = `${current.base}/members/${await memberIdOf(current, reader.id)}`;
        const stranger = await createUser(
          ctx.app.db,
          who.startsWith('a colleague') ? { companyId } : {},
        );
        const api = await apiAs(ctx.app, stranger.id);
        const before = await snapshotStory(ctx.app.db, current.storyId);
        expect(problemOf(await api.get(`${current.base}/members`)).status).toBe(404);
        expect(problemOf(await api.put(url, { role: 'ICT_ADMIN', description: '' })).status).toBe(
          404,
        );
        expect(problemOf(await api.delete(url)).status).toBe(404);
        expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
      });
    }

    it('lets a promoted ICT_ADMIN manage members at once', async () => {
      const current = await scene();
      const promoted = await addStoryMember(ctx.app.db, current.storyId, 'ICT_VERIFIER');
      const reader = await addStoryMember(ctx.app.db, current.storyId, 'CTL_READER');
      const url = (userId: number) => memberIdOf(current, userId);
      expectStatus(
        await current.adminApi.put(`${current.base}/members/${await url(promoted.id)}`, {
          role: 'ICT_ADMIN' satisfies StoryMemberRole,
          description: '',
        }),
        200,
      );
      const api = await apiAs(ctx.app, promoted.id);
      expectStatus(await api.delete(`${current.base}/members/${await url(reader.id)}`), 204);
    });
  });
});
