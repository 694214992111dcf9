// A process's memory of database reads that stays true only while the process hears the database's change notices: it answers only while listening, forgets on a notice, and does not keep a read that overlapped one (it may have read the state before the change).

/** Beyond this many entries (or this much weight) a cache starts over: a bound on memory, not an eviction policy. */
const MAX_ENTRIES = 10_000;

export interface NoticedCacheLimits<V> {
  /** What an entry weighs (e.g. the characters of a page); entries weigh nothing without it. */
  weigh?: (value: V) => number;
  /** The most the entries may weigh together; a heavier single entry is not kept. */
  maxWeight?: number;
}

export class NoticedCache<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;
  /** Counts the notices heard, so that a read that raced one does not keep what it read. */
  private notices = 0;
  private listening = false;

  constructor(private readonly limits: NoticedCacheLimits<V> = {}) {}

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
    const weight = this.limits.weigh?.(value) ?? 0;
    const maxWeight = this.limits.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    const before = this.entries.get(key);
    if (before !== undefined) this.weight -= this.limits.weigh?.(before) ?? 0;
    if (this.entries.size >= MAX_ENTRIES || this.weight + weight > maxWeight) this.clear();
    this.entries.set(key, value);
    this.weight += weight;
  }

  private clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  /** Something changed that an entry may hold: `keys` are forgotten (all when none are named). */
  forget(...keys: string[]): void {
    this.notices += 1;
    if (keys.length === 0) return this.clear();
    for (const key of keys) {
      const known = this.entries.get(key);
      if (known === undefined) continue;
      this.weight -= this.limits.weigh?.(known) ?? 0;
      this.entries.delete(key);
    }
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
