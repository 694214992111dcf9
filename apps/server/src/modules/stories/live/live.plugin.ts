// The process's live story hub (decision 0046): hears migration 0028's notices and the presence channel, keeps one shared clock for heartbeats and expiries, and ends every stream before the server closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { LiveHub, STORY_LIVE_CHANNEL } from './live-hub';
import { STORY_PRESENCE_CHANNEL } from './presence';

declare module 'fastify' {
  interface FastifyInstance {
    storyLive: LiveHub;
  }
}

/** The shared clock's step: expiries within a second, heartbeats on the contract's interval. */
const TICK_MS = 1000;

function storyLivePlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const hub = new LiveHub(app.db, app.log, async (channel, payload) => {
    await app.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
  });
  app.decorate('storyLive', hub);
  app.changeNotices.subscribe(STORY_LIVE_CHANNEL, {
    heard: (payload) => hub.heardLive(payload),
    listening: (listening) => hub.listeningLive(listening),
  });
  app.changeNotices.subscribe(STORY_PRESENCE_CHANNEL, {
    heard: (payload) => hub.heardPresence(payload),
    listening: (listening) => hub.listeningPresence(listening),
  });
  // One timer for every stream of the process, none per connection.
  let clock: NodeJS.Timeout | undefined;
  app.addHook('onReady', (next) => {
    clock = setInterval(() => hub.tick(), TICK_MS).unref();
    next();
  });
  // Before the server stops listening: an open stream would keep server.close() waiting forever.
  app.addHook('preClose', async () => {
    clearInterval(clock);
    await hub.closeAll();
  });
  done();
}

export default fp(storyLivePlugin, {
  name: 'costory-story-live',
  dependencies: ['costory-db', 'costory-change-notices'],
});
