// Story versions (decision 0042): freezing a story under a name (ICT_ADMIN, ICT_MODELER), reading versions with their summaries and lineups calculated from what they froze, by the live story's code (every member, prices as READ_MARGINS allows), comparing two of them or one with the live story, and deleting one (ICT_ADMIN).
import type { StoryModel } from '@costory/calc';
import { LIVE_STORY, UPGRADED_STORY } from '@costory/shared';
import type {
  ComparisonSideText,
  Lineup,
  LineupPricing,
  StoryAction,
  StoryCalculationDto,
  StoryVersion,
  StoryVersionComparison,
  StoryVersionLegend,
  storyVersionCreateSchema,
} from '@costory/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import type { FrozenCatalog, FrozenLineup, StoryRow } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../errors';
import { createdChanges, deletedChanges } from '../../../lib/changes';
import { isUniqueViolation } from '../../../lib/db-errors';
import { parseCalcInstances, type StoredCalcInstance } from '../calculation/calc-instances-text';
import type { CalculationInput } from '../calculation/incremental-calculations';
import { storyModelOf, toCalcItem } from '../calculation/model';
import { loadStoryAccess, lockStory, requireStoryAction, type StoryAccess } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { readsMargins } from '../common/margins';
import { VERSION_NAME_TAKEN } from '../common/messages';
import type { LineupFigures } from '../lineups/lineup-pricing';
import type { LineupRecord } from '../lineups/lineups.repository';
import { priceLineupRecords, toLineup, toLineupPricing } from '../lineups/lineups.service';
import {
  deleteVersionRow,
  findVersion,
  insertVersion,
  listVersionSummaries,
  loadFrozenContent,
  loadStoryInputs,
  versionNameExists,
  type FrozenVersion,
  type VersionSummary,
} from './versions.repository';
import { compareStates, type ComparedState } from './version-comparison';
import type { KeptVersion } from './version-reads';

const NAME_INDEX = 'story_versions_story_name_unique';

/** What reading and comparing versions needs: the exports compare with these alone. */
export type ReadDeps = Pick<StoryDeps, 'db' | 'calculations' | 'versionReads'>;

function nameTaken(): ValidationError {
  return new ValidationError([
    { field: 'name', rule: 'story_version_name_taken', message: VERSION_NAME_TAKEN },
  ]);
}

/** The engine's model from the frozen catalog: the same function builds the live story's. */
export function frozenModel(catalog: FrozenCatalog): StoryModel {
  return storyModelOf(
    catalog.roles,
    catalog.groups,
    catalog.items.map((item) => toCalcItem(item, item)),
  );
}

/** The calculation's answer as JSON, from the same calculation (and thread) as the live story's summary. */
async function calculationText(
  deps: ReadDeps,
  input: CalculationInput,
  instanceCount: number,
): Promise<string> {
  return (await deps.calculations.calculate(input, instanceCount)).text;
}

/** The calculation's answer, parsed. */
export async function calculate(
  deps: ReadDeps,
  input: CalculationInput,
  instanceCount: number,
): Promise<StoryCalculationDto> {
  // The answer's own JSON, made by `calculationAnswerText`.
  return JSON.parse(await calculationText(deps, input, instanceCount)) as StoryCalculationDto;
}

function toVersion(version: VersionSummary, margins: boolean): StoryVersion {
  return {
    id: version.id,
    name: version.name,
    note: version.note,
    createdAt: version.createdAt.toISOString(),
    createdBy: version.author,
    currency: version.currency,
    total: { price: margins ? version.price : null, mandays: Number(version.mandays) },
    optional: {
      price: margins ? version.optionalPrice : null,
      mandays: Number(version.optionalMandays),
    },
    instanceCount: version.instanceCount,
    errorCount: version.errorCount,
  };
}

export async function accessTo(
  deps: ReadDeps,
  user: Actor,
  storyId: number,
  action: StoryAction,
): Promise<StoryAccess> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, action);
  return access;
}

/**
 * The version of the story the member reads, its content as this process keeps it, and the
 * version's answer of the member's view, calculated once (decision 0042 "Reading at 10,000
 * instances"); a version of another story is 404, like a missing one. Whether it exists, and its
 * author's name, are read each time: it may have been deleted or the author renamed meanwhile.
 */
export async function readableVersion(
  deps: ReadDeps,
  access: StoryAccess,
  versionId: number,
): Promise<{ version: FrozenVersion; kept: KeptVersion }> {
  const storyId = access.story.id;
  const [summary] = await listVersionSummaries(deps.db, storyId, versionId);
  if (!summary) throw new NotFoundError();
  const kept = await deps.versionReads.read(versionId, () =>
    findVersion(deps.db, storyId, versionId),
  );
  if (!kept) throw new NotFoundError();
  return { version: { ...kept.version, ...summary }, kept };
}

/**
 * The version for an export (`action`: READ_STORY for its summaries, READ_LINEUPS for its
 * lineups): the caller's access, the version with its frozen content, and its instances parsed.
 */
export async function readVersionForReport(
  deps: ReadDeps,
  user: Actor,
  storyId: number,
  versionId: number,
  action: StoryAction,
): Promise<{
  access: StoryAccess;
  version: FrozenVersion;
  instances: readonly StoredCalcInstance[];
}> {
  const access = await accessTo(deps, user, storyId, action);
  const { version, kept } = await readableVersion(deps, access, versionId);
  return { access, version, instances: kept.instances() };
}

/** Calculates the version's answer of one view from what it froze (its own calculator's key). */
function versionCalculation(
  deps: ReadDeps,
  storyId: number,
  version: FrozenVersion,
  withPrices: boolean,
): () => Promise<string> {
  return () =>
    calculationText(
      deps,
      {
        storyId,
        versionId: version.id,
        model: frozenModel(version.catalog),
        instancesText: version.instances,
        withPrices,
      },
      version.instanceCount,
    );
}

/**
 * Freezes the live story under `input.name` in `tx`, which holds the story's lock (so that no
 * change falls between what is read): the inputs of its figures are read and stored with the
 * totals the live story's calculation makes of them, and VERSION_FROZEN is recorded. Formula
 * errors are frozen with the rest: the version shows them as the story did. Answers the new
 * version's id; the caller has checked that the name is free.
 */
export async function freezeLocked(
  deps: ReadDeps,
  tx: Db,
  story: StoryRow,
  userId: number,
  input: { name: string; note: string },
): Promise<number> {
  const content = await loadFrozenContent(tx, story);
  // The live story's calculation (its kept calculator), since this is the live story now.
  const calculation = await calculate(
    deps,
    {
      storyId: story.id,
      model: frozenModel(content.catalog),
      instancesText: content.instances,
      withPrices: true,
    },
    content.instanceCount,
  );
  const row = await insertVersion(tx, {
    storyId: story.id,
    name: input.name,
    note: input.note,
    createdByUserId: userId,
    currency: content.currency,
    catalog: content.catalog,
    instances: content.instances,
    names: content.names,
    lineups: content.lineups,
    price: calculation.total.price ?? '0.00',
    mandays: String(calculation.total.mandays),
    optionalPrice: calculation.optional.price ?? '0.00',
    optionalMandays: String(calculation.optional.mandays),
    instanceCount: content.instanceCount,
    errorCount: calculation.errors.length,
  });
  await recordStoryEvent(tx, {
    storyId: story.id,
    userId,
    type: 'VERSION_FROZEN',
    changes: createdChanges({ name: row.name, note: row.note }, ['name', 'note']),
  });
  return row.id;
}

/** The version as the list shows it, for a member who reads prices or not. */
export async function versionSummary(
  deps: ReadDeps,
  access: StoryAccess,
  versionId: number,
): Promise<StoryVersion> {
  const [version] = await listVersionSummaries(deps.db, access.story.id, versionId);
  if (!version) throw new NotFoundError();
  return toVersion(version, readsMargins(access));
}

/**
 * Freezes the story as it is now (FREEZE_VERSIONS), under the story's lock: see freezeLocked.
 * A duplicate name is a field error.
 */
export async function freezeVersion(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  input: z.output<typeof storyVersionCreateSchema>,
): Promise<StoryVersion> {
  const access = await accessTo(deps, user, storyId, 'FREEZE_VERSIONS');
  try {
    const versionId = await deps.db.transaction(async (tx) => {
      await lockStory(tx, storyId);
      // Before reading the whole story; the unique index stays the last word.
      if (await versionNameExists(tx, storyId, input.name)) throw nameTaken();
      return freezeLocked(deps, tx, access.story, user.id, input);
    });
    return await versionSummary(deps, access, versionId);
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
    throw error;
  }
}

/** The story's versions, newest first (READ_STORY); totals without prices for a customer. */
export async function listVersions(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
): Promise<StoryVersion[]> {
  const access = await accessTo(deps, user, storyId, 'READ_STORY');
  const margins = readsMargins(access);
  return (await listVersionSummaries(deps.db, storyId)).map((version) =>
    toVersion(version, margins),
  );
}

function legendOf(version: FrozenVersion): StoryVersionLegend {
  const { catalog, names } = version;
  return {
    roles: catalog.roles.map(({ id, code, name, unit }) => ({ id, code, name, unit })),
    groups: catalog.groups,
    phases: catalog.phases,
    items: catalog.items.map(({ id, code, name, icon, groupId, phaseId, version: number }) => ({
      id,
      code,
      name,
      icon,
      groupId,
      phaseId,
      version: number,
    })),
    labels: names.labels,
    instances: names.instances.map(([id, itemId, name, description]) => ({
      id,
      itemId,
      name,
      description,
    })),
  };
}

/**
 * One version with its summaries (READ_STORY) as the JSON of `StoryVersionDetail`: the live
 * story's calculation answer, made by the same code from what the version froze (a customer's
 * without prices), and the names of what the summaries list. The answer's text goes in as it is,
 * as the live summary sends its stored bytes: parsing and checking 10,000 instance totals on the
 * way out would take longer than all the rest.
 */
export async function getVersionJson(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
): Promise<string> {
  const access = await accessTo(deps, user, storyId, 'READ_STORY');
  const read = await readableVersion(deps, access, versionId);
  const margins = readsMargins(access);
  const calculation = await read.kept.answerText(
    margins,
    versionCalculation(deps, storyId, read.version, margins),
  );
  const version: StoryVersion = toVersion(read.version, margins);
  const legend = read.kept.legendJson(() => legendOf(read.version));
  // The fields of StoryVersionDetail: the version's, then `legend` and `calculation`.
  return `${JSON.stringify(version).slice(0, -1)},"legend":${legend},"calculation":${calculation}}`;
}

/** Deletes a version (DELETE_VERSIONS) and records who did. */
export async function deleteVersion(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
): Promise<void> {
  await accessTo(deps, user, storyId, 'DELETE_VERSIONS');
  await deps.db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    const name = await deleteVersionRow(tx, storyId, versionId);
    if (name === undefined) throw new NotFoundError();
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'VERSION_DELETED',
      changes: deletedChanges({ name }, ['name']),
    });
  });
  deps.versionReads.forget(versionId);
}

/** A frozen lineup in the shape the live lineups are priced and answered in. */
function lineupRecordOf(storyId: number, lineup: FrozenLineup): LineupRecord {
  return {
    lineup: {
      id: lineup.id,
      storyId,
      name: lineup.name,
      description: lineup.description,
      supplierId: lineup.supplier.id,
      subscriberId: lineup.subscriber.id,
      version: lineup.version,
      createdAt: new Date(lineup.createdAt),
      updatedAt: new Date(lineup.updatedAt),
    },
    supplierName: lineup.supplier.name,
    subscriberName: lineup.subscriber.name,
    customPrices: new Map(lineup.customPrices),
    sharedWith: lineup.sharedWith,
  };
}

/** The version's lineups the member reads: all of them, or a customer's shared ones as they were shared then. */
export function readableFrozenLineups(access: StoryAccess, version: FrozenVersion): FrozenLineup[] {
  const margins = readsMargins(access);
  return version.lineups.filter(
    (lineup) => margins || lineup.sharedWith.some((person) => person.id === access.user.id),
  );
}

/**
 * The version's lineups the member reads (`readableFrozenLineups`), priced from what the version froze by the live lineups' code.
 */
async function priceVersionLineups(
  deps: StoryDeps,
  access: StoryAccess,
  version: FrozenVersion,
  lineupId?: number,
): Promise<{ record: LineupRecord; priced: LineupFigures }[]> {
  const lineups = readableFrozenLineups(access, version).filter(
    (lineup) => lineupId === undefined || lineup.id === lineupId,
  );
  const supplierPrices = new Map(
    lineups.map((lineup) => [lineup.id, new Map(lineup.supplierPrices)]),
  );
  return priceLineupRecords(
    deps.calculations,
    {
      model: frozenModel(version.catalog),
      roles: version.catalog.roles,
      instances: { text: version.instances, count: version.instanceCount },
    },
    lineups.map((lineup) => lineupRecordOf(access.story.id, lineup)),
    (record) => supplierPrices.get(record.lineup.id) ?? new Map(),
  );
}

/** The version's lineups by name with their totals (READ_LINEUPS). */
export async function listVersionLineups(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
): Promise<Lineup[]> {
  const access = await accessTo(deps, user, storyId, 'READ_LINEUPS');
  const { version } = await readableVersion(deps, access, versionId);
  const priced = await priceVersionLineups(deps, access, version);
  return priced.map(({ record, priced: figures }) =>
    toLineup(record, figures, readsMargins(access)),
  );
}

/** One of the version's lineups role by role (READ_LINEUPS); one the member may not read is 404. */
export async function getVersionLineup(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  versionId: number,
  lineupId: number,
): Promise<LineupPricing> {
  const access = await accessTo(deps, user, storyId, 'READ_LINEUPS');
  const { version } = await readableVersion(deps, access, versionId);
  const [entry] = await priceVersionLineups(deps, access, version, lineupId);
  if (!entry) throw new NotFoundError();
  return toLineupPricing(entry, readsMargins(access), version.currency);
}

/**
 * One side of a comparison, calculated as its own page calculates it: a version from what it
 * froze (its own calculator, as the detail), the live story from what it is now, read under its
 * lock like a freeze so that no write falls between the reads (the live story's calculator, as
 * its summary). The instances are parsed here, on the request's thread, to compare their values.
 */
async function comparedState(
  deps: ReadDeps,
  access: StoryAccess,
  side: ComparisonSideText,
  margins: boolean,
): Promise<ComparedState> {
  const storyId = access.story.id;
  if (side === LIVE_STORY || side === UPGRADED_STORY) {
    const inputs = await deps.db.transaction(async (tx) => {
      await lockStory(tx, storyId);
      return loadStoryInputs(tx, access.story, side === LIVE_STORY ? 'story' : 'latest');
    });
    const calculation = await calculate(
      deps,
      {
        storyId,
        ...(side === UPGRADED_STORY ? { upgraded: true } : {}),
        model: frozenModel(inputs.catalog),
        instancesText: inputs.instances,
        withPrices: margins,
      },
      inputs.instanceCount,
    );
    return {
      side: {
        versionId: null,
        upgraded: side === UPGRADED_STORY,
        name: null,
        createdAt: null,
        currency: inputs.currency,
        instanceCount: inputs.instanceCount,
        errorCount: calculation.errors.length,
      },
      catalog: inputs.catalog,
      instances: parseCalcInstances(inputs.instances),
      names: inputs.names,
      calculation,
    };
  }
  const { version, kept } = await readableVersion(deps, access, side);
  const calculation = await kept.answer(
    margins,
    versionCalculation(deps, storyId, version, margins),
  );
  return {
    side: {
      versionId: version.id,
      upgraded: false,
      name: version.name,
      createdAt: version.createdAt.toISOString(),
      currency: version.currency,
      instanceCount: version.instanceCount,
      errorCount: calculation.errors.length,
    },
    catalog: version.catalog,
    instances: kept.instances(),
    names: version.names,
    calculation,
  };
}

/**
 * Two versions of the story, or a version and the live story, compared (READ_STORY; prices as
 * READ_MARGINS allows, as in the detail): both sides are calculated by the one calculation code
 * path and their answers diffed. A version of another story is 404; the same side twice answers
 * no differences.
 */
export async function compareVersions(
  deps: ReadDeps,
  user: Actor,
  storyId: number,
  query: { from: ComparisonSideText; to: ComparisonSideText },
): Promise<StoryVersionComparison> {
  const access = await accessTo(deps, user, storyId, 'READ_STORY');
  const margins = readsMargins(access);
  // One after the other: the live side holds a transaction, and the calculations queue anyway.
  const from = await comparedState(deps, access, query.from, margins);
  const to = query.to === query.from ? from : await comparedState(deps, access, query.to, margins);
  return compareStates(from, to, margins);
}
