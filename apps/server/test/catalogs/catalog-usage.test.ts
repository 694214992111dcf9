// Deleting a catalog that stories use (decision 0029): GET …/usage names the stories, DELETE wants their number confirmed, and the stories stay readable but take no new instances.
import type { CatalogUsage, Story, StoryCatalog } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addMember, createCatalog } from '../helpers/catalog-factories';
import type { CreatedUser } from '../helpers/factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  storyBodies,
} from '../helpers/story-factories';

describe('catalog usage and deletion', () => {
  let ctx: TestApp;
  let admin: CreatedUser;
  let adminApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  /** A PUBLIC catalog with an admin, stories "Bridge" and "Annex" the admin is a member of, and one they are not. */
  async function catalogWithStories() {
    const db = ctx.app.db;
    const created = await createCatalog(db, { visibility: 'PUBLIC' });
    admin = created.admin;
    adminApi = await apiAs(ctx.app, admin.id);
    const bridge = await createStory(db, { catalogId: created.catalog.id, name: 'Bridge' });
    await addStoryMember(db, bridge.story.id, 'ICT_VERIFIER', admin);
    const annex = await createStory(db, { catalogId: created.catalog.id, name: 'Annex' });
    await addStoryMember(db, annex.story.id, 'ICT_VERIFIER', admin);
    const other = await createStory(db, { catalogId: created.catalog.id, name: 'Secret' });
    return { catalog: created.catalog, bridge, annex, other };
  }

  describe('GET /api/v1/catalogs/{catalogId}/usage', () => {
    it('names the stories the admin is a member of and counts the others (200)', async () => {
      const { catalog, bridge, annex } = await catalogWithStories();
      const usage = expectStatus<CatalogUsage>(
        await adminApi.get(`/api/v1/catalogs/${catalog.id}/usage`),
        200,
      );
      expect(usage).toEqual({
        stories: [
          { id: annex.story.id, name: 'Annex' },
          { id: bridge.story.id, name: 'Bridge' },
        ],
        hiddenCount: 1,
      });
      const empty = await createCatalog(ctx.app.db);
      expect(
        expectStatus(
          await (
            await apiAs(ctx.app, empty.admin.id)
          ).get(`/api/v1/catalogs/${empty.catalog.id}/usage`),
          200,
        ),
      ).toEqual({ stories: [], hiddenCount: 0 });
    });

    it('answers 401 without sign-in, 403 to a member who may not delete, 404 to a stranger and for an unknown catalog', async () => {
      const { catalog } = await catalogWithStories();
      const url = `/api/v1/catalogs/${catalog.id}/usage`;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const inspector = await addMember(ctx.app.db, catalog.id, 'CTL_INSPECTOR');
      expect(problemOf(await (await apiAs(ctx.app, inspector.id)).get(url)).status).toBe(403);
      const stranger = (await createCatalog(ctx.app.db)).admin;
      const privateCatalog = (await createCatalog(ctx.app.db)).catalog;
      expect(
        problemOf(
          await (
            await apiAs(ctx.app, stranger.id)
          ).get(`/api/v1/catalogs/${privateCatalog.id}/usage`),
        ).status,
      ).toBe(404);
      expect(problemOf(await adminApi.get('/api/v1/catalogs/99999999/usage')).status).toBe(404);
      expect(problemOf(await adminApi.get('/api/v1/catalogs/abc/usage')).status).toBe(400);
    });
  });

  describe('DELETE /api/v1/catalogs/{catalogId} with stories', () => {
    it('refuses without the stories’ number (409 CATALOG_IN_USE naming them, en and cs) and deletes with it (204)', async () => {
      const { catalog } = await catalogWithStories();
      const url = `/api/v1/catalogs/${catalog.id}`;
      for (const query of ['', '?confirmStories=2', '?confirmStories=0']) {
        const refused = problemOf(await adminApi.delete(`${url}${query}`));
        expect(refused).toMatchObject({ status: 409, code: 'CATALOG_IN_USE' });
        expect(refused.detail).toBe(
          'Stories use this catalog (3): Annex, Bridge and 1 you are not a member of. They stay readable with their figures, but no items can be added to them. Confirm their number to delete the catalog.',
        );
      }
      const czech = problemOf(await adminApi.delete(url, { 'accept-language': 'cs' }));
      expect(czech.detail).toBe(
        'Tento katalog používají příběhy (3): Annex, Bridge a 1, jehož nejste členem. Zůstanou čitelné i se svými čísly, ale nepůjde do nich přidávat položky. Pro smazání katalogu potvrďte jejich počet.',
      );
      expect(problemOf(await adminApi.delete(`${url}?confirmStories=-1`)).status).toBe(400);
      expectStatus(await adminApi.get(url), 200);

      expect((await adminApi.delete(`${url}?confirmStories=3`)).statusCode).toBe(204);
      expect((await adminApi.get(url)).statusCode).toBe(404);
    });

    it('leaves the stories readable with their figures, says the catalog is gone and takes no new instance (409)', async () => {
      const db = ctx.app.db;
      const created = await createCatalog(db, { visibility: 'PUBLIC' });
      const item = await createPublishedItem(db, { catalogId: created.catalog.id, code: 'DESK' });
      const { story, admin: storyAdmin } = await createStory(db, {
        catalogId: created.catalog.id,
      });
      const storyApi = await apiAs(ctx.app, storyAdmin.id);
      const base = `/api/v1/stories/${story.id}`;
      expectStatus(
        await storyApi.post(`${base}/instances`, storyBodies.instance(item.item.id)),
        201,
      );
      const before = expectStatus<Story>(await storyApi.get(base), 200);
      expect(before.catalog.deleted).toBe(false);

      const catalogAdmin = await apiAs(ctx.app, created.admin.id);
      expect(
        (await catalogAdmin.delete(`/api/v1/catalogs/${created.catalog.id}?confirmStories=1`))
          .statusCode,
      ).toBe(204);

      const after = expectStatus<Story>(await storyApi.get(base), 200);
      expect(after).toMatchObject({
        catalog: { deleted: true },
        price: before.price,
        instanceCount: 1,
      });
      const catalog = expectStatus<StoryCatalog>(await storyApi.get(`${base}/catalog`), 200);
      expect(
        catalog.items.map(({ code, addable, inStory }) => ({ code, addable, inStory })),
      ).toEqual([{ code: 'DESK', addable: false, inStory: true }]);
      const refused = problemOf(
        await storyApi.post(`${base}/instances`, storyBodies.instance(item.item.id)),
      );
      expect(refused).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        detail: 'The story’s catalog has been deleted; no items can be added from it.',
      });
    });
  });
});
