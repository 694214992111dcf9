// The story list is served from each process's memory until something it shows changes: a write answered by this process at once, any other writer's statement through the triggers' notice (decision 0040).
import type { Story } from '@costory/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, stories } from '../../src/db/schema';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import { createStory } from '../helpers/story-factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('the story list cache', () => {
  let ctx: TestApp;
  let ida: CreatedUser;
  let idaApi: ApiCaller;
  let catalogId: number;
  let storyId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ida = await createUser(ctx.app.db, { firstName: 'Ida', lastName: 'Story' });
    idaApi = await apiAs(ctx.app, ida.id);
    catalogId = (await createCatalog(ctx.app.db, { visibility: 'PUBLIC', name: 'Prices' })).catalog
      .id;
    storyId = (await createStory(ctx.app.db, { catalogId, admin: ida, name: 'Warehouse' })).story
      .id;
  });
  afterAll(() => ctx.close());

  const names = async () =>
    expectStatus<Page<Story>>(await idaApi.get('/api/v1/stories'), 200).items.map(
      (story) => `${story.name} (${story.catalog.name})`,
    );

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The list is kept, and no notice of earlier writes is still on its way to forget it. */
  async function kept(): Promise<void> {
    const deadline = Date.now() + 2000;
    await names();
    await pause(100);
    while (ctx.app.storyLists.size === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await names();
      await pause(100);
    }
  }

  /** PostgreSQL's notice reaches the listening connection a moment after the commit. */
  async function eventually(expected: string[]): Promise<void> {
    const deadline = Date.now() + 2000;
    let seen = await names();
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await names();
    }
    expect(seen).toEqual(expected);
  }

  it('answers a page from memory: a change nobody is told of is not seen', async () => {
    expect(await names()).toEqual(['Warehouse (Prices)']);
    await kept();
    await ctx.app.db.execute(sql`ALTER TABLE stories DISABLE TRIGGER costory_story_lists_changed`);
    try {
      await ctx.app.db.update(stories).set({ name: 'Unseen' }).where(eq(stories.id, storyId));
      expect(await names()).toEqual(['Warehouse (Prices)']);
    } finally {
      await ctx.app.db.update(stories).set({ name: 'Warehouse' }).where(eq(stories.id, storyId));
      await ctx.app.db.execute(sql`ALTER TABLE stories ENABLE TRIGGER costory_story_lists_changed`);
    }
  });

  it('shows a write this process answered at once, without waiting for the notice', async () => {
    await kept();
    const story = expectStatus<Story>(await idaApi.get(`/api/v1/stories/${String(storyId)}`), 200);
    // No notice at all: only the answered write itself may forget the kept pages.
    await ctx.app.db.execute(sql`ALTER TABLE stories DISABLE TRIGGER costory_story_lists_changed`);
    try {
      expectStatus(
        await idaApi.put(`/api/v1/stories/${String(storyId)}`, {
          name: 'Warehouse B',
          description: '',
          version: story.version,
        }),
        200,
      );
      expect(await names()).toEqual(['Warehouse B (Prices)']);
    } finally {
      await ctx.app.db.execute(sql`ALTER TABLE stories ENABLE TRIGGER costory_story_lists_changed`);
    }
  });

  it('hears any other writer: the story, its catalog, a new story', async () => {
    expect(await names()).toEqual(['Warehouse B (Prices)']);
    await ctx.app.db.update(catalogs).set({ name: 'New prices' }).where(eq(catalogs.id, catalogId));
    await eventually(['Warehouse B (New prices)']);
    await createStory(ctx.app.db, { catalogId, admin: ida, name: 'Depot' });
    await eventually(['Depot (New prices)', 'Warehouse B (New prices)']);
  });
});
