// Item attributes in the editor: form rows (texts as typed) <-> the API's AttributeFields, and their validation.
import { z } from 'zod';
import { MAX_AMOUNT } from '@costory/calc';
import {
  attributeBoundsProblems,
  attributeFieldsSchema,
  attributeTypeSchema,
  customRules,
  parseNumber,
  standardRules,
  typeHasBounds,
  type Attribute,
  type AttributeFields,
  type AttributeType,
} from '@costory/shared';
import {
  localizedDescriptionSchema,
  localizedNameSchema,
  toLocalizedValues,
  type LocalizedValues,
} from './localized-fields';

export const MAX_ATTRIBUTE_LEVEL = 10;

export interface EnumValueForm {
  code: string;
  label: LocalizedValues;
}

export interface AttributeForm {
  /** The stored attribute's id; null for a new one. (Not `id`: the field array keeps its own.) */
  attributeId: number | null;
  level: number;
  code: string;
  name: LocalizedValues;
  type: AttributeType;
  mandatory: boolean;
  description: LocalizedValues;
  /** The default as typed or chosen; '' means none. */
  defaultValue: string;
  enumValues: EnumValueForm[];
  /** Bounds of NUMBER and INTEGER values as typed; '' means none. */
  minimum: string;
  maximum: string;
}

export interface AttributesForm {
  attributes: AttributeForm[];
}

function valueText(value: Attribute['defaultValue']): string {
  if (value === null) return '';
  return String(value);
}

export function toAttributeForm(attribute: Attribute, languages: readonly string[]): AttributeForm {
  return {
    attributeId: attribute.id,
    level: attribute.level,
    code: attribute.code,
    name: toLocalizedValues(attribute.name, languages),
    type: attribute.type,
    mandatory: attribute.mandatory,
    description: toLocalizedValues(attribute.description, languages),
    defaultValue: valueText(attribute.defaultValue),
    enumValues: attribute.enumValues.map((value) => ({
      code: value.code,
      label: toLocalizedValues(value.label, languages),
    })),
    minimum: valueText(attribute.minimum),
    maximum: valueText(attribute.maximum),
  };
}

export function newAttributeForm(languages: readonly string[], level: number): AttributeForm {
  return {
    attributeId: null,
    level,
    code: '',
    name: toLocalizedValues(undefined, languages),
    type: 'NUMBER',
    mandatory: false,
    description: toLocalizedValues(undefined, languages),
    defaultValue: '',
    enumValues: [],
    minimum: '',
    maximum: '',
  };
}

export function newEnumValueForm(languages: readonly string[]): EnumValueForm {
  return { code: '', label: toLocalizedValues(undefined, languages) };
}

/** The typed default as the API stores it: a number, a boolean, a text or an ENUM code. */
export function defaultValueForApi(
  type: AttributeType,
  text: string,
): AttributeFields['defaultValue'] {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  switch (type) {
    case 'NUMBER':
    case 'INTEGER':
      return parseNumber(trimmed);
    case 'BOOLEAN':
      return trimmed === 'true';
    case 'TEXT':
      return text;
    case 'ENUM':
      return trimmed;
  }
}

type Refinement = z.core.$RefinementCtx;

function fail(
  ctx: Refinement,
  path: PropertyKey[],
  rule: string,
  params: Record<string, unknown> = {},
) {
  ctx.addIssue({ code: 'custom', path, message: rule, params: { ...params, rule } });
}

/** A bound as the API takes it: a number for NUMBER and INTEGER, else none. */
function boundForApi(type: AttributeType, text: string): number | null {
  return typeHasBounds(type) ? parseNumber(text) : null;
}

// Bounds are numbers (whole for INTEGER) within the calculation's amounts; then the shared rules.
function checkBounds(
  attribute: { type: AttributeType; defaultValue: string; minimum: string; maximum: string },
  ctx: Refinement,
) {
  if (!typeHasBounds(attribute.type)) return;
  const boundSchema = attributeFieldsSchema.shape.minimum;
  let typed = true;
  for (const field of ['minimum', 'maximum'] as const) {
    const text = attribute[field].trim();
    if (!customRules.decimal(text)) {
      fail(ctx, [field], 'decimal', { decimals: 0 });
      typed = false;
    } else if (!boundSchema.safeParse(parseNumber(text)).success) {
      fail(ctx, [field], 'between', { min: -MAX_AMOUNT, max: MAX_AMOUNT });
      typed = false;
    }
  }
  if (!typed) return;
  const problems = attributeBoundsProblems({
    type: attribute.type,
    defaultValue: attribute.defaultValue,
    minimum: parseNumber(attribute.minimum),
    maximum: parseNumber(attribute.maximum),
  });
  for (const problem of problems) fail(ctx, [problem.field], problem.rule, problem.params);
}

// The default must suit the type; an ENUM needs values, and its default must be one of them.
function checkAttribute(
  attribute: {
    type: AttributeType;
    defaultValue: string;
    enumValues: { code: string }[];
    minimum: string;
    maximum: string;
  },
  ctx: Refinement,
) {
  checkBounds(attribute, ctx);
  const text = attribute.defaultValue.trim();
  if (attribute.type === 'NUMBER' && !customRules.decimal(text)) {
    fail(ctx, ['defaultValue'], 'decimal', { decimals: 0 });
  }
  if (attribute.type === 'INTEGER' && !standardRules.integer(text)) {
    fail(ctx, ['defaultValue'], 'integer');
  }
  if (attribute.type === 'ENUM') {
    if (attribute.enumValues.length === 0) fail(ctx, ['enumValues'], 'min_items', { length: 1 });
    const codes = attribute.enumValues.map((value) => value.code);
    if (text !== '' && !codes.includes(text)) fail(ctx, ['defaultValue'], 'one_of');
  }
}

/** The attributes form: every row checked, then turned into the bulk body's AttributeFields. */
export function attributesFormSchema(languages: readonly string[], defaultLanguage: string) {
  const codeSchema = attributeFieldsSchema.shape.code;
  const row = z
    .object({
      attributeId: z.number().int().positive().nullable(),
      level: z.number().int().min(1).max(MAX_ATTRIBUTE_LEVEL),
      code: codeSchema,
      name: localizedNameSchema(languages, defaultLanguage),
      type: attributeTypeSchema,
      mandatory: z.boolean(),
      description: localizedDescriptionSchema([]),
      defaultValue: z.string(),
      enumValues: z.array(
        z.object({ code: codeSchema, label: localizedNameSchema(languages, defaultLanguage) }),
      ),
      minimum: z.string(),
      maximum: z.string(),
    })
    .superRefine(checkAttribute)
    .transform((attribute): AttributeFields => ({
      ...(attribute.attributeId === null ? {} : { id: attribute.attributeId }),
      level: attribute.level,
      code: attribute.code.trim(),
      name: attribute.name,
      type: attribute.type,
      mandatory: attribute.mandatory,
      description: attribute.description,
      defaultValue: defaultValueForApi(attribute.type, attribute.defaultValue),
      enumValues: attribute.type === 'ENUM' ? attribute.enumValues : [],
      minimum: boundForApi(attribute.type, attribute.minimum),
      maximum: boundForApi(attribute.type, attribute.maximum),
    }));
  return z.object({ attributes: z.array(row).max(200) });
}
