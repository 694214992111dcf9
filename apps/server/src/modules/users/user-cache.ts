// The users a server process has authenticated, kept so that a request costs no query for its user: a change to a user row (the users trigger's notice at commit, or this process's own sign-out) makes every process forget that user (decision 0040).
import type { Db } from '../../db/database';
import { NoticedCache } from '../../lib/noticed-cache';
import type { NoticeListener } from '../../plugins/change-notices';
import type { UserRecord } from './users.repository';

/** The channel migration 0022's trigger notifies with the id of a changed or deleted user. */
export const USER_CHANGES_CHANNEL = 'costory_users';

export type UserKey = { id: number } | { email: string };

const idKey = (id: number) => `id:${String(id)}`;
const emailKey = (email: string) => `email:${email}`;

export class UserCache implements NoticeListener {
  private readonly users = new NoticedCache<UserRecord>();

  /** The user, from memory when this process has it and hears changes, else from `load`. */
  async read(
    key: UserKey,
    load: () => Promise<UserRecord | undefined>,
  ): Promise<UserRecord | undefined> {
    const user = await this.users.read('id' in key ? idKey(key.id) : emailKey(key.email), load);
    // Kept under its id and its address, so that either kind of token finds it and a change forgets both.
    if (user && this.users.peek(idKey(user.id)) === user)
      this.users.keep(emailKey(user.email), user);
    if (user && this.users.peek(emailKey(user.email)) === user)
      this.users.keep(idKey(user.id), user);
    return user;
  }

  /** A user row changed or was deleted. */
  forget(id: number): void {
    const known = this.users.peek(idKey(id));
    this.users.forget(idKey(id), ...(known ? [emailKey(known.email)] : []));
  }

  /** A user's id, or nothing when every user may have changed (the table was truncated). */
  heard(payload: string): void {
    if (payload === '') return this.users.forget();
    const id = Number(payload);
    if (Number.isSafeInteger(id)) this.forget(id);
  }

  listening(listening: boolean): void {
    this.users.setListening(listening);
  }

  /** Users kept (each under its id and its address). */
  get size(): number {
    return this.users.size / 2;
  }
}

// The caches of the apps running on a Drizzle handle, so that a write through that handle (sign-out)
// is forgotten at once in this process, before PostgreSQL's notice comes back to it.
const cachesByDb = new WeakMap<Db, Set<UserCache>>();

export function registerUserCache(db: Db, cache: UserCache): () => void {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = new Set();
    cachesByDb.set(db, caches);
  }
  caches.add(cache);
  return () => cachesByDb.get(db)?.delete(cache);
}

/** Forgets the user in every cache of this process that reads through `db`. */
export function forgetUser(db: Db, id: number): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.forget(id);
}
