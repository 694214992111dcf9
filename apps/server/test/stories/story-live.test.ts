// The live story stream over real HTTP (decision 0046): access, hello, changes within a second, a customer's view, catch-up and reset by the last event id, access lost, a deleted story, figures, presence; and across two app instances on one PostgreSQL database.
import { storyLivePath, storyLivePresencePath, type LivePresence } from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createPostgresPool, type Database } from '../../src/db/database';
import { stories, storyEvents, storyMembers } from '../../src/db/schema';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { createUser, type CreatedUser } from '../helpers/factories';
import { buildListeningApp, type ListeningApp } from '../helpers/listen';
import { openSse, type SseStream } from '../helpers/sse';
import {
  addStoryMember,
  createWallStory,
  storyBodies,
  type WallStory,
} from '../helpers/story-factories';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-db';
import { accessTokenFor, bearer } from '../helpers/tokens';
import { xsrfHeaders } from '../helpers/xsrf';

const api = (path: string) => `/api/v1${path}`;

interface Opened extends SseStream {
  connectionId: string;
  helloId: number;
}

async function streamOf(
  app: ListeningApp,
  userId: number,
  storyId: number,
  headers: Record<string, string> = {},
): Promise<Opened> {
  const token = await accessTokenFor(app.app.db, app.url, userId);
  const stream = await openSse(`${app.url}${api(storyLivePath(storyId))}`, {
    ...bearer(token),
    ...headers,
  });
  expect(stream.status, stream.body).toBe(200);
  const hello = await stream.next('hello');
  return {
    ...stream,
    connectionId: (hello.data as { connectionId: string }).connectionId,
    helloId: Number(hello.id),
  };
}

async function addInstance(caller: ApiCaller, wall: WallStory): Promise<number> {
  const created = expectStatus<{ id: number }>(
    await caller.post(
      api(`/stories/${String(wall.story.id)}/instances`),
      storyBodies.instance(wall.item.item.id),
    ),
    201,
  );
  return created.id;
}

async function putPresence(
  app: ListeningApp,
  userId: number,
  storyId: number,
  connectionId: string,
  editingInstanceId: number | null,
): Promise<number> {
  const token = await accessTokenFor(app.app.db, app.url, userId);
  const response = await fetch(`${app.url}${api(storyLivePresencePath(storyId, connectionId))}`, {
    method: 'PUT',
    headers: { ...bearer(token), ...xsrfHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ editingInstanceId }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The next `presence` event that satisfies `check` (earlier ones are intermediate states). */
async function presenceUntil(
  stream: SseStream,
  check: (presence: LivePresence) => boolean,
): Promise<LivePresence> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const presence = (await stream.next('presence', Math.max(1, deadline - Date.now())))
      .data as LivePresence;
    if (check(presence)) return presence;
  }
}

describe(`the live story stream (${testDatabaseKind()})`, () => {
  let ctx: ListeningApp;
  let wall: WallStory;
  let modeler: CreatedUser;
  let customer: CreatedUser;
  let modelerApi: ApiCaller;

  beforeAll(async () => {
    ctx = await buildListeningApp();
    wall = await createWallStory(ctx.app.db);
    modeler = await addStoryMember(
      ctx.app.db,
      wall.story.id,
      'ICT_MODELER',
      await createUser(ctx.app.db, { firstName: 'Max', lastName: 'Modeler' }),
    );
    customer = await addStoryMember(
      ctx.app.db,
      wall.story.id,
      'ICT_CUSTOMER',
      await createUser(ctx.app.db, { firstName: 'Cid', lastName: 'Customer' }),
    );
    modelerApi = await apiAs(ctx.app, modeler.id, ctx.url);
  });
  afterAll(async () => {
    // Node's fetch keeps the socket of a stream it aborted (the server never hears the abort), and
    // server.close() would wait for it until the headers timeout: these are the test's own clients.
    ctx.app.server.closeAllConnections();
    await ctx.close();
  });

  it('answers 401 without a token and 404 to a non-member, before any stream byte', async () => {
    const url = `${ctx.url}${api(storyLivePath(wall.story.id))}`;
    expect((await openSse(url, {})).status).toBe(401);
    const stranger = await createUser(ctx.app.db);
    const token = await accessTokenFor(ctx.app.db, ctx.url, stranger.id);
    const refused = await openSse(url, bearer(token));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const unknown = await openSse(`${ctx.url}${api(storyLivePath(999_999))}`, bearer(token));
    expect(unknown.status).toBe(404);
  });

  it('says hello with the newest event id, uncompressed, and sends changes within a second', async () => {
    const stream = await streamOf(ctx, wall.admin.id, wall.story.id, {
      'accept-encoding': 'gzip, br',
    });
    try {
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('content-encoding')).toBeNull();
      const [newest] = await ctx.app.db
        .select({ id: storyEvents.id })
        .from(storyEvents)
        .where(eq(storyEvents.storyId, wall.story.id))
        .orderBy(storyEvents.id);
      expect(stream.helloId).toBe(newest?.id ?? 0);
      const started = Date.now();
      const instanceId = await addInstance(modelerApi, wall);
      const change = await stream.next('change', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(change.data).toMatchObject({
        type: 'INSTANCE_CREATED',
        instanceId,
        actor: { id: modeler.id, name: 'Max Modeler' },
      });
      expect(Number(change.id)).toBe((change.data as { id: number }).id);
    } finally {
      stream.close();
    }
  });

  it('does not send lineup events to a customer', async () => {
    const admin = await streamOf(ctx, wall.admin.id, wall.story.id);
    const client = await streamOf(ctx, customer.id, wall.story.id);
    try {
      await ctx.app.db
        .insert(storyEvents)
        .values({ storyId: wall.story.id, userId: wall.admin.id, type: 'LINEUP_CREATED' });
      await addInstance(modelerApi, wall);
      expect((await admin.next('change')).data).toMatchObject({ type: 'LINEUP_CREATED' });
      expect((await admin.next('change')).data).toMatchObject({ type: 'INSTANCE_CREATED' });
      // The customer's first change is the instance: the lineup event was left out.
      expect((await client.next('change')).data).toMatchObject({ type: 'INSTANCE_CREATED' });
    } finally {
      admin.close();
      client.close();
    }
  });

  it('catches up exactly the events after Last-Event-ID, or says reset beyond the limit', async () => {
    const first = await streamOf(ctx, wall.admin.id, wall.story.id);
    first.close();
    const missed = [await addInstance(modelerApi, wall), await addInstance(modelerApi, wall)];
    const resumed = await streamOf(ctx, wall.admin.id, wall.story.id, {
      'last-event-id': String(first.helloId),
    });
    try {
      const changes = [await resumed.next('change'), await resumed.next('change')];
      expect(changes.map((one) => (one.data as { instanceId: number }).instanceId)).toEqual(missed);
      expect(Number(changes[1]?.id)).toBe(resumed.helloId);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(resumed.queued().filter((one) => one.event === 'change')).toEqual([]);
    } finally {
      resumed.close();
    }
    const limit = ctx.app.storyLive.limits.catchUpLimit;
    ctx.app.storyLive.limits.catchUpLimit = 1;
    try {
      const far = await streamOf(ctx, wall.admin.id, wall.story.id, {
        'last-event-id': String(first.helloId),
      });
      try {
        const reset = await far.next();
        expect(reset.event).toBe('reset');
      } finally {
        far.close();
      }
    } finally {
      ctx.app.storyLive.limits.catchUpLimit = limit;
    }
  });

  it('refuses a user more streams than the limit with 429, and takes one again when one closes', async () => {
    const limit = ctx.app.storyLive.limits.streamsPerUser;
    ctx.app.storyLive.limits.streamsPerUser = 2;
    const open = [
      await streamOf(ctx, customer.id, wall.story.id),
      await streamOf(ctx, customer.id, wall.story.id),
    ];
    try {
      const refused = await openSse(`${ctx.url}${api(storyLivePath(wall.story.id))}`, {
        authorization: `Bearer ${await accessTokenFor(ctx.app.db, ctx.url, customer.id)}`,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
      open.pop()?.close();
      await expect
        .poll(async () => {
          const again = await openSse(`${ctx.url}${api(storyLivePath(wall.story.id))}`, {
            authorization: `Bearer ${await accessTokenFor(ctx.app.db, ctx.url, customer.id)}`,
          });
          again.close();
          return again.status;
        })
        .toBe(200);
    } finally {
      for (const stream of open) stream.close();
      ctx.app.storyLive.limits.streamsPerUser = limit;
    }
  });

  it('sends figures when the story row changes (a recalculation)', async () => {
    const stream = await streamOf(ctx, wall.admin.id, wall.story.id);
    try {
      // The last activity alone (every recorded event moves it) is no change of the figures.
      await ctx.app.db
        .update(stories)
        .set({ lastActivityAt: new Date() })
        .where(eq(stories.id, wall.story.id));
      await expect(stream.next('figures', 500)).rejects.toThrow(/no figures/);
      await ctx.app.db.update(stories).set({ price: '12345' }).where(eq(stories.id, wall.story.id));
      expect((await stream.next('figures', 1000)).data).toEqual({});
    } finally {
      stream.close();
    }
  });

  it('shows who has the story open and what they edit; a presence call on another’s connection is 404', async () => {
    const admin = await streamOf(ctx, wall.admin.id, wall.story.id);
    const other = await streamOf(ctx, modeler.id, wall.story.id);
    try {
      const names = (presence: LivePresence) => presence.people.map((one) => one.name);
      await presenceUntil(admin, (p) => names(p).includes('Max Modeler'));
      const instanceId = await addInstance(modelerApi, wall);
      expect(
        await putPresence(ctx, modeler.id, wall.story.id, other.connectionId, instanceId),
      ).toBe(204);
      const seen = await presenceUntil(admin, (p) =>
        p.people.some((one) => one.editingInstanceIds.includes(instanceId)),
      );
      // Sorted by name: the catalog factory's admin is Ada Admin.
      expect(seen.people).toEqual([
        { userId: wall.admin.id, name: 'Ada Admin', editingInstanceIds: [] },
        { userId: modeler.id, name: 'Max Modeler', editingInstanceIds: [instanceId] },
      ]);
      await presenceUntil(other, (p) =>
        p.people.some((one) => one.editingInstanceIds.includes(instanceId)),
      );
      expect(await putPresence(ctx, wall.admin.id, wall.story.id, other.connectionId, null)).toBe(
        404,
      );
      expect(await putPresence(ctx, modeler.id, wall.story.id + 1, other.connectionId, null)).toBe(
        404,
      );
      // A customer may not edit instances: nobody is told they edit one.
      const watcher = await streamOf(ctx, customer.id, wall.story.id);
      try {
        expect(
          await putPresence(ctx, customer.id, wall.story.id, watcher.connectionId, instanceId),
        ).toBe(404);
        expect(await putPresence(ctx, customer.id, wall.story.id, watcher.connectionId, null)).toBe(
          204,
        );
      } finally {
        watcher.close();
      }
      other.close();
      await presenceUntil(admin, (p) => !names(p).includes('Max Modeler'));
    } finally {
      admin.close();
      other.close();
    }
  });

  it('ends the stream with gone ACCESS_LOST when the member is removed', async () => {
    const removed = await addStoryMember(ctx.app.db, wall.story.id, 'ICT_VERIFIER');
    const stream = await streamOf(ctx, removed.id, wall.story.id);
    await ctx.app.db.delete(storyMembers).where(eq(storyMembers.userId, removed.id));
    const rest = await stream.rest(2000);
    expect(rest.filter((one) => one.event === 'gone').map((one) => one.data)).toEqual([
      { reason: 'ACCESS_LOST' },
    ]);
  });

  it('ends the stream with gone TOKEN_EXPIRED when the access token expires', async () => {
    const { mintToken, appSigningKey } = await import('../helpers/tokens');
    const token = await mintToken(
      await appSigningKey(ctx.app.db),
      { iss: `${ctx.url}/auth`, aud: `${ctx.url}/api`, sub: String(wall.admin.id) },
      { expiresIn: '2s' },
    );
    const stream = await openSse(`${ctx.url}${api(storyLivePath(wall.story.id))}`, bearer(token));
    expect(stream.status).toBe(200);
    const rest = await stream.rest(4000);
    expect(rest.filter((one) => one.event === 'gone').map((one) => one.data)).toEqual([
      { reason: 'TOKEN_EXPIRED' },
    ]);
  });

  it('ends every stream of a deleted story with gone STORY_DELETED', async () => {
    const doomed = await createWallStory(ctx.app.db);
    const stream = await streamOf(ctx, doomed.admin.id, doomed.story.id);
    const adminApi = await apiAs(ctx.app, doomed.admin.id, ctx.url);
    expectStatus(await adminApi.delete(api(`/stories/${String(doomed.story.id)}`)), 204);
    const rest = await stream.rest(2000);
    expect(rest.filter((one) => one.event === 'gone').map((one) => one.data)).toEqual([
      { reason: 'STORY_DELETED' },
    ]);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'the live story stream across two app instances (postgres)',
  () => {
    let database: Database;
    let secondConnection: Database;
    let first: ListeningApp;
    let second: ListeningApp;
    let wall: WallStory;

    beforeAll(async () => {
      database = await createTestDatabase();
      secondConnection = createPostgresDatabase(
        createPostgresPool(
          String(
            (database as Extract<Database, { kind: 'postgres' }>).client.options.connectionString,
          ),
        ),
      );
      first = await buildListeningApp({ database });
      second = await buildListeningApp({ database: secondConnection });
      wall = await createWallStory(first.app.db);
    });
    afterAll(async () => {
      // The test's aborted fetch streams, as above.
      first.app.server.closeAllConnections();
      second.app.server.closeAllConnections();
      await first.close();
      await second.close();
      await secondConnection.close();
      await database.close();
    });

    it('delivers a change written through B to a subscriber on A, and shows B’s people on A', async () => {
      const modeler = await addStoryMember(
        first.app.db,
        wall.story.id,
        'ICT_MODELER',
        await createUser(first.app.db, { firstName: 'Bea', lastName: 'Beyond' }),
      );
      const onA = await streamOf(first, wall.admin.id, wall.story.id);
      const onB = await streamOf(second, modeler.id, wall.story.id);
      try {
        const instanceId = await addInstance(await apiAs(second.app, modeler.id, second.url), wall);
        expect((await onA.next('change', 1000)).data).toMatchObject({
          type: 'INSTANCE_CREATED',
          instanceId,
          actor: { id: modeler.id, name: 'Bea Beyond' },
        });
        await presenceUntil(onA, (p) => p.people.some((one) => one.name === 'Bea Beyond'));
        // The balancer may send the presence call to A: A forwards it to B, which holds the stream.
        expect(
          await putPresence(first, modeler.id, wall.story.id, onB.connectionId, instanceId),
        ).toBe(204);
        await presenceUntil(onA, (p) =>
          p.people.some(
            (one) => one.userId === modeler.id && one.editingInstanceIds.includes(instanceId),
          ),
        );
        // Forwarded for another user, B checks it and changes nothing.
        expect(await putPresence(first, wall.admin.id, wall.story.id, onB.connectionId, null)).toBe(
          204,
        );
        expect(await putPresence(second, modeler.id, wall.story.id, onB.connectionId, null)).toBe(
          204,
        );
        await presenceUntil(onA, (p) =>
          p.people.some((one) => one.userId === modeler.id && one.editingInstanceIds.length === 0),
        );
        onB.close();
        await presenceUntil(onA, (p) => !p.people.some((one) => one.userId === modeler.id));
      } finally {
        onA.close();
        onB.close();
      }
    });
  },
);
