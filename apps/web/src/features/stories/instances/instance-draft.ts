// An instance as it is being typed (in the editor dialog or a grid row): its entries, what the engine makes of them, what is wrong and what the API takes.
import { calculateInstance, type AttributeValue, type InstanceCalculation } from '@costory/calc';
import type {
  BoundFailure,
  Instance,
  InstanceCreate,
  Locale,
  StoryCatalogAttribute,
  StoryCatalogItem,
} from '@costory/shared';
import type { StoryModel } from '@costory/calc';
import {
  entryOf,
  entryProblem,
  valueOfEntry,
  type Entry,
  type EntryProblem,
} from './attribute-entry';

export interface Draft {
  name: string;
  description: string;
  optional: boolean;
  level: number;
  entries: Readonly<Record<string, Entry>>;
  labelIds: readonly number[];
}

export function draftOf(
  item: StoryCatalogItem,
  instance: Instance | undefined,
  locale: Locale,
): Draft {
  return {
    name: instance?.name ?? '',
    description: instance?.description ?? '',
    optional: instance?.optional ?? false,
    level: instance?.level ?? 1,
    entries: Object.fromEntries(
      item.attributes.map((attribute) => [
        attribute.code,
        entryOf(attribute, instance?.values[attribute.code], locale),
      ]),
    ),
    labelIds: instance?.labelIds ?? [],
  };
}

/** The attributes filled in at the draft's level. */
export function shownAttributes(item: StoryCatalogItem, level: number): StoryCatalogAttribute[] {
  return item.attributes.filter((attribute) => attribute.level <= level);
}

export type DraftProblem = EntryProblem | BoundFailure;

export interface DraftState {
  values: Record<string, AttributeValue>;
  /** What is wrong with each attribute's entry, by code. */
  problems: Readonly<Record<string, DraftProblem>>;
  /** Entries that do not read or are out of bounds. */
  invalidCount: number;
  /** Mandatory entries without a default that are empty. */
  missingCount: number;
  result: InstanceCalculation;
  /** Some value is wrong or missing, or a formula could not be calculated: the total is not the instance's. */
  incomplete: boolean;
}

/** Everything the draft's figures and messages need, from one pass over its shown attributes. */
export function evaluateDraft(
  model: StoryModel,
  item: StoryCatalogItem,
  draft: Draft,
  instanceId = 0,
): DraftState {
  const shown = shownAttributes(item, draft.level);
  const values: Record<string, AttributeValue> = {};
  const problems: Record<string, DraftProblem> = {};
  let missingCount = 0;
  for (const attribute of shown) {
    const entry = draft.entries[attribute.code] ?? '';
    values[attribute.code] = valueOfEntry(attribute, entry);
    const problem = entryProblem(attribute, entry);
    if (problem === null) continue;
    problems[attribute.code] = problem;
    if (problem === 'required') missingCount += 1;
  }
  const result = calculateInstance(model, {
    id: instanceId,
    itemId: item.id,
    level: draft.level,
    values,
    optional: draft.optional,
    labelIds: draft.labelIds,
  });
  const invalidCount = Object.keys(problems).length - missingCount;
  return {
    values,
    problems,
    invalidCount,
    missingCount,
    result,
    incomplete:
      invalidCount > 0 || missingCount > 0 || result.lines.some((line) => line.error !== undefined),
  };
}

/** The draft as the API stores it: trimmed texts, values that are filled in. */
export function draftFields(
  draft: Draft,
  values: Readonly<Record<string, AttributeValue>>,
): Omit<InstanceCreate, 'itemId'> {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    optional: draft.optional,
    level: draft.level,
    values: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)),
    labelIds: [...draft.labelIds],
  };
}
