// Story calculations kept as their serialized answer while neither the story nor its catalog changed (decision 0036): the least recently read go first past a memory bound.
import type { StoryRow } from '../../../db/schema';

/**
 * Raise when the calculation's answer changes for the same data (a new engine rule, a new field):
 * it is part of every ETag, so browsers holding an older answer fetch the new one.
 */
const ANSWER_FORMAT = 1;

/** What a stored calculation was made from: the story's and its catalog's calculation versions. */
export interface CalculationKey {
  story: Pick<StoryRow, 'id' | 'calcVersion'>;
  catalogCalcVersion: number;
  /** With prices, or as a customer reads it (amounts and time only). */
  withPrices: boolean;
}

/**
 * The ETag of the calculation answered for `key`. Everything the answer depends on is in it, so a
 * browser that kept one user's answer may show it to another who reads the same figures.
 */
export function calculationEtag(key: CalculationKey): string {
  const view = key.withPrices ? 'p' : 'c';
  return `W/"calc-${key.story.id}-${key.story.calcVersion}-${key.catalogCalcVersion}-${view}-${ANSWER_FORMAT}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, lists and `*` allowed). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
}

interface Entry {
  etag: string;
  body: Buffer;
}

/** Serialized calculations by story and view, up to `maxBytes` in all. */
export class CalculationStore {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  private static slot(key: CalculationKey): string {
    return `${key.story.id}:${key.withPrices ? 'p' : 'c'}`;
  }

  /** The stored answer for `key`, if it was made from the same versions. */
  private get(key: CalculationKey): Buffer | undefined {
    const slot = CalculationStore.slot(key);
    const entry = this.entries.get(slot);
    if (entry?.etag !== calculationEtag(key)) return undefined;
    // Map order is insertion order: re-inserting marks it as the most recently read.
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    return entry.body;
  }

  /**
   * The stored answer for `key`, or the one `calculate` makes and stores: requests that miss the
   * same key at once share one calculation instead of making one each.
   */
  async getOrCalculate(key: CalculationKey, calculate: () => Promise<Buffer>): Promise<Buffer> {
    const stored = this.get(key);
    if (stored) return stored;
    const etag = calculationEtag(key);
    const running = this.pending.get(etag);
    if (running) return running;
    const calculation = calculate()
      .then((body) => {
        this.set(key, body);
        return body;
      })
      .finally(() => this.pending.delete(etag));
    this.pending.set(etag, calculation);
    return calculation;
  }

  private set(key: CalculationKey, body: Buffer): void {
    const slot = CalculationStore.slot(key);
    this.remove(slot);
    if (body.length > this.maxBytes) return;
    this.entries.set(slot, { etag: calculationEtag(key), body });
    this.bytes += body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(slot: string): void {
    const entry = this.entries.get(slot);
    if (entry === undefined) return;
    this.entries.delete(slot);
    this.bytes -= entry.body.length;
  }
}
