// Story instances: which items may be instantiated, level range and value typing against the published version, repeatable items, revisions, verification, copies, deletion, the list's filters, and the story's cached totals after each write.
import type { Instance, Item, Story, StoryCalculationDto } from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItems,
  stories,
  storyEvents,
  storyInstanceLabels,
  storyInstances,
  type CatalogRoleRow,
  type StoryRow,
} from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  createCatalog,
  createGroup,
  createItem,
  createPhase,
  createRole,
} from '../helpers/catalog-factories';
import type { CreatedUser } from '../helpers/factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  createStoryLabel,
  storyBodies,
  type PublishedItem,
} from '../helpers/story-factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('story instances', () => {
  let ctx: TestApp;
  let catalogId: number;
  let catalogAdmin: ApiCaller;
  let developer: CatalogRoleRow;
  let tester: CatalogRoleRow;
  let groupTop: number;
  let groupSub: number;
  let groupOther: number;
  /** Repeatable, in the sub-group: length (NUMBER, mandatory), layers (INTEGER, default 2, L2), kind (ENUM), urgent (BOOLEAN), note (TEXT, L2). */
  let wall: PublishedItem;
  /** Not repeatable, in another group, no attributes: a fixed 2 MD. */
  let survey: PublishedItem;
  let admin: CreatedUser;
  let adminApi: ApiCaller;
  let modelerApi: ApiCaller;
  let verifier: CreatedUser;
  let verifierApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const created = await createCatalog(db, { visibility: 'PUBLIC' });
    catalogId = created.catalog.id;
    catalogAdmin = await apiAs(ctx.app, created.admin.id);
    developer = await createRole(db, { catalogId, code: 'DEV', price: '850.5' });
    tester = await createRole(db, { catalogId, code: 'QA', unit: 'HOUR', price: '45.25' });
    groupTop = (await createGroup(db, { catalogId, code: 'TOP' })).id;
    groupSub = (await createGroup(db, { catalogId, code: 'SUB', parentId: groupTop })).id;
    groupOther = (await createGroup(db, { catalogId, code: 'OTHER' })).id;
    wall = await createPublishedItem(db, {
      catalogId,
      code: 'WALL',
      name: { en: 'Wall', cs: 'Zeď' },
      groupId: groupSub,
      repeatable: true,
      attributes: [
        { level: 1, code: 'length', name: { en: 'Length' }, type: 'NUMBER', mandatory: true },
        {
          level: 2,
          code: 'layers',
          name: { en: 'Layers' },
          type: 'INTEGER',
          defaultValue: 2,
          position: 1,
        },
        {
          level: 1,
          code: 'kind',
          name: { en: 'Kind' },
          type: 'ENUM',
          enumValues: [
            { code: 'BRICK', label: { en: 'Brick' } },
            { code: 'STONE', label: { en: 'Stone' } },
          ],
          position: 2,
        },
        { level: 1, code: 'urgent', name: { en: 'Urgent' }, type: 'BOOLEAN', position: 3 },
        { level: 2, code: 'note', name: { en: 'Note' }, type: 'TEXT', position: 4 },
      ],
      formulas: [
        { roleId: developer.id, level: 1, expression: 'length * 0.5' },
        { roleId: developer.id, level: 2, expression: 'length * 0.5 + layers * 1.25' },
        { roleId: tester.id, level: 1, expression: 'length / 3' },
      ],
    });
    survey = await createPublishedItem(db, {
      catalogId,
      code: 'SURVEY',
      groupId: groupOther,
      formulas: [{ roleId: developer.id, expression: '2' }],
    });
    ({ admin } = await createStory(db, { catalogId }));
    adminApi = await apiAs(ctx.app, admin.id);
  });
  afterAll(() => ctx.close());

  /** A fresh story with its admin, a modeler and a verifier. */
  async function freshStory(): Promise<{ story: StoryRow; base: string }> {
    const { story } = await createStory(ctx.app.db, { catalogId, admin });
    const modeler = await addStoryMember(ctx.app.db, story.id, 'ICT_MODELER');
    modelerApi = await apiAs(ctx.app, modeler.id);
    verifier = await addStoryMember(ctx.app.db, story.id, 'ICT_VERIFIER');
    verifierApi = await apiAs(ctx.app, verifier.id);
    return { story, base: `/api/v1/stories/${story.id}` };
  }

  async function storyOf(base: string): Promise<Story> {
    return expectStatus<Story>(await adminApi.get(base), 200);
  }

  async function storyRow(id: number) {
    const [row] = await ctx.app.db.select().from(stories).where(eq(stories.id, id));
    return row;
  }

  async function stored(storyId: number) {
    return {
      story: await storyRow(storyId),
      instances: await ctx.app.db
        .select()
        .from(storyInstances)
        .where(eq(storyInstances.storyId, storyId))
        .orderBy(asc(storyInstances.id)),
      labels: await ctx.app.db.select().from(storyInstanceLabels),
      events: await ctx.app.db
        .select()
        .from(storyEvents)
        .where(eq(storyEvents.storyId, storyId))
        .orderBy(asc(storyEvents.id)),
    };
  }

  async function add(base: string, itemId: number, overrides: Record<string, unknown> = {}) {
    return expectStatus<Instance>(
      await adminApi.post(`${base}/instances`, storyBodies.instance(itemId, overrides)),
      201,
    );
  }

  describe('POST …/instances', () => {
    it('adds an instance calculated with the published version, and refreshes the story’s totals, last activity and events', async () => {
      const { story, base } = await freshStory();
      const created = await add(base, wall.item.id, {
        name: ' North wall ',
        values: { length: 10 },
      });
      expect(created).toMatchObject({
        itemId: wall.item.id,
        item: {
          code: 'WALL',
          name: { en: 'Wall', cs: 'Zeď' },
          groupId: groupSub,
          phaseId: null,
          version: 1,
          maxLevel: 2,
          repeatable: true,
          deprecated: false,
        },
        name: 'North wall',
        description: '',
        optional: false,
        level: 1,
        values: { length: 10 },
        labelIds: [],
        verified: false,
        verifiedBy: null,
        revision: 0,
        // DEV 10 x 0.5 = 5 MD x 850.50 = 4252.50; QA 10 / 3 = 3.3333 h x 45.25 = 150.83
        price: '4403.33',
        // 5 MD + 3.3333 h / 8 = 5.4166625 -> 5.4167
        mandays: 5.4167,
        errorCount: 0,
      });
      const after = await storyOf(base);
      expect(after).toMatchObject({
        price: '4403.33',
        estimatedMandays: 5.4167,
        instanceCount: 1,
        errorCount: 0,
      });
      expect(after.lastActivityAt > story.lastActivityAt.toISOString()).toBe(true);
      const { events } = await stored(story.id);
      expect(events).toMatchObject([
        {
          type: 'INSTANCE_CREATED',
          instanceId: created.id,
          userId: admin.id,
          changes: expect.arrayContaining([
            { field: 'item', old: null, new: 'WALL' },
            { field: 'name', old: null, new: 'North wall' },
            { field: 'values', old: null, new: { length: 10 } },
          ]) as unknown,
        },
      ]);
      expectStatus<Instance>(await adminApi.get(`${base}/instances/${created.id}`), 200);
    });

    it('types the values by the published attributes (decision 0020) and reports every problem at once', async () => {
      const { story, base } = await freshStory();
      const typed = await add(base, wall.item.id, {
        level: 2,
        values: {
          length: '12,5',
          layers: '3',
          kind: 'STONE',
          urgent: 'true',
          note: ' by the gate ',
          // Not filled in: left out.
          optional_blank: undefined,
        },
      });
      expect(typed.values).toEqual({
        length: 12.5,
        layers: 3,
        kind: 'STONE',
        urgent: true,
        note: ' by the gate ',
      });
      const blanks = await add(base, wall.item.id, { values: { length: 4, kind: '', note: null } });
      expect(blanks.values).toEqual({ length: 4 });

      const before = await stored(story.id);
      const problem = problemOf(
        await adminApi.post(
          `${base}/instances`,
          storyBodies.instance(wall.item.id, {
            values: {
              length: 'ten',
              layers: 2.5,
              kind: 'WOOD',
              urgent: 'yes',
              note: 5,
              width: 3,
            },
          }),
        ),
      );
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(problem.errors).toEqual([
        { field: 'values.length', rule: 'type', message: 'The value must be a number' },
        { field: 'values.layers', rule: 'type', message: 'The value must be a whole number' },
        {
          field: 'values.kind',
          rule: 'type',
          message: 'The value must be the code of one of the values (BRICK, STONE)',
        },
        { field: 'values.urgent', rule: 'type', message: 'The value must be true or false' },
        { field: 'values.note', rule: 'type', message: 'The value must be a text' },
        { field: 'values.width', rule: 'exists', message: 'The item has no attribute “width”' },
      ]);
      expect(await stored(story.id)).toEqual(before);
    });

    it('takes levels 1 to the published max level only', async () => {
      const { story, base } = await freshStory();
      const before = await stored(story.id);
      const high = problemOf(
        await adminApi.post(`${base}/instances`, storyBodies.instance(wall.item.id, { level: 3 })),
      );
      expect(high.errors).toEqual([
        { field: 'level', rule: 'max_value', message: 'The level must be between 1 and 2' },
      ]);
      const zero = await adminApi.post(
        `${base}/instances`,
        storyBodies.instance(wall.item.id, { level: 0 }),
      );
      expect(problemOf(zero).errors?.[0]?.field).toBe('level');
      // Without attributes an item has level 1 only.
      const flat = problemOf(
        await adminApi.post(
          `${base}/instances`,
          storyBodies.instance(survey.item.id, { level: 2 }),
        ),
      );
      expect(flat.errors?.[0]).toMatchObject({
        field: 'level',
        message: 'The item has level 1 only',
      });
      expect(await stored(story.id)).toEqual(before);
      expect((await add(base, wall.item.id, { level: 2, values: { length: 1 } })).level).toBe(2);
    });

    it('refuses items that are not COMPLETE, retired or never published (409), of another catalog (400), and changes nothing', async () => {
      const db = ctx.app.db;
      const { story, base } = await freshStory();
      const reworked = await createItem(db, { catalogId, state: 'TO_EQUATION', version: 1 });
      const retired = (await createPublishedItem(db, { catalogId, deprecated: true })).item;
      const unpublished = await createItem(db, { catalogId, state: 'COMPLETE', version: 1 });
      const foreign = (
        await createPublishedItem(db, { catalogId: (await createCatalog(db)).catalog.id })
      ).item;
      const before = await stored(story.id);
      for (const item of [reworked, retired, unpublished]) {
        const problem = problemOf(
          await adminApi.post(`${base}/instances`, storyBodies.instance(item.id)),
        );
        expect(problem).toMatchObject({ status: 409, code: 'CONFLICT' });
        expect(problem.detail).toContain(item.code);
        expect(problem.detail).toMatch(/only complete items/);
      }
      const other = problemOf(
        await adminApi.post(`${base}/instances`, storyBodies.instance(foreign.id)),
      );
      expect(other).toMatchObject({ status: 400 });
      expect(other.errors?.[0]?.field).toBe('itemId');
      expect(await stored(story.id)).toEqual(before);
    });

    it('takes a non-repeatable item once per story (409 INSTANCE_NOT_REPEATABLE), a repeatable one any number of times', async () => {
      const { story, base } = await freshStory();
      await add(base, survey.item.id);
      const before = await stored(story.id);
      const again = problemOf(
        await adminApi.post(`${base}/instances`, storyBodies.instance(survey.item.id)),
      );
      expect(again).toMatchObject({ status: 409, code: 'INSTANCE_NOT_REPEATABLE' });
      expect(again.detail).toBe('The item SURVEY is not repeatable and the story already has it.');
      expect(await stored(story.id)).toEqual(before);
      await add(base, wall.item.id, { values: { length: 1 } });
      await add(base, wall.item.id, { values: { length: 2 } });
      // Another story may have it too.
      const other = await freshStory();
      await add(other.base, survey.item.id);
    });

    it('takes labels of the story only', async () => {
      const { story, base } = await freshStory();
      const own = await createStoryLabel(ctx.app.db, story.id);
      const foreign = await createStoryLabel(ctx.app.db, (await freshStory()).story.id);
      const problem = problemOf(
        await adminApi.post(
          `${base}/instances`,
          storyBodies.instance(survey.item.id, { labelIds: [own.id, foreign.id] }),
        ),
      );
      expect(problem.errors).toEqual([
        {
          field: 'labelIds',
          rule: 'exists',
          message: 'Some of the labels do not exist in this story',
        },
      ]);
      const labelled = await add(base, survey.item.id, { labelIds: [own.id, own.id] });
      expect(labelled.labelIds).toEqual([own.id]);
    });

    it('accepts a missing mandatory value and counts it as errors of the story', async () => {
      const { base } = await freshStory();
      const missing = await add(base, wall.item.id, { values: {} });
      // Both DEV and QA read `length`: two error lines, nothing priced.
      expect(missing).toMatchObject({ price: '0.00', mandays: 0, errorCount: 2 });
      await add(base, survey.item.id);
      expect(await storyOf(base)).toMatchObject({
        price: '1701.00',
        estimatedMandays: 2,
        instanceCount: 2,
        errorCount: 2,
      });
      const calculation = expectStatus<StoryCalculationDto>(
        await adminApi.get(`${base}/calculation`),
        200,
      );
      expect(calculation.errors).toMatchObject([
        {
          instanceId: missing.id,
          roleId: developer.id,
          error: { code: 'MISSING_VALUE', attribute: 'length' },
        },
        {
          instanceId: missing.id,
          roleId: tester.id,
          error: { code: 'MISSING_VALUE', attribute: 'length' },
        },
      ]);
    });
  });

  describe('PUT, DELETE, copy and verification', () => {
    it('updates with the current revision, recalculates and records the changed fields', async () => {
      const { story, base } = await freshStory();
      const label = await createStoryLabel(ctx.app.db, story.id);
      const created = await add(base, wall.item.id, { values: { length: 10 } });
      const url = `${base}/instances/${created.id}`;
      const updated = expectStatus<Instance>(
        await modelerApi.put(url, {
          name: 'South wall',
          description: 'Behind the shed',
          optional: false,
          level: 2,
          values: { length: 10, layers: 4 },
          labelIds: [label.id],
          revision: 0,
        }),
        200,
      );
      // DEV L2: 5 + 4 x 1.25 = 10 MD x 850.50 = 8505.00; QA 150.83; 10 + 3.3333 / 8 = 10.4167
      expect(updated).toMatchObject({
        name: 'South wall',
        level: 2,
        labelIds: [label.id],
        revision: 1,
        price: '8655.83',
        mandays: 10.4167,
      });
      expect(await storyOf(base)).toMatchObject({ price: '8655.83', estimatedMandays: 10.4167 });
      const { events } = await stored(story.id);
      expect(events.at(-1)).toMatchObject({
        type: 'INSTANCE_UPDATED',
        instanceId: created.id,
        changes: [
          { field: 'name', old: '', new: 'South wall' },
          { field: 'description', old: '', new: 'Behind the shed' },
          { field: 'level', old: 1, new: 2 },
          { field: 'values', old: { length: 10 }, new: { length: 10, layers: 4 } },
          { field: 'labelIds', old: [], new: [label.id] },
        ],
      });
      // The same again: nothing changes, not even the revision.
      const same = expectStatus<Instance>(
        await modelerApi.put(url, {
          name: 'South wall',
          description: 'Behind the shed',
          optional: false,
          level: 2,
          values: { length: '10', layers: 4 },
          labelIds: [label.id],
          revision: 1,
        }),
        200,
      );
      expect(same.revision).toBe(1);
    });

    it('refuses a stale revision (409) and a missing instance (404), changing nothing', async () => {
      const { story, base } = await freshStory();
      const created = await add(base, wall.item.id, { values: { length: 10 } });
      const before = await stored(story.id);
      const body = storyBodies.instance(wall.item.id, { values: { length: 1 }, revision: 5 });
      const { itemId: _itemId, ...update } = body;
      const stale = problemOf(await adminApi.put(`${base}/instances/${created.id}`, update));
      expect(stale).toMatchObject({ status: 409, code: 'CONFLICT' });
      expect(stale.detail).toMatch(/Someone else/);
      const bad = problemOf(
        await adminApi.put(`${base}/instances/${created.id}`, { ...update, revision: 0, level: 5 }),
      );
      expect(bad.status).toBe(400);
      expect(
        problemOf(await adminApi.put(`${base}/instances/999999`, { ...update, revision: 0 }))
          .status,
      ).toBe(404);
      expect(
        problemOf(
          await adminApi.put(`${base}/instances/${created.id}/verification`, {
            verified: true,
            revision: 3,
          }),
        ).status,
      ).toBe(409);
      expect(await stored(story.id)).toEqual(before);
    });

    it('marks verified by a verifier, and a change of the estimate takes the verification back', async () => {
      const { story, base } = await freshStory();
      const created = await add(base, wall.item.id, { values: { length: 10 } });
      const url = `${base}/instances/${created.id}`;
      const verified = expectStatus<Instance>(
        await verifierApi.put(`${url}/verification`, { verified: true, revision: 0 }),
        200,
      );
      expect(verified).toMatchObject({
        verified: true,
        verifiedBy: { id: verifier.id, name: 'Jana Nováková' },
        revision: 1,
      });
      // Marking again changes nothing.
      expect(
        expectStatus<Instance>(
          await verifierApi.put(`${url}/verification`, { verified: true, revision: 1 }),
          200,
        ).revision,
      ).toBe(1);
      // A new name keeps the verification, new values take it back.
      const renamed = expectStatus<Instance>(
        await adminApi.put(url, { ...editable(created), name: 'Renamed', revision: 1 }),
        200,
      );
      expect(renamed.verified).toBe(true);
      const changed = expectStatus<Instance>(
        await adminApi.put(url, { ...editable(renamed), values: { length: 11 }, revision: 2 }),
        200,
      );
      expect(changed).toMatchObject({ verified: false, verifiedBy: null });
      const { events } = await stored(story.id);
      expect(events.map((event) => event.type)).toEqual([
        'INSTANCE_CREATED',
        'INSTANCE_VERIFIED',
        'INSTANCE_UPDATED',
        'INSTANCE_UPDATED',
      ]);
      expect(events.at(-1)?.changes).toContainEqual({ field: 'verified', old: true, new: false });
      const unverified = expectStatus<Instance>(
        await verifierApi.put(`${url}/verification`, { verified: true, revision: 3 }),
        200,
      );
      expect(unverified.verified).toBe(true);
      expectStatus(
        await verifierApi.put(`${url}/verification`, { verified: false, revision: 4 }),
        200,
      );
      expect((await stored(story.id)).events.at(-1)?.type).toBe('INSTANCE_UNVERIFIED');
    });

    it('copies an instance with its values and labels, unverified; not a non-repeatable one', async () => {
      const { story, base } = await freshStory();
      const label = await createStoryLabel(ctx.app.db, story.id);
      const source = await add(base, wall.item.id, {
        name: 'East',
        level: 2,
        optional: true,
        values: { length: 3, layers: 1 },
        labelIds: [label.id],
      });
      expectStatus(
        await verifierApi.put(`${base}/instances/${source.id}/verification`, {
          verified: true,
          revision: 0,
        }),
        200,
      );
      const copy = expectStatus<Instance>(
        await modelerApi.post(`${base}/instances/${source.id}/copy`),
        201,
      );
      expect(copy).toMatchObject({
        name: 'East',
        level: 2,
        optional: true,
        values: { length: 3, layers: 1 },
        labelIds: [label.id],
        verified: false,
        revision: 0,
        price: source.price,
      });
      expect(copy.id).not.toBe(source.id);
      expect((await storyOf(base)).instanceCount).toBe(2);
      expect((await stored(story.id)).events.at(-1)?.changes).toContainEqual({
        field: 'copiedFrom',
        old: null,
        new: source.id,
      });
      const single = await add(base, survey.item.id);
      const refused = problemOf(await modelerApi.post(`${base}/instances/${single.id}/copy`));
      expect(refused).toMatchObject({ status: 409, code: 'INSTANCE_NOT_REPEATABLE' });
    });

    it('deletes an instance (204) and refreshes the totals', async () => {
      const { story, base } = await freshStory();
      const kept = await add(base, survey.item.id);
      const removed = await add(base, wall.item.id, { values: { length: 10 } });
      expectStatus(await modelerApi.delete(`${base}/instances/${removed.id}`), 204);
      expect(await storyOf(base)).toMatchObject({
        price: kept.price,
        estimatedMandays: 2,
        instanceCount: 1,
      });
      expect(problemOf(await adminApi.get(`${base}/instances/${removed.id}`)).status).toBe(404);
      expect(problemOf(await adminApi.delete(`${base}/instances/${removed.id}`)).status).toBe(404);
      expect((await stored(story.id)).events.at(-1)).toMatchObject({
        type: 'INSTANCE_DELETED',
        instanceId: null,
        changes: [
          { field: 'item', old: 'WALL', new: null },
          { field: 'name', old: '', new: null },
          { field: 'instanceId', old: removed.id, new: null },
        ],
      });
    });

    it('refuses an instance of another story (404)', async () => {
      const first = await freshStory();
      const second = await freshStory();
      const created = await add(first.base, survey.item.id);
      expect(problemOf(await adminApi.get(`${second.base}/instances/${created.id}`)).status).toBe(
        404,
      );
      expect(
        problemOf(await adminApi.post(`${second.base}/instances/${created.id}/copy`)).status,
      ).toBe(404);
    });
  });

  describe('GET …/instances', () => {
    let base: string;
    const ids: Record<string, number> = {};
    let red: number;
    let blue: number;

    beforeAll(async () => {
      const fresh = await freshStory();
      base = fresh.base;
      red = (await createStoryLabel(ctx.app.db, fresh.story.id, { title: 'Red' })).id;
      blue = (await createStoryLabel(ctx.app.db, fresh.story.id, { title: 'Blue' })).id;
      ids.north = (await add(base, wall.item.id, { name: 'Severní', labelIds: [red, blue] })).id;
      ids.south = (await add(base, wall.item.id, { name: 'South', labelIds: [red] })).id;
      ids.survey = (await add(base, survey.item.id, { labelIds: [blue] })).id;
      ids.east = (await add(base, wall.item.id, { name: 'East' })).id;
      // Level 2: the developer's second formula prices it, the tester has none at that level.
      ids.high = (
        await add(base, wall.item.id, { name: 'High', level: 2, values: { length: 4 } })
      ).id;
    });

    async function listAll(query: string): Promise<Instance[]> {
      const all: Instance[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `${base}/instances?${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = expectStatus<Page<Instance>>(await adminApi.get(url), 200);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return all;
    }

    it('lists in the order of adding, paged by cursor', async () => {
      const all = await listAll('');
      expect(all.map((instance) => instance.id)).toEqual([
        ids.north,
        ids.south,
        ids.survey,
        ids.east,
        ids.high,
      ]);
      expect((await listAll('limit=1')).map((instance) => instance.id)).toEqual(
        all.map((instance) => instance.id),
      );
    });

    it('filters by catalog group with its sub-groups, by labels (all of them) and by text', async () => {
      const ofTop = await listAll(`groupId=${groupTop}`);
      expect(ofTop.map((instance) => instance.id)).toEqual([
        ids.north,
        ids.south,
        ids.east,
        ids.high,
      ]);
      expect((await listAll(`groupId=${groupOther}`)).map((instance) => instance.id)).toEqual([
        ids.survey,
      ]);
      expect((await listAll(`labelIds=${red}`)).map((instance) => instance.id)).toEqual([
        ids.north,
        ids.south,
      ]);
      expect((await listAll(`labelIds=${red},${blue}`)).map((instance) => instance.id)).toEqual([
        ids.north,
      ]);
      // The instance name (without accents) or the item's code and names.
      expect((await listAll('q=SEVERNI')).map((instance) => instance.id)).toEqual([ids.north]);
      expect((await listAll('q=survey')).map((instance) => instance.id)).toEqual([ids.survey]);
      expect((await listAll('q=zed')).map((instance) => instance.id)).toEqual([
        ids.north,
        ids.south,
        ids.east,
        ids.high,
      ]);
      expect(await listAll(`q=south&labelIds=${blue}`)).toEqual([]);
      expect(problemOf(await adminApi.get(`${base}/instances?labelIds=x`)).status).toBe(400);
      expect(problemOf(await adminApi.get(`${base}/instances?roleId=1.0`)).status).toBe(400);
      expect(problemOf(await adminApi.get(`${base}/instances?cursor=nope`)).status).toBe(400);
    });
  });

  describe('GET …/instances by role and phase', () => {
    it('lists the instances a role prices at their level, and those of a phase', async () => {
      const { base } = await freshStory();
      const phase = await createPhase(ctx.app.db, { catalogId });
      const staged = await createPublishedItem(ctx.app.db, {
        catalogId,
        code: `STAGED-${String(phase.id)}`,
        phaseId: phase.id,
        formulas: [{ roleId: tester.id, expression: '1' }],
      });
      const low = (await add(base, wall.item.id, { values: { length: 6 } })).id;
      const high = (await add(base, wall.item.id, { level: 2, values: { length: 6 } })).id;
      const other = (await add(base, survey.item.id)).id;
      const staging = (await add(base, staged.item.id)).id;
      const list = async (query: string) =>
        expectStatus<Page<Instance>>(
          await adminApi.get(`${base}/instances?${query}`),
          200,
        ).items.map((instance) => instance.id);
      expect(await list(`roleId=${developer.id}`)).toEqual([low, high, other]);
      expect(await list(`roleId=${tester.id}`)).toEqual([low, staging]);
      expect(await list(`phaseId=${phase.id}`)).toEqual([staging]);
      expect(await list(`phaseId=${phase.id}&roleId=${developer.id}`)).toEqual([]);
      // A role of no item in the story lists nothing, as any other filter would.
      expect(await list('roleId=2147483647')).toEqual([]);
    });
  });

  describe('published versions and catalog changes', () => {
    it('an item reworked in the catalog changes the story only when it is COMPLETE again', async () => {
      const db = ctx.app.db;
      const { base } = await freshStory();
      const item = await createPublishedItem(db, {
        catalogId,
        code: 'ROOF',
        repeatable: true,
        attributes: [{ level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' }],
        formulas: [{ roleId: developer.id, expression: 'area * 0.1' }],
      });
      const instance = await add(base, item.item.id, { values: { area: 100 } });
      // 10 MD x 850.50
      expect(instance.price).toBe('8505.00');
      const itemUrl = `/api/v1/catalogs/${catalogId}/items/${item.item.id}`;
      const back = expectStatus<Item>(
        await catalogAdmin.post(`${itemUrl}/transitions`, {
          action: 'MOVE_TO_EQUATION',
          revision: 0,
        }),
        200,
      );
      const formulas = expectStatus<{ revision: number; formulas: { id: number }[] }>(
        await catalogAdmin.get(`${itemUrl}/formulas`),
        200,
      );
      const reworked = expectStatus<{ revision: number }>(
        await catalogAdmin.put(`${itemUrl}/formulas`, {
          revision: back.revision,
          formulas: [
            {
              id: formulas.formulas[0]?.id,
              roleId: developer.id,
              level: 1,
              name: 'Area',
              expression: 'area * 0.2',
            },
          ],
        }),
        200,
      );
      // Unchanged while the item is reworked: cached totals, the calculation, a recalculating write.
      expect((await storyOf(base)).price).toBe('8505.00');
      const calculation = expectStatus<StoryCalculationDto>(
        await adminApi.get(`${base}/calculation`),
        200,
      );
      expect(calculation.total.price).toBe('8505.00');
      const edited = expectStatus<Instance>(
        await adminApi.put(`${base}/instances/${instance.id}`, {
          ...editable(instance),
          values: { area: 200 },
          revision: 0,
        }),
        200,
      );
      expect(edited).toMatchObject({ price: '17010.00', item: { version: 1 } });
      // New instances of it are refused meanwhile.
      expect(
        problemOf(await adminApi.post(`${base}/instances`, storyBodies.instance(item.item.id)))
          .status,
      ).toBe(409);

      const completed = expectStatus<Item>(
        await catalogAdmin.post(`${itemUrl}/transitions`, {
          action: 'MOVE_TO_COMPLETE',
          revision: reworked.revision,
        }),
        200,
      );
      expect(completed.version).toBe(2);
      await ctx.app.jobs.drain();
      // 200 x 0.2 = 40 MD x 850.50
      expect((await storyOf(base)).price).toBe('34020.00');
      const now = expectStatus<Instance>(
        await adminApi.get(`${base}/instances/${instance.id}`),
        200,
      );
      expect(now).toMatchObject({ price: '34020.00', item: { version: 2 } });
      const recalculated = expectStatus<StoryCalculationDto>(
        await adminApi.get(`${base}/calculation`),
        200,
      );
      expect(recalculated.total.price).toBe('34020.00');
    });

    it('instances of a retired item are marked and keep calculating; a role price change reaches the cached totals', async () => {
      const db = ctx.app.db;
      const { base } = await freshStory();
      const role = await createRole(db, { catalogId, code: 'PM', price: '100' });
      const item = await createPublishedItem(db, {
        catalogId,
        code: 'MGMT',
        formulas: [{ roleId: role.id, expression: '3' }],
      });
      const instance = await add(base, item.item.id);
      expect(instance.price).toBe('300.00');
      await db
        .update(catalogItems)
        .set({ deprecatedAt: new Date() })
        .where(eq(catalogItems.id, item.item.id));
      const marked = expectStatus<Instance>(
        await adminApi.get(`${base}/instances/${instance.id}`),
        200,
      );
      expect(marked.item.deprecated).toBe(true);
      expectStatus(
        await catalogAdmin.put(`/api/v1/catalogs/${catalogId}/roles/${role.id}`, {
          name: { en: 'Manager' },
          code: 'PM',
          description: {},
          unit: 'MANDAYS',
          price: '120,5',
          version: 0,
        }),
        200,
      );
      // The stories follow by a background job (decision 0035).
      await ctx.app.jobs.drain();
      expect(await storyOf(base)).toMatchObject({ price: '361.50', estimatedMandays: 3 });
      expect(
        expectStatus<Instance>(await adminApi.get(`${base}/instances/${instance.id}`), 200).price,
      ).toBe('361.50');
    });
  });
});

/** The fields of an instance as a PUT sends them back. */
function editable(instance: Instance) {
  return {
    name: instance.name,
    description: instance.description,
    optional: instance.optional,
    level: instance.level,
    values: instance.values,
    labelIds: instance.labelIds,
  };
}
