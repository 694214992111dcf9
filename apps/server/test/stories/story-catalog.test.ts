// GET /stories/{storyId}/catalog: published snapshots (not drafts), deprecated items still used, PRIVATE catalogs read through the story, and the browser's calculation agreeing with the server's.
import { createStoryCalculator } from '@costory/calc';
import type { Instance, StoryCatalog } from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems } from '../../src/db/schema';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  createCatalog,
  createGroup,
  createItem,
  createPhase,
  createRole,
} from '../helpers/catalog-factories';
import { createUser } from '../helpers/factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  storyBodies,
} from '../helpers/story-factories';

describe('story catalog', () => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let customer: ApiCaller;
  let verifier: ApiCaller;
  let outsider: ApiCaller;
  let base: string;
  const id: Record<string, number> = {};
  let instance: Instance;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    // PRIVATE: the story's verifier and customer are not members of the catalog.
    const { catalog } = await createCatalog(db, { visibility: 'PRIVATE' });
    id.dev = (await createRole(db, { catalogId: catalog.id, code: 'DEV', price: '812.35' })).id;
    id.qa = (
      await createRole(db, { catalogId: catalog.id, code: 'QA', unit: 'HOUR', price: '37.9' })
    ).id;
    id.group = (await createGroup(db, { catalogId: catalog.id, code: 'G' })).id;
    id.phase = (await createPhase(db, { catalogId: catalog.id, code: 'P' })).id;
    const screens = await createPublishedItem(db, {
      catalogId: catalog.id,
      code: 'SCREENS',
      groupId: id.group,
      phaseId: id.phase,
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
        {
          level: 2,
          code: 'size',
          name: { en: 'Size' },
          type: 'ENUM',
          defaultValue: 'S',
          enumValues: [
            { code: 'S', label: { en: 'Small' } },
            { code: 'L', label: { en: 'Large' } },
          ],
          position: 1,
        },
      ],
      formulas: [
        { roleId: id.dev, level: 1, expression: 'screens * 0.75' },
        { roleId: id.qa, level: 2, expression: 'screens * 2.5 + (size == "L") * 4' },
      ],
    });
    id.screens = screens.item.id;
    const legacy = await createPublishedItem(db, { catalogId: catalog.id, code: 'LEGACY' });
    id.legacy = legacy.item.id;
    id.draft = (
      await createItem(db, { catalogId: catalog.id, code: 'DRAFT', state: 'PENDING' })
    ).id;
    const created = await createStory(db, { catalogId: catalog.id });
    base = `/api/v1/stories/${created.story.id}`;
    admin = await apiAs(ctx.app, created.admin.id);
    customer = await apiAs(
      ctx.app,
      (await addStoryMember(db, created.story.id, 'ICT_CUSTOMER')).id,
    );
    verifier = await apiAs(
      ctx.app,
      (await addStoryMember(db, created.story.id, 'ICT_VERIFIER')).id,
    );
    outsider = await apiAs(ctx.app, (await createUser(db)).id);
    instance = expectStatus<Instance>(
      await admin.post(
        `${base}/instances`,
        storyBodies.instance(id.screens, { level: 2, values: { screens: 4, size: 'L' } }),
      ),
      201,
    );
    expectStatus(await admin.post(`${base}/instances`, storyBodies.instance(id.legacy)), 201);
    // Deprecated after use: stays in the story's catalog, no longer addable.
    await db
      .update(catalogItems)
      .set({ deprecatedAt: new Date() })
      .where(eq(catalogItems.id, id.legacy));
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('gives a member who may not read the PRIVATE catalog its groups, phases, roles and published items', async () => {
    const body = expectStatus<StoryCatalog>(await verifier.get(`${base}/catalog`), 200);
    expect(body.groups.map((group) => group.code)).toEqual(['G']);
    expect(body.phases.map((phase) => phase.code)).toEqual(['P']);
    expect(body.roles.map((role) => [role.code, role.unit, role.unitPrice])).toEqual([
      ['DEV', 'MANDAYS', '812.3500'],
      ['QA', 'HOUR', '37.9000'],
    ]);
    expect(body.items.map((item) => [item.code, item.addable, item.deprecated])).toEqual([
      ['LEGACY', false, true],
      ['SCREENS', true, false],
    ]);
    const screens = body.items.find((item) => item.code === 'SCREENS');
    expect(screens?.maxLevel).toBe(2);
    expect(
      screens?.attributes.map((attribute) => [attribute.code, attribute.defaultValue]),
    ).toEqual([
      ['screens', null],
      ['size', 'S'],
    ]);
    expect(screens?.formulas).toHaveLength(2);
  });

  it('gives a customer the items and attributes but neither the roles’ prices nor the formulas', async () => {
    const body = expectStatus<StoryCatalog>(await customer.get(`${base}/catalog`), 200);
    expect(body.roles.map((role) => [role.code, role.price, role.unitPrice])).toEqual([
      ['DEV', null, null],
      ['QA', null, null],
    ]);
    const screens = body.items.find((item) => item.code === 'SCREENS');
    expect(screens?.attributes.map((attribute) => attribute.code)).toEqual(['screens', 'size']);
    expect(screens?.formulas).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('screens * 0.75');
  });

  it('calculates in the browser to the same totals the server cached for the instance', async () => {
    const body = expectStatus<StoryCatalog>(await verifier.get(`${base}/catalog`), 200);
    const calculator = createStoryCalculator({
      roles: body.roles.map((role) => ({
        id: role.id,
        unit: role.unit,
        price: role.unitPrice ?? '0',
      })),
      groups: body.groups.map((group) => ({ id: group.id, parentId: group.parentId })),
      items: body.items.map((item) => ({
        id: item.id,
        groupId: item.groupId,
        phaseId: item.phaseId,
        attributes: item.attributes.map((attribute) => ({
          code: attribute.code,
          level: attribute.level,
          type: attribute.type,
          mandatory: attribute.mandatory,
          defaultValue: attribute.defaultValue,
          enumCodes: attribute.enumValues.map((value) => value.code),
        })),
        formulas: item.formulas,
      })),
    });
    const result = calculator.calculate([
      {
        id: instance.id,
        itemId: instance.itemId,
        level: instance.level,
        values: instance.values,
        optional: instance.optional,
        labelIds: instance.labelIds,
      },
    ]);
    expect(result.total.price).toBe(instance.price);
    expect(result.total.mandays).toBeCloseTo(instance.mandays, 6);
    // 4 * 0.75 DEV mandays + (4 * 2.5 + 4) QA hours
    expect(instance.price).toBe((3 * 812.35 + 14 * 37.9).toFixed(2));
  });

  it('answers 404 to a non-member and for an unknown story', async () => {
    expectStatus(await outsider.get(`${base}/catalog`), 404);
    expectStatus(await admin.get('/api/v1/stories/999999/catalog'), 404);
  });
});
