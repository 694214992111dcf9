// The contract of @costory/calc (decision 0021): what callers give the engine and what it returns.

/** Attribute types as the catalogue stores them (mirrors ATTRIBUTE_TYPES of @costory/shared). */
export type AttributeKind = 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'TEXT' | 'ENUM';

/** Units of measure whose amounts count as time (design.md: 8 h = 1 manday). */
export type TimeUnit = 'MANDAYS' | 'HOUR';

/** What a formula may know about one attribute of its item. */
export interface FormulaAttribute {
  readonly code: string;
  readonly level: number;
  readonly type: AttributeKind;
  readonly mandatory: boolean;
  /** Typed default (decision 0020): number for NUMBER/INTEGER, boolean, text, ENUM code; null = none. */
  readonly defaultValue: string | number | boolean | null;
  /** ENUM value codes; empty for other types. */
  readonly enumCodes: readonly string[];
}

/** A value an instance holds for an attribute; null or absent means "not filled in". */
export type AttributeValue = string | number | boolean | null;
export type AttributeValues = Readonly<Record<string, AttributeValue | undefined>>;

/** Problems found when a formula is checked (on save, in the editor). */
export const FORMULA_ISSUE_CODES = [
  'EMPTY',
  'TOO_LONG',
  'TOO_DEEP',
  'SYNTAX',
  'UNKNOWN_ATTRIBUTE',
  'HIGHER_LEVEL_ATTRIBUTE',
  'UNKNOWN_FUNCTION',
  'WRONG_ARGUMENT_COUNT',
  'UNKNOWN_ENUM_CODE',
  'TYPE_MISMATCH',
  'NOT_ALLOWED',
] as const;
export type FormulaIssueCode = (typeof FORMULA_ISSUE_CODES)[number];

/**
 * One problem in a formula. `start`/`end` are 0-based character offsets into the expression
 * (end exclusive) so an editor can underline the spot; `params` fill the localized message
 * (e.g. `{ name: 'area', level: 2, formulaLevel: 1 }`). Messages are localized by the caller.
 */
export interface FormulaIssue {
  readonly code: FormulaIssueCode;
  readonly start: number;
  readonly end: number;
  readonly params: Readonly<Record<string, string | number>>;
}

/** Per-instance evaluation errors: never thrown, always returned. */
export const EVALUATION_ERROR_CODES = [
  'MISSING_VALUE',
  'INVALID_VALUE',
  'DIVISION_BY_ZERO',
  'NOT_FINITE',
  'TOO_LARGE',
  'NEGATIVE_RESULT',
  'INVALID_FORMULA',
] as const;
export type EvaluationErrorCode = (typeof EVALUATION_ERROR_CODES)[number];

export interface EvaluationError {
  readonly code: EvaluationErrorCode;
  /** The attribute concerned (MISSING_VALUE, INVALID_VALUE), when there is one. */
  readonly attribute?: string;
}

export type EvaluationResult =
  | { readonly ok: true; readonly amount: number }
  | { readonly ok: false; readonly error: EvaluationError };

/** A formula checked and compiled once; `evaluate` is pure and never throws. */
export interface CompiledFormula {
  readonly expression: string;
  readonly level: number;
  /** Codes of the attributes the formula reads, in order of first use. */
  readonly attributeCodes: readonly string[];
  evaluate(values: AttributeValues): EvaluationResult;
}

export type CheckResult =
  | { readonly ok: true; readonly formula: CompiledFormula }
  | { readonly ok: false; readonly issues: readonly FormulaIssue[] };

// ---- story calculation ---------------------------------------------------------------------------

export interface CalcRole {
  readonly id: number;
  readonly unit: string;
  /** The catalog role's unit price, a decimal string (NUMERIC(18,4)), e.g. "8000.0000". */
  readonly price: string;
}

export interface CalcFormula {
  readonly roleId: number;
  readonly level: number;
  readonly expression: string;
}

export interface CalcItem {
  readonly id: number;
  readonly groupId: number | null;
  readonly phaseId: number | null;
  readonly attributes: readonly FormulaAttribute[];
  readonly formulas: readonly CalcFormula[];
}

export interface CalcGroup {
  readonly id: number;
  readonly parentId: number | null;
}

export interface CalcInstance {
  readonly id: number;
  readonly itemId: number;
  /** 1..the item's max level; the formula used per role is the highest level <= this. */
  readonly level: number;
  readonly values: AttributeValues;
  /** Optional instances are totalled apart from the main total. */
  readonly optional: boolean;
  readonly labelIds: readonly number[];
}

export interface StoryModel {
  readonly roles: readonly CalcRole[];
  readonly items: readonly CalcItem[];
  readonly groups: readonly CalcGroup[];
  /** Unit prices that replace the catalog's (lineup custom price, else supplier setup), by role id. */
  readonly unitPrices?: Readonly<Record<number, string>>;
}

/** Money is a decimal string with exactly 2 decimals ("1234.50"); amounts are numbers (4 dp). */
export type Money = string;

export interface Totals {
  /** Amounts of different units do not add up, so totals across roles are price and time only. */
  readonly price: Money;
  /** MANDAYS amounts + HOUR amounts / 8, rounded to 4 dp. */
  readonly mandays: number;
}

export interface RoleTotals extends Totals {
  readonly roleId: number;
  readonly amount: number;
  readonly unitPrice: string;
}

export interface CalcLine {
  readonly instanceId: number;
  readonly roleId: number;
  /** 0 when the line has an error or the item has no formula for the role at that level. */
  readonly amount: number;
  readonly unitPrice: string;
  readonly price: Money;
  readonly error?: EvaluationError;
}

/** One entry of the spec's "Number of errors in formula" dialog. */
export interface CalcErrorEntry {
  readonly instanceId: number;
  readonly itemId: number;
  readonly roleId: number;
  readonly level: number;
  /** The values the formula saw (defaults applied). */
  readonly inputs: Readonly<Record<string, AttributeValue>>;
  readonly unitPrice: string;
  readonly expression: string;
  readonly error: EvaluationError;
}

export interface StoryCalculation {
  /** Main total: non-optional instances. */
  readonly total: Totals;
  /** Optional instances, totalled apart. */
  readonly optional: Totals;
  /**
   * Role, phase, group and label totals cover non-optional instances only; `byInstance`, `lines`
   * and `errors` cover every instance (optional ones marked in `byInstance`).
   */
  readonly byRole: readonly RoleTotals[];
  readonly byPhase: readonly (Totals & { readonly phaseId: number | null })[];
  /** Every group with instances in it or below it; a group's totals include its sub-groups. */
  readonly byGroup: readonly (Totals & { readonly groupId: number | null })[];
  readonly byLabel: readonly (Totals & { readonly labelId: number })[];
  readonly byInstance: readonly (Totals & {
    readonly instanceId: number;
    readonly optional: boolean;
    readonly errorCount: number;
  })[];
  readonly lines: readonly CalcLine[];
  readonly errors: readonly CalcErrorEntry[];
}

/** Holds compiled formulas and per-instance results so one changed instance recalculates fast. */
export interface StoryCalculator {
  /** Calculate every instance from scratch. */
  calculate(instances: readonly CalcInstance[]): StoryCalculation;
  /** Replace (or add) one instance after `calculate` and return the new calculation. */
  update(instance: CalcInstance): StoryCalculation;
  /** Remove one instance after `calculate` and return the new calculation. */
  remove(instanceId: number): StoryCalculation;
}

// ---- entry points (implemented in check.ts and story.ts) ---------------------------------------

/** What a formula is checked against: its item's attributes and its own level. */
export interface FormulaContext {
  readonly attributes: readonly FormulaAttribute[];
  readonly level: number;
}

/** `checkFormula(expression, context)`: all issues at once, or the compiled formula. */
export type CheckFormula = (expression: string, context: FormulaContext) => CheckResult;

/** One instance's lines and totals (emulation, the instance calculation API). */
export interface InstanceCalculation {
  readonly lines: readonly CalcLine[];
  readonly total: Totals;
  readonly errors: readonly CalcErrorEntry[];
}

/** `calculateInstance(model, instance)`: the model must hold the instance's item. */
export type CalculateInstance = (model: StoryModel, instance: CalcInstance) => InstanceCalculation;

/** `createStoryCalculator(model)`: compiles every formula of the model once. */
export type CreateStoryCalculator = (model: StoryModel) => StoryCalculator;
