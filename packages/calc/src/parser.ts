// Parsing (decisions 0021, 0037): a recursive-descent parser on the lexer's tokens that builds the
// engine's syntax tree with source offsets. It reads formulas exactly as mathjs did when it was the
// parser (precedence, associativity, its rules for implicit products and `:`), so every formula
// keeps its tree and every invalid one its issue.
import { excerpt, lex, type OperatorText, type Token } from './lexer';
import type { FormulaIssue } from './types';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export type ChainFamily = 'additive' | 'multiplicative' | 'and' | 'or';
export type ChainOperator = '+' | '-' | '*' | '/' | '%' | 'and' | 'or' | 'implicit';
export type BinaryOperator = '^' | '==' | '!=' | '<' | '<=' | '>' | '>=';
export type UnaryOperator = '-' | '+' | 'not';

export interface ChainPart {
  readonly op: ChainOperator;
  /** The operator's token; for implicit multiplication (`2x`) the gap between the operands. */
  readonly opSpan: Span;
  readonly operand: Expr;
}

export type Expr = Span &
  (
    | { readonly kind: 'number'; readonly value: number }
    | { readonly kind: 'text'; readonly value: string }
    | { readonly kind: 'boolean'; readonly value: boolean }
    | { readonly kind: 'name'; readonly name: string }
    | { readonly kind: 'paren'; readonly inner: Expr }
    | {
        readonly kind: 'unary';
        readonly op: UnaryOperator;
        readonly opSpan: Span;
        readonly operand: Expr;
      }
    | {
        readonly kind: 'chain';
        readonly family: ChainFamily;
        readonly first: Expr;
        readonly rest: readonly ChainPart[];
      }
    | {
        readonly kind: 'binary';
        readonly op: BinaryOperator;
        readonly opSpan: Span;
        readonly left: Expr;
        readonly right: Expr;
      }
    | {
        /** `a < b < c`: read as one chain of comparisons so the checks can refuse it in place. */
        readonly kind: 'relational';
        readonly operands: readonly Expr[];
        readonly opSpans: readonly Span[];
      }
    | {
        readonly kind: 'conditional';
        readonly condition: Expr;
        readonly questionSpan: Span;
        readonly whenTrue: Expr;
        readonly whenFalse: Expr;
      }
    | {
        readonly kind: 'call';
        readonly name: string;
        readonly nameSpan: Span;
        readonly args: readonly Expr[];
      }
  );

export type ParseResult =
  | { readonly ok: true; readonly expr: Expr }
  | { readonly ok: false; readonly issues: readonly FormulaIssue[] };

/**
 * Defences in depth, held at 0 by the property tests; each falls back to SYNTAX over the whole
 * text. `alignmentFailures`: a formula parsed with a range (`a:b`), which the tree cannot hold
 * and the lexer's colon check rules out. `parserExceptions`: an unexpected exception while
 * checking (counted by compileFormula's guard).
 */
export const parserDiagnostics = { alignmentFailures: 0, parserExceptions: 0 };

type OperatorToken = Extract<Token, { kind: 'operator' }>;

/** Where the text cannot be read: that token, or the end of the text when it is missing. */
class SyntaxFailure extends Error {
  override readonly name = 'SyntaxFailure';
  constructor(readonly token: Token | undefined) {
    super('syntax');
  }
}

const CHAIN_OPERATORS: Readonly<Record<ChainFamily, readonly ChainOperator[]>> = {
  or: ['or'],
  and: ['and'],
  additive: ['+', '-'],
  // `%` has the precedence of `/`, also in the division rule of implicit products
  multiplicative: ['*', '/', '%'],
};
const COMPARISONS: readonly BinaryOperator[] = ['==', '!=', '<', '<=', '>', '>='];

function chainOperatorOf(family: ChainFamily, token: Token | undefined): ChainOperator | undefined {
  if (token?.kind !== 'operator') return undefined;
  return CHAIN_OPERATORS[family].find((op) => op === token.value);
}

function comparisonOf(token: Token | undefined): BinaryOperator | undefined {
  if (token?.kind !== 'operator') return undefined;
  return COMPARISONS.find((op) => op === token.value);
}

function isOperator<V extends OperatorText>(
  token: Token | undefined,
  value: V,
): token is OperatorToken & { readonly value: V } {
  return token?.kind === 'operator' && token.value === value;
}

function spanOf(token: Token): Span {
  return { start: token.start, end: token.end };
}

function chainOf(family: ChainFamily, first: Expr, rest: readonly ChainPart[]): Expr {
  const last = rest[rest.length - 1]?.operand ?? first;
  return { kind: 'chain', family, first, rest, start: first.start, end: last.end };
}

/** A literal, signed or not: what mathjs' division rule of implicit products starts with. */
function isDivisionRuleOperand(expr: Expr): boolean {
  const literal = expr.kind === 'unary' && expr.op !== 'not' ? expr.operand : expr;
  return literal.kind === 'number' || literal.kind === 'text' || literal.kind === 'boolean';
}

/**
 * One parse. Precedence, lowest first: `?:` (right-associative, the true branch read whole), `or`,
 * `and`, comparisons, ranges (only read to fail where mathjs failed), `+ -`, `* / %`, implicit
 * products, the division rule, prefix `- + not`, `^` (right-associative, its exponent read from
 * the prefix level: `2^-3`), then literals, names, calls and parentheses.
 */
class Parser {
  private position = 0;
  /** Parenthesis and call nesting at the current token. */
  private nesting = 0;
  /**
   * The nesting of the conditional whose true branch is being read: there a `:` of the same
   * nesting ends the branch; anywhere else mathjs reads it as a range.
   */
  private conditionalNesting: number | null = null;
  /** The first lone `and`/`or`, which mathjs read as a name: SYNTAX there if all else parses. */
  misplaced: Token | undefined;
  /** A range was read (see range()). */
  sawRange = false;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): Expr {
    const expr = this.conditional();
    const trailing = this.peek();
    if (trailing !== undefined) throw new SyntaxFailure(trailing);
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private expect(value: OperatorText): OperatorToken {
    const token = this.peek();
    if (!isOperator(token, value)) throw new SyntaxFailure(token);
    this.position += 1;
    return token;
  }

  private conditional(): Expr {
    const condition = this.chain('or');
    const question = this.peek();
    if (!isOperator(question, '?')) return condition;
    this.position += 1;
    const outer = this.conditionalNesting;
    this.conditionalNesting = this.nesting;
    const whenTrue = this.conditional();
    this.expect(':');
    this.conditionalNesting = null;
    // the false branch reads any further `?`: `a ? 1 : b ? 2 : 3`
    const whenFalse = this.conditional();
    this.conditionalNesting = outer;
    return {
      kind: 'conditional',
      condition,
      questionSpan: spanOf(question),
      whenTrue,
      whenFalse,
      start: condition.start,
      end: whenFalse.end,
    };
  }

  private operand(family: ChainFamily): Expr {
    switch (family) {
      case 'or':
        return this.chain('and');
      case 'and':
        return this.comparison();
      case 'additive':
        return this.chain('multiplicative');
      case 'multiplicative':
        return this.implicitProduct();
    }
  }

  /**
   * A left-associative run of one family as one node; a run of the same family on its left (an
   * implicit product before `*`) continues, as the tree's depth counts such a run once.
   */
  private chain(family: ChainFamily): Expr {
    const head = this.operand(family);
    let token = this.peek();
    let op = chainOperatorOf(family, token);
    if (op === undefined) return head;
    const continued = head.kind === 'chain' && head.family === family;
    const rest: ChainPart[] = continued ? [...head.rest] : [];
    while (token !== undefined && op !== undefined) {
      this.position += 1;
      rest.push({ op, opSpan: spanOf(token), operand: this.operand(family) });
      token = this.peek();
      op = chainOperatorOf(family, token);
    }
    return chainOf(family, continued ? head.first : head, rest);
  }

  /** Two operands are a chain of comparisons; more are kept as such so they can be refused. */
  private comparison(): Expr {
    const first = this.range();
    const ops: BinaryOperator[] = [];
    const opSpans: Span[] = [];
    const operands: Expr[] = [first];
    let token = this.peek();
    let op = comparisonOf(token);
    while (token !== undefined && op !== undefined) {
      this.position += 1;
      ops.push(op);
      opSpans.push(spanOf(token));
      operands.push(this.range());
      token = this.peek();
      op = comparisonOf(token);
    }
    const [onlyOp] = ops;
    const [onlySpan] = opSpans;
    const last = operands[operands.length - 1] ?? first;
    if (ops.length === 1 && onlyOp !== undefined && onlySpan !== undefined) {
      return {
        kind: 'binary',
        op: onlyOp,
        opSpan: onlySpan,
        left: first,
        right: last,
        start: first.start,
        end: last.end,
      };
    }
    if (ops.length === 0) return first;
    return { kind: 'relational', operands, opSpans, start: first.start, end: last.end };
  }

  private atRangeColon(): boolean {
    return isOperator(this.peek(), ':') && this.conditionalNesting !== this.nesting;
  }

  /**
   * mathjs read a `:` outside a true branch of its nesting as a range (`1:3`, `:3`). The lexer
   * refuses every `:` without its `?`, so a range can only take the `:` of an outer conditional,
   * which then lacks it and the parse fails; the range is read so that it fails where mathjs did
   * (`a ? b ? 1 : 2 : 3` at the end of the text).
   */
  private range(): Expr {
    const colon = this.peek();
    if (isOperator(colon, ':')) {
      // an empty true branch
      if (!this.atRangeColon()) throw new SyntaxFailure(colon);
    } else {
      const start = this.additive();
      if (!this.atRangeColon()) return start;
    }
    this.sawRange = true;
    // start, step, end; a missing end before `)` `,` or the end of the text is allowed
    for (let parts = 1; parts < 3 && isOperator(this.peek(), ':'); parts += 1) {
      this.position += 1;
      const next = this.peek();
      if (next !== undefined && !isOperator(next, ')') && !isOperator(next, ',')) this.additive();
    }
    // the tree cannot hold a range; parseExpression never returns this one
    return { kind: 'number', value: Number.NaN, start: 0, end: 0 };
  }

  private additive(): Expr {
    return this.chain('additive');
  }

  /** `2x`, `(a)(b)`, `x 2`: parsed (the checks refuse them with their span), not SYNTAX. */
  private implicitProduct(): Expr {
    const head = this.divisionRule();
    let rest: ChainPart[] | undefined;
    let last = head;
    while (this.startsImplicitOperand(last)) {
      const operand = this.divisionRule();
      rest ??= head.kind === 'chain' ? [...head.rest] : [];
      rest.push({ op: 'implicit', opSpan: { start: last.end, end: operand.start }, operand });
      last = operand;
    }
    if (rest === undefined) return head;
    return chainOf('multiplicative', head.kind === 'chain' ? head.first : head, rest);
  }

  /** A name, `true`/`false` or `(` always; a number only after a name, call or parenthesis. */
  private startsImplicitOperand(last: Expr): boolean {
    const token = this.peek();
    switch (token?.kind) {
      case 'name':
      case 'boolean':
        return true;
      case 'number':
        return last.kind === 'name' || last.kind === 'call' || last.kind === 'paren';
      case 'operator':
        return token.value === '(';
      default:
        return false;
    }
  }

  /**
   * mathjs' "rule 2": in `literal / number name` (or `… / number (…)`) the division binds tighter
   * than the implicit product that follows (`1/2x` is `(1/2)·x`).
   */
  private divisionRule(): Expr {
    const head = this.unary();
    const slash = this.peek();
    if (!(isOperator(slash, '/') || isOperator(slash, '%')) || !isDivisionRuleOperand(head)) {
      return head;
    }
    const divisor = this.tokens[this.position + 1];
    const after = this.tokens[this.position + 2];
    const productFollows =
      after?.kind === 'name' || after?.kind === 'boolean' || isOperator(after, '(');
    if (divisor?.kind !== 'number' || !productFollows) return head;
    this.position += 1;
    return chainOf('multiplicative', head, [
      { op: slash.value, opSpan: spanOf(slash), operand: this.unary() },
    ]);
  }

  private unary(): Expr {
    const token = this.peek();
    if (isOperator(token, '-') || isOperator(token, '+') || isOperator(token, 'not')) {
      this.position += 1;
      const operand = this.unary();
      return {
        kind: 'unary',
        op: token.value,
        opSpan: spanOf(token),
        operand,
        start: token.start,
        end: operand.end,
      };
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.primary();
    const caret = this.peek();
    if (!isOperator(caret, '^')) return base;
    this.position += 1;
    const exponent = this.unary();
    return {
      kind: 'binary',
      op: '^',
      opSpan: spanOf(caret),
      left: base,
      right: exponent,
      start: base.start,
      end: exponent.end,
    };
  }

  private primary(): Expr {
    const token = this.peek();
    if (token === undefined) throw new SyntaxFailure(undefined);
    const { start, end } = token;
    switch (token.kind) {
      case 'number':
        this.position += 1;
        return { kind: 'number', value: token.value, start, end };
      case 'text':
        this.position += 1;
        return { kind: 'text', value: token.value, start, end };
      case 'boolean':
        this.position += 1;
        return { kind: 'boolean', value: token.value, start, end };
      case 'name':
        this.position += 1;
        return this.nameOrCall(token);
      case 'operator':
        if (token.value === 'and' || token.value === 'or') {
          // mathjs read a lone named operator as a name, even `and(…)`: SYNTAX if all else parses
          this.misplaced ??= token;
          this.position += 1;
          return this.nameOrCall(token);
        }
        if (token.value === '(') {
          this.position += 1;
          this.nesting += 1;
          const inner = this.conditional();
          const close = this.expect(')');
          this.nesting -= 1;
          return { kind: 'paren', inner, start, end: close.end };
        }
        throw new SyntaxFailure(token);
    }
  }

  private nameOrCall(token: Token & { readonly value: string }): Expr {
    const name = token.value;
    if (!isOperator(this.peek(), '(')) {
      return { kind: 'name', name, start: token.start, end: token.end };
    }
    this.position += 1;
    this.nesting += 1;
    const args: Expr[] = [];
    if (!isOperator(this.peek(), ')')) {
      args.push(this.conditional());
      while (isOperator(this.peek(), ',')) {
        this.position += 1;
        args.push(this.conditional());
      }
    }
    const close = this.expect(')');
    this.nesting -= 1;
    return {
      kind: 'call',
      name,
      nameSpan: spanOf(token),
      args,
      start: token.start,
      end: close.end,
    };
  }
}

function syntaxIssue(source: string, token: Token | undefined): FormulaIssue {
  if (token === undefined) {
    // the end of the formula: something is missing
    return { code: 'SYNTAX', start: source.length, end: source.length, params: { found: '' } };
  }
  return {
    code: 'SYNTAX',
    start: token.start,
    end: token.end,
    params: { found: excerpt(source.slice(token.start, token.end)) },
  };
}

/**
 * Lexes and parses an expression that is neither blank nor too long. Lexical issues (refused
 * tokens, unreadable characters, nesting too deep) are returned without parsing; otherwise the
 * first token that cannot be read is SYNTAX.
 */
export function parseExpression(source: string): ParseResult {
  const lexed = lex(source);
  if (lexed.issues.length > 0) {
    const tooDeep = lexed.issues.find((issue) => issue.code === 'TOO_DEEP');
    const issues = [...lexed.issues].sort((a, b) => a.start - b.start || a.end - b.end);
    return { ok: false, issues: tooDeep ? [tooDeep] : issues };
  }
  const parser = new Parser(lexed.tokens);
  let expr: Expr;
  try {
    expr = parser.parse();
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    return { ok: false, issues: [syntaxIssue(source, error.token)] };
  }
  if (parser.sawRange) {
    parserDiagnostics.alignmentFailures += 1;
    return {
      ok: false,
      issues: [{ code: 'SYNTAX', start: 0, end: source.length, params: { found: '' } }],
    };
  }
  if (parser.misplaced !== undefined) {
    return { ok: false, issues: [syntaxIssue(source, parser.misplaced)] };
  }
  return { ok: true, expr };
}
