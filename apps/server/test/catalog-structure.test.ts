// Groups (tree, moves, deletes), phases, roles (decimal prices, versions) and labels (usage) of a catalog.
import type { Group, Label, Phase, Role } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogEvents,
  catalogGroups,
  catalogItemLabels,
  catalogItems,
  catalogRoles,
} from '../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  addMember,
  bodies,
  createCatalog,
  createGroup,
  createItem,
  createLabel,
  createPhase,
  createRole,
} from './helpers/catalog-factories';
import { snapshotCatalog } from './helpers/catalog-snapshot';

describe('catalog structure', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let admin: ApiCaller;
  let reader: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db, { visibility: 'PRIVATE' });
    catalogId = created.catalog.id;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, created.admin.id);
    reader = await apiAs(ctx.app, (await addMember(ctx.app.db, catalogId, 'CTL_READER')).id);
  });
  afterAll(() => ctx.close());

  async function eventsOf(type: string) {
    return ctx.app.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.catalogId, catalogId), eq(catalogEvents.type, type)));
  }

  describe('groups', () => {
    it('creates groups in two levels (201) and lists them with item counts including sub-groups', async () => {
      const top = expectStatus<Group>(
        await admin.post(`${base}/groups`, bodies.group({ code: 'ROADS' })),
        201,
      );
      const sub = expectStatus<Group>(
        await admin.post(`${base}/groups`, bodies.group({ code: 'ASPHALT', parentId: top.id })),
        201,
      );
      expect(sub).toMatchObject({ parentId: top.id, itemCount: 0, code: 'ASPHALT' });
      await createItem(ctx.app.db, { catalogId, groupId: top.id, state: 'COMPLETE' });
      await createItem(ctx.app.db, { catalogId, groupId: sub.id, state: 'COMPLETE' });
      await createItem(ctx.app.db, { catalogId, groupId: sub.id, state: 'PENDING' });
      await createItem(ctx.app.db, { catalogId, groupId: sub.id, deprecated: true });
      const asAdmin = expectStatus<Group[]>(await admin.get(`${base}/groups`), 200);
      expect(asAdmin.find((group) => group.id === top.id)?.itemCount).toBe(3);
      expect(asAdmin.find((group) => group.id === sub.id)?.itemCount).toBe(2);
      // A reader counts only what a reader can list: COMPLETE items.
      const asReader = expectStatus<Group[]>(await reader.get(`${base}/groups`), 200);
      expect(asReader.find((group) => group.id === top.id)?.itemCount).toBe(2);
      expect(expectStatus<Group>(await reader.get(`${base}/groups/${sub.id}`), 200).code).toBe(
        'ASPHALT',
      );
    });

    it('renames a group (200) and records the old and new name', async () => {
      const group = await createGroup(ctx.app.db, { catalogId, name: { en: 'Old' } });
      const renamed = expectStatus<Group>(
        await admin.put(
          `${base}/groups/${group.id}`,
          bodies.group({ code: group.code, name: { en: 'New', cs: 'Nová' } }),
        ),
        200,
      );
      expect(renamed.name).toEqual({ en: 'New', cs: 'Nová' });
      const [event] = (await eventsOf('GROUP_UPDATED')).slice(-1);
      expect(event?.changes).toEqual([
        { field: 'name', old: { en: 'Old' }, new: { en: 'New', cs: 'Nová' } },
      ]);
    });

    it('moves a group, but not under itself or one of its sub-groups (400, en and cs)', async () => {
      const a = await createGroup(ctx.app.db, { catalogId, code: 'MOVE-A' });
      const b = await createGroup(ctx.app.db, { catalogId, code: 'MOVE-B', parentId: a.id });
      const c = await createGroup(ctx.app.db, { catalogId, code: 'MOVE-C', parentId: b.id });
      const other = await createGroup(ctx.app.db, { catalogId, code: 'MOVE-X' });
      const moved = expectStatus<Group>(
        await admin.put(
          `${base}/groups/${b.id}`,
          bodies.group({ code: b.code, parentId: other.id }),
        ),
        200,
      );
      expect(moved.parentId).toBe(other.id);
      expectStatus(
        await admin.put(`${base}/groups/${b.id}`, bodies.group({ code: b.code, parentId: a.id })),
        200,
      );
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      for (const parentId of [a.id, c.id]) {
        const response = await admin.put(
          `${base}/groups/${a.id}`,
          bodies.group({ code: a.code, parentId }),
        );
        expect(response.statusCode).toBe(400);
        expect(problemOf(response).errors).toEqual([
          {
            field: 'parentId',
            rule: 'not_descendant',
            message: 'A group cannot be moved under itself or under one of its sub-groups',
          },
        ]);
      }
      const czech = await admin.put(
        `${base}/groups/${a.id}`,
        bodies.group({ code: a.code, parentId: c.id }),
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Skupinu nelze přesunout pod ni samotnou ani pod některou z jejích podskupin',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses a parent from another catalog (400) as if it did not exist', async () => {
      const foreign = await createGroup(ctx.app.db);
      const response = await admin.post(`${base}/groups`, bodies.group({ parentId: foreign.id }));
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'parentId',
          rule: 'exists',
          message: 'The parent group does not exist in this catalog',
        },
      ]);
    });

    it('refuses to delete a group with sub-groups or live items (409), then deletes it once empty', async () => {
      const parent = await createGroup(ctx.app.db, { catalogId });
      const child = await createGroup(ctx.app.db, { catalogId, parentId: parent.id });
      const item = await createItem(ctx.app.db, { catalogId, groupId: child.id });
      const retired = await createItem(ctx.app.db, {
        catalogId,
        groupId: child.id,
        deprecated: true,
      });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const withChild = await admin.delete(`${base}/groups/${parent.id}`);
      expect(withChild.statusCode).toBe(409);
      expect(problemOf(withChild).detail).toBe(
        'The group still contains 1 sub-group and 0 items. Move or delete them first.',
      );
      const withItem = await admin.delete(`${base}/groups/${child.id}`, {
        'accept-language': 'cs',
      });
      expect(withItem.statusCode).toBe(409);
      expect(problemOf(withItem).detail).toBe(
        'Skupina stále obsahuje 0 podskupin a 1 položku. Nejprve je přesuňte nebo smažte.',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);

      await ctx.app.db
        .update(catalogItems)
        .set({ groupId: null })
        .where(eq(catalogItems.id, item.id));
      expect((await admin.delete(`${base}/groups/${child.id}`)).statusCode).toBe(204);
      expect((await admin.delete(`${base}/groups/${parent.id}`)).statusCode).toBe(204);
      // A retired item lets go of its deleted group.
      const [row] = await ctx.app.db
        .select()
        .from(catalogItems)
        .where(eq(catalogItems.id, retired.id));
      expect(row?.groupId).toBeNull();
      expect((await admin.get(`${base}/groups/${parent.id}`)).statusCode).toBe(404);
      expect(await eventsOf('GROUP_DELETED')).toHaveLength(2);
    });

    it('refuses a code another group of the catalog has (409 with a field error)', async () => {
      const group = await createGroup(ctx.app.db, { catalogId });
      const response = await admin.post(`${base}/groups`, bodies.group({ code: group.code }));
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'code',
          rule: 'unique',
          message: 'Another group of this catalog already uses this code',
        },
      ]);
    });

    it('needs the name in the catalog’s default language and only its languages (400)', async () => {
      const missing = await admin.post(
        `${base}/groups`,
        bodies.group({ name: { cs: 'Jen česky' } }),
      );
      expect(missing.statusCode).toBe(400);
      expect(problemOf(missing).errors).toEqual([
        {
          field: 'name',
          rule: 'required',
          message: "The name in the catalog's default language (English) is required",
        },
      ]);
      const czech = await admin.post(
        `${base}/groups`,
        bodies.group({ name: { en: '  ', cs: 'Jen česky' } }),
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Pole název ve výchozím jazyce katalogu (angličtina) je povinné',
      );
      const foreign = await admin.post(
        `${base}/groups`,
        bodies.group({ name: { en: 'Roads', de: 'Straßen' } }),
      );
      expect(problemOf(foreign).errors).toEqual([
        {
          field: 'name',
          rule: 'one_of',
          message: "The name may only be given in the catalog's languages (en, cs)",
        },
      ]);
      const shortDescription = await admin.post(
        `${base}/groups`,
        bodies.group({ description: { en: 'ab' } }),
      );
      expect(problemOf(shortDescription).errors).toEqual([
        {
          field: 'description',
          rule: 'description_min_length',
          message: 'Each key in the description must have at least 3 characters',
        },
      ]);
    });

    it('answers 404 for a group that does not exist', async () => {
      expect((await admin.get(`${base}/groups/2000000000`)).statusCode).toBe(404);
      expect((await admin.put(`${base}/groups/2000000000`, bodies.group())).statusCode).toBe(404);
      expect((await admin.delete(`${base}/groups/2000000000`)).statusCode).toBe(404);
    });
  });

  describe('phases', () => {
    it('appends phases in order (201) and updates them (200)', async () => {
      const { catalog, admin: owner } = await createCatalog(ctx.app.db);
      const api = await apiAs(ctx.app, owner.id);
      const url = `/api/v1/catalogs/${catalog.id}/phases`;
      for (const code of ['ANALYSIS', 'DESIGN', 'DEVELOPMENT', 'TESTING']) {
        expectStatus(await api.post(url, bodies.phase({ code })), 201);
      }
      const phases = expectStatus<Phase[]>(await api.get(url), 200);
      expect(phases.map((phase) => [phase.code, phase.position])).toEqual([
        ['ANALYSIS', 0],
        ['DESIGN', 1],
        ['DEVELOPMENT', 2],
        ['TESTING', 3],
      ]);
      const first = phases[0];
      const updated = expectStatus<Phase>(
        await api.put(
          `${url}/${first?.id}`,
          bodies.phase({ code: 'ANALYSIS', name: { en: 'Study' } }),
        ),
        200,
      );
      expect(updated).toMatchObject({ name: { en: 'Study' }, position: 0 });
      expect(expectStatus<Phase>(await api.get(`${url}/${first?.id}`), 200).name).toEqual({
        en: 'Study',
      });
    });

    it('refuses to delete a phase live items use (409), and deletes an unused one (204)', async () => {
      const used = await createPhase(ctx.app.db, { catalogId });
      await createItem(ctx.app.db, { catalogId, phaseId: used.id });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const refused = await admin.delete(`${base}/phases/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(problemOf(refused).detail).toBe(
        'The phase is used by 1 item. Move it to another phase first.',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
      const unused = await createPhase(ctx.app.db, { catalogId });
      expect((await admin.delete(`${base}/phases/${unused.id}`)).statusCode).toBe(204);
      expect((await admin.get(`${base}/phases/${unused.id}`)).statusCode).toBe(404);
    });

    it('refuses a duplicate code (409)', async () => {
      const phase = await createPhase(ctx.app.db, { catalogId });
      const response = await admin.post(`${base}/phases`, bodies.phase({ code: phase.code }));
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).errors?.[0]).toMatchObject({ field: 'code', rule: 'unique' });
    });
  });

  describe('roles', () => {
    it('stores the price as a decimal and answers it as a string (201), comma or dot', async () => {
      const created = expectStatus<Role>(
        await admin.post(`${base}/roles`, bodies.role({ price: '1200,5', unit: 'HOUR' })),
        201,
      );
      expect(created).toMatchObject({ price: '1200.5', unit: 'HOUR', version: 0 });
      const [row] = await ctx.app.db
        .select()
        .from(catalogRoles)
        .where(eq(catalogRoles.id, created.id));
      expect(row?.price).toBe('1200.5000');
      const precise = expectStatus<Role>(
        await admin.post(`${base}/roles`, bodies.role({ price: '0.0001' })),
        201,
      );
      expect(precise.price).toBe('0.0001');
    });

    it('refuses prices that are not above zero, not decimal or too precise (400, en and cs)', async () => {
      const cases: [string, string, string][] = [
        ['0', 'greater_than_zero', 'The price must be greater than zero'],
        ['-5', 'greater_than_zero', 'The price must be greater than zero'],
        ['abc', 'decimal', 'The price must be a number with at most 4 decimal places'],
        ['1.23456', 'decimal', 'The price must be a number with at most 4 decimal places'],
        ['1000000000000', 'max_value', 'The price must be 999999999999 or less'],
        ['', 'required', 'The price is required'],
      ];
      for (const [price, rule, message] of cases) {
        const response = await admin.post(`${base}/roles`, bodies.role({ price }));
        expect(response.statusCode, price).toBe(400);
        expect(problemOf(response).errors, price).toEqual([{ field: 'price', rule, message }]);
      }
      const czech = await admin.post(`${base}/roles`, bodies.role({ price: '0' }), {
        'accept-language': 'cs',
      });
      expect(problemOf(czech).errors?.[0]?.message).toBe('Pole cena musí být větší než nula');
    });

    it('updates with the current version (200, version + 1) and refuses a stale one (409)', async () => {
      const role = await createRole(ctx.app.db, { catalogId, price: '100' });
      const url = `${base}/roles/${role.id}`;
      const updated = expectStatus<Role>(
        await admin.put(url, { ...bodies.role({ code: role.code, price: '150.25' }), version: 0 }),
        200,
      );
      expect(updated).toMatchObject({ price: '150.25', version: 1 });
      const [event] = (await eventsOf('ROLE_UPDATED')).slice(-1);
      expect(event?.changes).toEqual(
        expect.arrayContaining([{ field: 'price', old: '100', new: '150.25' }]),
      );
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const stale = await admin.put(url, {
        ...bodies.role({ code: role.code, price: '1' }),
        version: 0,
      });
      expect(stale.statusCode).toBe(409);
      expect(problemOf(stale)).toMatchObject({
        code: 'CONFLICT',
        detail: 'Someone else has changed the role in the meantime. Reload it and try again.',
      });
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
      expect(expectStatus<Role>(await reader.get(url), 200).price).toBe('150.25');
    });

    it('deletes a role (204) and refuses a duplicate code (409)', async () => {
      const role = await createRole(ctx.app.db, { catalogId });
      const duplicate = await admin.post(`${base}/roles`, bodies.role({ code: role.code }));
      expect(duplicate.statusCode).toBe(409);
      expect(problemOf(duplicate).errors?.[0]?.message).toBe(
        'Another role of this catalog already uses this code',
      );
      expect((await admin.delete(`${base}/roles/${role.id}`)).statusCode).toBe(204);
      expect((await admin.get(`${base}/roles/${role.id}`)).statusCode).toBe(404);
      expect(await eventsOf('ROLE_DELETED')).not.toHaveLength(0);
    });
  });

  describe('labels', () => {
    it('creates a label with its colour in lower case (201)', async () => {
      const label = expectStatus<Label>(
        await admin.post(`${base}/labels`, bodies.label({ title: ' Urgent ', color: '#AA00FF' })),
        201,
      );
      expect(label).toMatchObject({ title: 'Urgent', color: '#aa00ff', usageCount: 0 });
      const bad = await admin.post(`${base}/labels`, bodies.label({ color: 'red' }));
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).errors).toEqual([
        { field: 'color', rule: 'regex', message: 'The color format is invalid' },
      ]);
    });

    it('counts the live items carrying a label, and deleting it (200) takes it off them', async () => {
      const label = await createLabel(ctx.app.db, { catalogId });
      const other = await createLabel(ctx.app.db, { catalogId });
      const first = await createItem(ctx.app.db, { catalogId, labelIds: [label.id, other.id] });
      await createItem(ctx.app.db, { catalogId, labelIds: [label.id] });
      await createItem(ctx.app.db, { catalogId, labelIds: [label.id], deprecated: true });
      const shown = expectStatus<Label>(await reader.get(`${base}/labels/${label.id}`), 200);
      expect(shown.usageCount).toBe(2);
      const listed = expectStatus<Label[]>(await reader.get(`${base}/labels`), 200);
      expect(listed.find((candidate) => candidate.id === label.id)?.usageCount).toBe(2);

      const deleted = expectStatus<Label>(await admin.delete(`${base}/labels/${label.id}`), 200);
      expect(deleted).toMatchObject({ id: label.id, usageCount: 2 });
      expect((await admin.get(`${base}/labels/${label.id}`)).statusCode).toBe(404);
      const links = await ctx.app.db
        .select()
        .from(catalogItemLabels)
        .where(eq(catalogItemLabels.itemId, first.id));
      expect(links.map((link) => link.labelId)).toEqual([other.id]);
      const [event] = (await eventsOf('LABEL_DELETED')).slice(-1);
      expect(event?.changes).toEqual(
        expect.arrayContaining([{ field: 'usageCount', old: 2, new: 0 }]),
      );
    });

    it('updates a label (200) and answers 404 for an unknown one', async () => {
      const label = await createLabel(ctx.app.db, { catalogId, title: 'Before' });
      const updated = expectStatus<Label>(
        await admin.put(`${base}/labels/${label.id}`, bodies.label({ title: 'After' })),
        200,
      );
      expect(updated.title).toBe('After');
      expect((await admin.put(`${base}/labels/2000000000`, bodies.label())).statusCode).toBe(404);
      expect((await admin.delete(`${base}/labels/2000000000`)).statusCode).toBe(404);
    });
  });

  it('keeps the groups of one catalog out of another', async () => {
    const group = await createGroup(ctx.app.db, { catalogId });
    const [row] = await ctx.app.db
      .select()
      .from(catalogGroups)
      .where(and(eq(catalogGroups.id, group.id), eq(catalogGroups.catalogId, catalogId)));
    expect(row).toBeDefined();
    const { catalog, admin: otherAdmin } = await createCatalog(ctx.app.db);
    const api = await apiAs(ctx.app, otherAdmin.id);
    expect((await api.get(`/api/v1/catalogs/${catalog.id}/groups/${group.id}`)).statusCode).toBe(
      404,
    );
  });
});
