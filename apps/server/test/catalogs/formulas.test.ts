// Item formulas: reading with issues, bulk replace with the item revision and one event, the checks (FORMULA_INVALID with positions), deleting a role's formulas, COMPLETE and role deletion.
import type { FormulaProblemIssues, Item, ItemFormulas } from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvents, catalogItems, type CatalogRoleRow } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createItem, createRole } from '../helpers/catalog-factories';
import { snapshotCatalog } from '../helpers/catalog-snapshot';

interface FormulaProblem {
  code: string;
  errors?: { field: string; rule: string; message: string }[];
  formulaIssues?: FormulaProblemIssues;
  detail?: string;
}

/** The item's attributes: length (L1, mandatory), layers (L2, default 2), note (TEXT), soil (ENUM). */
const ATTRIBUTES = [
  { level: 1, code: 'length', name: { en: 'Length' }, type: 'NUMBER' as const, mandatory: true },
  {
    level: 2,
    code: 'layers',
    name: { en: 'Layers' },
    type: 'INTEGER' as const,
    defaultValue: 2,
    position: 1,
  },
  { level: 1, code: 'note', name: { en: 'Note' }, type: 'TEXT' as const, position: 2 },
  {
    level: 1,
    code: 'soil',
    name: { en: 'Soil' },
    type: 'ENUM' as const,
    defaultValue: 'SAND',
    enumValues: [
      { code: 'SAND', label: { en: 'Sand' } },
      { code: 'CLAY', label: { en: 'Clay' } },
    ],
    position: 3,
  },
];

describe('item formulas', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let admin: ApiCaller;
  let developer: CatalogRoleRow;
  let tester: CatalogRoleRow;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db);
    catalogId = created.catalog.id;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, created.admin.id);
    developer = await createRole(ctx.app.db, { catalogId, code: 'DEV', price: '850.5' });
    tester = await createRole(ctx.app.db, {
      catalogId,
      code: 'QA',
      name: { en: 'Tester', cs: 'Testér' },
      unit: 'HOUR',
      price: '45',
    });
  });
  afterAll(() => ctx.close());

  async function newItem(state: 'TO_EQUATION' | 'COMPLETE' = 'TO_EQUATION') {
    return createItem(ctx.app.db, { catalogId, state, attributes: ATTRIBUTES });
  }

  const url = (itemId: number) => `${base}/items/${itemId}/formulas`;

  async function eventsOf(itemId: number) {
    return ctx.app.db
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.itemId, itemId))
      .orderBy(asc(catalogEvents.id));
  }

  async function revisionOf(itemId: number): Promise<number> {
    const [row] = await ctx.app.db
      .select({ revision: catalogItems.revision })
      .from(catalogItems)
      .where(eq(catalogItems.id, itemId));
    return row?.revision ?? -1;
  }

  function formula(overrides: Record<string, unknown> = {}) {
    return {
      roleId: developer.id,
      level: 1,
      name: 'Build',
      expression: 'length * 0.5',
      ...overrides,
    };
  }

  async function saved(itemId: number, formulas: Record<string, unknown>[]) {
    return expectStatus<ItemFormulas>(
      await admin.put(url(itemId), { revision: await revisionOf(itemId), formulas }),
      200,
    );
  }

  describe('PUT and GET …/formulas', () => {
    it('starts empty', async () => {
      const item = await newItem();
      expect(expectStatus<ItemFormulas>(await admin.get(url(item.id)), 200)).toEqual({
        revision: 0,
        formulas: [],
      });
    });

    it('replaces the list, bumps the revision once and records one event with old and new', async () => {
      const item = await newItem();
      const first = expectStatus<ItemFormulas>(
        await admin.put(url(item.id), {
          revision: 0,
          formulas: [
            formula(),
            formula({ level: 2, name: 'Build with layers', expression: 'length * 0.5 + layers' }),
            formula({ roleId: tester.id, name: ' Test ', expression: 'is(soil, "CLAY") ? 8 : 4' }),
          ],
        }),
        200,
      );
      expect(first.revision).toBe(1);
      expect(first.formulas.map(({ id: _id, ...rest }) => rest)).toEqual([
        { roleId: developer.id, level: 1, name: 'Build', expression: 'length * 0.5', issues: [] },
        {
          roleId: developer.id,
          level: 2,
          name: 'Build with layers',
          expression: 'length * 0.5 + layers',
          issues: [],
        },
        {
          roleId: tester.id,
          level: 1,
          name: 'Test',
          expression: 'is(soil, "CLAY") ? 8 : 4',
          issues: [],
        },
      ]);
      expect(expectStatus<ItemFormulas>(await admin.get(url(item.id)), 200)).toEqual(first);
      expect(expectStatus<Item>(await admin.get(`${base}/items/${item.id}`), 200).revision).toBe(1);

      // Keep the first two by id (swapping their levels), drop the third, add one.
      const [build, layered] = first.formulas;
      const second = expectStatus<ItemFormulas>(
        await admin.put(url(item.id), {
          revision: 1,
          formulas: [
            { ...formula({ id: build?.id, level: 2, expression: 'length' }) },
            { ...formula({ id: layered?.id, level: 1, name: 'Layered' }) },
            formula({ roleId: tester.id, level: 3, name: 'Regression', expression: '2' }),
          ],
        }),
        200,
      );
      expect(second.revision).toBe(2);
      expect(second.formulas.map((entry) => [entry.id, entry.level, entry.name])).toEqual([
        [build?.id, 2, 'Build'],
        [layered?.id, 1, 'Layered'],
        [expect.any(Number), 3, 'Regression'],
      ]);
      expect(second.formulas[2]?.id).not.toBe(first.formulas[2]?.id);

      const events = await eventsOf(item.id);
      expect(events.map((event) => [event.type, event.userId])).toEqual([
        ['ITEM_UPDATED', admin.userId],
        ['ITEM_UPDATED', admin.userId],
      ]);
      expect(events.map((event) => event.changes)).toEqual([
        [
          {
            field: 'formulas',
            old: [],
            new: [
              'DEV L1 Build: length * 0.5',
              'DEV L2 Build with layers: length * 0.5 + layers',
              'QA L1 Test: is(soil, "CLAY") ? 8 : 4',
            ],
          },
        ],
        [
          {
            field: 'formulas',
            old: [
              'DEV L1 Build: length * 0.5',
              'DEV L2 Build with layers: length * 0.5 + layers',
              'QA L1 Test: is(soil, "CLAY") ? 8 : 4',
            ],
            new: ['DEV L2 Build: length', 'DEV L1 Layered: length * 0.5', 'QA L3 Regression: 2'],
          },
        ],
      ]);
      // The events list shows it too.
      const listed = expectStatus<{ items: { type: string; itemId: number }[] }>(
        await admin.get(`${base}/events?itemId=${item.id}`),
        200,
      );
      expect(listed.items.map((event) => event.type)).toEqual(['ITEM_UPDATED', 'ITEM_UPDATED']);
    });

    it('saving the stored list changes nothing: no revision, no event', async () => {
      const item = await newItem();
      const stored = await saved(item.id, [formula()]);
      const again = expectStatus<ItemFormulas>(
        await admin.put(url(item.id), {
          revision: stored.revision,
          formulas: stored.formulas.map(({ issues: _issues, ...rest }) => rest),
        }),
        200,
      );
      expect(again).toEqual(stored);
      expect(await eventsOf(item.id)).toHaveLength(1);
    });

    it('answers 409 on a stale revision and changes nothing', async () => {
      const item = await newItem();
      await saved(item.id, [formula()]);
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await admin.put(url(item.id), {
        revision: 0,
        formulas: [formula({ expression: 'length * 2' })],
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response)).toMatchObject({
        code: 'CONFLICT',
        detail: 'Someone else has changed the item in the meantime. Reload it and try again.',
      });
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses a retired item (409)', async () => {
      const item = await createItem(ctx.app.db, {
        catalogId,
        attributes: ATTRIBUTES,
        deprecated: true,
      });
      const response = await admin.put(url(item.id), { revision: 0, formulas: [formula()] });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).detail).toBe(
        'The item has been deleted; it can no longer be changed.',
      );
      const removal = await admin.delete(`${url(item.id)}?roleId=${developer.id}&revision=0`);
      expect(removal.statusCode).toBe(409);
    });

    it('answers 404 for an item of another catalog', async () => {
      const foreign = await createItem(ctx.app.db, { attributes: ATTRIBUTES });
      expect((await admin.get(url(foreign.id))).statusCode).toBe(404);
      expect((await admin.put(url(foreign.id), { revision: 0, formulas: [] })).statusCode).toBe(
        404,
      );
    });
  });

  describe('checks (400)', () => {
    let itemId: number;
    beforeEach(async () => {
      itemId = (await newItem()).id;
    });

    async function refused(
      formulas: Record<string, unknown>[],
      headers: Record<string, string> = {},
    ) {
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await admin.put(url(itemId), { revision: 0, formulas }, headers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
      return response.json<FormulaProblem>();
    }

    it('FORMULA_INVALID: issues with positions per formula index and a field error per issue', async () => {
      const expressions = [
        'length * 0.5',
        'width * 2',
        'layers * 2',
        'length *',
        'note * 2',
        '1'.repeat(2001),
        'soil == "ROCK" ? 1 : 2',
        '   ',
      ];
      const problem = await refused(
        expressions.map((expression, index) =>
          formula({
            roleId: index < 2 ? developer.id : tester.id,
            level: index < 2 ? index + 1 : index - 1,
            expression,
          }),
        ),
      );
      expect(problem.code).toBe('FORMULA_INVALID');
      const issues = new Map(problem.formulaIssues?.map((entry) => [entry.index, entry.issues]));
      expect([...issues.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(issues.get(1)).toHaveLength(1);
      expect(issues.get(1)).toMatchObject([{ code: 'UNKNOWN_ATTRIBUTE', start: 0, end: 5 }]);
      expect(issues.get(2)).toHaveLength(1);
      expect(issues.get(2)).toMatchObject([
        { code: 'HIGHER_LEVEL_ATTRIBUTE', start: 0, end: 6, params: { level: 2, formulaLevel: 1 } },
      ]);
      expect(issues.get(3)?.map((issue) => issue.code)).toEqual(['SYNTAX']);
      expect(issues.get(4)?.map((issue) => issue.code)).toEqual(['TYPE_MISMATCH']);
      expect(issues.get(5)?.map((issue) => issue.code)).toEqual(['TOO_LONG']);
      expect(issues.get(6)?.map((issue) => issue.code)).toEqual(['UNKNOWN_ENUM_CODE']);
      expect(issues.get(7)?.map((issue) => issue.code)).toEqual(['EMPTY']);
      for (const [index, list] of issues) {
        for (const issue of list) {
          expect(issue.start).toBeLessThanOrEqual(issue.end);
          expect(issue.end).toBeLessThanOrEqual(expressions[index]?.length ?? 0);
        }
      }
      const syntax = issues.get(3)?.[0];
      expect(syntax?.start).toBeGreaterThanOrEqual(6);

      expect(problem.errors?.map((error) => [error.field, error.rule])).toEqual([
        ['formulas.1.expression', 'UNKNOWN_ATTRIBUTE'],
        ['formulas.2.expression', 'HIGHER_LEVEL_ATTRIBUTE'],
        ['formulas.3.expression', 'SYNTAX'],
        ['formulas.4.expression', 'TYPE_MISMATCH'],
        ['formulas.5.expression', 'TOO_LONG'],
        ['formulas.6.expression', 'UNKNOWN_ENUM_CODE'],
        ['formulas.7.expression', 'EMPTY'],
      ]);
      expect(problem.errors?.[0]?.message).toBe(
        'The item has no attribute “width” (at character 1)',
      );
      expect(problem.errors?.[1]?.message).toMatch(
        /^Attributes may only come from the same or a lower level than the formula level/,
      );
      expect(problem.errors?.[4]?.message).toBe('The formula may have at most 2000 characters');
    });

    it('localizes the messages (Accept-Language: cs)', async () => {
      const problem = await refused([formula({ expression: 'width' })], {
        'accept-language': 'cs',
      });
      expect(problem).toMatchObject({
        code: 'FORMULA_INVALID',
        detail: 'Některé vzorce neprošly kontrolou.',
        errors: [
          {
            field: 'formulas.0.expression',
            rule: 'UNKNOWN_ATTRIBUTE',
            message: 'Položka nemá atribut „width“ (na znaku 1)',
          },
        ],
      });
    });

    it('refuses a role of another catalog, a repeated (role, level) and a formula of another item', async () => {
      const foreignRole = await createRole(ctx.app.db);
      const other = await newItem();
      const otherFormula = (await saved(other.id, [formula()])).formulas[0];
      const problem = await refused([
        formula({ roleId: foreignRole.id }),
        formula(),
        formula({ level: 1, name: 'Twice' }),
        formula({ id: otherFormula?.id, level: 3 }),
      ]);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors).toEqual([
        {
          field: 'formulas.0.roleId',
          rule: 'exists',
          message: 'The role does not exist in this catalog',
        },
        {
          field: 'formulas.2.level',
          rule: 'unique',
          message: 'The role already has a formula on this level',
        },
        {
          field: 'formulas.3.id',
          rule: 'exists',
          message: 'This formula does not belong to the item',
        },
      ]);
    });

    it('reports broken references together with failing expressions (FORMULA_INVALID)', async () => {
      const problem = await refused([formula(), formula({ expression: 'width' })]);
      expect(problem.code).toBe('FORMULA_INVALID');
      expect(problem.errors?.map((error) => [error.field, error.rule])).toEqual([
        ['formulas.1.level', 'unique'],
        ['formulas.1.expression', 'UNKNOWN_ATTRIBUTE'],
      ]);
      expect(problem.formulaIssues?.map((entry) => entry.index)).toEqual([1]);
    });

    it('refuses levels outside 1..10 and a missing name through the schema', async () => {
      const problem = await refused([formula({ level: 11, name: '' })]);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors?.map((error) => error.field)).toEqual([
        'formulas.0.level',
        'formulas.0.name',
      ]);
    });
  });

  describe('GET after the attributes change', () => {
    it('shows the issues of formulas whose attributes are gone; COMPLETE is refused until they are fixed', async () => {
      const item = await newItem();
      await saved(item.id, [
        formula(),
        formula({ roleId: tester.id, name: 'Test', expression: 'layers * 3', level: 2 }),
      ]);
      // Remove "layers" (the attribute list keeps the others by id).
      const current = expectStatus<Item>(await admin.get(`${base}/items/${item.id}`), 200);
      const kept = current.attributes
        .filter((attribute) => attribute.code !== 'layers')
        .map(
          ({ id, level, code, name, type, mandatory, description, defaultValue, enumValues }) => ({
            id,
            level,
            code,
            name,
            type,
            mandatory,
            description,
            defaultValue,
            enumValues,
          }),
        );
      expectStatus(
        await admin.put(`${base}/items/${item.id}/attributes`, {
          revision: current.revision,
          attributes: kept,
        }),
        200,
      );
      const listed = expectStatus<ItemFormulas>(await admin.get(url(item.id)), 200);
      expect(listed.formulas.map((entry) => entry.issues.length)).toEqual([0, 1]);
      expect(listed.formulas[1]?.issues).toMatchObject([
        { code: 'UNKNOWN_ATTRIBUTE', start: 0, end: 6 },
      ]);

      const complete = await admin.post(`${base}/items/${item.id}/transitions`, {
        action: 'MOVE_TO_COMPLETE',
        revision: listed.revision,
      });
      expect(complete.statusCode).toBe(400);
      const problem = complete.json<FormulaProblem>();
      expect(problem.code).toBe('FORMULA_INVALID');
      expect(problem.detail).toContain('“Test” (role Tester, level 2)');
      expect(problem.detail).toContain('The item has no attribute “layers”');
      expect(problem.formulaIssues).toEqual([
        { index: 1, issues: [expect.objectContaining({ code: 'UNKNOWN_ATTRIBUTE' })] },
      ]);
      const czech = await admin.post(
        `${base}/items/${item.id}/transitions`,
        { action: 'MOVE_TO_COMPLETE', revision: listed.revision },
        { 'accept-language': 'cs' },
      );
      expect(czech.json<FormulaProblem>().detail).toContain('„Test“ (role Testér, úroveň 2)');
      expect(await revisionOf(item.id)).toBe(listed.revision);

      // A save with the broken formula still in it is refused too.
      const resave = await admin.put(url(item.id), {
        revision: listed.revision,
        formulas: listed.formulas.map(({ issues: _issues, ...rest }) => rest),
      });
      expect(resave.statusCode).toBe(400);

      const fixed = expectStatus<ItemFormulas>(
        await admin.put(url(item.id), {
          revision: listed.revision,
          formulas: listed.formulas.map(({ issues: _issues, ...rest }) =>
            rest.roleId === tester.id ? { ...rest, expression: 'length * 3' } : rest,
          ),
        }),
        200,
      );
      expect(fixed.formulas.every((entry) => entry.issues.length === 0)).toBe(true);
      const completed = expectStatus<Item>(
        await admin.post(`${base}/items/${item.id}/transitions`, {
          action: 'MOVE_TO_COMPLETE',
          revision: fixed.revision,
        }),
        200,
      );
      expect(completed).toMatchObject({ state: 'COMPLETE', version: 1 });
    });

    it('moves an item without formulas to COMPLETE', async () => {
      const item = await newItem();
      expectStatus(
        await admin.post(`${base}/items/${item.id}/transitions`, {
          action: 'MOVE_TO_COMPLETE',
          revision: 0,
        }),
        200,
      );
    });
  });

  describe('DELETE …/formulas?roleId=&revision=', () => {
    it('deletes every formula of the role, bumps the revision and records the event', async () => {
      const item = await newItem();
      const stored = await saved(item.id, [
        formula(),
        formula({ level: 2 }),
        formula({ roleId: tester.id, name: 'Test', expression: '4' }),
      ]);
      const after = expectStatus<ItemFormulas>(
        await admin.delete(`${url(item.id)}?roleId=${developer.id}&revision=${stored.revision}`),
        200,
      );
      expect(after.revision).toBe(stored.revision + 1);
      expect(after.formulas.map((entry) => [entry.id, entry.roleId])).toEqual([
        [stored.formulas[2]?.id, tester.id],
      ]);
      const events = await eventsOf(item.id);
      expect(events.at(-1)?.changes).toEqual([
        {
          field: 'formulas',
          old: ['DEV L1 Build: length * 0.5', 'DEV L2 Build: length * 0.5', 'QA L1 Test: 4'],
          new: ['QA L1 Test: 4'],
        },
      ]);

      // Nothing left of the role: nothing changes.
      const again = expectStatus<ItemFormulas>(
        await admin.delete(`${url(item.id)}?roleId=${developer.id}&revision=${after.revision}`),
        200,
      );
      expect(again).toEqual(after);
      expect(await eventsOf(item.id)).toHaveLength(events.length);
    });

    it('answers 409 on a stale revision and 400 for a role of another catalog', async () => {
      const item = await newItem();
      await saved(item.id, [formula()]);
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const stale = await admin.delete(`${url(item.id)}?roleId=${developer.id}&revision=0`);
      expect(stale.statusCode).toBe(409);
      const foreignRole = await createRole(ctx.app.db);
      const foreign = await admin.delete(`${url(item.id)}?roleId=${foreignRole.id}&revision=1`);
      expect(foreign.statusCode).toBe(400);
      expect(problemOf(foreign).errors).toEqual([
        { field: 'roleId', rule: 'exists', message: 'The role does not exist in this catalog' },
      ]);
      const missing = await admin.delete(`${url(item.id)}?revision=1`);
      expect(missing.statusCode).toBe(400);
      expect(problemOf(missing).errors?.map((error) => error.field)).toEqual(['roleId']);
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });
  });

  describe('roles used by formulas', () => {
    it('cannot be deleted (409) until their formulas are gone', async () => {
      const role = await createRole(ctx.app.db, { catalogId });
      const item = await newItem();
      const stored = await saved(item.id, [
        formula({ roleId: role.id }),
        formula({ roleId: role.id, level: 2 }),
      ]);
      const refused = await admin.delete(`${base}/roles/${role.id}`);
      expect(refused.statusCode).toBe(409);
      expect(problemOf(refused).detail).toBe(
        "The role is used by 2 formulas. Delete the role's formulas first.",
      );
      expectStatus(
        await admin.delete(`${url(item.id)}?roleId=${role.id}&revision=${stored.revision}`),
        200,
      );
      expect((await admin.delete(`${base}/roles/${role.id}`)).statusCode).toBe(204);
    });
  });

  it('documents the formula routes in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const formulas = document.paths['/api/v1/catalogs/{catalogId}/items/{itemId}/formulas'];
    expect(Object.keys(formulas ?? {}).toSorted()).toEqual(['delete', 'get', 'put']);
    expect(formulas?.put?.responses).toHaveProperty('200');
    expect(
      document.paths['/api/v1/catalogs/{catalogId}/items/{itemId}/calculation']?.post?.responses,
    ).toHaveProperty('200');
  });
});
