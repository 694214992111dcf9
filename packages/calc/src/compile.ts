// Checking and compiling a parsed formula (decision 0021): attribute and function resolution, the
// level rule, the static types, the nesting limit, and a tree of closures that evaluates without
// ever throwing (errors are recorded in a state object and returned).
import { excerpt } from './lexer';
import {
  FORMULA_FUNCTIONS,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  type FormulaFunction,
} from './language';
import {
  AMOUNT_DECIMALS,
  compareScaled,
  MAX_AMOUNT_UNITS,
  roundHalfAwayFromZero,
  roundToScaled,
  scaledToNumber,
  type Scaled,
} from './money';
import { parseExpression, parserDiagnostics, type ChainPart, type Expr, type Span } from './parser';
import type {
  AttributeValue,
  AttributeValues,
  CompiledFormula,
  EvaluationError,
  EvaluationResult,
  FormulaAttribute,
  FormulaContext,
  FormulaIssue,
} from './types';

/** Where an evaluation records its first error. */
export interface EvalState {
  error: EvaluationError | null;
}

type NumberFn = (frame: Frame, state: EvalState) => number;
type TextFn = (frame: Frame, state: EvalState) => string;

/** Static types: booleans are numbers 1/0 at run time; TEXT and ENUM values are strings. */
type Compiled =
  | {
      readonly type: 'number' | 'boolean' | 'unknown';
      readonly num: NumberFn;
      /** Set for a literal number: operators with a constant side get a closure less. */
      readonly constant?: number;
    }
  | { readonly type: 'text'; readonly text: TextFn; readonly literal: string | null }
  | { readonly type: 'enum'; readonly text: TextFn; readonly attribute: FormulaAttribute };

export interface CompiledExpression {
  readonly root: NumberFn;
  readonly attributeCodes: readonly string[];
  /** Positions in the context's attribute list of the attributes read (frame slots). */
  readonly slots: readonly number[];
  readonly frameSize: number;
  readonly fillers: readonly SlotFiller[];
}

export type CompileResult =
  | { readonly ok: true; readonly compiled: CompiledExpression }
  | { readonly ok: false; readonly issues: readonly FormulaIssue[] };

const DIVISION_BY_ZERO: EvaluationError = Object.freeze({ code: 'DIVISION_BY_ZERO' });

const FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map(
  FORMULA_FUNCTIONS.map((fn) => [fn.name, fn]),
);

const NAN: NumberFn = () => Number.NaN;
const EMPTY_TEXT: TextFn = () => '';
const UNKNOWN: Compiled = { type: 'unknown', num: NAN };

function constantOf(compiled: Compiled): number | undefined {
  return compiled.type === 'number' ? compiled.constant : undefined;
}

// ---- numeric helpers (tolerant comparisons: 0.1 + 0.2 == 0.3) ---------------------------------

/**
 * Tolerance of comparisons and of ceil/floor: sums of decimals carry binary noise (0.1 + 0.2 is
 * 0.30000000000000004, 0.3 - 0.1 - 0.2 is -2.8e-17). Numbers closer than 1e-12 of the larger
 * magnitude (of 1 near zero) are equal; amounts have 4 decimals, so nothing real is lost.
 */
const TOLERANCE = 1e-12;

export function nearlyEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1);
}

/** x, or the integer it is within the tolerance of (so ceil(0.1 * 3 * 10) is 3). */
function snapToInteger(x: number): number {
  const nearest = Math.round(x);
  return nearlyEqual(x, nearest) ? nearest : x;
}

function floorModulo(a: number, b: number): number {
  const remainder = a % b;
  return remainder !== 0 && remainder < 0 !== b < 0 ? remainder + b : remainder;
}

function roundDigits(x: number, digits: number): number {
  if (Number.isNaN(digits)) return Number.NaN;
  const places = Math.max(-15, Math.min(15, Math.trunc(digits)));
  return Number.isFinite(x) ? roundHalfAwayFromZero(x, places) : x;
}

// ---- attribute readers -----------------------------------------------------------------------

function validValue(attribute: FormulaAttribute, value: AttributeValue): boolean {
  switch (attribute.type) {
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'INTEGER':
      return typeof value === 'number' && Number.isInteger(value);
    case 'BOOLEAN':
      return typeof value === 'boolean';
    case 'TEXT':
      return typeof value === 'string';
    case 'ENUM':
      return typeof value === 'string' && attribute.enumCodes.includes(value);
    default:
      return false;
  }
}

/**
 * What a formula sees for an attribute: the instance's value, else the default, else (optional
 * attributes) 0 / false / empty text; `undefined` when the value is missing and mandatory.
 * Invalid values are returned as they are (the reader reports them).
 */
export function effectiveValue(
  attribute: FormulaAttribute,
  values: AttributeValues,
): AttributeValue | undefined {
  const raw = Object.hasOwn(values, attribute.code) ? values[attribute.code] : undefined;
  if (raw !== undefined && raw !== null) return raw;
  if (attribute.defaultValue !== null) return attribute.defaultValue;
  return attribute.mandatory ? undefined : null;
}

/**
 * The values of one evaluation, read and checked once per attribute (by position in the
 * formula's attribute list): a number (NaN when the value is missing or invalid, the error
 * beside it) or a text. Formulas read slots, never the caller's object.
 */
export interface Frame {
  readonly numbers: number[];
  readonly texts: string[];
  readonly errors: (EvaluationError | null)[];
}

export function createFrame(size: number): Frame {
  return {
    numbers: new Array<number>(size).fill(0),
    texts: new Array<string>(size).fill(''),
    errors: new Array<EvaluationError | null>(size).fill(null),
  };
}

/** Reads one attribute's value from an instance's values into its slot of a frame. */
export type SlotFiller = (frame: Frame, values: AttributeValues) => void;

export function slotFiller(attribute: FormulaAttribute, index: number): SlotFiller {
  const code = attribute.code;
  const invalid: EvaluationError = Object.freeze({ code: 'INVALID_VALUE', attribute: code });
  const missing: EvaluationError = Object.freeze({ code: 'MISSING_VALUE', attribute: code });
  const fallback = attribute.defaultValue;
  // the value used when the instance has none: the default (if valid), else the empty value
  let missingError: EvaluationError | null = null;
  if (fallback !== null) {
    if (!validValue(attribute, fallback)) missingError = invalid;
  } else if (attribute.mandatory) {
    missingError = missing;
  }
  const numeric = (frame: Frame, value: number, error: EvaluationError | null): void => {
    frame.numbers[index] = value;
    frame.errors[index] = error;
  };
  const textual = (frame: Frame, value: string, error: EvaluationError | null): void => {
    frame.texts[index] = value;
    frame.errors[index] = error;
  };
  switch (attribute.type) {
    case 'NUMBER':
    case 'INTEGER': {
      const integer = attribute.type === 'INTEGER';
      const whenMissing = typeof fallback === 'number' && missingError === null ? fallback : 0;
      return (frame, values) => {
        // own properties only: a polluted Object.prototype or `toString` is no value
        const raw = Object.hasOwn(values, code) ? values[code] : undefined;
        if (raw === undefined || raw === null) {
          numeric(frame, missingError === null ? whenMissing : Number.NaN, missingError);
        } else if (
          typeof raw === 'number' &&
          (integer ? Number.isInteger(raw) : Number.isFinite(raw))
        ) {
          numeric(frame, raw, null);
        } else {
          numeric(frame, Number.NaN, invalid);
        }
      };
    }
    case 'BOOLEAN': {
      const whenMissing = fallback === true && missingError === null ? 1 : 0;
      return (frame, values) => {
        const raw = Object.hasOwn(values, code) ? values[code] : undefined;
        if (raw === undefined || raw === null) {
          numeric(frame, missingError === null ? whenMissing : Number.NaN, missingError);
        } else if (typeof raw === 'boolean') {
          numeric(frame, raw ? 1 : 0, null);
        } else {
          numeric(frame, Number.NaN, invalid);
        }
      };
    }
    case 'TEXT':
    case 'ENUM': {
      const codes = attribute.type === 'ENUM' ? new Set(attribute.enumCodes) : null;
      const whenMissing = typeof fallback === 'string' && missingError === null ? fallback : '';
      return (frame, values) => {
        const raw = Object.hasOwn(values, code) ? values[code] : undefined;
        if (raw === undefined || raw === null) {
          textual(frame, missingError === null ? whenMissing : '', missingError);
        } else if (typeof raw === 'string' && (codes === null || codes.has(raw))) {
          textual(frame, raw, null);
        } else {
          textual(frame, '', invalid);
        }
      };
    }
    default:
      return (frame) => numeric(frame, Number.NaN, invalid);
  }
}

/** The closure that reads an attribute's slot; a missing or invalid value records its error. */
function readerFor(attribute: FormulaAttribute, index: number): Compiled {
  switch (attribute.type) {
    case 'NUMBER':
    case 'INTEGER':
    case 'BOOLEAN':
      return {
        type: attribute.type === 'BOOLEAN' ? 'boolean' : 'number',
        num: (frame, state) => {
          const value = frame.numbers[index] ?? Number.NaN;
          // valid numbers are finite: NaN marks an error
          if (value !== value) state.error ??= frame.errors[index] ?? null;
          return value;
        },
      };
    case 'TEXT':
    case 'ENUM': {
      const text: TextFn = (frame, state) => {
        const error = frame.errors[index];
        if (error) {
          state.error ??= error;
          return '';
        }
        return frame.texts[index] ?? '';
      };
      return attribute.type === 'ENUM'
        ? { type: 'enum', text, attribute }
        : { type: 'text', text, literal: null };
    }
    default:
      return UNKNOWN;
  }
}

// ---- the checker / compiler --------------------------------------------------------------------

type Role = { readonly operator: string } | { readonly function: string };

class Compiler {
  readonly issues: FormulaIssue[] = [];
  private readonly attributes = new Map<string, { attribute: FormulaAttribute; index: number }>();
  private readonly readers = new Map<string, Compiled>();
  private readonly used: string[] = [];
  readonly slots: number[] = [];
  readonly fillers: SlotFiller[] = [];
  private tooDeep: FormulaIssue | null = null;

  constructor(
    private readonly source: string,
    private readonly context: FormulaContext,
  ) {
    context.attributes.forEach((attribute, index) => {
      if (!this.attributes.has(attribute.code))
        this.attributes.set(attribute.code, { attribute, index });
    });
  }

  get attributeCodes(): readonly string[] {
    return this.used;
  }

  get depthIssue(): FormulaIssue | null {
    return this.tooDeep;
  }

  private report(
    code: FormulaIssue['code'],
    span: Span,
    params: Record<string, string | number>,
  ): void {
    this.issues.push({ code, start: span.start, end: span.end, params });
  }

  private mismatch(span: Span, role: Role | null, type: string, expected: string): void {
    this.report('TYPE_MISMATCH', span, { ...role, type, expected });
  }

  /** A numeric operand (numbers and booleans); anything else is TYPE_MISMATCH. */
  private number(compiled: Compiled, span: Span, role: Role, expected = 'number'): NumberFn {
    if (compiled.type === 'number' || compiled.type === 'boolean' || compiled.type === 'unknown') {
      return compiled.num;
    }
    this.mismatch(span, role, compiled.type, expected);
    return NAN;
  }

  /** A text operand (TEXT and ENUM values, text literals). */
  private text(compiled: Compiled, span: Span, role: Role): TextFn {
    if (compiled.type === 'text' || compiled.type === 'enum') return compiled.text;
    if (compiled.type !== 'unknown') this.mismatch(span, role, compiled.type, 'text');
    return EMPTY_TEXT;
  }

  private attribute(name: string, span: Span): Compiled {
    const known = this.attributes.get(name);
    if (known === undefined) {
      this.report('UNKNOWN_ATTRIBUTE', span, { name });
      return UNKNOWN;
    }
    const { attribute, index } = known;
    if (attribute.level > this.context.level) {
      this.report('HIGHER_LEVEL_ATTRIBUTE', span, {
        name,
        level: attribute.level,
        formulaLevel: this.context.level,
      });
    }
    let reader = this.readers.get(name);
    if (reader === undefined) {
      reader = readerFor(attribute, index);
      this.readers.set(name, reader);
      this.used.push(name);
      this.slots.push(index);
      this.fillers.push(slotFiller(attribute, index));
    }
    return reader;
  }

  /** `depth` counts the nesting of this node: parentheses, calls, operators, conditionals. */
  compile(expr: Expr, depth: number): Compiled {
    if (expr.kind !== 'number' && expr.kind !== 'text' && expr.kind !== 'boolean') {
      if (expr.kind !== 'name' && depth > MAX_FORMULA_DEPTH) {
        this.tooDeep ??= {
          code: 'TOO_DEEP',
          start: expr.start,
          end: expr.end,
          params: { max: MAX_FORMULA_DEPTH },
        };
        return UNKNOWN;
      }
    }
    switch (expr.kind) {
      case 'number': {
        const value = expr.value;
        return { type: 'number', num: () => value, constant: value };
      }
      case 'boolean': {
        const value = expr.value ? 1 : 0;
        return { type: 'boolean', num: () => value };
      }
      case 'text': {
        const value = expr.value;
        return { type: 'text', text: () => value, literal: value };
      }
      case 'name':
        return this.attribute(expr.name, expr);
      case 'paren':
        return this.compile(expr.inner, depth + 1);
      case 'unary':
        return this.unary(expr, depth);
      case 'chain':
        return this.chain(expr, depth);
      case 'binary':
        return this.binary(expr, depth);
      case 'relational': {
        // `a < b < c` reads as a chain of comparisons; the language wants `a < b and b < c`
        const second = expr.opSpans[1];
        if (second !== undefined) {
          this.report('NOT_ALLOWED', second, {
            found: excerpt(this.source.slice(second.start, second.end)),
          });
        }
        for (const operand of expr.operands) this.compile(operand, depth + 1);
        return UNKNOWN;
      }
      case 'conditional': {
        const condition = this.compile(expr.condition, depth + 1);
        const test = this.number(condition, expr.condition, { operator: '?' }, 'boolean');
        return this.branches(
          test,
          this.compile(expr.whenTrue, depth + 1),
          this.compile(expr.whenFalse, depth + 1),
          expr.whenFalse,
          { operator: '?' },
        );
      }
      case 'call':
        return this.call(expr, depth);
    }
  }

  private unary(expr: Extract<Expr, { kind: 'unary' }>, depth: number): Compiled {
    const operand = this.compile(expr.operand, depth + 1);
    if (expr.op === 'not') {
      const value = this.number(operand, expr.operand, { operator: 'not' }, 'boolean');
      return { type: 'boolean', num: (v, s) => (value(v, s) ? 0 : 1) };
    }
    const value = this.number(operand, expr.operand, { operator: expr.op });
    const constant = constantOf(operand);
    if (constant !== undefined) {
      const result = expr.op === '-' ? -constant : constant;
      return { type: 'number', num: () => result, constant: result };
    }
    if (expr.op === '-') return { type: 'number', num: (v, s) => -value(v, s) };
    return { type: 'number', num: value };
  }

  private chain(expr: Extract<Expr, { kind: 'chain' }>, depth: number): Compiled {
    const first = this.compile(expr.first, depth + 1);
    if (expr.family === 'and' || expr.family === 'or') {
      const operands = [
        this.number(first, expr.first, { operator: expr.family }, 'boolean'),
        ...expr.rest.map((part) =>
          this.number(
            this.compile(part.operand, depth + 1),
            part.operand,
            { operator: expr.family },
            'boolean',
          ),
        ),
      ];
      return { type: 'boolean', num: logical(expr.family, operands) };
    }
    this.misleadingNot(expr.first);
    const firstFn = this.number(first, expr.first, {
      operator: expr.rest[0]?.op === 'implicit' ? '*' : (expr.rest[0]?.op ?? '+'),
    });
    let previous: Expr = expr.first;
    const parts: Operand[] = [];
    for (const part of expr.rest) {
      if (part.op === 'implicit') {
        // `2x`, `5 cm`, `(a)(b)`: the language wants the `*` written out
        this.report(
          'NOT_ALLOWED',
          { start: previous.start, end: part.operand.end },
          { found: excerpt(this.source.slice(previous.start, part.operand.end)) },
        );
      }
      const operand = this.compile(part.operand, depth + 1);
      const role = { operator: part.op === 'implicit' ? '*' : part.op };
      parts.push({
        op: part.op,
        fn: this.number(operand, part.operand, role),
        constant: constantOf(operand),
      });
      previous = part.operand;
    }
    return { type: 'number', num: arithmetic(firstFn, constantOf(first), parts) };
  }

  /**
   * `not` binds like a prefix minus (mathjs' precedence, kept): `not a > 5` is `(not a) > 5`, which
   * nobody means. Before the left operand of a comparison or arithmetic it must be written with
   * parentheses.
   */
  private misleadingNot(left: Expr): void {
    if (left.kind === 'unary' && left.op === 'not') {
      this.report('NOT_ALLOWED', left, {
        found: excerpt(this.source.slice(left.start, left.end)),
      });
    }
  }

  private binary(expr: Extract<Expr, { kind: 'binary' }>, depth: number): Compiled {
    if (expr.op !== '^') this.misleadingNot(expr.left);
    const left = this.compile(expr.left, depth + 1);
    const right = this.compile(expr.right, depth + 1);
    const role = { operator: expr.op };
    switch (expr.op) {
      case '^': {
        const a = this.number(left, expr.left, role);
        const b = this.number(right, expr.right, role);
        return { type: 'number', num: (v, s) => a(v, s) ** b(v, s) };
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const a = this.number(left, expr.left, role);
        const b = this.number(right, expr.right, role);
        return { type: 'boolean', num: ordering(expr.op, a, b) };
      }
      case '==':
      case '!=':
        return this.equality(expr, left, right);
    }
  }

  private equality(
    expr: Extract<Expr, { kind: 'binary' }>,
    left: Compiled,
    right: Compiled,
  ): Compiled {
    const negate = expr.op === '!=';
    if (left.type === 'unknown' || right.type === 'unknown') return UNKNOWN;
    const leftText = left.type === 'text' || left.type === 'enum';
    const rightText = right.type === 'text' || right.type === 'enum';
    if (leftText && rightText) {
      this.enumCode(left, right, expr.right);
      this.enumCode(right, left, expr.left);
      const a = left.text;
      const b = right.text;
      return {
        type: 'boolean',
        num: negate
          ? (v, s) => (a(v, s) === b(v, s) ? 0 : 1)
          : (v, s) => (a(v, s) === b(v, s) ? 1 : 0),
      };
    }
    if (leftText || rightText) {
      // text against a number: report the side that is not what the other side is
      const [span, found, expected] = leftText
        ? [expr.right, right.type, left.type]
        : [expr.left, left.type, right.type];
      this.mismatch(span, { operator: expr.op }, found, expected === 'enum' ? 'text' : expected);
      return UNKNOWN;
    }
    const a = this.number(left, expr.left, { operator: expr.op });
    const b = this.number(right, expr.right, { operator: expr.op });
    return {
      type: 'boolean',
      num: negate
        ? (v, s) => (nearlyEqual(a(v, s), b(v, s)) ? 0 : 1)
        : (v, s) => (nearlyEqual(a(v, s), b(v, s)) ? 1 : 0),
    };
  }

  /** An ENUM compared with a text literal: the literal must be one of its codes. */
  private enumCode(side: Compiled, other: Compiled, otherSpan: Span): void {
    if (side.type !== 'enum' || other.type !== 'text' || other.literal === null) return;
    if (!side.attribute.enumCodes.includes(other.literal)) {
      this.report('UNKNOWN_ENUM_CODE', otherSpan, {
        name: side.attribute.code,
        code: other.literal,
      });
    }
  }

  /** The two branches of `?:` and if(): both numeric or both text. */
  private branches(
    test: NumberFn,
    whenTrue: Compiled,
    whenFalse: Compiled,
    falseSpan: Span,
    role: Role,
  ): Compiled {
    if (whenTrue.type === 'unknown' || whenFalse.type === 'unknown') return UNKNOWN;
    const trueText = whenTrue.type === 'text' || whenTrue.type === 'enum';
    const falseText = whenFalse.type === 'text' || whenFalse.type === 'enum';
    if (trueText && falseText) {
      const a = whenTrue.text;
      const b = whenFalse.text;
      const text: TextFn = (v, s) => (test(v, s) ? a(v, s) : b(v, s));
      if (
        whenTrue.type === 'enum' &&
        whenFalse.type === 'enum' &&
        whenTrue.attribute === whenFalse.attribute
      ) {
        return { type: 'enum', text, attribute: whenTrue.attribute };
      }
      return { type: 'text', text, literal: null };
    }
    if (trueText || falseText) {
      this.mismatch(
        falseSpan,
        role,
        whenFalse.type,
        whenTrue.type === 'enum' ? 'text' : whenTrue.type,
      );
      return UNKNOWN;
    }
    const a = whenTrue.type === 'number' || whenTrue.type === 'boolean' ? whenTrue.num : NAN;
    const b = whenFalse.type === 'number' || whenFalse.type === 'boolean' ? whenFalse.num : NAN;
    return {
      type: whenTrue.type === 'boolean' && whenFalse.type === 'boolean' ? 'boolean' : 'number',
      num: (v, s) => (test(v, s) ? a(v, s) : b(v, s)),
    };
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, depth: number): Compiled {
    const fn = FUNCTIONS.get(expr.name);
    if (fn === undefined) {
      this.report('UNKNOWN_FUNCTION', expr.nameSpan, { name: expr.name });
      for (const arg of expr.args) this.compile(arg, depth + 1);
      return UNKNOWN;
    }
    if (expr.args.length < fn.minArgs || expr.args.length > fn.maxArgs) {
      this.report('WRONG_ARGUMENT_COUNT', expr, {
        name: fn.name,
        min: fn.minArgs,
        ...(Number.isFinite(fn.maxArgs) ? { max: fn.maxArgs } : {}),
      });
      if (fn.name !== 'value') for (const arg of expr.args) this.compile(arg, depth + 1);
      return UNKNOWN;
    }
    const role = { function: fn.name };
    switch (fn.name) {
      case 'value': {
        const [arg] = expr.args;
        if (arg?.kind !== 'text') {
          // the attribute must be named in the formula, not computed
          if (arg !== undefined) {
            this.report('NOT_ALLOWED', arg, {
              found: excerpt(this.source.slice(arg.start, arg.end)),
            });
            this.compile(arg, depth + 1);
          }
          return UNKNOWN;
        }
        return this.attribute(arg.value, expr);
      }
      case 'if': {
        const [condition, whenTrue, whenFalse] = expr.args;
        if (condition === undefined || whenTrue === undefined || whenFalse === undefined) {
          return UNKNOWN;
        }
        const test = this.number(this.compile(condition, depth + 1), condition, role, 'boolean');
        return this.branches(
          test,
          this.compile(whenTrue, depth + 1),
          this.compile(whenFalse, depth + 1),
          whenFalse,
          role,
        );
      }
      case 'is':
        return this.isCall(expr, depth);
      default: {
        const args = expr.args.map((arg) => this.number(this.compile(arg, depth + 1), arg, role));
        return { type: 'number', num: numericFunction(fn.name, args) };
      }
    }
  }

  private isCall(expr: Extract<Expr, { kind: 'call' }>, depth: number): Compiled {
    const [subjectExpr, ...codeExprs] = expr.args;
    if (subjectExpr === undefined) return UNKNOWN;
    const subject = this.compile(subjectExpr, depth + 1);
    const role = { function: 'is' };
    let value: TextFn = EMPTY_TEXT;
    if (subject.type === 'text' || subject.type === 'enum') {
      value = subject.text;
    } else if (subject.type !== 'unknown') {
      this.mismatch(subjectExpr, role, subject.type, 'enum');
    }
    const literals: string[] = [];
    const computed: TextFn[] = [];
    for (const codeExpr of codeExprs) {
      const code = this.compile(codeExpr, depth + 1);
      if (code.type === 'text' && code.literal !== null) {
        literals.push(code.literal);
        this.enumCode(subject, code, codeExpr);
      } else {
        computed.push(this.text(code, codeExpr, role));
      }
    }
    const set = new Set(literals);
    return {
      type: 'boolean',
      num:
        computed.length === 0
          ? (v, s) => (set.has(value(v, s)) ? 1 : 0)
          : (v, s) => {
              const actual = value(v, s);
              if (set.has(actual)) return 1;
              for (const code of computed) if (code(v, s) === actual) return 1;
              return 0;
            },
    };
  }
}

function logical(family: 'and' | 'or', operands: readonly NumberFn[]): NumberFn {
  const [a, b] = operands;
  if (operands.length === 2 && a !== undefined && b !== undefined) {
    return family === 'and'
      ? (v, s) => (a(v, s) && b(v, s) ? 1 : 0)
      : (v, s) => (a(v, s) || b(v, s) ? 1 : 0);
  }
  return family === 'and'
    ? (v, s) => {
        for (const operand of operands) if (!operand(v, s)) return 0;
        return 1;
      }
    : (v, s) => {
        for (const operand of operands) if (operand(v, s)) return 1;
        return 0;
      };
}

function ordering(op: '<' | '<=' | '>' | '>=', a: NumberFn, b: NumberFn): NumberFn {
  switch (op) {
    case '<':
      return (v, s) => {
        const x = a(v, s);
        const y = b(v, s);
        return x < y && !nearlyEqual(x, y) ? 1 : 0;
      };
    case '<=':
      return (v, s) => {
        const x = a(v, s);
        const y = b(v, s);
        return x <= y || nearlyEqual(x, y) ? 1 : 0;
      };
    case '>':
      return (v, s) => {
        const x = a(v, s);
        const y = b(v, s);
        return x > y && !nearlyEqual(x, y) ? 1 : 0;
      };
    case '>=':
      return (v, s) => {
        const x = a(v, s);
        const y = b(v, s);
        return x >= y || nearlyEqual(x, y) ? 1 : 0;
      };
  }
}

function divide(a: number, b: number, state: EvalState): number {
  if (b === 0) {
    state.error ??= DIVISION_BY_ZERO;
    return Number.NaN;
  }
  return a / b;
}

function modulo(a: number, b: number, state: EvalState): number {
  if (b === 0) {
    state.error ??= DIVISION_BY_ZERO;
    return Number.NaN;
  }
  return floorModulo(a, b);
}

type Step = (acc: number, frame: Frame, state: EvalState) => number;

interface Operand {
  readonly op: ChainPart['op'];
  readonly fn: NumberFn;
  /** A literal number: the closure uses it directly. */
  readonly constant: number | undefined;
}

function step({ op, fn, constant: k }: Operand): Step {
  switch (op) {
    case '+':
      return k === undefined ? (acc, f, s) => acc + fn(f, s) : (acc) => acc + k;
    case '-':
      return k === undefined ? (acc, f, s) => acc - fn(f, s) : (acc) => acc - k;
    case '/':
      return k === undefined || k === 0
        ? (acc, f, s) => divide(acc, fn(f, s), s)
        : (acc) => acc / k;
    case '%':
      return k === undefined || k === 0
        ? (acc, f, s) => modulo(acc, fn(f, s), s)
        : (acc) => floorModulo(acc, k);
    default:
      return k === undefined ? (acc, f, s) => acc * fn(f, s) : (acc) => acc * k;
  }
}

/** `a op b` with closures specialized for a literal on either side (`area * 0.05`). */
function pair(op: ChainPart['op'], a: NumberFn, h: number | undefined, b: Operand): NumberFn {
  const fn = b.fn;
  const k = b.constant;
  switch (op) {
    case '+':
      if (k !== undefined) return (f, s) => a(f, s) + k;
      if (h !== undefined) return (f, s) => h + fn(f, s);
      return (f, s) => a(f, s) + fn(f, s);
    case '-':
      if (k !== undefined) return (f, s) => a(f, s) - k;
      if (h !== undefined) return (f, s) => h - fn(f, s);
      return (f, s) => a(f, s) - fn(f, s);
    case '/':
      if (k !== undefined && k !== 0) return (f, s) => a(f, s) / k;
      return (f, s) => divide(a(f, s), fn(f, s), s);
    case '%':
      if (k !== undefined && k !== 0) return (f, s) => floorModulo(a(f, s), k);
      return (f, s) => modulo(a(f, s), fn(f, s), s);
    default:
      if (k !== undefined) return (f, s) => a(f, s) * k;
      if (h !== undefined) return (f, s) => h * fn(f, s);
      return (f, s) => a(f, s) * fn(f, s);
  }
}

function arithmetic(
  first: NumberFn,
  firstConstant: number | undefined,
  parts: readonly Operand[],
): NumberFn {
  const [only] = parts;
  if (parts.length === 1 && only !== undefined) return pair(only.op, first, firstConstant, only);
  const steps = parts.map(step);
  if (steps.length === 2) {
    const [second, third] = steps as [Step, Step];
    return (f, s) => third(second(first(f, s), f, s), f, s);
  }
  return (f, s) => {
    let acc = first(f, s);
    for (const next of steps) acc = next(acc, f, s);
    return acc;
  };
}

function numericFunction(name: string, args: readonly NumberFn[]): NumberFn {
  const [a = NAN, b] = args;
  switch (name) {
    case 'min':
    case 'max': {
      const pick =
        name === 'min'
          ? (x: number, y: number) => Math.min(x, y)
          : (x: number, y: number) => Math.max(x, y);
      if (args.length === 1) return a;
      if (args.length === 2 && b !== undefined) return (v, s) => pick(a(v, s), b(v, s));
      return (v, s) => {
        let result = a(v, s);
        for (let index = 1; index < args.length; index += 1) {
          const next = args[index];
          if (next !== undefined) result = pick(result, next(v, s));
        }
        return result;
      };
    }
    case 'round':
      return b === undefined
        ? (v, s) => roundDigits(a(v, s), 0)
        : (v, s) => roundDigits(a(v, s), b(v, s));
    case 'ceil':
      return (v, s) => Math.ceil(snapToInteger(a(v, s)));
    case 'floor':
      return (v, s) => Math.floor(snapToInteger(a(v, s)));
    case 'abs':
      return (v, s) => Math.abs(a(v, s));
    default:
      return NAN;
  }
}

/**
 * Checks a parsed expression against its item's attributes and level and compiles it. All
 * issues are returned at once (sorted by position); a nesting deeper than the limit is returned
 * alone.
 */
export function compileExpression(
  source: string,
  expr: Expr,
  context: FormulaContext,
): CompileResult {
  const compiler = new Compiler(source, context);
  const result = compiler.compile(expr, 1);
  const depthIssue = compiler.depthIssue;
  if (depthIssue !== null) return { ok: false, issues: [depthIssue] };
  let root: NumberFn = NAN;
  if (result.type === 'text' || result.type === 'enum') {
    compiler.issues.push({
      code: 'TYPE_MISMATCH',
      start: expr.start,
      end: expr.end,
      params: { type: result.type, expected: 'number' },
    });
  } else {
    root = result.num;
  }
  if (compiler.issues.length > 0) {
    const issues = [...compiler.issues].sort((a, b) => a.start - b.start || a.end - b.end);
    return { ok: false, issues };
  }
  return {
    ok: true,
    compiled: {
      root,
      attributeCodes: compiler.attributeCodes,
      slots: compiler.slots,
      frameSize: context.attributes.length,
      fillers: compiler.fillers,
    },
  };
}

// ---- compiled formulas ---------------------------------------------------------------------------

const NOT_FINITE: EvaluationError = Object.freeze({ code: 'NOT_FINITE' });
const NEGATIVE_RESULT: EvaluationError = Object.freeze({ code: 'NEGATIVE_RESULT' });
const TOO_LARGE: EvaluationError = Object.freeze({ code: 'TOO_LARGE' });
const INTERNAL: EvaluationError = Object.freeze({ code: 'INVALID_FORMULA' });
const NO_VALUES: AttributeValues = Object.freeze({});

/** How often the evaluation guard caught an exception (tests assert it stays 0). */
export const evaluationDiagnostics = { guardHits: 0 };

/** A compiled formula with the engine's allocation-free entry point besides `evaluate`. */
export interface FormulaProgram extends CompiledFormula {
  /** Positions (in the formula's attribute list) of the attributes it reads. */
  readonly slots: readonly number[];
  /** Reads the formula's attributes from values into a frame of `frameSize` slots. */
  readonly fillers: readonly SlotFiller[];
  readonly frameSize: number;
  /**
   * The formula's result on a filled frame as an amount in units of 1/10,000 (rounded half away
   * from zero), or null with `state.error` set.
   */
  run(frame: Frame, state: EvalState): Scaled | null;
}

export function createProgram(
  expression: string,
  level: number,
  compiled: CompiledExpression,
): FormulaProgram {
  const { root, fillers, frameSize } = compiled;
  const attributeCodes = Object.freeze([...compiled.attributeCodes]);
  const run = (frame: Frame, state: EvalState): Scaled | null => {
    let raw: number;
    try {
      raw = root(frame, state);
    } catch {
      // defence in depth: the closures are written not to throw (property tests hold it to 0)
      evaluationDiagnostics.guardHits += 1;
      state.error ??= INTERNAL;
      return null;
    }
    if (state.error !== null) return null;
    const units = roundToScaled(raw, AMOUNT_DECIMALS);
    // Near the largest double, the 15-digit reading of the rounding can lie above it: such an
    // amount has no number form, so it is as unusable as an infinite one.
    if (
      units === null ||
      (typeof units !== 'number' && !Number.isFinite(scaledToNumber(units, AMOUNT_DECIMALS)))
    ) {
      state.error = NOT_FINITE;
      return null;
    }
    // after rounding: binary noise such as 0.3 - 0.1 - 0.2 = -2.8e-17 is 0, not negative
    if (typeof units === 'number' ? units < 0 : units < 0n) {
      state.error = NEGATIVE_RESULT;
      return null;
    }
    if (compareScaled(units, MAX_AMOUNT_UNITS) > 0) {
      state.error = TOO_LARGE;
      return null;
    }
    return units;
  };
  return Object.freeze({
    expression,
    level,
    attributeCodes,
    slots: Object.freeze([...compiled.slots]),
    fillers: Object.freeze([...fillers]),
    frameSize,
    run,
    evaluate(values: AttributeValues): EvaluationResult {
      const source = typeof values === 'object' && values !== null ? values : NO_VALUES;
      const frame = createFrame(frameSize);
      for (const fill of fillers) fill(frame, source);
      const state: EvalState = { error: null };
      const units = run(frame, state);
      if (units === null) return { ok: false, error: state.error ?? INTERNAL };
      return { ok: true, amount: scaledToNumber(units, AMOUNT_DECIMALS) };
    },
  });
}

const BLANK = /^[ \t\n\r\u00A0]*$/;

type ProgramResult =
  | { readonly ok: true; readonly formula: FormulaProgram }
  | { readonly ok: false; readonly issues: readonly FormulaIssue[] };

/** checkFormula with the engine's own view of the compiled formula (used by the story engine). */
export function compileFormula(expression: string, context: FormulaContext): ProgramResult {
  const text = typeof expression === 'string' ? expression : '';
  if (text.length > MAX_FORMULA_LENGTH) {
    return {
      ok: false,
      issues: [
        {
          code: 'TOO_LONG',
          start: MAX_FORMULA_LENGTH,
          end: text.length,
          params: { max: MAX_FORMULA_LENGTH },
        },
      ],
    };
  }
  if (BLANK.test(text)) {
    return { ok: false, issues: [{ code: 'EMPTY', start: 0, end: text.length, params: {} }] };
  }
  try {
    const parsed = parseExpression(text);
    if (!parsed.ok) return parsed;
    const compiled = compileExpression(text, parsed.expr, context);
    if (!compiled.ok) return compiled;
    return { ok: true, formula: createProgram(text, context.level, compiled.compiled) };
  } catch {
    // defence in depth: nothing above is expected to throw (property tests hold it to 0)
    parserDiagnostics.parserExceptions += 1;
    return {
      ok: false,
      issues: [{ code: 'SYNTAX', start: 0, end: text.length, params: { found: '' } }],
    };
  }
}
