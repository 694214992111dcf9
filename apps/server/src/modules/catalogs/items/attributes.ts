// Checks of an item's attribute list (levels, unique codes, ENUM values, typed defaults) and its stored form.
import { MAX_AMOUNT } from '@costory/calc';
import {
  attributeBoundsProblems,
  parseNumber,
  typeHasBounds,
  type AttributeFields,
  type AttributeType,
  type LocalizedText,
} from '@costory/shared';
import type { NewItemAttributeRow, StoredDefaultValue } from '../../../db/schema';
import type { FieldProblem, LocalizedText as Message } from '../../../errors';
import { LABELS } from '../common/field-labels';
import {
  checkLocalizedDescription,
  checkLocalizedName,
  compactText,
  type CatalogLanguages,
} from '../common/localized';

export type AttributeRow = Omit<NewItemAttributeRow, 'itemId'>;

const MESSAGES = {
  duplicateCode: {
    en: 'Another attribute of this item already uses this code',
    cs: 'Tento kód už používá jiný atribut této položky',
  },
  unknownId: {
    en: 'This attribute does not belong to the item',
    cs: 'Tento atribut k položce nepatří',
  },
  duplicateId: {
    en: 'The attribute is listed twice',
    cs: 'Atribut je v seznamu dvakrát',
  },
  enumNeedsValues: {
    en: 'A “List of values” attribute needs at least one value',
    cs: 'Atribut typu „Výběr z hodnot“ potřebuje alespoň jednu hodnotu',
  },
  valuesOnlyForEnum: {
    en: 'Only “List of values” attributes have values',
    cs: 'Hodnoty mají jen atributy typu „Výběr z hodnot“',
  },
  duplicateValueCode: {
    en: 'Another value of this attribute already uses this code',
    cs: 'Tento kód už používá jiná hodnota tohoto atributu',
  },
  NUMBER: { en: 'The default value must be a number', cs: 'Výchozí hodnota musí být číslo' },
  INTEGER: {
    en: 'The default value must be a whole number',
    cs: 'Výchozí hodnota musí být celé číslo',
  },
  BOOLEAN: {
    en: 'The default value must be true or false',
    cs: 'Výchozí hodnota musí být true, nebo false',
  },
  TEXT: { en: 'The default value must be a text', cs: 'Výchozí hodnota musí být text' },
  boundsOnlyForNumbers: {
    en: 'Only “Number” and “Whole number” attributes have a minimum and a maximum',
    cs: 'Minimum a maximum mají jen atributy typu „Číslo“ a „Celé číslo“',
  },
} as const satisfies Record<string, Message>;

function enumDefaultMessage(codes: readonly string[]): Message {
  const list = codes.join(', ');
  return {
    en: `The default value must be the code of one of the values (${list})`,
    cs: `Výchozí hodnota musí být kód jedné z hodnot (${list})`,
  };
}

const ATTRIBUTE_LABELS = {
  name: { en: 'attribute name', cs: 'název atributu' },
  valueLabel: { en: 'value label', cs: 'popisek hodnoty' },
} as const;

/** `outOfRange`: a number of the right type beyond ±MAX_AMOUNT, which no formula could price. */
export type TypedValue<T> = { ok: true; value: T } | { ok: false; outOfRange?: true };

function numberInRange(number: number): TypedValue<number> {
  return Math.abs(number) > MAX_AMOUNT
    ? { ok: false, outOfRange: true }
    : { ok: true, value: number };
}

/**
 * A value in an attribute's type (decision 0020): NUMBER a number or a text with a dot or comma,
 * INTEGER a whole number, BOOLEAN true/false (also as text), TEXT a text, ENUM the code of one of
 * `enumCodes`. Blank texts and null are "no value". Attribute defaults and instance values are
 * typed alike.
 */
export function typedAttributeValue(
  type: AttributeType,
  raw: string | number | boolean | null,
  enumCodes: readonly string[],
): TypedValue<StoredDefaultValue | null> {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, value: null };
  }
  switch (type) {
    case 'NUMBER': {
      const number = parseNumber(raw);
      return number === null ? { ok: false } : numberInRange(number);
    }
    case 'INTEGER': {
      const number = parseNumber(raw);
      return number === null || !Number.isInteger(number) ? { ok: false } : numberInRange(number);
    }
    case 'BOOLEAN':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false };
    case 'TEXT':
      return typeof raw === 'string' ? { ok: true, value: raw } : { ok: false };
    case 'ENUM':
      return typeof raw === 'string' && enumCodes.includes(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false };
  }
}

type DefaultCheck =
  { ok: true; value: StoredDefaultValue | null } | { ok: false; message: Message };

/** The default in the attribute's own type; forms may send numbers and booleans as text. */
function typedDefault(attribute: AttributeFields, enumCodes: readonly string[]): DefaultCheck {
  const typed = typedAttributeValue(attribute.type, attribute.defaultValue, enumCodes);
  if (typed.ok) return typed;
  return {
    ok: false,
    message: attribute.type === 'ENUM' ? enumDefaultMessage(enumCodes) : MESSAGES[attribute.type],
  };
}

export interface AttributeCheck {
  rows: AttributeRow[];
  problems: FieldProblem[];
}

/**
 * The stored rows of an attribute list, with a field problem (`attributes.{index}.{field}`) for
 * everything that breaks a rule. `existingIds` are the item's attributes: only those may be kept
 * by id; an attribute without an id is new.
 */
export function checkAttributes(
  attributes: readonly AttributeFields[],
  languages: CatalogLanguages,
  existingIds: ReadonlySet<number>,
): AttributeCheck {
  const problems: FieldProblem[] = [];
  const rows: AttributeRow[] = [];
  const seenCodes = new Set<string>();
  const seenIds = new Set<number>();
  attributes.forEach((attribute, index) => {
    const at = (field: string) => `attributes.${index}.${field}`;
    const code = attribute.code.trim();
    if (seenCodes.has(code)) {
      problems.push({ field: at('code'), rule: 'unique', message: MESSAGES.duplicateCode });
    }
    seenCodes.add(code);
    if (attribute.id !== undefined) {
      if (!existingIds.has(attribute.id)) {
        problems.push({ field: at('id'), rule: 'exists', message: MESSAGES.unknownId });
      } else if (seenIds.has(attribute.id)) {
        problems.push({ field: at('id'), rule: 'unique', message: MESSAGES.duplicateId });
      }
      seenIds.add(attribute.id);
    }
    const name = compactText(attribute.name);
    const description = compactText(attribute.description);
    problems.push(
      ...checkLocalizedName(at('name'), name, languages, ATTRIBUTE_LABELS.name),
      ...checkLocalizedDescription(at('description'), description, languages, LABELS.description),
    );

    const enumValues: { code: string; label: LocalizedText }[] = [];
    if (attribute.type === 'ENUM') {
      if (attribute.enumValues.length === 0) {
        problems.push({
          field: at('enumValues'),
          rule: 'min_items',
          message: MESSAGES.enumNeedsValues,
        });
      }
      const valueCodes = new Set<string>();
      attribute.enumValues.forEach((value, valueIndex) => {
        const valueAt = (field: string) => at(`enumValues.${valueIndex}.${field}`);
        const valueCode = value.code.trim();
        if (valueCodes.has(valueCode)) {
          problems.push({
            field: valueAt('code'),
            rule: 'unique',
            message: MESSAGES.duplicateValueCode,
          });
        }
        valueCodes.add(valueCode);
        const label = compactText(value.label);
        problems.push(
          ...checkLocalizedName(valueAt('label'), label, languages, ATTRIBUTE_LABELS.valueLabel),
        );
        enumValues.push({ code: valueCode, label });
      });
    } else if (attribute.enumValues.length > 0) {
      problems.push({
        field: at('enumValues'),
        rule: 'one_of',
        message: MESSAGES.valuesOnlyForEnum,
      });
    }

    const defaultValue = typedDefault(
      attribute,
      enumValues.map((value) => value.code),
    );
    if (!defaultValue.ok) {
      problems.push({ field: at('defaultValue'), rule: 'type', message: defaultValue.message });
    }
    if (!typeHasBounds(attribute.type)) {
      for (const field of ['minimum', 'maximum'] as const) {
        if (attribute[field] !== null) {
          problems.push({
            field: at(field),
            rule: 'one_of',
            message: MESSAGES.boundsOnlyForNumbers,
          });
        }
      }
    }
    for (const problem of attributeBoundsProblems({
      ...attribute,
      defaultValue: defaultValue.ok ? defaultValue.value : null,
    })) {
      problems.push({ field: at(problem.field), rule: problem.rule, params: problem.params });
    }
    rows.push({
      ...(attribute.id === undefined ? {} : { id: attribute.id }),
      level: attribute.level,
      code,
      name,
      type: attribute.type,
      mandatory: attribute.mandatory,
      description,
      defaultValue: defaultValue.ok ? defaultValue.value : null,
      enumValues,
      minimum: attribute.minimum,
      maximum: attribute.maximum,
      position: index,
    });
  });
  return { rows, problems };
}

/** Bounds in a language-neutral form ("0–100", "≥ 0", "≤ 100"), empty without any. */
function boundsForEvent(minimum: number | null, maximum: number | null): string {
  if (minimum !== null && maximum !== null) return ` ${String(minimum)}–${String(maximum)}`;
  if (minimum !== null) return ` ≥ ${String(minimum)}`;
  if (maximum !== null) return ` ≤ ${String(maximum)}`;
  return '';
}

/** How an attribute list reads in an event: "L1 code (TYPE)" per attribute, "(NUMBER 0–100)" with bounds. */
export function attributesForEvent(
  attributes: readonly Pick<AttributeRow, 'level' | 'code' | 'type' | 'minimum' | 'maximum'>[],
): string[] {
  return attributes.map(
    (attribute) =>
      `L${attribute.level} ${attribute.code} (${attribute.type}${boundsForEvent(
        attribute.minimum ?? null,
        attribute.maximum ?? null,
      )})`,
  );
}
