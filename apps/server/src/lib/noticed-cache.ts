// A process's memory of database reads that stays true only while the process hears the database's change notices: it answers only while listening, forgets on a notice, and does not keep a read that overlapped one (it may have read the state before the change).

/** Beyond this many entries a cache starts over: a bound on memory, not an eviction policy. */
const MAX_ENTRIES = 10_000;

export class NoticedCache<V> {
  private readonly entries = new Map<string, V>();
  /** Counts the notices heard, so that a read that raced one does not keep what it read. */
  private notices = 0;
  private listening = false;

  /** The value kept under `key` while notices are heard, else `load`'s (kept when nothing changed meanwhile). */
  async read<T extends V | undefined>(key: string, load: () => Promise<T>): Promise<T | V> {
    if (this.listening) {
      const known = this.entries.get(key);
      if (known !== undefined) return known;
    }
    const noticesBefore = this.notices;
    const value = await load();
    if (value !== undefined && this.listening && this.notices === noticesBefore) {
      this.keep(key, value);
    }
    return value;
  }

  /** The value kept under `key`, if any (while notices are heard). */
  peek(key: string): V | undefined {
    return this.listening ? this.entries.get(key) : undefined;
  }

  keep(key: string, value: V): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, value);
  }

  /** Something changed that an entry may hold: `keys` are forgotten (all when none are named). */
  forget(...keys: string[]): void {
    this.notices += 1;
    if (keys.length === 0) this.entries.clear();
    for (const key of keys) this.entries.delete(key);
  }

  /** Whether notices are heard; a gap in hearing them empties the cache. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forget();
  }

  get size(): number {
    return this.entries.size;
  }
}
