// Catalog items: "save as pending", the filtered and paged list, reading (readers, retired items), revisions, attributes and the workflow.
import type { Item, ItemSummary } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, catalogItems, itemAttributes } from '../src/db/schema';
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
} from './helpers/catalog-factories';
import { snapshotCatalog } from './helpers/catalog-snapshot';
import type { CreatedUser } from './helpers/factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('catalog items', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let adminUser: CreatedUser;
  let admin: ApiCaller;
  let inspector: ApiCaller;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db);
    catalogId = created.catalog.id;
    adminUser = created.admin;
    base = `/api/v1/catalogs/${catalogId}`;
    admin = await apiAs(ctx.app, created.admin.id);
    inspector = await apiAs(ctx.app, (await addMember(ctx.app.db, catalogId, 'CTL_INSPECTOR')).id);
  });
  afterAll(() => ctx.close());

  async function itemRow(id: number) {
    const [row] = await ctx.app.db.select().from(catalogItems).where(eq(catalogItems.id, id));
    return row;
  }

  async function eventsOf(itemId: number) {
    return ctx.app.db
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.itemId, itemId))
      .orderBy(catalogEvents.id);
  }

  describe('POST …/items ("save as pending")', () => {
    it('creates a PENDING suggestion, version 0, by the caller, with attributes (201)', async () => {
      const group = await createGroup(ctx.app.db, { catalogId });
      const phase = await createPhase(ctx.app.db, { catalogId });
      const label = await createLabel(ctx.app.db, { catalogId });
      const body = bodies.item({
        groupId: group.id,
        phaseId: phase.id,
        labelIds: [label.id],
        icon: 'shovel',
        repeatable: true,
        attributes: [
          bodies.attribute({
            code: 'length',
            type: 'NUMBER',
            defaultValue: '12,5',
            mandatory: true,
          }),
          bodies.attribute({ code: 'layers', level: 2, type: 'INTEGER', defaultValue: 2 }),
          bodies.attribute({ code: 'lit', level: 2, type: 'BOOLEAN', defaultValue: 'true' }),
          bodies.attribute({
            code: 'soil',
            level: 3,
            type: 'ENUM',
            defaultValue: 'CLAY',
            enumValues: [
              { code: 'SAND', label: { en: 'Sand', cs: 'Písek' } },
              { code: 'CLAY', label: { en: 'Clay', cs: 'Jíl' } },
            ],
          }),
          bodies.attribute({ code: 'note', type: 'TEXT', defaultValue: 'none' }),
        ],
      });
      const item = expectStatus<Item>(await inspector.post(`${base}/items`, body), 201);
      expect(item).toMatchObject({
        code: body.code,
        name: { en: 'Excavation', cs: 'Výkop' },
        groupId: group.id,
        phaseId: phase.id,
        icon: 'shovel',
        repeatable: true,
        state: 'PENDING',
        deprecated: false,
        version: 0,
        revision: 0,
        labelIds: [label.id],
        maxLevel: 3,
        createdByUserId: inspector.userId,
        availableActions: ['MOVE_TO_INSPECT'],
      });
      expect(item.attributes.map((attribute) => [attribute.code, attribute.defaultValue])).toEqual([
        ['length', 12.5],
        ['layers', 2],
        ['lit', true],
        ['soil', 'CLAY'],
        ['note', 'none'],
      ]);
      expect(await eventsOf(item.id)).toMatchObject([
        { type: 'ITEM_CREATED', userId: inspector.userId },
      ]);
    });

    it('creates an item without attributes (maxLevel 0)', async () => {
      const { attributes: _attributes, ...body } = { ...bodies.item(), attributes: undefined };
      const item = expectStatus<Item>(await admin.post(`${base}/items`, body), 201);
      expect(item).toMatchObject({ maxLevel: 0, attributes: [] });
    });

    it('checks the attributes: codes, ENUM values and typed defaults (400, en and cs)', async () => {
      const body = bodies.item({
        attributes: [
          bodies.attribute({ code: 'same' }),
          bodies.attribute({ code: 'same' }),
          bodies.attribute({ code: 'kind', type: 'ENUM', enumValues: [] }),
          bodies.attribute({
            code: 'colour',
            type: 'ENUM',
            defaultValue: 'GREEN',
            enumValues: [
              { code: 'RED', label: { en: 'Red' } },
              { code: 'RED', label: { en: 'Also red' } },
            ],
          }),
          bodies.attribute({ code: 'count', type: 'INTEGER', defaultValue: '2.5' }),
          bodies.attribute({ code: 'flag', type: 'BOOLEAN', defaultValue: 'yes' }),
          bodies.attribute({
            code: 'plain',
            type: 'NUMBER',
            enumValues: [{ code: 'X', label: { en: 'X' } }],
          }),
          bodies.attribute({ code: 'nameless', name: { cs: 'Jen česky' } }),
        ],
      });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await admin.post(`${base}/items`, body);
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'attributes.1.code',
          rule: 'unique',
          message: 'Another attribute of this item already uses this code',
        },
        {
          field: 'attributes.2.enumValues',
          rule: 'min_items',
          message: 'A “List of values” attribute needs at least one value',
        },
        {
          field: 'attributes.3.enumValues.1.code',
          rule: 'unique',
          message: 'Another value of this attribute already uses this code',
        },
        {
          field: 'attributes.3.defaultValue',
          rule: 'type',
          message: 'The default value must be the code of one of the values (RED, RED)',
        },
        {
          field: 'attributes.4.defaultValue',
          rule: 'type',
          message: 'The default value must be a whole number',
        },
        {
          field: 'attributes.5.defaultValue',
          rule: 'type',
          message: 'The default value must be true or false',
        },
        {
          field: 'attributes.6.enumValues',
          rule: 'one_of',
          message: 'Only “List of values” attributes have values',
        },
        {
          field: 'attributes.7.name',
          rule: 'required',
          message: "The attribute name in the catalog's default language (English) is required",
        },
      ]);
      const czech = await admin.post(`${base}/items`, body, { 'accept-language': 'cs' });
      expect(problemOf(czech).errors?.[0]?.message).toBe(
        'Tento kód už používá jiný atribut této položky',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses levels below 1 through the schema (400 with the field label)', async () => {
      const response = await admin.post(
        `${base}/items`,
        bodies.item({ attributes: [bodies.attribute({ level: 0 })] }),
      );
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([
        { field: 'attributes.0.level', rule: 'min_value', message: 'The level must be 1 or more' },
      ]);
    });

    it('refuses a group, phase or labels of another catalog (400)', async () => {
      const foreignGroup = await createGroup(ctx.app.db);
      const foreignPhase = await createPhase(ctx.app.db);
      const foreignLabel = await createLabel(ctx.app.db);
      const response = await admin.post(
        `${base}/items`,
        bodies.item({
          groupId: foreignGroup.id,
          phaseId: foreignPhase.id,
          labelIds: [foreignLabel.id],
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors?.map((error) => [error.field, error.message])).toEqual([
        ['groupId', 'The group does not exist in this catalog'],
        ['phaseId', 'The phase does not exist in this catalog'],
        ['labelIds', 'Some of the labels do not exist in this catalog'],
      ]);
    });

    it('refuses a code another live item has (409); a retired item’s code is free', async () => {
      const live = await createItem(ctx.app.db, { catalogId, code: 'DUP-LIVE' });
      const response = await admin.post(`${base}/items`, bodies.item({ code: live.code }));
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).errors).toEqual([
        {
          field: 'code',
          rule: 'unique',
          message: 'Another item of this catalog already uses this code',
        },
      ]);
      await createItem(ctx.app.db, { catalogId, code: 'DUP-RETIRED', deprecated: true });
      expectStatus(await admin.post(`${base}/items`, bodies.item({ code: 'DUP-RETIRED' })), 201);
    });
  });

  describe('GET …/items (list)', () => {
    let listBase: string;
    let listAdmin: ApiCaller;
    let listReader: ApiCaller;
    const ids: Record<string, number> = {};
    const groups: Record<string, number> = {};
    const labels: Record<string, number> = {};

    beforeAll(async () => {
      const db = ctx.app.db;
      const { catalog, admin: owner } = await createCatalog(db);
      listBase = `/api/v1/catalogs/${catalog.id}`;
      listAdmin = await apiAs(ctx.app, owner.id);
      listReader = await apiAs(ctx.app, (await addMember(db, catalog.id, 'CTL_READER')).id);
      groups.G1 = (await createGroup(db, { catalogId: catalog.id })).id;
      groups.G1a = (await createGroup(db, { catalogId: catalog.id, parentId: groups.G1 })).id;
      groups.G2 = (await createGroup(db, { catalogId: catalog.id })).id;
      labels.L1 = (await createLabel(db, { catalogId: catalog.id })).id;
      labels.L2 = (await createLabel(db, { catalogId: catalog.id })).id;
      const items = [
        {
          code: 'A-001',
          name: { en: 'Foundation digging', cs: 'Výkop základů' },
          state: 'COMPLETE',
          groupId: groups.G1,
          labelIds: [labels.L1, labels.L2],
        },
        { code: 'A-002', state: 'PENDING', groupId: groups.G1a, labelIds: [labels.L1] },
        { code: 'A-003', state: 'TO_INSPECT', groupId: groups.G2, labelIds: [] },
        { code: 'B-001', state: 'COMPLETE', groupId: groups.G1a, labelIds: [labels.L2] },
        {
          code: 'B-002',
          state: 'COMPLETE',
          groupId: null,
          labelIds: [labels.L1, labels.L2],
          deprecated: true,
        },
        { code: 'C-001', state: 'COMPLETE', groupId: groups.G2, labelIds: [labels.L1] },
      ] as const;
      // Inserted out of order: the list orders by code.
      for (const item of [...items].reverse()) {
        const row = await createItem(db, {
          ...item,
          labelIds: [...item.labelIds],
          catalogId: catalog.id,
          attributes: [{ level: 2, code: 'x', name: { en: 'X' }, type: 'NUMBER' }],
        });
        ids[item.code] = row.id;
      }
    });

    async function codes(api: ApiCaller, query: string): Promise<string[]> {
      const page = expectStatus<Page<ItemSummary>>(
        await api.get(`${listBase}/items?${query}`),
        200,
      );
      expect(page.nextCursor).toBeNull();
      return page.items.map((item) => item.code);
    }

    it('lists live items in code order with labels and max level; retired ones never', async () => {
      const page = expectStatus<Page<ItemSummary>>(await listAdmin.get(`${listBase}/items`), 200);
      expect(page.items.map((item) => item.code)).toEqual([
        'A-001',
        'A-002',
        'A-003',
        'B-001',
        'C-001',
      ]);
      expect(page.items[0]).toMatchObject({
        id: ids['A-001'],
        labelIds: [labels.L1, labels.L2],
        maxLevel: 2,
        deprecated: false,
      });
    });

    it('filters by state, group (with sub-groups), all given labels and text', async () => {
      expect(await codes(listAdmin, 'state=COMPLETE')).toEqual(['A-001', 'B-001', 'C-001']);
      expect(await codes(listAdmin, `groupId=${groups.G1}`)).toEqual(['A-001', 'A-002', 'B-001']);
      expect(await codes(listAdmin, `groupId=${groups.G1a}`)).toEqual(['A-002', 'B-001']);
      expect(await codes(listAdmin, `labelIds=${labels.L1},${labels.L2}`)).toEqual(['A-001']);
      expect(await codes(listAdmin, `labelIds=${labels.L1}`)).toEqual(['A-001', 'A-002', 'C-001']);
      expect(await codes(listAdmin, 'q=vykop')).toEqual(['A-001']);
      expect(await codes(listAdmin, 'q=FOUNDATION')).toEqual(['A-001']);
      expect(await codes(listAdmin, 'q=b-00')).toEqual(['B-001']);
      expect(
        await codes(listAdmin, `state=COMPLETE&groupId=${groups.G1}&labelIds=${labels.L2}`),
      ).toEqual(['A-001', 'B-001']);
      expect(await codes(listAdmin, 'groupId=2000000000')).toEqual([]);
    });

    it('shows readers COMPLETE items only', async () => {
      expect(await codes(listReader, '')).toEqual(['A-001', 'B-001', 'C-001']);
      expect(await codes(listReader, 'state=PENDING')).toEqual([]);
    });

    it('pages by code and id to the end without gaps or repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${listBase}/items?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page: Page<ItemSummary> = expectStatus(await listAdmin.get(url), 200);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.code));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null);
      expect(seen).toEqual(['A-001', 'A-002', 'A-003', 'B-001', 'C-001']);
      expect(pages).toBe(3);
    });

    it('answers 400 for malformed filters and cursors', async () => {
      for (const query of [
        'state=DONE',
        'labelIds=1,,2',
        'groupId=x',
        'cursor=%7B%7D',
        'limit=500',
      ]) {
        const response = await listAdmin.get(`${listBase}/items?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(problemOf(response).code).toBe('VALIDATION_FAILED');
      }
    });

    it('keeps retired items readable by id, flagged and without actions; hides unfinished ones from readers', async () => {
      for (const api of [listAdmin, listReader]) {
        const retired = expectStatus<Item>(await api.get(`${listBase}/items/${ids['B-002']}`), 200);
        expect(retired).toMatchObject({ code: 'B-002', deprecated: true, availableActions: [] });
      }
      expect((await listReader.get(`${listBase}/items/${ids['A-002']}`)).statusCode).toBe(404);
      expect((await listAdmin.get(`${listBase}/items/${ids['A-002']}`)).statusCode).toBe(200);
      expect((await listAdmin.get(`${listBase}/items/2000000000`)).statusCode).toBe(404);
    });
  });

  describe('PUT …/items/{itemId}', () => {
    it('saves with the current revision (200, revision + 1) and records old and new values', async () => {
      const label = await createLabel(ctx.app.db, { catalogId });
      const item = await createItem(ctx.app.db, {
        catalogId,
        state: 'TO_INSPECT',
        name: { en: 'Old' },
      });
      const updated = expectStatus<Item>(
        await inspector.put(`${base}/items/${item.id}`, {
          ...bodies.item({ code: item.code, name: { en: 'New' }, labelIds: [label.id] }),
          revision: 0,
        }),
        200,
      );
      expect(updated).toMatchObject({
        name: { en: 'New' },
        labelIds: [label.id],
        revision: 1,
        version: 0,
        state: 'TO_INSPECT',
      });
      const [event] = (await eventsOf(item.id)).slice(-1);
      expect(event).toMatchObject({ type: 'ITEM_UPDATED', userId: inspector.userId });
      expect(event?.changes).toEqual([
        { field: 'name', old: { en: 'Old' }, new: { en: 'New' } },
        { field: 'labelIds', old: [], new: [label.id] },
      ]);
    });

    it('refuses a stale revision with 409 and changes nothing', async () => {
      const item = await createItem(ctx.app.db, { catalogId, revision: 4 });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await admin.put(`${base}/items/${item.id}`, {
        ...bodies.item({ code: item.code, name: { en: 'Lost update' } }),
        revision: 3,
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response)).toMatchObject({
        code: 'CONFLICT',
        detail: 'Someone else has changed the item in the meantime. Reload it and try again.',
      });
      const czech = await admin.put(
        `${base}/items/${item.id}`,
        { ...bodies.item({ code: item.code }), revision: 3 },
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).detail).toBe(
        'Položku mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses the code of another live item (409) and a retired item (409)', async () => {
      const first = await createItem(ctx.app.db, { catalogId });
      const second = await createItem(ctx.app.db, { catalogId });
      const clash = await admin.put(`${base}/items/${second.id}`, {
        ...bodies.item({ code: first.code }),
        revision: 0,
      });
      expect(clash.statusCode).toBe(409);
      expect(problemOf(clash).errors?.[0]?.field).toBe('code');
      expect((await itemRow(second.id))?.code).toBe(second.code);
      const retired = await createItem(ctx.app.db, { catalogId, deprecated: true });
      const response = await admin.put(`${base}/items/${retired.id}`, {
        ...bodies.item({ code: retired.code }),
        revision: 0,
      });
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).detail).toBe(
        'The item has been deleted; it can no longer be changed.',
      );
    });

    it('keeps the revision when nothing changes', async () => {
      const item = await createItem(ctx.app.db, { catalogId, name: { en: 'Same' } });
      const saved = expectStatus<Item>(
        await admin.put(`${base}/items/${item.id}`, {
          ...bodies.item({ code: item.code, name: { en: 'Same' } }),
          revision: 0,
        }),
        200,
      );
      expect(saved.revision).toBe(0);
      expect(await eventsOf(item.id)).toEqual([]);
    });
  });

  describe('PUT …/items/{itemId}/attributes', () => {
    it('replaces the list: kept attributes keep their ids, new ones get ids, missing ones go', async () => {
      const item = await createItem(ctx.app.db, {
        catalogId,
        state: 'PENDING',
        attributes: [
          { level: 1, code: 'keep', name: { en: 'Keep' }, type: 'NUMBER', position: 0 },
          { level: 1, code: 'drop', name: { en: 'Drop' }, type: 'TEXT', position: 1 },
        ],
      });
      const [keep] = await ctx.app.db
        .select()
        .from(itemAttributes)
        .where(and(eq(itemAttributes.itemId, item.id), eq(itemAttributes.code, 'keep')));
      const saved = expectStatus<Item>(
        await admin.put(`${base}/items/${item.id}/attributes`, {
          revision: 0,
          attributes: [
            bodies.attribute({ code: 'added', level: 3, type: 'BOOLEAN', defaultValue: false }),
            bodies.attribute({ id: keep?.id, code: 'keep', name: { en: 'Kept', cs: 'Zachováno' } }),
          ],
        }),
        200,
      );
      expect(saved.revision).toBe(1);
      expect(saved.maxLevel).toBe(3);
      expect(saved.attributes.map((attribute) => attribute.code)).toEqual(['added', 'keep']);
      expect(saved.attributes[1]).toMatchObject({
        id: keep?.id,
        name: { en: 'Kept', cs: 'Zachováno' },
      });
      const [event] = (await eventsOf(item.id)).slice(-1);
      expect(event).toMatchObject({
        type: 'ATTRIBUTES_UPDATED',
        changes: [
          {
            field: 'attributes',
            old: ['L1 keep (NUMBER)', 'L1 drop (TEXT)'],
            new: ['L3 added (BOOLEAN)', 'L1 keep (NUMBER)'],
          },
        ],
      });
    });

    it("refuses another item's attribute id (400) and a stale revision (409), changing nothing", async () => {
      const other = await createItem(ctx.app.db, {
        catalogId,
        attributes: [{ level: 1, code: 'theirs', name: { en: 'Theirs' }, type: 'NUMBER' }],
      });
      const [theirs] = await ctx.app.db
        .select()
        .from(itemAttributes)
        .where(eq(itemAttributes.itemId, other.id));
      const item = await createItem(ctx.app.db, { catalogId });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const foreign = await admin.put(`${base}/items/${item.id}/attributes`, {
        revision: 0,
        attributes: [bodies.attribute({ id: theirs?.id, code: 'theirs' })],
      });
      expect(foreign.statusCode).toBe(400);
      expect(problemOf(foreign).errors).toEqual([
        {
          field: 'attributes.0.id',
          rule: 'exists',
          message: 'This attribute does not belong to the item',
        },
      ]);
      const stale = await admin.put(`${base}/items/${item.id}/attributes`, {
        revision: 7,
        attributes: [],
      });
      expect(stale.statusCode).toBe(409);
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });
  });

  describe('POST …/items/{itemId}/transitions', () => {
    async function step(item: { id: number }, action: string, revision: number) {
      return admin.post(`${base}/items/${item.id}/transitions`, { action, revision });
    }

    it('walks PENDING -> TO_INSPECT -> TO_EQUATION -> COMPLETE; each COMPLETE counts the version up', async () => {
      const created = expectStatus<Item>(await admin.post(`${base}/items`, bodies.item()), 201);
      const path: [string, string, number][] = [
        ['MOVE_TO_INSPECT', 'TO_INSPECT', 0],
        ['MOVE_TO_EQUATION', 'TO_EQUATION', 0],
        ['MOVE_TO_COMPLETE', 'COMPLETE', 1],
        ['MOVE_TO_EQUATION', 'TO_EQUATION', 1],
        ['MOVE_TO_COMPLETE', 'COMPLETE', 2],
      ];
      let revision = 0;
      for (const [action, state, version] of path) {
        const item = expectStatus<Item>(await step(created, action, revision), 200);
        expect(item).toMatchObject({ state, version, revision: revision + 1 });
        revision = item.revision;
      }
      const transitions = (await eventsOf(created.id)).filter(
        (event) => event.type === 'ITEM_STATE_CHANGED',
      );
      expect(transitions.map((event) => event.changes)).toEqual([
        [{ field: 'state', old: 'PENDING', new: 'TO_INSPECT' }],
        [{ field: 'state', old: 'TO_INSPECT', new: 'TO_EQUATION' }],
        [
          { field: 'state', old: 'TO_EQUATION', new: 'COMPLETE' },
          { field: 'version', old: 0, new: 1 },
        ],
        [{ field: 'state', old: 'COMPLETE', new: 'TO_EQUATION' }],
        [
          { field: 'state', old: 'TO_EQUATION', new: 'COMPLETE' },
          { field: 'version', old: 1, new: 2 },
        ],
      ]);
    });

    it('refuses skipping a step with 409 and a message (en, cs), changing nothing', async () => {
      const item = await createItem(ctx.app.db, { catalogId, state: 'PENDING' });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await step(item, 'MOVE_TO_COMPLETE', 0);
      expect(response.statusCode).toBe(409);
      expect(problemOf(response)).toMatchObject({
        code: 'CONFLICT',
        detail:
          'The item is in the state Pending; from there it is not possible to move the item to Complete.',
      });
      const czech = await admin.post(
        `${base}/items/${item.id}/transitions`,
        { action: 'MOVE_TO_EQUATION', revision: 0 },
        { 'accept-language': 'cs' },
      );
      expect(problemOf(czech).detail).toBe(
        'Položka je ve stavu Čeká na zpracování; z něj nelze přesunout položku do stavu K sestavení vzorců.',
      );
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('refuses a stale revision with 409, changing nothing', async () => {
      const item = await createItem(ctx.app.db, { catalogId, state: 'PENDING', revision: 2 });
      const before = await snapshotCatalog(ctx.app.db, catalogId);
      const response = await step(item, 'MOVE_TO_INSPECT', 1);
      expect(response.statusCode).toBe(409);
      expect(problemOf(response).code).toBe('CONFLICT');
      expect(await snapshotCatalog(ctx.app.db, catalogId)).toEqual(before);
    });

    it('deprecates (retires) an item: deprecated_at is set and no step follows (409)', async () => {
      const item = await createItem(ctx.app.db, { catalogId, state: 'COMPLETE' });
      const retired = expectStatus<Item>(await step(item, 'DEPRECATE', 0), 200);
      expect(retired).toMatchObject({ deprecated: true, state: 'COMPLETE', availableActions: [] });
      expect((await itemRow(item.id))?.deprecatedAt).toBeInstanceOf(Date);
      expect((await eventsOf(item.id)).map((event) => event.type)).toEqual(['ITEM_DEPRECATED']);
      for (const action of ['DEPRECATE', 'MOVE_TO_EQUATION']) {
        const response = await step(item, action, 1);
        expect(response.statusCode).toBe(409);
        expect(problemOf(response).detail).toBe(
          'The item has been deleted; it can no longer be changed.',
        );
      }
    });

    it('answers 400 for an unknown action', async () => {
      const item = await createItem(ctx.app.db, { catalogId });
      const response = await step(item, 'MOVE_TO_SPACE', 0);
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors?.[0]?.field).toBe('action');
    });
  });

  it('creates through the API what the admin may see in the list right away', async () => {
    const created = expectStatus<Item>(
      await admin.post(`${base}/items`, bodies.item({ code: 'ZZ-LAST' })),
      201,
    );
    const page = expectStatus<Page<ItemSummary>>(await admin.get(`${base}/items?q=zz-last`), 200);
    expect(page.items.map((item) => item.id)).toEqual([created.id]);
    expect(page.items[0]?.createdByUserId).toBe(adminUser.id);
  });
});
