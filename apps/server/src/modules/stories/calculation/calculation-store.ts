// Story calculations kept as their serialized answer while neither the story nor its catalog changed (decision 0036): the least recently read go first past a memory bound.
import type { StoryRow } from '../../../db/schema';
import { WeighedLru } from '../../../lib/weighed-lru';

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
  private readonly entries: WeighedLru<string, Entry>;
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(maxBytes: number) {
    this.entries = new WeighedLru(maxBytes, (entry) => entry.body.length);
  }

  private static slot(key: CalculationKey): string {
    return `${key.story.id}:${key.withPrices ? 'p' : 'c'}`;
  }

  /** The stored answer for `key`, if it was made from the same versions. */
  private get(key: CalculationKey): Buffer | undefined {
    const entry = this.entries.get(CalculationStore.slot(key));
    return entry?.etag === calculationEtag(key) ? entry.body : undefined;
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
        this.entries.set(CalculationStore.slot(key), { etag, body });
        return body;
      })
      .finally(() => this.pending.delete(etag));
    this.pending.set(etag, calculation);
    return calculation;
  }
}
