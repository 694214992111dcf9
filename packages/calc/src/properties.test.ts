// Property-based tests: random well-typed formulas and random inputs, random text, frozen inputs and
// a polluted Object.prototype. checkFormula and evaluate never throw; results are typed.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFormula } from './check';
import { evaluationDiagnostics } from './compile';
import { roundHalfAwayFromZero } from './money';
import { parserDiagnostics } from './parser';
import {
  EVALUATION_ERROR_CODES,
  FORMULA_ISSUE_CODES,
  type AttributeValues,
  type CheckResult,
  type EvaluationResult,
  type FormulaAttribute,
} from './types';

const attributes: FormulaAttribute[] = [
  { code: 'n1', level: 1, type: 'NUMBER', mandatory: true, defaultValue: null, enumCodes: [] },
  { code: 'n2', level: 1, type: 'INTEGER', mandatory: false, defaultValue: 3, enumCodes: [] },
  { code: 'n-3', level: 2, type: 'NUMBER', mandatory: false, defaultValue: null, enumCodes: [] },
  { code: 'b1', level: 1, type: 'BOOLEAN', mandatory: false, defaultValue: null, enumCodes: [] },
  {
    code: 'e1',
    level: 1,
    type: 'ENUM',
    mandatory: false,
    defaultValue: 'A',
    enumCodes: ['A', 'B', 'C'],
  },
  { code: 't1', level: 2, type: 'TEXT', mandatory: false, defaultValue: null, enumCodes: [] },
];
const context = { attributes, level: 2 };

afterEach(() => {
  // nothing may have needed the defences in depth
  expect(parserDiagnostics).toEqual({ alignmentFailures: 0, parserExceptions: 0 });
  expect(evaluationDiagnostics).toEqual({ guardHits: 0 });
});

// ---- generators ----------------------------------------------------------------------------------

const space = fc.constantFrom('', ' ', '  ', '\n', '\t');
const numberLiteral = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((value) => String(value)),
  fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }).map(String),
  // `1.` before `^`, `*` or `/` would read as mathjs' `.^` `.*` `./`, which are refused
  fc.constantFrom('0.5', '.25', '(1.)', '2e3', '1E-3', '0', '0.0001'),
);

const grammar = fc.letrec<{ num: string; bool: string; text: string }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    numberLiteral,
    fc.constantFrom('n1', 'n2', 'value("n-3")'),
    fc
      .tuple(tie('num'), space, fc.constantFrom('+', '-', '*', '/', '%', '^'), space, tie('num'))
      .map(([a, s1, op, s2, b]) => `(${a}${s1}${op}${s2}${b})`),
    tie('num').map((a) => `-${a}`),
    tie('num').map((a) => `+(${a})`),
    fc
      .tuple(fc.constantFrom('min', 'max'), fc.array(tie('num'), { minLength: 1, maxLength: 4 }))
      .map(([name, args]) => `${name}(${args.join(', ')})`),
    fc
      .tuple(tie('num'), fc.option(tie('num'), { nil: undefined }))
      .map(([a, b]) => (b === undefined ? `round(${a})` : `round(${a}, ${b})`)),
    fc
      .tuple(fc.constantFrom('ceil', 'floor', 'abs'), tie('num'))
      .map(([name, a]) => `${name}(${a})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `if(${c}, ${a}, ${b})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    tie('bool'),
  ),
  bool: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    fc.constantFrom('true', 'false', 'b1', '(t1 == "x\\"y")', "(t1 != '__proto__')"),
    fc
      .tuple(tie('num'), fc.constantFrom('<', '<=', '>', '>=', '==', '!='), tie('num'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc
      .tuple(tie('text'), fc.constantFrom('==', '!='), tie('text'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc
      .subarray(['"A"', '"B"', "'C'"], { minLength: 1 })
      .map((codes) => `is(e1, ${codes.join(', ')})`),
    fc
      .tuple(tie('bool'), fc.constantFrom('and', 'or'), tie('bool'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('bool').map((a) => `(not ${a})`),
  ),
  text: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constantFrom('e1', 't1', '"A"', "'B'", '"C"'),
    fc.tuple(tie('bool'), tie('text'), tie('text')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
  ),
}));

const anyValue = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e308),
  fc.integer(),
  fc.boolean(),
  fc.string({ maxLength: 5 }),
  fc.constantFrom('A', 'B', 'C', 'D', '__proto__', 'constructor'),
  fc.constant(null),
);
const wildValues: fc.Arbitrary<AttributeValues> = fc.record(
  { n1: anyValue, n2: anyValue, 'n-3': anyValue, b1: anyValue, e1: anyValue, t1: anyValue },
  { requiredKeys: [] },
);
const typedValues: fc.Arbitrary<AttributeValues> = fc.record(
  {
    n1: fc.double({ min: -100, max: 1e6, noNaN: true }),
    n2: fc.integer({ min: -5, max: 1000 }),
    'n-3': fc.double({ min: 0, max: 100, noNaN: true }),
    b1: fc.boolean(),
    e1: fc.constantFrom('A', 'B', 'C'),
    t1: fc.string({ maxLength: 3 }),
  },
  { requiredKeys: ['n1'] },
);
const values = fc.oneof(typedValues, wildValues);

// plain checks (not expect) inside properties: thousands of runs stay cheap
function fail(message: string, detail: unknown): never {
  throw new Error(`${message}: ${JSON.stringify(detail)}`);
}

function expectTypedResult(result: EvaluationResult): void {
  if (result.ok) {
    const amount = result.amount;
    if (!Number.isFinite(amount) || amount < 0 || Object.is(amount, -0)) fail('amount', amount);
    if (roundHalfAwayFromZero(amount, 4) !== amount) fail('more than 4 decimals', amount);
  } else if (!EVALUATION_ERROR_CODES.includes(result.error.code)) {
    fail('error code', result.error);
  }
}

function expectWellFormedIssues(result: CheckResult, expression: string): void {
  if (result.ok) return;
  if (result.issues.length === 0) fail('no issues', expression);
  for (const issue of result.issues) {
    const placed = 0 <= issue.start && issue.start <= issue.end && issue.end <= expression.length;
    if (!FORMULA_ISSUE_CODES.includes(issue.code) || !placed) fail('issue', { expression, issue });
    for (const value of Object.values(issue.params)) {
      if (typeof value !== 'string' && !Number.isFinite(value)) fail('param', issue);
    }
  }
}

// ---- properties ----------------------------------------------------------------------------------

describe('properties of checkFormula and evaluate', () => {
  it('well-typed random formulas pass (unless too deep or long) and evaluate to typed results', () => {
    let evaluated = 0;
    let amounts = 0;
    fc.assert(
      fc.property(
        grammar.num,
        fc.array(values, { minLength: 1, maxLength: 4 }),
        (formula, inputs) => {
          const result = checkFormula(formula, context);
          if (!result.ok) {
            expect(result.issues.map((issue) => issue.code)).toSatisfy((codes: string[]) =>
              codes.every((code) => code === 'TOO_DEEP' || code === 'TOO_LONG'),
            );
            return;
          }
          for (const input of inputs) {
            const outcome = result.formula.evaluate(input);
            expectTypedResult(outcome);
            evaluated += 1;
            if (outcome.ok) amounts += 1;
          }
        },
      ),
      { numRuns: 600 },
    );
    expect(evaluated).toBeGreaterThan(1000);
    expect(amounts).toBeGreaterThan(100);
  }, 30_000);

  it('evaluate does not mutate frozen inputs and ignores a polluted Object.prototype', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    fc.assert(
      fc.property(grammar.num, values, (formula, input) => {
        const result = checkFormula(formula, context);
        if (!result.ok) return;
        const frozen = Object.freeze({ ...input });
        const copy = JSON.stringify(frozen);
        const clean = result.formula.evaluate(frozen);
        expect(JSON.stringify(frozen)).toBe(copy);
        expect(result.formula.evaluate(frozen)).toEqual(clean);
        let polluted: EvaluationResult;
        try {
          for (const key of ['n1', 'n2', 'n-3', 'b1', 'e1', 't1']) prototype[key] = 'B';
          polluted = result.formula.evaluate(frozen);
        } finally {
          for (const key of ['n1', 'n2', 'n-3', 'b1', 'e1', 't1']) delete prototype[key];
        }
        expect(polluted).toEqual(clean);
        expect(Object.prototype).not.toHaveProperty('n1');
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('random text never makes checkFormula throw; issues lie inside the text', () => {
    const tokens = fc.constantFrom(
      ...['n1', 'b1', 'e1', 't1', '1', '2.5', '.5', '1.', '1e', 'e', '"A"', "'B'", '"'],
      ...['(', ')', ',', '+', '-', '*', '/', '%', '^', '==', '!=', '<', '<=', '>', '>='],
      ...['and', 'or', 'not', '?', ':', 'true', 'false', 'min(', 'if(', 'is(', 'value('],
      ...['round(', ' ', '\n', '.', '=', '!', '[', ']', '{', '}', ';', '?.', '??', 'in', 'mod'],
      ...['2x', 'x', 'NaN', '0x1', '#', '\\', '@', 'é', '𝑥', '\u00A0', '\r', "'", 'sqrt('],
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(tokens, { maxLength: 25 }).map((parts) => parts.join('')),
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 30 }),
        ),
        typedValues,
        (expression, input) => {
          const result = checkFormula(expression, context);
          expectWellFormedIssues(result, expression);
          if (result.ok) expectTypedResult(result.formula.evaluate(input));
        },
      ),
      { numRuns: 1500 },
    );
  }, 30_000);

  it('long and deep random text is refused quickly, never by a stack overflow', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('(', '-', 'not ', 'n1^', 'b1 ? 1 : ', 'abs(', '1+', ')'), {
            minLength: 200,
            maxLength: 700,
          })
          .map((parts) => parts.join('')),
        (expression) => {
          const result = checkFormula(expression, context);
          expectWellFormedIssues(result, expression);
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);
});
