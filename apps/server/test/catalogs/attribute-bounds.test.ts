// Attribute bounds (decision 0029): minimum and maximum of NUMBER and INTEGER attributes, checked on the attribute and on instance values, published with the item's version.
import type { Instance, Item, StoryCatalog } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, itemAttributes } from '../../src/db/schema';
import { publishItemVersion } from '../../src/modules/catalogs/items/item-versions.repository';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { bodies, createCatalog, createRole } from '../helpers/catalog-factories';
import {
  createPublishedItem,
  createStory,
  storyBodies,
  type PublishedItem,
} from '../helpers/story-factories';

describe('attribute bounds', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let admin: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db, { visibility: 'PUBLIC' });
    catalogId = created.catalog.id;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, created.admin.id);
  });
  afterAll(() => ctx.close());

  describe('on the attribute', () => {
    it('stores, updates and reads back bounds (201, 200)', async () => {
      const item = expectStatus<Item>(
        await admin.post(
          `${base}/items`,
          bodies.item({
            attributes: [
              bodies.attribute({ code: 'area', minimum: 0, maximum: 1000.5, defaultValue: '10,5' }),
              bodies.attribute({ code: 'note', type: 'TEXT' }),
            ],
          }),
        ),
        201,
      );
      expect(item.attributes.map(({ code, minimum, maximum }) => [code, minimum, maximum])).toEqual(
        [
          ['area', 0, 1000.5],
          ['note', null, null],
        ],
      );
      const [area, note] = item.attributes;
      const updated = expectStatus<Item>(
        await admin.put(`${base}/items/${item.id}/attributes`, {
          revision: item.revision,
          attributes: [{ ...area, minimum: null, maximum: 5, defaultValue: 5 }, note],
        }),
        200,
      );
      expect(updated.attributes[0]).toMatchObject({ minimum: null, maximum: 5, defaultValue: 5 });
      expect(updated.revision).toBe(item.revision + 1);
      const read = expectStatus<Item>(await admin.get(`${base}/items/${item.id}`), 200);
      expect(read.attributes[0]).toMatchObject({ minimum: null, maximum: 5 });
      const [event] = await ctx.app.db
        .select()
        .from(catalogEvents)
        .where(
          and(eq(catalogEvents.itemId, item.id), eq(catalogEvents.type, 'ATTRIBUTES_UPDATED')),
        );
      expect(event?.changes).toEqual([
        {
          field: 'attributes',
          old: ['L1 area (NUMBER 0–1000.5)', 'L1 note (TEXT)'],
          new: ['L1 area (NUMBER ≤ 5)', 'L1 note (TEXT)'],
        },
      ]);
    });

    it('refuses a minimum above the maximum, a default outside, fractional INTEGER bounds and bounds of other types (400, en and cs)', async () => {
      const body = bodies.item({
        attributes: [
          bodies.attribute({ code: 'upside', minimum: 10, maximum: 1 }),
          bodies.attribute({ code: 'low', minimum: 0, defaultValue: -1 }),
          bodies.attribute({ code: 'high', maximum: 2.5, defaultValue: '3' }),
          bodies.attribute({ code: 'count', type: 'INTEGER', minimum: 0.5 }),
          bodies.attribute({ code: 'flag', type: 'BOOLEAN', maximum: 1 }),
        ],
      });
      const response = await admin.post(`${base}/items`, body);
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'attributes.0.minimum',
          rule: 'max_value',
          message: 'The minimum must be 1 or less',
        },
        {
          field: 'attributes.1.defaultValue',
          rule: 'min_value',
          message: 'The default value must be 0 or more',
        },
        {
          field: 'attributes.2.defaultValue',
          rule: 'max_value',
          message: 'The default value must be 2.5 or less',
        },
        {
          field: 'attributes.3.minimum',
          rule: 'integer',
          message: 'The minimum must be an integer',
        },
        {
          field: 'attributes.4.maximum',
          rule: 'one_of',
          message: 'Only “Number” and “Whole number” attributes have a minimum and a maximum',
        },
      ]);
      const czech = await admin.post(`${base}/items`, body, { 'accept-language': 'cs' });
      expect(problemOf(czech).errors?.[2]?.message).toBe(
        'Pole výchozí hodnota musí být 2,5 nebo méně',
      );
    });

    it('refuses bounds beyond the calculation’s amounts through the schema (400)', async () => {
      const response = await admin.post(
        `${base}/items`,
        bodies.item({ attributes: [bodies.attribute({ maximum: 1e13 })] }),
      );
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors?.[0]).toMatchObject({
        field: 'attributes.0.maximum',
        rule: 'max_value',
      });
    });
  });

  describe('on instance values', () => {
    let slab: PublishedItem;
    let storyBase: string;
    let member: ApiCaller;

    beforeAll(async () => {
      const db = ctx.app.db;
      const role = await createRole(db, { catalogId, code: 'MASON', price: '100' });
      slab = await createPublishedItem(db, {
        catalogId,
        code: 'SLAB',
        repeatable: true,
        attributes: [
          {
            level: 1,
            code: 'area',
            name: { en: 'Area' },
            type: 'NUMBER',
            minimum: 0.5,
            maximum: 1000,
          },
          {
            level: 1,
            code: 'floors',
            name: { en: 'Floors' },
            type: 'INTEGER',
            minimum: 1,
            position: 1,
          },
        ],
        formulas: [{ roleId: role.id, expression: 'area * floors' }],
      });
      const { story, admin: storyAdmin } = await createStory(db, { catalogId });
      storyBase = `/api/v1/stories/${story.id}`;
      member = await apiAs(ctx.app, storyAdmin.id);
    });

    it('publishes the bounds with the item version and shows them in the story’s catalog', async () => {
      expect(slab.version.attributes.map(({ minimum, maximum }) => [minimum, maximum])).toEqual([
        [0.5, 1000],
        [1, null],
      ]);
      const catalog = expectStatus<StoryCatalog>(await member.get(`${storyBase}/catalog`), 200);
      const item = catalog.items.find((candidate) => candidate.id === slab.item.id);
      expect(item?.attributes.map(({ minimum, maximum }) => [minimum, maximum])).toEqual([
        [0.5, 1000],
        [1, null],
      ]);
    });

    it('takes values on the bounds (201) and refuses values outside them with the bound (400, en and cs)', async () => {
      const inside = expectStatus<Instance>(
        await member.post(
          `${storyBase}/instances`,
          storyBodies.instance(slab.item.id, { values: { area: '0,5', floors: 1 } }),
        ),
        201,
      );
      expect(inside.values).toEqual({ area: 0.5, floors: 1 });

      const outside = storyBodies.instance(slab.item.id, { values: { area: -20, floors: 0 } });
      const response = await member.post(`${storyBase}/instances`, outside);
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        { field: 'values.area', rule: 'min_value', message: 'Must be at least 0.5' },
        { field: 'values.floors', rule: 'min_value', message: 'Must be at least 1' },
      ]);
      const czech = await member.post(`${storyBase}/instances`, outside, {
        'accept-language': 'cs',
      });
      expect(problemOf(czech).errors?.[0]?.message).toBe('Musí být alespoň 0,5');

      const update = await member.put(`${storyBase}/instances/${inside.id}`, {
        ...storyBodies.instance(slab.item.id, { values: { area: 1000.5, floors: 2 } }),
        itemId: undefined,
        revision: inside.revision,
      });
      expect(update.statusCode).toBe(400);
      expect(problemOf(update).errors).toEqual([
        { field: 'values.area', rule: 'max_value', message: 'Must be at most 1000' },
      ]);
    });

    it('leaves behind, in a copy, a value that the latest version’s bounds no longer allow', async () => {
      const db = ctx.app.db;
      const beam = await createPublishedItem(db, {
        catalogId,
        code: 'BEAM',
        repeatable: true,
        attributes: [
          { level: 1, code: 'span', name: { en: 'Span' }, type: 'NUMBER' },
          { level: 1, code: 'count', name: { en: 'Count' }, type: 'INTEGER', position: 1 },
        ],
      });
      const source = expectStatus<Instance>(
        await member.post(
          `${storyBase}/instances`,
          storyBodies.instance(beam.item.id, { values: { span: -4, count: 3 } }),
        ),
        201,
      );
      await db
        .update(itemAttributes)
        .set({ minimum: 0 })
        .where(eq(itemAttributes.itemId, beam.item.id));
      await publishItemVersion(db, beam.item.id, 2);
      const copy = expectStatus<Instance>(
        await member.post(`${storyBase}/instances/${source.id}/copy`),
        201,
      );
      expect(copy.values).toEqual({ count: 3 });
      expect(copy.item.version).toBe(2);
    });
  });
});
