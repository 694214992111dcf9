// Versions read in this process, kept in memory (decision 0042 "Reading at 10,000 instances"): a version never changes, so its frozen content and its calculated answers, parsed once, serve every later read and comparison until memory is wanted for others.
import type { StoryCalculationDto, StoryVersionLegend } from '@costory/shared';
import { WeighedLru } from '../../../lib/weighed-lru';
import { parseCalcInstances, type StoredCalcInstance } from '../calculation/calc-instances-text';
import type { FrozenVersion } from './versions.repository';

/** Memory kept for versions in one process: a 10,000-instance version takes about 10 MB once read and compared. */
const KEPT_BYTES = 256 * 1024 * 1024;

/**
 * The parsed instances and content, the legend's JSON and the calculation answers (text and
 * objects) come to several times the frozen text; the weight is taken once, when the version is
 * read, so that it does not change while the entry is kept.
 */
const WEIGHT_PER_FROZEN_BYTE = 8;

/** What even an empty version costs kept (its objects, maps and answers). */
const MIN_WEIGHT = 64 * 1024;

function weightOf(version: FrozenVersion): number {
  const frozen =
    version.instances.length +
    JSON.stringify(version.catalog).length +
    JSON.stringify(version.names).length +
    JSON.stringify(version.lineups).length;
  return Math.max(MIN_WEIGHT, frozen * WEIGHT_PER_FROZEN_BYTE);
}

/** The calculation answer of one view: with prices, or a customer's amounts and time. */
interface KeptAnswer {
  text: string;
  parsed?: StoryCalculationDto;
}

/** A version read once: its frozen content, and what was derived from it on demand. */
export class KeptVersion {
  #instances?: readonly StoredCalcInstance[];
  #legendJson?: string;
  readonly #answers = new Map<boolean, KeptAnswer>();
  readonly #calculating = new Map<boolean, Promise<KeptAnswer>>();

  /** The memory it is counted for (see weightOf). */
  readonly weight: number;

  constructor(readonly version: FrozenVersion) {
    this.weight = weightOf(version);
  }

  /** The frozen instances, parsed the first time they are asked for. */
  instances(): readonly StoredCalcInstance[] {
    this.#instances ??= parseCalcInstances(this.version.instances);
    return this.#instances;
  }

  /** The names the summaries show the version by, as JSON, made by `build` the first time. */
  legendJson(build: () => StoryVersionLegend): string {
    this.#legendJson ??= JSON.stringify(build());
    return this.#legendJson;
  }

  /** The calculation's answer as JSON text, calculated by `calculate` the first time this view is asked for. */
  async answerText(withPrices: boolean, calculate: () => Promise<string>): Promise<string> {
    return (await this.#answer(withPrices, calculate)).text;
  }

  /** The calculation's answer parsed, once per view. */
  async answer(
    withPrices: boolean,
    calculate: () => Promise<string>,
  ): Promise<StoryCalculationDto> {
    const answer = await this.#answer(withPrices, calculate);
    // The answer's own JSON, made by `calculationAnswerText`.
    answer.parsed ??= JSON.parse(answer.text) as StoryCalculationDto;
    return answer.parsed;
  }

  async #answer(withPrices: boolean, calculate: () => Promise<string>): Promise<KeptAnswer> {
    const kept = this.#answers.get(withPrices);
    if (kept) return kept;
    // Readers arriving while it is calculated wait for the same calculation.
    let pending = this.#calculating.get(withPrices);
    if (!pending) {
      pending = calculate().then((text) => ({ text }));
      this.#calculating.set(withPrices, pending);
    }
    try {
      const answer = await pending;
      this.#answers.set(withPrices, answer);
      return answer;
    } finally {
      this.#calculating.delete(withPrices);
    }
  }
}

/** The versions this process has read, by id, the least recently read going first past the bound. */
export class VersionReads {
  readonly #kept = new WeighedLru<number, KeptVersion>(KEPT_BYTES, (kept) => kept.weight);
  readonly #loading = new Map<number, Promise<KeptVersion | undefined>>();

  /**
   * The version `versionId` as kept, or as `load` reads it (once for readers arriving together).
   * The caller has checked that it exists and belongs to the story read: ids are unique in the
   * database, and a version never changes.
   */
  async read(
    versionId: number,
    load: () => Promise<FrozenVersion | undefined>,
  ): Promise<KeptVersion | undefined> {
    const kept = this.#kept.get(versionId);
    if (kept) return kept;
    let loading = this.#loading.get(versionId);
    if (!loading) {
      loading = load()
        .then((version) => {
          if (!version) return undefined;
          const read = new KeptVersion(version);
          this.#kept.set(versionId, read);
          return read;
        })
        .finally(() => this.#loading.delete(versionId));
      this.#loading.set(versionId, loading);
    }
    return loading;
  }

  /** Forgets a deleted version. */
  forget(versionId: number): void {
    this.#kept.delete(versionId);
  }
}
