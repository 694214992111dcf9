// The catalog's event list: every change recorded with who, when and old/new values; newest first, per item, paged; readers see only what they may read.
import type { CatalogEvent, Item } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { addMember, bodies, createItem } from './helpers/catalog-factories';
import { createUser, type CreatedUser } from './helpers/factories';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('catalog events', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let adminUser: CreatedUser;
  let admin: ApiCaller;
  let reader: ApiCaller;
  let publicReader: ApiCaller;
  let item: Item;

  beforeAll(async () => {
    ctx = await buildTestApp();
    adminUser = await createUser(ctx.app.db, { firstName: 'Karel', lastName: 'Čapek' });
    admin = await apiAs(ctx.app, adminUser.id);
    catalogId = expectStatus<{ id: number }>(
      await admin.post('/api/v1/catalogs', bodies.catalog({ visibility: 'PUBLIC' })),
      201,
    ).id;
    base = `/api/v1/catalogs/${catalogId}`;
    reader = await apiAs(ctx.app, (await addMember(ctx.app.db, catalogId, 'CTL_READER')).id);
    publicReader = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);

    // A history: an item suggested, edited and moved on; a group; a member invited.
    item = expectStatus<Item>(
      await admin.post(`${base}/items`, bodies.item({ code: 'EV-1', name: { en: 'First' } })),
      201,
    );
    item = expectStatus<Item>(
      await admin.put(`${base}/items/${item.id}`, {
        ...bodies.item({ code: 'EV-1', name: { en: 'Second' }, repeatable: true }),
        revision: item.revision,
      }),
      200,
    );
    item = expectStatus<Item>(
      await admin.post(`${base}/items/${item.id}/transitions`, {
        action: 'MOVE_TO_INSPECT',
        revision: item.revision,
      }),
      200,
    );
    expectStatus(await admin.post(`${base}/groups`, bodies.group({ code: 'EV-G' })), 201);
    expectStatus(
      await admin.post(`${base}/members`, { email: 'invitee@example.test', role: 'CTL_READER' }),
      201,
    );
  });
  afterAll(() => ctx.close());

  async function allEvents(api: ApiCaller, query = ''): Promise<CatalogEvent[]> {
    const events: CatalogEvent[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${base}/events?limit=2${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page: Page<CatalogEvent> = expectStatus(await api.get(url), 200);
      events.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return events;
  }

  it('lists every change newest first with the author’s name, paged by cursor', async () => {
    const events = await allEvents(admin);
    expect(events.map((event) => event.type)).toEqual([
      'MEMBER_INVITED',
      'GROUP_CREATED',
      'ITEM_STATE_CHANGED',
      'ITEM_UPDATED',
      'ITEM_CREATED',
      'CATALOG_CREATED',
    ]);
    expect(events[0]?.user).toEqual({ id: adminUser.id, name: 'Karel Čapek' });
    expect(events.map((event) => event.id)).toEqual(
      events.map((event) => event.id).toSorted((a, b) => b - a),
    );
    const update = events.find((event) => event.type === 'ITEM_UPDATED');
    expect(update).toMatchObject({
      itemId: item.id,
      changes: [
        { field: 'name', old: { en: 'First' }, new: { en: 'Second' } },
        { field: 'repeatable', old: false, new: true },
      ],
    });
    expect(Date.parse(update?.at ?? '')).not.toBeNaN();
  });

  it('lists one item’s events with ?itemId=', async () => {
    const events = await allEvents(admin, `&itemId=${item.id}`);
    expect(events.map((event) => event.type)).toEqual([
      'ITEM_STATE_CHANGED',
      'ITEM_UPDATED',
      'ITEM_CREATED',
    ]);
    expect(events.every((event) => event.itemId === item.id)).toBe(true);
  });

  it('shows readers no events of items they cannot see, and the public no member events', async () => {
    // The item is TO_INSPECT: hidden from readers, and so is its history.
    expect((await allEvents(reader)).map((event) => event.type)).toEqual([
      'MEMBER_INVITED',
      'GROUP_CREATED',
      'CATALOG_CREATED',
    ]);
    const hidden = await reader.get(`${base}/events?itemId=${item.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(problemOf(hidden).code).toBe('NOT_FOUND');
    expect((await allEvents(publicReader)).map((event) => event.type)).toEqual([
      'GROUP_CREATED',
      'CATALOG_CREATED',
    ]);
    // Once an item is COMPLETE, its whole history is readable.
    const finished = await createItem(ctx.app.db, { catalogId, state: 'TO_EQUATION' });
    expectStatus(
      await admin.post(`${base}/items/${finished.id}/transitions`, {
        action: 'MOVE_TO_COMPLETE',
        revision: 0,
      }),
      200,
    );
    const history = expectStatus<Page<CatalogEvent>>(
      await reader.get(`${base}/events?itemId=${finished.id}`),
      200,
    );
    expect(history.items).toMatchObject([
      {
        type: 'ITEM_STATE_CHANGED',
        changes: [
          { field: 'state', old: 'TO_EQUATION', new: 'COMPLETE' },
          { field: 'version', old: 0, new: 1 },
        ],
      },
    ]);
  });

  it('answers 400 for a malformed cursor or item id, and 404 for an unknown item', async () => {
    expect((await admin.get(`${base}/events?cursor=abc`)).statusCode).toBe(400);
    expect((await admin.get(`${base}/events?itemId=x`)).statusCode).toBe(400);
    expect((await admin.get(`${base}/events?itemId=2000000000`)).statusCode).toBe(404);
  });
});
