// A map that keeps its most recently used entries up to a total weight (bytes, instances…): past it, the least recently used go first.
export class WeighedLru<K, V> {
  /** Map order is insertion order: re-inserting on use keeps the least recently used first. */
  readonly #entries = new Map<K, V>();
  #weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The value, marked as the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Keeps the value (none heavier than the bound), then lets the least recently used go until the weight fits. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.#entries.set(key, value);
    this.#weight += weight;
    for (const oldest of this.#entries.keys()) {
      if (this.#weight <= this.maxWeight) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#weight -= this.weigh(value);
  }
}
