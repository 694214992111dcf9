// Request and response shapes of item formulas and item calculation (decision 0021).
import { EVALUATION_ERROR_CODES, FORMULA_ISSUE_CODES, MAX_FORMULA_LENGTH } from '@costory/calc';
import { z } from 'zod';
import { rules } from '../validation/rules/descriptors';
import { v } from '../validation/zod';
import { idSchema, idTextSchema, versionSchema, versionTextSchema } from '../ids';

export const formulaIssueSchema = z.object({
  code: z.enum(FORMULA_ISSUE_CODES),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type FormulaIssueDto = z.infer<typeof formulaIssueSchema>;

export const formulaFieldsSchema = z.strictObject({
  /** Present for a formula that already exists (bulk replace keeps it), absent for a new one. */
  id: idSchema.optional(),
  roleId: idSchema,
  level: z.number().int().min(1).max(10),
  name: v.requiredString(rules.max(200)),
  /** Checked by @costory/calc; the generous cap only stops abuse, TOO_LONG says the real limit. */
  expression: z.string().max(MAX_FORMULA_LENGTH * 4),
});
export type FormulaFields = z.infer<typeof formulaFieldsSchema>;

export const formulaSchema = formulaFieldsSchema.extend({
  id: idSchema,
  /** Problems against the item's current attributes (empty when the formula is valid). */
  issues: z.array(formulaIssueSchema),
});
export type Formula = z.infer<typeof formulaSchema>;

/** GET and the answer of every write: the item's formulas and the item revision to send back. */
export const itemFormulasSchema = z.object({
  revision: versionSchema,
  formulas: z.array(formulaSchema),
});
export type ItemFormulas = z.infer<typeof itemFormulasSchema>;

/** PUT …/items/{itemId}/formulas: replaces the whole list (like attributes, decision 0020). */
export const formulasBulkSchema = z.strictObject({
  revision: versionSchema,
  formulas: z.array(formulaFieldsSchema).max(500),
});
export type FormulasBulk = z.infer<typeof formulasBulkSchema>;

/** DELETE …/items/{itemId}/formulas?roleId=&revision=: every formula of one role. */
export const roleFormulasDeleteQuerySchema = z.object({
  roleId: idTextSchema,
  revision: versionTextSchema,
});

/** The `formulaIssues` member of a FORMULA_INVALID problem: issues per formula index. */
export const formulaProblemIssuesSchema = z.array(
  z.object({ index: z.number().int().nonnegative(), issues: z.array(formulaIssueSchema) }),
);
export type FormulaProblemIssues = z.infer<typeof formulaProblemIssuesSchema>;

// ---- calculation of one item (server-side emulation; the story calculation comes with stories)

const attributeValueSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const itemCalculationRequestSchema = z.strictObject({
  level: z.number().int().min(1).max(10),
  values: z.record(z.string().max(50), attributeValueSchema),
});
export type ItemCalculationRequest = z.infer<typeof itemCalculationRequestSchema>;

export const evaluationErrorSchema = z.object({
  code: z.enum(EVALUATION_ERROR_CODES),
  attribute: z.string().optional(),
});

export const calcLineSchema = z.object({
  roleId: idSchema,
  amount: z.number(),
  unitPrice: z.string(),
  price: z.string(),
  error: evaluationErrorSchema.optional(),
});

export const itemCalculationSchema = z.object({
  lines: z.array(calcLineSchema),
  total: z.object({ price: z.string(), mandays: z.number() }),
});
export type ItemCalculation = z.infer<typeof itemCalculationSchema>;
