// Hears the change notices the database's triggers send (NOTIFY at commit) for the process's caches: one listening connection on PostgreSQL, opened again when lost; PGlite calls back before the changing statement returns (decision 0040).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Database } from '../db/database';

/** What a cache does with the notices of its channel. */
export interface NoticeListener {
  /** A notice, with the trigger's payload. */
  heard(payload: string): void;
  /** Notices of the channel are heard from now on (true) or may be missed (false). */
  listening(listening: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscribes before the app is ready; channels are identifiers the migrations' triggers use. */
    changeNotices: { subscribe(channel: string, listener: NoticeListener): void };
  }
}

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

type Stop = () => Promise<void>;

async function listenOnPglite(
  database: Extract<Database, { kind: 'pglite' }>,
  channels: ReadonlyMap<string, NoticeListener[]>,
): Promise<Stop> {
  const stops: (() => Promise<void>)[] = [];
  for (const [channel, listeners] of channels) {
    stops.push(
      await database.client.listen(channel, (payload) => {
        for (const listener of listeners) listener.heard(payload);
      }),
    );
    for (const listener of listeners) listener.listening(true);
  }
  return async () => {
    for (const listeners of channels.values()) for (const one of listeners) one.listening(false);
    if (!database.client.closed) await Promise.all(stops.map((stop) => stop()));
  };
}

function listenOnPostgres(
  database: Extract<Database, { kind: 'postgres' }>,
  channels: ReadonlyMap<string, NoticeListener[]>,
): Promise<Stop> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const tellAll = (listening: boolean) => {
    for (const listeners of channels.values())
      for (const one of listeners) one.listening(listening);
  };
  const close = (connection: pg.Client | undefined) => {
    if (!connection) return Promise.resolve();
    connection.removeAllListeners();
    // A connection being closed may still report an error; nobody needs it any more.
    connection.on('error', () => undefined);
    return connection.end().catch(() => undefined);
  };
  const lost = () => {
    tellAll(false);
    void close(client);
    client = undefined;
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  const connect = async () => {
    const next = new pg.Client(database.client.options);
    client = next;
    next.on('notification', (message) => {
      for (const listener of channels.get(message.channel) ?? []) {
        listener.heard(message.payload ?? '');
      }
    });
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      if (client === next && !stopped) tellAll(true);
    } catch {
      if (client === next) lost();
    }
  };
  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(retry);
    tellAll(false);
    const last = client;
    client = undefined;
    await close(last);
  });
}

const CHANNEL = /^[a-z_]+$/;

function changeNoticesPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const channels = new Map<string, NoticeListener[]>();
  let stop: Stop | undefined;
  app.decorate('changeNotices', {
    subscribe(channel: string, listener: NoticeListener) {
      // LISTEN takes an identifier, not a parameter: only plain names are accepted.
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      channels.set(channel, [...(channels.get(channel) ?? []), listener]);
    },
  });
  app.addHook('onReady', async () => {
    const { database } = app;
    stop =
      database.kind === 'pglite'
        ? await listenOnPglite(database, channels)
        : await listenOnPostgres(database, channels);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
  done();
}

export default fp(changeNoticesPlugin, {
  name: 'costory-change-notices',
  dependencies: ['costory-db'],
});
