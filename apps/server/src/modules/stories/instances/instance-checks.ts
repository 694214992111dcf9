// Checks of an instance against its item's published version: level range, values typed by attribute (decision 0020's typing), story labels.
import { boundFailure, boundFailureMessage, type AttributeType } from '@costory/shared';
import type { ItemVersionRow, PublishedAttribute, StoredInstanceValue } from '../../../db/schema';
import type { FieldProblem, LocalizedText } from '../../../errors';
import { typedAttributeValue } from '../../catalogs/items/attributes';

/** An item's max level is its highest attribute level; an item without attributes has level 1. */
export function maxLevelOfVersion(version: Pick<ItemVersionRow, 'attributes'>): number {
  return version.attributes.reduce((highest, attribute) => Math.max(highest, attribute.level), 0);
}

const VALUE_MESSAGES: Readonly<Record<Exclude<AttributeType, 'ENUM'>, LocalizedText>> = {
  NUMBER: { en: 'The value must be a number', cs: 'Hodnota musí být číslo' },
  INTEGER: { en: 'The value must be a whole number', cs: 'Hodnota musí být celé číslo' },
  BOOLEAN: { en: 'The value must be true or false', cs: 'Hodnota musí být true, nebo false' },
  TEXT: { en: 'The value must be a text', cs: 'Hodnota musí být text' },
};

function valueMessage(attribute: PublishedAttribute): LocalizedText {
  if (attribute.type !== 'ENUM') return VALUE_MESSAGES[attribute.type];
  const list = attribute.enumValues.map((value) => value.code).join(', ');
  return {
    en: `The value must be the code of one of the values (${list})`,
    cs: `Hodnota musí být kód jedné z hodnot (${list})`,
  };
}

const OUT_OF_RANGE: LocalizedText = {
  en: 'The value must be between -1,000,000,000,000 and 1,000,000,000,000',
  cs: 'Hodnota musí být mezi -1 000 000 000 000 a 1 000 000 000 000',
};

/** A number beyond the attribute's own bounds, with the message in both languages. */
function outOfBounds(
  value: number,
  attribute: PublishedAttribute,
): Omit<FieldProblem, 'field'> | null {
  const failure = boundFailure(value, {
    minimum: attribute.minimum ?? null,
    maximum: attribute.maximum ?? null,
  });
  if (failure === null) return null;
  return {
    rule: failure.rule,
    params: failure.params,
    message: { en: boundFailureMessage(failure, 'en'), cs: boundFailureMessage(failure, 'cs') },
  };
}

function unknownAttribute(code: string): LocalizedText {
  return {
    en: `The item has no attribute “${code}”`,
    cs: `Položka nemá atribut „${code}“`,
  };
}

const MESSAGES = {
  labelIds: {
    en: 'Some of the labels do not exist in this story',
    cs: 'Některé štítky v tomto příběhu neexistují',
  },
} as const satisfies Record<string, LocalizedText>;

function levelMessage(max: number): LocalizedText {
  return max === 1
    ? { en: 'The item has level 1 only', cs: 'Položka má jen úroveň 1' }
    : {
        en: `The level must be between 1 and ${max}`,
        cs: `Úroveň musí být mezi 1 a ${max}`,
      };
}

export interface InstanceFieldsInput {
  name?: string | undefined;
  description?: string | undefined;
  optional: boolean;
  level: number;
  values: Readonly<Record<string, StoredInstanceValue>>;
  labelIds: readonly number[];
}

export interface CheckedInstance {
  name: string;
  description: string;
  optional: boolean;
  level: number;
  /** Typed values of known attributes; null and blank values are left out ("not filled in"). */
  values: Record<string, StoredInstanceValue>;
  /** Unique, ascending. */
  labelIds: number[];
}

/**
 * The stored form of an instance, with a field problem for everything that breaks a rule:
 * `level` 1..the version's max level, `values.{code}` an attribute of the version with a value of
 * its type, `labelIds` labels of the story. A missing mandatory value is no problem here: the
 * calculation counts it as an error (MISSING_VALUE).
 */
export function checkInstanceFields(
  fields: InstanceFieldsInput,
  version: Pick<ItemVersionRow, 'attributes'>,
  storyLabelIds: ReadonlySet<number>,
): { checked: CheckedInstance; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const maxLevel = Math.max(1, maxLevelOfVersion(version));
  if (fields.level < 1 || fields.level > maxLevel) {
    problems.push({
      field: 'level',
      rule: 'max_value',
      params: { max: maxLevel },
      message: levelMessage(maxLevel),
    });
  }
  const byCode = new Map(version.attributes.map((attribute) => [attribute.code, attribute]));
  const values: Record<string, StoredInstanceValue> = {};
  for (const [code, raw] of Object.entries(fields.values)) {
    const attribute = byCode.get(code);
    if (attribute === undefined) {
      problems.push({ field: `values.${code}`, rule: 'exists', message: unknownAttribute(code) });
      continue;
    }
    const typed = typedAttributeValue(
      attribute.type,
      raw,
      attribute.enumValues.map((value) => value.code),
    );
    if (!typed.ok) {
      problems.push(
        typed.outOfRange
          ? { field: `values.${code}`, rule: 'between', message: OUT_OF_RANGE }
          : { field: `values.${code}`, rule: 'type', message: valueMessage(attribute) },
      );
    } else if (typed.value !== null) {
      const failure = typeof typed.value === 'number' ? outOfBounds(typed.value, attribute) : null;
      if (failure !== null) problems.push({ field: `values.${code}`, ...failure });
      else values[code] = typed.value;
    }
  }
  const labelIds = [...new Set(fields.labelIds)].toSorted((a, b) => a - b);
  if (labelIds.some((id) => !storyLabelIds.has(id))) {
    problems.push({ field: 'labelIds', rule: 'exists', message: MESSAGES.labelIds });
  }
  return {
    checked: {
      name: fields.name?.trim() ?? '',
      description: fields.description?.trim() ?? '',
      optional: fields.optional,
      level: fields.level,
      values,
      labelIds,
    },
    problems,
  };
}

/**
 * The values of `values` that the version still takes, typed and within its bounds (a copy
 * follows the item's latest version; what it no longer has or allows is left behind).
 */
export function keepValidValues(
  values: Readonly<Record<string, StoredInstanceValue>>,
  version: Pick<ItemVersionRow, 'attributes'>,
): Record<string, StoredInstanceValue> {
  const kept: Record<string, StoredInstanceValue> = {};
  for (const attribute of version.attributes) {
    const raw = values[attribute.code];
    if (raw === undefined) continue;
    const typed = typedAttributeValue(
      attribute.type,
      raw,
      attribute.enumValues.map((value) => value.code),
    );
    if (!typed.ok || typed.value === null) continue;
    // A value the version's bounds no longer allow is left behind too.
    if (typeof typed.value === 'number' && outOfBounds(typed.value, attribute) !== null) continue;
    kept[attribute.code] = typed.value;
  }
  return kept;
}
