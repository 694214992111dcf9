// Stories: create on a buildable catalog (creator is ICT_ADMIN), the name rules, read, versioned update, delete, favourites, and the list (filters, search, sorts, cursor).
import type { Story } from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, stories, storyEvents, storyMembers } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addClient, addMember, createCatalog } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createStory, storyBodies } from '../helpers/story-factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('stories', () => {
  let ctx: TestApp;
  let alice: CreatedUser;
  let aliceApi: ApiCaller;
  /** A PUBLIC catalog of another company: anyone may build on it. */
  let publicCatalogId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    alice = await createUser(ctx.app.db, { firstName: 'Alice', lastName: 'Planner' });
    aliceApi = await apiAs(ctx.app, alice.id);
    publicCatalogId = (
      await createCatalog(ctx.app.db, { visibility: 'PUBLIC', name: 'Shared prices', code: 'SHR' })
    ).catalog.id;
  });
  afterAll(() => ctx.close());

  async function storyRow(id: number) {
    const [row] = await ctx.app.db.select().from(stories).where(eq(stories.id, id));
    return row;
  }

  async function eventsOf(storyId: number) {
    return ctx.app.db
      .select()
      .from(storyEvents)
      .where(eq(storyEvents.storyId, storyId))
      .orderBy(asc(storyEvents.id));
  }

  describe('POST /api/v1/stories', () => {
    it('creates a story of the caller’s company with the caller as ICT_ADMIN (201)', async () => {
      const body = storyBodies.story(publicCatalogId, {
        name: '  Kancelář Brno  ',
        description: ' Stěhování ',
      });
      const created = expectStatus<Story>(await aliceApi.post('/api/v1/stories', body), 201);
      expect(created).toMatchObject({
        name: 'Kancelář Brno',
        description: 'Stěhování',
        catalog: {
          id: publicCatalogId,
          name: 'Shared prices',
          code: 'SHR',
          type: 'BDT',
          currency: 'EUR',
          defaultLanguage: 'en',
        },
        ownerCompany: { id: alice.companyId },
        createdBy: { id: alice.id, name: 'Alice Planner' },
        price: '0.00',
        estimatedMandays: 0,
        instanceCount: 0,
        errorCount: 0,
        favourite: false,
        myRole: 'ICT_ADMIN',
        version: 0,
      });
      expect(created.lastActivityAt).toBe(created.createdAt);
      const members = await ctx.app.db
        .select()
        .from(storyMembers)
        .where(eq(storyMembers.storyId, created.id));
      expect(members).toMatchObject([{ userId: alice.id, role: 'ICT_ADMIN' }]);
      expect(await eventsOf(created.id)).toMatchObject([
        {
          type: 'STORY_CREATED',
          userId: alice.id,
          changes: [
            { field: 'name', old: null, new: 'Kancelář Brno' },
            { field: 'description', old: null, new: 'Stěhování' },
            { field: 'catalog', old: null, new: 'SHR Shared prices' },
          ],
        },
      ]);
      expectStatus<Story>(await aliceApi.get(`/api/v1/stories/${created.id}`), 200);
    });

    it('refuses an empty or missing name with the spec’s message (400) and creates nothing', async () => {
      const before = await ctx.app.db.select().from(stories);
      for (const name of ['', '   ', undefined]) {
        const body = storyBodies.story(publicCatalogId, { name });
        const problem = problemOf(await aliceApi.post('/api/v1/stories', body));
        expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(problem.errors).toEqual([
          { field: 'name', rule: 'story_name_empty', message: 'Story name cannot be empty' },
        ]);
      }
      const cs = problemOf(
        await aliceApi.post('/api/v1/stories', storyBodies.story(publicCatalogId, { name: '' }), {
          'accept-language': 'cs',
        }),
      );
      expect(cs.errors?.[0]?.message).toBe('Název příběhu nesmí být prázdný');
      expect(await ctx.app.db.select().from(stories)).toHaveLength(before.length);
    });

    it('refuses a name the company uses, in any case, with 409 STORY_NAME_TAKEN on `name`; another company may use it', async () => {
      const body = storyBodies.story(publicCatalogId, { name: 'Data centre' });
      expectStatus(await aliceApi.post('/api/v1/stories', body), 201);
      const count = (await ctx.app.db.select().from(stories)).length;
      for (const name of ['Data centre', 'DATA CENTRE', ' data centre ']) {
        const problem = problemOf(
          await aliceApi.post('/api/v1/stories', storyBodies.story(publicCatalogId, { name })),
        );
        expect(problem).toMatchObject({ status: 409, code: 'STORY_NAME_TAKEN' });
        expect(problem.errors).toEqual([
          {
            field: 'name',
            rule: 'story_name_duplicate',
            message: 'Some story is already using this name',
          },
        ]);
      }
      expect(await ctx.app.db.select().from(stories)).toHaveLength(count);
      // A colleague of the same company is refused too …
      const colleague = await createUser(ctx.app.db, { companyId: alice.companyId });
      const colleagueApi = await apiAs(ctx.app, colleague.id);
      const clash = await colleagueApi.post('/api/v1/stories', body, { 'accept-language': 'cs' });
      expect(problemOf(clash).errors?.[0]?.message).toBe('Tento název už používá jiný příběh');
      // … but another company has its own names.
      const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
      expectStatus(await stranger.post('/api/v1/stories', body), 201);
    });

    it('builds on PUBLIC catalogs, PRIVATE ones as a member, PUBLIC_PAID ones as a client or the owner', async () => {
      const db = ctx.app.db;
      const user = await createUser(db);
      const api = await apiAs(ctx.app, user.id);
      const create = (catalogId: number) =>
        api.post('/api/v1/stories', storyBodies.story(catalogId));

      const privateCatalog = (await createCatalog(db, { visibility: 'PRIVATE' })).catalog;
      const count = (await db.select().from(stories)).length;
      expect(problemOf(await create(privateCatalog.id)).status).toBe(404);
      await addMember(db, privateCatalog.id, 'CTL_READER', user);
      expectStatus(await create(privateCatalog.id), 201);

      const paid = await createCatalog(db, { visibility: 'PUBLIC_PAID' });
      const refused = problemOf(await create(paid.catalog.id));
      expect(refused).toMatchObject({ status: 403, code: 'CATALOG_CLIENT_REQUIRED' });
      expect(refused.detail).toMatch(/client/);
      expect((await db.select().from(stories)).length).toBe(count + 1);
      await addClient(db, paid.catalog.id, user.companyId);
      expectStatus(await create(paid.catalog.id), 201);
      // The owner company's users need no grant.
      const ownerColleague = await createUser(db, { companyId: paid.admin.companyId });
      const colleagueApi = await apiAs(ctx.app, ownerColleague.id);
      expectStatus(
        await colleagueApi.post('/api/v1/stories', storyBodies.story(paid.catalog.id)),
        201,
      );

      const missing = problemOf(await create(2_000_000_000));
      expect(missing.status).toBe(404);
      const gone = (await createCatalog(db, { visibility: 'PUBLIC', deletedAt: new Date() }))
        .catalog;
      expect(problemOf(await create(gone.id)).status).toBe(404);
    });

    it('refuses unknown fields and a missing catalog (400)', async () => {
      const extra = await aliceApi.post('/api/v1/stories', {
        ...storyBodies.story(publicCatalogId),
        price: '1',
      });
      expect(problemOf(extra).status).toBe(400);
      const noCatalog = await aliceApi.post('/api/v1/stories', {
        name: 'Without catalog',
        description: '',
      });
      expect(problemOf(noCatalog).errors?.map((error) => error.field)).toEqual(['catalogId']);
    });
  });

  describe('GET, PUT and DELETE /api/v1/stories/{storyId}', () => {
    it('updates name and description with the current version, records the change and moves the last activity', async () => {
      const { story } = await createStory(ctx.app.db, {
        catalogId: publicCatalogId,
        admin: alice,
        name: 'Warehouse',
      });
      const url = `/api/v1/stories/${story.id}`;
      const before = expectStatus<Story>(await aliceApi.get(url), 200);
      const updated = expectStatus<Story>(
        await aliceApi.put(url, { name: 'Warehouse Ostrava', description: 'Hall B', version: 0 }),
        200,
      );
      expect(updated).toMatchObject({
        name: 'Warehouse Ostrava',
        description: 'Hall B',
        version: 1,
      });
      expect(updated.lastActivityAt > before.lastActivityAt).toBe(true);
      expect((await eventsOf(story.id)).at(-1)).toMatchObject({
        type: 'STORY_UPDATED',
        userId: alice.id,
        changes: [
          { field: 'name', old: 'Warehouse', new: 'Warehouse Ostrava' },
          { field: 'description', old: '', new: 'Hall B' },
        ],
      });
      // Saving the same again changes nothing, not even the version.
      const same = expectStatus<Story>(
        await aliceApi.put(url, { name: 'Warehouse Ostrava', description: 'Hall B', version: 1 }),
        200,
      );
      expect(same.version).toBe(1);
      // A different case of its own name is fine.
      expectStatus(
        await aliceApi.put(url, { name: 'WAREHOUSE Ostrava', description: 'Hall B', version: 1 }),
        200,
      );
    });

    it('answers 409 for a stale version and for a taken name, changing nothing', async () => {
      await createStory(ctx.app.db, { catalogId: publicCatalogId, admin: alice, name: 'Taken' });
      const { story } = await createStory(ctx.app.db, {
        catalogId: publicCatalogId,
        admin: alice,
      });
      const url = `/api/v1/stories/${story.id}`;
      const stale = problemOf(
        await aliceApi.put(url, { name: 'New', description: '', version: 3 }),
      );
      expect(stale).toMatchObject({ status: 409, code: 'CONFLICT' });
      expect(stale.detail).toMatch(/Someone else/);
      const taken = problemOf(
        await aliceApi.put(url, { name: 'taken', description: '', version: 0 }),
      );
      expect(taken).toMatchObject({ status: 409, code: 'STORY_NAME_TAKEN' });
      expect(taken.errors?.[0]?.field).toBe('name');
      expect(
        problemOf(await aliceApi.put(url, { name: '', description: '', version: 0 })).status,
      ).toBe(400);
      expect(await storyRow(story.id)).toEqual(story);
    });

    it('deletes the story with everything in it (204), after which it is 404', async () => {
      const { story } = await createStory(ctx.app.db, {
        catalogId: publicCatalogId,
        admin: alice,
      });
      const url = `/api/v1/stories/${story.id}`;
      expectStatus(await aliceApi.delete(url), 204);
      expect(problemOf(await aliceApi.get(url)).status).toBe(404);
      expect(await storyRow(story.id)).toBeUndefined();
      // Its name is free again.
      expectStatus(
        await aliceApi.post(
          '/api/v1/stories',
          storyBodies.story(publicCatalogId, { name: story.name }),
        ),
        201,
      );
    });

    it('answers 404 for a story the caller is not a member of, and 400 for an id that is none', async () => {
      const { story } = await createStory(ctx.app.db, { catalogId: publicCatalogId });
      // Alice's own company or another: a non-member never learns that it exists.
      const colleague = await createUser(ctx.app.db, { companyId: story.companyId });
      for (const api of [aliceApi, await apiAs(ctx.app, colleague.id)]) {
        const url = `/api/v1/stories/${story.id}`;
        expect(problemOf(await api.get(url)).status).toBe(404);
        expect(
          problemOf(await api.put(url, { name: 'x', description: '', version: 0 })).status,
        ).toBe(404);
        expect(problemOf(await api.delete(url)).status).toBe(404);
        expect(problemOf(await api.put(`${url}/favourite`, { favourite: true })).status).toBe(404);
      }
      expect(problemOf(await aliceApi.get('/api/v1/stories/abc')).status).toBe(400);
      expect(problemOf(await aliceApi.get('/api/v1/stories/99999999999')).status).toBe(400);
    });

    it('keeps a story readable after its catalog was deleted', async () => {
      const { catalog } = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
      const { story } = await createStory(ctx.app.db, { catalogId: catalog.id, admin: alice });
      await ctx.app.db
        .update(catalogs)
        .set({ deletedAt: new Date() })
        .where(eq(catalogs.id, catalog.id));
      expectStatus<Story>(await aliceApi.get(`/api/v1/stories/${story.id}`), 200);
    });
  });

  describe('favourites', () => {
    it('marks and unmarks a favourite per user, without an event or a new last activity', async () => {
      const { story } = await createStory(ctx.app.db, {
        catalogId: publicCatalogId,
        admin: alice,
      });
      const reader = await addStoryMember(ctx.app.db, story.id, 'CTL_READER');
      const readerApi = await apiAs(ctx.app, reader.id);
      const url = `/api/v1/stories/${story.id}/favourite`;
      const marked = expectStatus<Story>(await readerApi.put(url, { favourite: true }), 200);
      expect(marked.favourite).toBe(true);
      expect(marked.lastActivityAt).toBe(story.lastActivityAt.toISOString());
      // Twice is fine; other members are not affected.
      expectStatus(await readerApi.put(url, { favourite: true }), 200);
      const forAlice = expectStatus<Story>(await aliceApi.get(`/api/v1/stories/${story.id}`), 200);
      expect(forAlice.favourite).toBe(false);
      const unmarked = expectStatus<Story>(await readerApi.put(url, { favourite: false }), 200);
      expect(unmarked.favourite).toBe(false);
      expect(await eventsOf(story.id)).toEqual([]);
      expect(problemOf(await readerApi.put(url, { favourite: 'yes' })).status).toBe(400);
    });
  });

  describe('GET /api/v1/stories', () => {
    let lister: CreatedUser;
    let listerApi: ApiCaller;
    const names = ['Příprava', 'alpha', 'Beta', 'gamma', 'Delta'];
    const ids: number[] = [];

    beforeAll(async () => {
      const db = ctx.app.db;
      lister = await createUser(db);
      listerApi = await apiAs(ctx.app, lister.id);
      for (const [index, name] of names.entries()) {
        // Alternately created by the lister and by someone else who made them a member.
        if (index % 2 === 0) {
          ids.push(
            (await createStory(db, { catalogId: publicCatalogId, admin: lister, name })).story.id,
          );
        } else {
          const { story } = await createStory(db, { catalogId: publicCatalogId, name });
          await addStoryMember(db, story.id, 'ICT_CUSTOMER', lister);
          ids.push(story.id);
        }
      }
      // A story the lister is not a member of never shows.
      await createStory(db, { catalogId: publicCatalogId, name: 'Hidden' });
      // Last activity: gamma, then alpha, then the rest by creation.
      const now = Date.now();
      await db
        .update(stories)
        .set({ lastActivityAt: new Date(now + 60_000) })
        .where(eq(stories.id, ids[3] ?? 0));
      await db
        .update(stories)
        .set({ lastActivityAt: new Date(now + 30_000) })
        .where(eq(stories.id, ids[1] ?? 0));
      await listerApi.put(`/api/v1/stories/${ids[2]}/favourite`, { favourite: true });
      await listerApi.put(`/api/v1/stories/${ids[4]}/favourite`, { favourite: true });
    });

    async function listAll(query: string): Promise<Story[]> {
      const all: Story[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/v1/stories?${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = expectStatus<Page<Story>>(await listerApi.get(url), 200);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return all;
    }

    it('lists the stories the caller is a member of, by last activity (default), with role and favourite', async () => {
      const listed = await listAll('');
      expect(listed.map((story) => story.name)).toEqual([
        'gamma',
        'alpha',
        'Delta',
        'Beta',
        'Příprava',
      ]);
      expect(listed.find((story) => story.name === 'alpha')).toMatchObject({
        myRole: 'ICT_CUSTOMER',
        favourite: false,
      });
      expect(listed.find((story) => story.name === 'Beta')).toMatchObject({
        myRole: 'ICT_ADMIN',
        favourite: true,
      });
    });

    it('filters personal (created by me) and favourite stories', async () => {
      const personal = await listAll('filter=personal&sort=name');
      expect(personal.map((story) => story.name)).toEqual(['Beta', 'Delta', 'Příprava']);
      const favourite = await listAll('filter=favourite&sort=name');
      expect(favourite.map((story) => story.name)).toEqual(['Beta', 'Delta']);
    });

    it('searches the name without regard to case and accents', async () => {
      expect((await listAll('q=PRIPRAVA')).map((story) => story.name)).toEqual(['Příprava']);
      expect((await listAll('q=ta')).map((story) => story.name).sort()).toEqual(['Beta', 'Delta']);
      expect(await listAll('q=100%25')).toEqual([]);
    });

    it('sorts by name A to Z and by creation newest first', async () => {
      const byName = (await listAll('sort=name')).map((story) => story.name);
      expect(byName.map((name) => name.toLowerCase())).toEqual([
        'alpha',
        'beta',
        'delta',
        'gamma',
        'příprava',
      ]);
      const byCreation = (await listAll('sort=created')).map((story) => story.id);
      expect(byCreation).toEqual([...ids].reverse());
    });

    it('pages by cursor without gaps or repeats, for every sort and filter', async () => {
      for (const sort of ['lastActivity', 'name', 'created']) {
        for (const filter of ['all', 'personal', 'favourite']) {
          const whole = (await listAll(`sort=${sort}&filter=${filter}&limit=200`)).map(
            (story) => story.id,
          );
          const paged = (await listAll(`sort=${sort}&filter=${filter}&limit=2`)).map(
            (story) => story.id,
          );
          expect(paged).toEqual(whole);
        }
      }
    });

    it('answers 400 for a cursor that is not one, and for an unknown filter or sort', async () => {
      const bad = problemOf(await listerApi.get('/api/v1/stories?cursor=not-a-cursor'));
      expect(bad.errors?.[0]).toMatchObject({ field: 'cursor', rule: 'cursor' });
      const wrongShape = Buffer.from(JSON.stringify([1])).toString('base64url');
      expect(problemOf(await listerApi.get(`/api/v1/stories?cursor=${wrongShape}`)).status).toBe(
        400,
      );
      expect(problemOf(await listerApi.get('/api/v1/stories?filter=mine')).status).toBe(400);
      expect(problemOf(await listerApi.get('/api/v1/stories?sort=price')).status).toBe(400);
    });
  });

  it('describes the story routes in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses: Record<string, unknown> }>
      >;
    }>();
    const paths = document.paths;
    expect(paths['/api/v1/stories']?.post?.responses).toHaveProperty('201');
    expect(paths['/api/v1/stories/{storyId}']?.put?.tags).toEqual(['stories']);
    expect(
      paths['/api/v1/stories/{storyId}/instances/{instanceId}/copy']?.post?.responses,
    ).toHaveProperty('201');
    expect(
      paths['/api/v1/stories/{storyId}/instances/{instanceId}/verification']?.put?.responses,
    ).toHaveProperty('200');
    expect(paths['/api/v1/stories/{storyId}/labels/{labelId}']?.delete?.responses).toHaveProperty(
      '200',
    );
    expect(paths['/api/v1/stories/{storyId}/calculation']?.get?.responses).toHaveProperty('200');
    expect(paths['/api/v1/stories/{storyId}/events']?.get?.responses).toHaveProperty('200');
  });
});
