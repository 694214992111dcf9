// The stored story calculation (decisions 0036, 0041): ETag and 304 for an unchanged story, and a new answer after every kind of change, whichever code makes it, calculated on the main thread or incrementally on the calculation thread.
import type { Instance, StoryCalculationDto } from '@costory/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogGroups,
  catalogItems,
  catalogRoles,
  storyInstanceLabels,
  storyInstances,
} from '../../src/db/schema';
import { publishItemVersion } from '../../src/modules/catalogs/items/item-versions.repository';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createGroup, createRole } from '../helpers/catalog-factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  createStoryLabel,
  storyBodies,
} from '../helpers/story-factories';

describe.each([
  ['on the main thread', 2000],
  ['on the calculation thread', 0],
])('stored story calculation, %s', (_where, calculationThreadInstances) => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let customer: ApiCaller;
  let base: string;
  let roleId: number;
  let itemId: number;
  let groupId: number;
  let instance: Instance;
  let labelId: number;
  let catalogId: number;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { calculationThreadInstances } });
    const db = ctx.app.db;
    catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    roleId = (await createRole(db, { catalogId, code: 'DEV', price: '100' })).id;
    groupId = (await createGroup(db, { catalogId, code: 'G' })).id;
    const published = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      groupId,
      repeatable: true,
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
      ],
      formulas: [{ roleId, level: 1, expression: 'screens' }],
    });
    itemId = published.item.id;
    const created = await createStory(db, { catalogId });
    base = `/api/v1/stories/${created.story.id}`;
    labelId = (await createStoryLabel(db, created.story.id, { title: 'L1' })).id;
    admin = await apiAs(ctx.app, created.admin.id);
    customer = await apiAs(
      ctx.app,
      (await addStoryMember(db, created.story.id, 'ICT_CUSTOMER')).id,
    );
    instance = expectStatus<Instance>(
      await admin.post(
        `${base}/instances`,
        storyBodies.instance(itemId, { values: { screens: 2 } }),
      ),
      201,
    );
  });
  afterAll(() => ctx.close());

  async function read(
    caller: ApiCaller,
    etag?: string,
  ): Promise<{ response: LightMyRequestResponse; etag: string }> {
    const response = await caller.get(
      `${base}/calculation`,
      etag === undefined ? {} : { 'if-none-match': etag },
    );
    const answered = response.headers.etag;
    if (typeof answered !== 'string') throw new Error('no ETag');
    return { response, etag: answered };
  }

  function total(response: LightMyRequestResponse): StoryCalculationDto['total'] {
    return expectStatus<StoryCalculationDto>(response, 200).total;
  }

  /** The ETag the admin holds now, after checking that the story answers 200 with `price`. */
  async function expectChangedTo(previous: string, price: string): Promise<string> {
    const { response, etag } = await read(admin, previous);
    expect(etag).not.toBe(previous);
    expect(total(response).price).toBe(price);
    return etag;
  }

  it('answers an unchanged story 304 Not Modified to the caller holding its ETag', async () => {
    const first = await read(admin);
    expect(total(first.response)).toEqual({ price: '200.00', mandays: 2 });
    expect(first.response.headers['cache-control']).toBe('private, no-cache');
    const again = await read(admin, first.etag);
    expect(again.response.statusCode).toBe(304);
    expect(again.response.body).toBe('');
    expect(again.etag).toBe(first.etag);
    // Without the ETag, the stored answer is the same answer.
    expect(total((await read(admin)).response)).toEqual({ price: '200.00', mandays: 2 });
  });

  it('answers anew after an instance is added, edited, labelled and removed', async () => {
    let etag = (await read(admin)).etag;
    const added = expectStatus<Instance>(
      await admin.post(
        `${base}/instances`,
        storyBodies.instance(itemId, { values: { screens: 3 } }),
      ),
      201,
    );
    etag = await expectChangedTo(etag, '500.00');
    instance = expectStatus<Instance>(
      await admin.put(`${base}/instances/${instance.id}`, {
        name: instance.name,
        description: instance.description,
        optional: false,
        level: 1,
        values: { screens: 4 },
        labelIds: [],
        revision: instance.revision,
      }),
      200,
    );
    etag = await expectChangedTo(etag, '700.00');
    // A label link alone changes no price, but the totals by label.
    await ctx.app.db.insert(storyInstanceLabels).values({ instanceId: instance.id, labelId });
    const labelled = await read(admin, etag);
    expect(labelled.etag).not.toBe(etag);
    expect(expectStatus<StoryCalculationDto>(labelled.response, 200).byLabel).toEqual([
      expect.objectContaining({ labelId, price: '400.00' }),
    ]);
    // A new name changes no figure: the stored answer stands.
    await ctx.app.db
      .update(storyInstances)
      .set({ name: 'Renamed' })
      .where(eq(storyInstances.id, instance.id));
    expect((await read(admin, labelled.etag)).response.statusCode).toBe(304);
    expectStatus(await admin.delete(`${base}/instances/${added.id}`), 204);
    await expectChangedTo(labelled.etag, '400.00');
  });

  it('answers anew after the catalog changes under the story: a price, a group, a published version', async () => {
    const db = ctx.app.db;
    let etag = (await read(admin)).etag;
    await db.update(catalogRoles).set({ price: '150' }).where(eq(catalogRoles.id, roleId));
    etag = await expectChangedTo(etag, '600.00');
    const parentId = (await createGroup(db, { catalogId, code: 'PARENT' })).id;
    await db.update(catalogGroups).set({ parentId }).where(eq(catalogGroups.id, groupId));
    const regrouped = await read(admin, etag);
    expect(regrouped.etag).not.toBe(etag);
    const byGroup = expectStatus<StoryCalculationDto>(regrouped.response, 200).byGroup;
    expect(byGroup.map((entry) => entry.groupId).sort()).toEqual([groupId, parentId].sort());
    const [item] = await db
      .update(catalogItems)
      .set({ version: 2 })
      .where(eq(catalogItems.id, itemId))
      .returning();
    if (!item) throw new Error('no item');
    // A draft edit (a new revision) changes nothing the calculation reads: still 304.
    const edited = await read(admin, regrouped.etag);
    expect(edited.response.statusCode).toBe(304);
    await publishItemVersion(db, itemId, item.version);
    const republished = await read(admin, edited.etag);
    expect(republished.etag).not.toBe(edited.etag);
    expect(republished.response.statusCode).toBe(200);
  });

  it('gives a customer, who reads no prices, an answer and an ETag of their own', async () => {
    const forAdmin = await read(admin);
    const forCustomer = await read(customer, forAdmin.etag);
    expect(forCustomer.etag).not.toBe(forAdmin.etag);
    expect(total(forCustomer.response).price).toBeNull();
    expect((await read(customer, forCustomer.etag)).response.statusCode).toBe(304);
    expect(total((await read(admin)).response).price).not.toBeNull();
  });
});
