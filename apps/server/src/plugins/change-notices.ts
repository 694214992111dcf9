// Hears the change notices the database's triggers send (NOTIFY at commit) for the process's caches: one listening connection on PostgreSQL, opened again when lost; PGlite calls back before the changing statement returns (decision 0040).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
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

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;
/** How often the listening connection proves that it hears: a notice sent through the pool must come back. */
const PROBE_EVERY_MS = 15_000;
/** How long a probe may take before the connection counts as deaf. */
const PROBE_TIMEOUT_MS = 5000;
/** The channel of the probes; any process may hear the others', which is harmless. */
const PROBE_CHANNEL = 'costory_probe';

/**
 * A connection of its own LISTENs on every channel. It proves that it hears before the caches use
 * it, and every PROBE_EVERY_MS after: a notice sent through the pool must arrive. A connection that
 * died without a word (a dropped route, a failover) or that a pooler in transaction mode cannot hold
 * (LISTEN lands on a server connection that others use next) fails the probe; the caches then stop
 * answering and a new connection is tried.
 */
function listenOnPostgres(
  database: Extract<Database, { kind: 'postgres' }>,
  channels: ReadonlyMap<string, NoticeListener[]>,
): Promise<Stop> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  const waiting = new Map<string, () => void>();
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
    clearTimeout(probeTimer);
    void close(client);
    client = undefined;
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  /** Resolves true when a notice sent through the pool comes back on `connection` in time. */
  const probe = async (connection: pg.Client): Promise<boolean> => {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      waiting.set(nonce, () => resolve(true));
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
    });
    try {
      await database.client.query('SELECT pg_notify($1, $2)', [PROBE_CHANNEL, nonce]);
      return (await heard) && client === connection;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      waiting.delete(nonce);
    }
  };
  const probeLater = (connection: pg.Client) => {
    probeTimer = setTimeout(() => {
      void probe(connection).then((heard) => {
        if (client !== connection || stopped) return;
        if (heard) probeLater(connection);
        else lost();
      });
    }, PROBE_EVERY_MS).unref();
  };
  const connect = async () => {
    const next = new pg.Client({ ...database.client.options, keepAlive: true });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === PROBE_CHANNEL) return waiting.get(message.payload ?? '')?.();
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
      for (const channel of [PROBE_CHANNEL, ...channels.keys()]) {
        await next.query(`LISTEN ${channel}`);
      }
      if (!(await probe(next))) throw new Error('the listening connection hears no notices');
      if (client === next && !stopped) {
        tellAll(true);
        probeLater(next);
      }
    } catch {
      if (client === next) lost();
    }
  };
  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(probeTimer);
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
  let started = false;
  app.decorate('changeNotices', {
    subscribe(channel: string, listener: NoticeListener) {
      // LISTEN takes an identifier, not a parameter: only plain names are accepted.
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      // A channel subscribed after the start would never be listened to, and its cache never used.
      if (started) throw new Error(`Subscribed to ${channel} after the app started`);
      channels.set(channel, [...(channels.get(channel) ?? []), listener]);
    },
  });
  app.addHook('onReady', async () => {
    started = true;
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
