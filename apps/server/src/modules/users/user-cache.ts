// The users a server process has authenticated, kept so that a request costs no query for its user: a change to a user row (a trigger's NOTIFY at commit, or this process's own sign-out) makes every process forget that user (decision 0040).
import pg from 'pg';
import type { Database, Db } from '../../db/database';
import type { UserRecord } from './users.repository';

/** The channel migration 0022's trigger notifies with the id of a changed or deleted user. */
export const USER_CHANGES_CHANNEL = 'costory_users';

/** Beyond this many users the cache starts over: a bound on memory, not an eviction policy. */
const MAX_USERS = 10_000;

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

export type UserKey = { id: number } | { email: string };

export class UserCache {
  private readonly byId = new Map<number, UserRecord>();
  private readonly idByEmail = new Map<string, number>();
  /** Counts the changes heard, so that a read that raced one does not keep what it read. */
  private changes = 0;
  /** Only while the process hears every change does it answer from memory. */
  private listening = false;

  /** The user, from memory when this process has it and hears changes, else from `load`. */
  async read(
    key: UserKey,
    load: () => Promise<UserRecord | undefined>,
  ): Promise<UserRecord | undefined> {
    if (this.listening) {
      const id = 'id' in key ? key.id : this.idByEmail.get(key.email);
      const known = id === undefined ? undefined : this.byId.get(id);
      if (known) return known;
    }
    const changesBefore = this.changes;
    const user = await load();
    if (user && this.listening && this.changes === changesBefore) this.keep(user);
    return user;
  }

  /** A user row changed or was deleted. */
  forget(id: number): void {
    this.changes += 1;
    const known = this.byId.get(id);
    if (!known) return;
    this.byId.delete(id);
    this.idByEmail.delete(known.email);
  }

  /** Whether changes are heard; a gap in hearing them empties the cache. */
  setListening(listening: boolean): void {
    this.changes += 1;
    this.listening = listening;
    this.byId.clear();
    this.idByEmail.clear();
  }

  get size(): number {
    return this.byId.size;
  }

  private keep(user: UserRecord): void {
    if (this.byId.size >= MAX_USERS) this.setListening(this.listening);
    this.byId.set(user.id, user);
    this.idByEmail.set(user.email, user.id);
  }
}

// The caches of the apps running on a Drizzle handle, so that a write through that handle (sign-out)
// is forgotten at once in this process, before PostgreSQL's notification comes back to it.
const cachesByDb = new WeakMap<Db, Set<UserCache>>();

/** Forgets the user in every cache of this process that reads through `db`. */
export function forgetUser(db: Db, id: number): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.forget(id);
}

function idOf(payload: string | undefined): number | undefined {
  const id = Number(payload);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Starts hearing user changes for `cache`: PGlite calls back before the changing statement returns;
 * PostgreSQL notifies a connection of its own, which is opened again when it is lost (the cache is
 * not used meanwhile). Resolves to the function that stops.
 */
export async function listenForUserChanges(
  database: Database,
  cache: UserCache,
): Promise<() => Promise<void>> {
  let cachesOfDb = cachesByDb.get(database.db);
  if (!cachesOfDb) {
    cachesOfDb = new Set();
    cachesByDb.set(database.db, cachesOfDb);
  }
  cachesOfDb.add(cache);
  const heard = (payload: string | undefined) => {
    const id = idOf(payload);
    if (id !== undefined) cache.forget(id);
  };

  if (database.kind === 'pglite') {
    const unlisten = await database.client.listen(USER_CHANGES_CHANNEL, heard);
    cache.setListening(true);
    return async () => {
      cache.setListening(false);
      cachesOfDb.delete(cache);
      if (!database.client.closed) await unlisten();
    };
  }

  const pool = database.client;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const close = (connection: pg.Client | undefined) => {
    if (!connection) return Promise.resolve();
    connection.removeAllListeners();
    // A connection being closed may still report an error; nobody needs it any more.
    connection.on('error', () => undefined);
    return connection.end().catch(() => undefined);
  };
  const lost = () => {
    cache.setListening(false);
    void close(client);
    client = undefined;
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  const connect = async () => {
    const next = new pg.Client(pool.options);
    client = next;
    next.on('notification', (message) => heard(message.payload));
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${USER_CHANGES_CHANNEL}`);
      if (client === next && !stopped) cache.setListening(true);
    } catch {
      if (client === next) lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.setListening(false);
    cachesOfDb.delete(cache);
    const last = client;
    client = undefined;
    await close(last);
  };
}
