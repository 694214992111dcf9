// Hostile and careless input found by an outside review (issue 13): every case answers 400/404 problem+json, never a 500, and changes nothing it should not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/lib/cursor';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bodies, createCatalog, createLabel, createRole } from './helpers/catalog-factories';
import { createUser, type CreatedUser } from './helpers/factories';
import {
  createPublishedItem,
  createStory,
  createStoryLabel,
  storyBodies,
  type PublishedItem,
} from './helpers/story-factories';

describe('hostile and careless input', () => {
  let ctx: TestApp;
  let owner: CreatedUser;
  let api: ApiCaller;
  let stranger: ApiCaller;
  let catalogId: number;
  let storyId: number;
  let item: PublishedItem;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const created = await createCatalog(db, { visibility: 'PUBLIC' });
    catalogId = created.catalog.id;
    owner = created.admin;
    api = await apiAs(ctx.app, owner.id);
    stranger = await apiAs(ctx.app, (await createUser(db)).id);
    const role = await createRole(db, { catalogId, code: 'DEV', price: '850.5' });
    item = await createPublishedItem(db, {
      catalogId,
      code: 'AREA',
      repeatable: true,
      attributes: [{ level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' }],
      formulas: [{ roleId: role.id, expression: 'area * 2' }],
    });
    storyId = (await createStory(db, { catalogId, admin: owner })).story.id;
  });
  afterAll(() => ctx.close());

  describe('text limits hold on the way in and out', () => {
    it('refuses a catalog description over 4,000 characters, and the list keeps working', async () => {
      const longText = 'x'.repeat(4001);
      const response = await api.post(
        '/api/v1/catalogs',
        bodies.catalog({ visibility: 'PUBLIC', description: { en: longText, cs: 'Popis' } }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(problemOf(response).errors?.map((error) => error.field)).toContain('description.en');
      expectStatus(await stranger.get('/api/v1/catalogs'), 200);
    });

    it('accepts a description of exactly 4,000 characters and sends it back', async () => {
      const text = 'y'.repeat(4000);
      const created = expectStatus<{ id: number; description: Record<string, string> }>(
        await api.post(
          '/api/v1/catalogs',
          bodies.catalog({ visibility: 'PUBLIC', description: { en: text, cs: 'Popis' } }),
        ),
        201,
      );
      expect(created.description.en).toHaveLength(4000);
      expectStatus(await stranger.get('/api/v1/catalogs'), 200);
    });
  });

  describe('characters no text may hold', () => {
    const cases = [
      ['NUL', 'Bad\u0000name'],
      ['a lone surrogate', 'Bad\ud800name'],
      ['a right-to-left override', 'gnp.\u202Eexe'],
      ['a directional isolate', 'name\u2066x\u2069'],
    ] as const;

    it.each(cases)(
      'refuses %s in a story name with a field message (en and cs)',
      async (_, name) => {
        const response = await api.post('/api/v1/stories', storyBodies.story(catalogId, { name }));
        expect(response.statusCode, response.body).toBe(400);
        const problem = problemOf(response);
        expect(problem.errors).toEqual([
          expect.objectContaining({ field: 'name', rule: 'text_characters' }),
        ]);
        const czech = problemOf(
          await api.post('/api/v1/stories', storyBodies.story(catalogId, { name }), {
            'accept-language': 'cs',
          }),
        );
        expect(czech.errors?.[0]?.message).toMatch(/nepovolené znaky/);
      },
    );

    it.each(cases)('refuses %s in a label title', async (_, text) => {
      const label = await api.post(
        `/api/v1/stories/${storyId}/labels`,
        storyBodies.label({ title: text }),
      );
      expect(label.statusCode, label.body).toBe(400);
      expect(problemOf(label).errors?.[0]?.field).toBe('title');
    });

    it.each([
      ['NUL', 'Bad%00name'],
      ['a right-to-left override', 'gnp.%E2%80%AEexe'],
    ])('refuses %s in a search query', async (_, encoded) => {
      const response = await api.get(`/api/v1/stories?q=${encoded}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(problemOf(response).errors?.[0]?.field).toBe('q');
    });

    it('reads the bytes of a lone surrogate in a query (no UTF-8) without a server error', async () => {
      const response = await api.get('/api/v1/stories?q=Bad%ED%A0%80name');
      expect(response.statusCode, response.body).toBeLessThan(500);
    });

    it('refuses NUL in registration before anything reaches the database', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/registrations',
        headers: { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' },
        payload: {
          company: {
            name: 'Firma',
            email: 'firma@example.test',
            country: 'CZ',
            city: 'Brno',
            street: 'Hlavní',
            streetNumber: '1',
            zip: '60200',
          },
          user: {
            firstName: 'Ja\u0000na',
            lastName: 'Nová',
            email: 'jana-nul@example.test',
            password: 'Heslo1234x',
            passwordConfirmation: 'Heslo1234x',
          },
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(problemOf(response).errors?.map((error) => error.field)).toContain('user.firstName');
    });

    it('refuses a lone surrogate in an object key of instance values', async () => {
      const response = await api.post(
        `/api/v1/stories/${storyId}/instances`,
        storyBodies.instance(item.item.id, { values: { 'ar\ud800ea': 1 } }),
      );
      expect(response.statusCode, response.body).toBe(400);
      problemOf(response);
    });
  });

  describe('ids in URLs have one spelling', () => {
    it.each(['0x1', '1e0', '1.0', '+1', '1%20', '%201', '01', '0', '-1', '1_0'])(
      'answers /stories/%s with 400, not as story 1',
      async (id) => {
        const response = await api.get(`/api/v1/stories/${id}`);
        expect(response.statusCode, response.body).toBe(400);
        problemOf(response);
      },
    );

    it('does not delete label 1 through DELETE labels/1%20', async () => {
      const label = await createStoryLabel(ctx.app.db, storyId);
      const response = await api.delete(`/api/v1/stories/${storyId}/labels/${label.id}%20`);
      expect(response.statusCode).toBe(400);
      expectStatus(await api.get(`/api/v1/stories/${storyId}/labels/${label.id}`), 200);
    });

    it.each([
      ['a path id', () => `/api/v1/stories/99999999999`],
      ['a group filter', () => `/api/v1/catalogs/${catalogId}/items?groupId=99999999999`],
      ['a label filter', () => `/api/v1/catalogs/${catalogId}/items?labelIds=1,99999999999`],
      ['a label filter of 0', () => `/api/v1/stories/${storyId}/instances?labelIds=0`],
      ['an event filter', () => `/api/v1/stories/${storyId}/events?instanceId=4294967296`],
      [
        'a formula revision',
        () => `/api/v1/catalogs/${catalogId}/items/${item.item.id}/formulas?roleId=1&revision=1e20`,
      ],
    ])('answers %s beyond the database range with 400', async (_, url) => {
      const response = url().includes('formulas') ? await api.delete(url()) : await api.get(url());
      expect(response.statusCode, response.body).toBe(400);
      problemOf(response);
    });

    it('answers an id beyond range in a body with 400', async () => {
      const response = await api.post(
        `/api/v1/stories/${storyId}/instances`,
        storyBodies.instance(99_999_999_999),
      );
      expect(response.statusCode, response.body).toBe(400);
      const version = await api.put(`/api/v1/stories/${storyId}`, {
        name: 'Renamed',
        description: '',
        version: 2 ** 40,
      });
      expect(version.statusCode, version.body).toBe(400);
    });
  });

  describe('tampered cursors', () => {
    it.each([
      ['a timestamp that is no date', ['2026-13-45T99:99:99.000000', 1]],
      ['a timestamp of 30 February', ['2026-02-30T10:00:00.000000', 1]],
      ['a free text as a timestamp', ["'; drop table stories; --", 1]],
      ['an id beyond range', ['2026-01-01T10:00:00.000000', 99_999_999_999]],
    ])('answers a story list cursor with %s with 400', async (_, values) => {
      const cursor = encodeCursor(values);
      const response = await api.get(`/api/v1/stories?sort=created&cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(problemOf(response).errors?.[0]?.field).toBe('cursor');
    });

    it('answers a catalog list cursor with a tampered timestamp with 400', async () => {
      const cursor = encodeCursor(['not a time', 1]);
      const response = await api.get(`/api/v1/catalogs?sort=updatedAt&cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(400);
    });

    it('answers an instance list cursor beyond range with 400', async () => {
      const cursor = encodeCursor([2 ** 53]);
      const response = await api.get(`/api/v1/stories/${storyId}/instances?cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(400);
    });
  });

  describe('numbers beyond what a price can hold', () => {
    it.each([
      ['2^53', 2 ** 53],
      ['1e15', 1e15],
      ['1e300', 1e300],
    ])(
      'answers an instance value of %s with a field message, and the story stays intact',
      async (_, area) => {
        const response = await api.post(
          `/api/v1/stories/${storyId}/instances`,
          storyBodies.instance(item.item.id, { values: { area } }),
        );
        expect(response.statusCode, response.body).toBe(400);
        const problem = problemOf(response);
        expect(problem.errors?.[0]?.field).toBe('values.area');
        expectStatus(await api.get(`/api/v1/stories/${storyId}/calculation`), 200);
        expectStatus(await api.get(`/api/v1/stories/${storyId}`), 200);
      },
    );

    it('still prices a large but sensible value', async () => {
      const created = expectStatus<{ price: string }>(
        await api.post(
          `/api/v1/stories/${storyId}/instances`,
          storyBodies.instance(item.item.id, { values: { area: 1_000_000 } }),
        ),
        201,
      );
      expect(created.price).toBe('1701000000.00');
    });
  });

  it('answers a label of another catalog in a body as a field error, not a 500', async () => {
    const other = await createCatalog(ctx.app.db);
    const foreign = await createLabel(ctx.app.db, { catalogId: other.catalog.id });
    const response = await api.post(
      `/api/v1/catalogs/${catalogId}/items`,
      bodies.item({ labelIds: [foreign.id] }),
    );
    expect(response.statusCode).toBeLessThan(500);
  });
});
