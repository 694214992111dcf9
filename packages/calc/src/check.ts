// checkFormula (decision 0021): every issue of a formula at once with its offsets, or the formula
// compiled once into closures whose evaluate() never throws.
import { compileFormula } from './compile';
import type { CheckFormula } from './types';

/** All issues of `expression` at once (sorted by position), or the compiled formula. */
export const checkFormula: CheckFormula = (expression, context) =>
  compileFormula(expression, context);
