// Item formulas in the editor: form rows <-> the API's FormulaFields, their validation, the levels a role offers and
// what @costory/calc needs to know about the item's attributes.
import { z } from 'zod';
import type { FormulaAttribute } from '@costory/calc';
import {
  formulaFieldsSchema,
  type Attribute,
  type FormulaFields,
  type ItemFormulas,
} from '@costory/shared';

export interface FormulaForm {
  /** This editor's own key of the row (stable while rows come and go). */
  key: string;
  /** The stored formula's id; null for a new one. */
  formulaId: number | null;
  roleId: number;
  level: number;
  name: string;
  expression: string;
}

export interface FormulasForm {
  formulas: FormulaForm[];
}

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `formula-${lastKey}`;
}

/** The stored formulas as form rows; a row of `rows` with the same formula keeps its key. */
export function toFormulasForm(
  data: ItemFormulas | undefined,
  rows: readonly FormulaForm[] = [],
): FormulasForm {
  return {
    formulas: (data?.formulas ?? []).map((formula) => ({
      key: rows.find((row) => row.formulaId === formula.id)?.key ?? nextKey(),
      formulaId: formula.id,
      roleId: formula.roleId,
      level: formula.level,
      name: formula.name,
      expression: formula.expression,
    })),
  };
}

export function newFormulaForm(roleId: number, level: number, name: string): FormulaForm {
  return { key: nextKey(), formulaId: null, roleId, level, name, expression: '' };
}

/** The form checked by the shared rules (name required, at most 200) and turned into the bulk body's rows. */
export function formulasFormSchema() {
  const row = z
    .object({
      key: z.string(),
      formulaId: z.number().int().positive().nullable(),
      roleId: formulaFieldsSchema.shape.roleId,
      level: formulaFieldsSchema.shape.level,
      name: formulaFieldsSchema.shape.name,
      expression: formulaFieldsSchema.shape.expression,
    })
    .transform((formula): FormulaFields => ({
      ...(formula.formulaId === null ? {} : { id: formula.formulaId }),
      roleId: formula.roleId,
      level: formula.level,
      name: formula.name.trim(),
      expression: formula.expression,
    }));
  return z.object({ formulas: z.array(row) });
}

/** Levels a formula may have: 1 up to the item's deepest attribute level (and any level already used). */
export function formulaLevels(maxLevel: number, usedLevels: readonly number[]): number[] {
  const deepest = Math.max(1, maxLevel, ...usedLevels);
  return Array.from({ length: deepest }, (_, index) => index + 1);
}

/** The item's attributes as the formula engine sees them. */
export function formulaAttributesOf(attributes: readonly Attribute[]): FormulaAttribute[] {
  return attributes.map((attribute) => ({
    code: attribute.code,
    level: attribute.level,
    type: attribute.type,
    mandatory: attribute.mandatory,
    defaultValue: attribute.defaultValue,
    enumCodes: attribute.enumValues.map((value) => value.code),
  }));
}
