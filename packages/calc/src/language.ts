// The closed formula language (decision 0021): its limits and the functions a formula may call.

export const MAX_FORMULA_LENGTH = 2000;
/** Deepest nesting of parentheses and operators a formula may have. */
export const MAX_FORMULA_DEPTH = 32;

export interface FormulaFunction {
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for functions that take any number of arguments. */
  readonly maxArgs: number;
  /** How the editor shows it in completion, e.g. `round(x, digits)`. */
  readonly signature: string;
}

export const FORMULA_FUNCTIONS: readonly FormulaFunction[] = [
  { name: 'min', minArgs: 1, maxArgs: Infinity, signature: 'min(a, b, …)' },
  { name: 'max', minArgs: 1, maxArgs: Infinity, signature: 'max(a, b, …)' },
  { name: 'round', minArgs: 1, maxArgs: 2, signature: 'round(x, digits)' },
  { name: 'ceil', minArgs: 1, maxArgs: 1, signature: 'ceil(x)' },
  { name: 'floor', minArgs: 1, maxArgs: 1, signature: 'floor(x)' },
  { name: 'abs', minArgs: 1, maxArgs: 1, signature: 'abs(x)' },
  { name: 'if', minArgs: 3, maxArgs: 3, signature: 'if(condition, then, else)' },
  { name: 'is', minArgs: 2, maxArgs: Infinity, signature: 'is(attribute, "CODE", …)' },
  { name: 'value', minArgs: 1, maxArgs: 1, signature: 'value("code")' },
];

/** Keywords and operators the editor may offer besides attributes and functions. */
export const FORMULA_KEYWORDS: readonly string[] = ['and', 'or', 'not', 'true', 'false'];
