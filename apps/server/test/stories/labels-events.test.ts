// Story labels (CRUD with usage counts, deleting applied ones) and the story's event list (newest first, by instance, cursor).
import type { Instance, StoryCalculationDto, StoryEvent, StoryLabel } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import type { CreatedUser } from '../helpers/factories';
import {
  createPublishedItem,
  createStory,
  storyBodies,
  type PublishedItem,
} from '../helpers/story-factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('story labels and events', () => {
  let ctx: TestApp;
  let catalogId: number;
  let item: PublishedItem;
  let admin: CreatedUser;
  let adminApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    const role = await createRole(db, { catalogId, code: 'DEV', price: '100' });
    item = await createPublishedItem(db, {
      catalogId,
      repeatable: true,
      formulas: [{ roleId: role.id, expression: '1' }],
    });
    admin = (await createStory(db, { catalogId })).admin;
    adminApi = await apiAs(ctx.app, admin.id);
  });
  afterAll(() => ctx.close());

  async function freshBase(): Promise<string> {
    const { story } = await createStory(ctx.app.db, { catalogId, admin });
    return `/api/v1/stories/${story.id}`;
  }

  it('creates, reads, updates and deletes labels with their usage count', async () => {
    const base = await freshBase();
    const created = expectStatus<StoryLabel>(
      await adminApi.post(`${base}/labels`, storyBodies.label({ title: ' Phase one ' })),
      201,
    );
    expect(created).toMatchObject({
      title: 'Phase one',
      description: '',
      color: '#00aa55',
      usageCount: 0,
    });
    const other = expectStatus<StoryLabel>(
      await adminApi.post(`${base}/labels`, storyBodies.label({ title: 'Extras' })),
      201,
    );
    const add = (labelIds: number[]) =>
      adminApi.post(`${base}/instances`, storyBodies.instance(item.item.id, { labelIds }));
    expectStatus<Instance>(await add([created.id]), 201);
    expectStatus<Instance>(await add([created.id, other.id]), 201);
    const list = expectStatus<StoryLabel[]>(await adminApi.get(`${base}/labels`), 200);
    expect(list.map((label) => [label.title, label.usageCount])).toEqual([
      ['Extras', 1],
      ['Phase one', 2],
    ]);
    const updated = expectStatus<StoryLabel>(
      await adminApi.put(
        `${base}/labels/${created.id}`,
        storyBodies.label({ title: 'Phase 1', color: '#123ABC' }),
      ),
      200,
    );
    expect(updated).toMatchObject({ title: 'Phase 1', color: '#123abc', usageCount: 2 });
    expect(
      expectStatus<StoryLabel>(await adminApi.get(`${base}/labels/${created.id}`), 200).usageCount,
    ).toBe(2);

    // Deleting an applied label is allowed: it answers the label as it was and takes it off.
    const deleted = expectStatus<StoryLabel>(
      await adminApi.delete(`${base}/labels/${created.id}`),
      200,
    );
    expect(deleted).toMatchObject({ id: created.id, usageCount: 2 });
    expect(problemOf(await adminApi.get(`${base}/labels/${created.id}`)).status).toBe(404);
    const instances = expectStatus<Page<Instance>>(await adminApi.get(`${base}/instances`), 200);
    expect(instances.items.map((instance) => instance.labelIds)).toEqual([[], [other.id]]);
    const calculation = expectStatus<StoryCalculationDto>(
      await adminApi.get(`${base}/calculation`),
      200,
    );
    expect(calculation.byLabel).toEqual([{ labelId: other.id, price: '100.00', mandays: 1 }]);
  });

  it('checks label fields (400) and answers 404 for a label of another story', async () => {
    const base = await freshBase();
    const bad = problemOf(
      await adminApi.post(`${base}/labels`, storyBodies.label({ title: '', color: 'red' })),
    );
    expect(bad.errors?.map((error) => error.field).sort()).toEqual(['color', 'title']);
    const otherBase = await freshBase();
    const foreign = expectStatus<StoryLabel>(
      await adminApi.post(`${otherBase}/labels`, storyBodies.label()),
      201,
    );
    expect(problemOf(await adminApi.get(`${base}/labels/${foreign.id}`)).status).toBe(404);
    expect(
      problemOf(await adminApi.put(`${base}/labels/${foreign.id}`, storyBodies.label())).status,
    ).toBe(404);
    expect(problemOf(await adminApi.delete(`${base}/labels/${foreign.id}`)).status).toBe(404);
  });

  it('lists the story’s events newest first with their author, by instance, paged by cursor', async () => {
    const base = await freshBase();
    const label = expectStatus<StoryLabel>(
      await adminApi.post(`${base}/labels`, storyBodies.label()),
      201,
    );
    const first = expectStatus<Instance>(
      await adminApi.post(`${base}/instances`, storyBodies.instance(item.item.id)),
      201,
    );
    const second = expectStatus<Instance>(
      await adminApi.post(`${base}/instances`, storyBodies.instance(item.item.id)),
      201,
    );
    expectStatus(
      await adminApi.put(`${base}/instances/${first.id}`, {
        name: 'Renamed',
        description: '',
        optional: false,
        level: 1,
        values: {},
        labelIds: [label.id],
        revision: 0,
      }),
      200,
    );
    expectStatus(
      await adminApi.put(`${base}/labels/${label.id}`, storyBodies.label({ title: 'Other' })),
      200,
    );
    expectStatus(await adminApi.delete(`${base}/instances/${second.id}`), 204);

    const page = expectStatus<Page<StoryEvent>>(await adminApi.get(`${base}/events`), 200);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((event) => event.type)).toEqual([
      'INSTANCE_DELETED',
      'LABEL_UPDATED',
      'INSTANCE_UPDATED',
      'INSTANCE_CREATED',
      'INSTANCE_CREATED',
      'LABEL_CREATED',
    ]);
    expect(page.items[2]).toMatchObject({
      instanceId: first.id,
      user: { id: admin.id, name: 'Ida Story' },
      changes: [
        { field: 'name', old: '', new: 'Renamed' },
        { field: 'labelIds', old: [], new: [label.id] },
      ],
    });
    expect(page.items[1]?.changes).toEqual([{ field: 'title', old: 'Phase one', new: 'Other' }]);
    const ofFirst = expectStatus<Page<StoryEvent>>(
      await adminApi.get(`${base}/events?instanceId=${first.id}`),
      200,
    );
    expect(ofFirst.items.map((event) => event.type)).toEqual([
      'INSTANCE_UPDATED',
      'INSTANCE_CREATED',
    ]);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${base}/events?limit=4${cursor === null ? '' : `&cursor=${cursor}`}`;
      const next = expectStatus<Page<StoryEvent>>(await adminApi.get(url), 200);
      paged.push(...next.items.map((event) => event.type));
      cursor = next.nextCursor;
    } while (cursor !== null);
    expect(paged).toEqual(page.items.map((event) => event.type));
    expect(problemOf(await adminApi.get(`${base}/events?cursor=zzz`)).status).toBe(400);
  });
});
