// GET /stories/{storyId}/calculation worked by hand to the cent: two roles (MANDAYS, HOUR), two formula levels, groups with sub-groups, phases, labels, an optional instance and an error instance; the cached totals agree.
import type { Instance, Story, StoryCalculationDto } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createGroup, createPhase, createRole } from '../helpers/catalog-factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  createStoryLabel,
  storyBodies,
} from '../helpers/story-factories';

describe('story calculation', () => {
  let ctx: TestApp;
  let api: ApiCaller;
  let base: string;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    id.dev = (await createRole(db, { catalogId, code: 'DEV', price: '812.35' })).id;
    id.qa = (await createRole(db, { catalogId, code: 'QA', unit: 'HOUR', price: '37.9' })).id;
    id.p1 = (await createPhase(db, { catalogId, code: 'P1' })).id;
    id.p2 = (await createPhase(db, { catalogId, code: 'P2' })).id;
    id.g = (await createGroup(db, { catalogId, code: 'G' })).id;
    id.g1 = (await createGroup(db, { catalogId, code: 'G1', parentId: id.g })).id;
    id.g2 = (await createGroup(db, { catalogId, code: 'G2' })).id;
    const screens = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      groupId: id.g1,
      phaseId: id.p1,
      repeatable: true,
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
        {
          level: 2,
          code: 'complex',
          name: { en: 'Complex' },
          type: 'BOOLEAN',
          defaultValue: false,
          position: 1,
        },
      ],
      formulas: [
        { roleId: id.dev, level: 1, expression: 'screens * 0.75' },
        { roleId: id.dev, level: 2, expression: 'screens * 0.75 + complex * 2' },
        { roleId: id.qa, level: 1, expression: 'screens * 2.5' },
      ],
    });
    const users = await createPublishedItem(db, {
      catalogId,
      code: 'USERS',
      groupId: id.g2,
      phaseId: id.p2,
      attributes: [
        { level: 1, code: 'users', name: { en: 'Users' }, type: 'INTEGER', defaultValue: 10 },
      ],
      formulas: [{ roleId: id.dev, level: 1, expression: 'users / 7' }],
    });
    id.screens = screens.item.id;
    id.users = users.item.id;
    const { story, admin } = await createStory(db, { catalogId });
    base = `/api/v1/stories/${story.id}`;
    id.l1 = (await createStoryLabel(db, story.id, { title: 'L1' })).id;
    id.l2 = (await createStoryLabel(db, story.id, { title: 'L2' })).id;
    const adminApi = await apiAs(ctx.app, admin.id);
    const add = async (itemId: number, fields: Record<string, unknown>) =>
      expectStatus<Instance>(
        await adminApi.post(`${base}/instances`, storyBodies.instance(itemId, fields)),
        201,
      ).id;
    id.i1 = await add(id.screens, { values: { screens: 3 }, labelIds: [id.l1] });
    id.i2 = await add(id.screens, {
      level: 2,
      values: { screens: 5, complex: true },
      labelIds: [id.l1, id.l2],
    });
    id.i3 = await add(id.users, {});
    id.i4 = await add(id.screens, { optional: true, values: { screens: 4 } });
    id.i5 = await add(id.screens, { values: {}, labelIds: [id.l2] });
    // Any member may read the calculation.
    api = await apiAs(ctx.app, (await addStoryMember(db, story.id, 'CTL_READER')).id);
  });
  afterAll(() => ctx.close());

  it('totals the main and the optional instances apart, to the cent', async () => {
    const calculation = expectStatus<StoryCalculationDto>(
      await api.get(`${base}/calculation`),
      200,
    );
    // I1: DEV 3 x 0.75 = 2.25 MD x 812.35 = 1827.7875 -> 1827.79; QA 7.5 h x 37.90 = 284.25
    // I2 (level 2): DEV 3.75 + 2 = 5.75 MD x 812.35 = 4671.0125 -> 4671.01; QA 12.5 h = 473.75
    // I3: DEV 10 / 7 = 1.4286 MD x 812.35 = 1160.52321 -> 1160.52
    // I5: no screens: both lines MISSING_VALUE, 0
    // 1827.79 + 284.25 + 4671.01 + 473.75 + 1160.52 = 8417.32
    // time: 2.25 + 5.75 + 1.4286 MD + (7.5 + 12.5) h / 8 = 11.9286
    expect(calculation.total).toEqual({ price: '8417.32', mandays: 11.9286 });
    // I4 (optional): DEV 3 MD = 2437.05; QA 10 h = 379.00; 3 + 10 / 8 = 4.25
    expect(calculation.optional).toEqual({ price: '2816.05', mandays: 4.25 });
  });

  it('answers as JSON, which the browser’s API client parses', async () => {
    const response = await api.get(`${base}/calculation`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('totals by role, phase, group (with sub-groups), label and instance', async () => {
    const calculation = expectStatus<StoryCalculationDto>(
      await api.get(`${base}/calculation`),
      200,
    );
    expect(calculation.byRole).toEqual([
      {
        roleId: id.dev,
        amount: 9.4286,
        unitPrice: '812.3500',
        price: '7659.32',
        mandays: 9.4286,
      },
      { roleId: id.qa, amount: 20, unitPrice: '37.9000', price: '758.00', mandays: 2.5 },
    ]);
    expect(calculation.byPhase).toEqual([
      { phaseId: id.p1, price: '7256.80', mandays: 10.5 },
      { phaseId: id.p2, price: '1160.52', mandays: 1.4286 },
    ]);
    expect(calculation.byGroup).toEqual([
      { groupId: id.g, price: '7256.80', mandays: 10.5 },
      { groupId: id.g1, price: '7256.80', mandays: 10.5 },
      { groupId: id.g2, price: '1160.52', mandays: 1.4286 },
    ]);
    expect(calculation.byLabel).toEqual([
      { labelId: id.l1, price: '7256.80', mandays: 10.5 },
      { labelId: id.l2, price: '5144.76', mandays: 7.3125 },
    ]);
    expect(calculation.byInstance).toEqual([
      { instanceId: id.i1, optional: false, errorCount: 0, price: '2112.04', mandays: 3.1875 },
      { instanceId: id.i2, optional: false, errorCount: 0, price: '5144.76', mandays: 7.3125 },
      { instanceId: id.i3, optional: false, errorCount: 0, price: '1160.52', mandays: 1.4286 },
      { instanceId: id.i4, optional: true, errorCount: 0, price: '2816.05', mandays: 4.25 },
      { instanceId: id.i5, optional: false, errorCount: 2, price: '0.00', mandays: 0 },
    ]);
  });

  it('lists the error instance under "Number of errors in formula" with inputs, unit price and expression', async () => {
    const calculation = expectStatus<StoryCalculationDto>(
      await api.get(`${base}/calculation`),
      200,
    );
    expect(calculation.errors).toEqual([
      {
        instanceId: id.i5,
        itemId: id.screens,
        roleId: id.dev,
        level: 1,
        inputs: { screens: null },
        unitPrice: '812.3500',
        expression: 'screens * 0.75',
        error: { code: 'MISSING_VALUE', attribute: 'screens' },
      },
      {
        instanceId: id.i5,
        itemId: id.screens,
        roleId: id.qa,
        level: 1,
        inputs: { screens: null },
        unitPrice: '37.9000',
        expression: 'screens * 2.5',
        error: { code: 'MISSING_VALUE', attribute: 'screens' },
      },
    ]);
  });

  it('keeps the story’s cached totals and the instances’ figures equal to the calculation', async () => {
    const story = expectStatus<Story>(await api.get(base), 200);
    expect(story).toMatchObject({
      price: '8417.32',
      estimatedMandays: 11.9286,
      instanceCount: 5,
      errorCount: 2,
    });
    const instances = expectStatus<{ items: Instance[] }>(await api.get(`${base}/instances`), 200);
    expect(
      instances.items.map((instance) => [instance.price, instance.mandays, instance.errorCount]),
    ).toEqual([
      ['2112.04', 3.1875, 0],
      ['5144.76', 7.3125, 0],
      ['1160.52', 1.4286, 0],
      ['2816.05', 4.25, 0],
      ['0.00', 0, 2],
    ]);
  });

  it('sums time exactly before rounding, as the calculation does', async () => {
    const db = ctx.app.db;
    const catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    const qa = await createRole(db, { catalogId, code: 'QA', unit: 'HOUR', price: '1' });
    const tiny = await createPublishedItem(db, {
      catalogId,
      repeatable: true,
      formulas: [{ roleId: qa.id, expression: '0.0001' }],
    });
    const { story, admin } = await createStory(db, { catalogId });
    const adminApi = await apiAs(ctx.app, admin.id);
    const url = `/api/v1/stories/${story.id}`;
    for (let index = 0; index < 4; index += 1) {
      const instance = expectStatus<Instance>(
        await adminApi.post(`${url}/instances`, storyBodies.instance(tiny.item.id)),
        201,
      );
      // 0.0001 h / 8 = 0.0000125 MD: shown as 0 on each instance
      expect(instance.mandays).toBe(0);
    }
    // 4 x 0.0000125 = 0.00005 -> 0.0001 (half away from zero), not 4 x 0
    const calculation = expectStatus<StoryCalculationDto>(
      await adminApi.get(`${url}/calculation`),
      200,
    );
    expect(calculation.total.mandays).toBe(0.0001);
    expect(expectStatus<Story>(await adminApi.get(url), 200).estimatedMandays).toBe(0.0001);
  });
});
