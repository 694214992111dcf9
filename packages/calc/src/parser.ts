// Parsing (decision 0021): mathjs' parser (created from its parse dependencies only, never asked to
// evaluate) reads the text; its tree is matched token by token with the lexer's tokens so every
// node gets its source offsets, and turned into the engine's own syntax tree.
import {
  create,
  parseDependencies,
  type ConditionalNode,
  type ConstantNode,
  type FactoryFunctionMap,
  type FunctionNode,
  type MathNode,
  type OperatorNode,
  type OperatorNodeFn,
  type OperatorNodeOp,
  type ParenthesisNode,
  type RelationalNode,
  type SymbolNode,
} from 'mathjs';
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
        /** `a < b < c`: mathjs' chained comparison, not in the language. */
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

// the parse dependencies are declared as possibly missing by mathjs' typings; they are not
const math = create({ parseDependencies } as FactoryFunctionMap);

/** Thrown when mathjs' tree and the tokens disagree; never expected (property tests). */
export class AlignmentError extends Error {
  override readonly name = 'AlignmentError';
}

/** mathjs accepted a token where the language has none (`and` read as a name): SYNTAX there. */
class MisplacedToken extends Error {
  override readonly name = 'MisplacedToken';
  constructor(readonly token: Token) {
    super('misplaced token');
  }
}

/** How often parsing fell back because tree and tokens disagreed (tests assert it stays 0). */
export const parserDiagnostics = { alignmentFailures: 0, parserExceptions: 0 };

type AnyOperatorNode = OperatorNode<OperatorNodeOp, OperatorNodeFn>;

const MULTIPLICATIVE = new Set(['*', '/']);
const ADDITIVE = new Set(['+', '-']);
const BINARY = new Set<string>(['^', '==', '!=', '<', '<=', '>', '>=']);

function familyOf(node: MathNode): ChainFamily | null {
  if (node.type !== 'OperatorNode') return null;
  const operator = node as AnyOperatorNode;
  if (operator.args.length !== 2) return null;
  if (ADDITIVE.has(operator.op)) return 'additive';
  if (MULTIPLICATIVE.has(operator.op)) return 'multiplicative';
  if (operator.op === 'and') return 'and';
  if (operator.op === 'or') return 'or';
  return null;
}

class Aligner {
  private position = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  done(): boolean {
    return this.position === this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private take(kind: Token['kind'], value?: string | number | boolean): Token {
    const token = this.tokens[this.position];
    if (token?.kind !== kind || (value !== undefined && token.value !== value)) {
      throw new AlignmentError(`expected ${kind} ${String(value)} at token ${this.position}`);
    }
    this.position += 1;
    return token;
  }

  private takeName(name: string): Token {
    const next = this.peek();
    // mathjs reads a lone `and` or `or` (named operators) as a symbol, even as `and(…)`
    if (next?.kind === 'operator') throw new MisplacedToken(next);
    return this.take('name', name);
  }

  private takeOperator(...accepted: OperatorText[]): Token {
    const token = this.tokens[this.position];
    if (token?.kind !== 'operator' || !accepted.includes(token.value)) {
      throw new AlignmentError(`expected ${accepted.join('|')} at token ${this.position}`);
    }
    this.position += 1;
    return token;
  }

  visit(node: MathNode): Expr {
    switch (node.type) {
      case 'ConstantNode':
        return this.constant(node as ConstantNode<string | number | boolean>);
      case 'SymbolNode': {
        const token = this.takeName((node as SymbolNode).name);
        return {
          kind: 'name',
          name: (node as SymbolNode).name,
          start: token.start,
          end: token.end,
        };
      }
      case 'ParenthesisNode': {
        const open = this.takeOperator('(');
        const inner = this.visit((node as ParenthesisNode).content);
        const close = this.takeOperator(')');
        return { kind: 'paren', inner, start: open.start, end: close.end };
      }
      case 'FunctionNode':
        return this.call(node as FunctionNode);
      case 'OperatorNode':
        return this.operator(node as AnyOperatorNode);
      case 'ConditionalNode': {
        const conditional = node as ConditionalNode;
        const condition = this.visit(conditional.condition);
        const question = this.takeOperator('?');
        const whenTrue = this.visit(conditional.trueExpr);
        this.takeOperator(':');
        const whenFalse = this.visit(conditional.falseExpr);
        return {
          kind: 'conditional',
          condition,
          questionSpan: { start: question.start, end: question.end },
          whenTrue,
          whenFalse,
          start: condition.start,
          end: whenFalse.end,
        };
      }
      case 'RelationalNode': {
        const relational = node as RelationalNode;
        const operands: Expr[] = [];
        const opSpans: Span[] = [];
        relational.params.forEach((param, index) => {
          if (index > 0) {
            const token = this.takeOperator('==', '!=', '<', '<=', '>', '>=');
            opSpans.push({ start: token.start, end: token.end });
          }
          operands.push(this.visit(param));
        });
        const first = operands[0];
        const last = operands[operands.length - 1];
        if (first === undefined || last === undefined) throw new AlignmentError('empty relation');
        return { kind: 'relational', operands, opSpans, start: first.start, end: last.end };
      }
      default:
        // the lexer refuses every token that could build another node; never reached
        throw new AlignmentError(`unexpected ${node.type}`);
    }
  }

  private constant(node: ConstantNode<string | number | boolean>): Expr {
    const value = node.value;
    if (typeof value === 'number') {
      const token = this.take('number');
      if (!Object.is(token.value, value)) throw new AlignmentError('number differs');
      return { kind: 'number', value, start: token.start, end: token.end };
    }
    if (typeof value === 'string') {
      const token = this.take('text');
      // mathjs saw a neutral placeholder; the text itself comes from the lexer
      return { kind: 'text', value: String(token.value), start: token.start, end: token.end };
    }
    if (typeof value === 'boolean') {
      const token = this.take('boolean', value);
      return { kind: 'boolean', value, start: token.start, end: token.end };
    }
    throw new AlignmentError('unexpected constant');
  }

  private call(node: FunctionNode): Expr {
    if (node.fn.type !== 'SymbolNode') throw new AlignmentError('call of a non-name');
    const name = node.fn.name;
    const nameToken = this.takeName(name);
    this.takeOperator('(');
    const args: Expr[] = [];
    node.args.forEach((arg, index) => {
      if (index > 0) this.takeOperator(',');
      args.push(this.visit(arg));
    });
    const close = this.takeOperator(')');
    return {
      kind: 'call',
      name,
      nameSpan: { start: nameToken.start, end: nameToken.end },
      args,
      start: nameToken.start,
      end: close.end,
    };
  }

  private operator(node: AnyOperatorNode): Expr {
    const [left, right] = node.args;
    if (node.args.length === 1 && left !== undefined) {
      if (node.op !== '-' && node.op !== '+' && node.op !== 'not') {
        throw new AlignmentError(`unexpected unary ${node.op}`);
      }
      const token = this.takeOperator(node.op);
      const operand = this.visit(left);
      return {
        kind: 'unary',
        op: node.op,
        opSpan: { start: token.start, end: token.end },
        operand,
        start: token.start,
        end: operand.end,
      };
    }
    if (node.args.length !== 2 || left === undefined || right === undefined) {
      throw new AlignmentError('unexpected operator arity');
    }
    const family = familyOf(node);
    if (family !== null) return this.chain(node, family);
    if (!BINARY.has(node.op)) throw new AlignmentError(`unexpected operator ${node.op}`);
    const leftExpr = this.visit(left);
    const token = this.takeOperator(node.op as BinaryOperator);
    const rightExpr = this.visit(right);
    return {
      kind: 'binary',
      op: node.op as BinaryOperator,
      opSpan: { start: token.start, end: token.end },
      left: leftExpr,
      right: rightExpr,
      start: leftExpr.start,
      end: rightExpr.end,
    };
  }

  /** A left-deep run of one operator family, walked without recursion along its spine. */
  private chain(root: AnyOperatorNode, family: ChainFamily): Expr {
    const spine: AnyOperatorNode[] = [];
    let current: MathNode = root;
    while (familyOf(current) === family) {
      const operator = current as AnyOperatorNode;
      spine.push(operator);
      const next = operator.args[0];
      if (next === undefined) throw new AlignmentError('missing operand');
      current = next;
    }
    const first = this.visit(current);
    const rest: ChainPart[] = [];
    let previousEnd = first.end;
    for (let index = spine.length - 1; index >= 0; index -= 1) {
      const operator = spine[index];
      const right = operator?.args[1];
      if (operator === undefined || right === undefined)
        throw new AlignmentError('missing operand');
      let op: ChainOperator;
      let opSpan: Span;
      if (operator.implicit) {
        op = 'implicit';
        const next = this.peek();
        opSpan = { start: previousEnd, end: next?.start ?? previousEnd };
      } else {
        // `%` reached mathjs as `/`: the token says which one it was
        const token = this.takeOperator(
          ...((operator.op === '/' ? ['/', '%'] : [operator.op]) as OperatorText[]),
        );
        op = token.value as ChainOperator;
        opSpan = { start: token.start, end: token.end };
      }
      const operand = this.visit(right);
      previousEnd = operand.end;
      rest.push({ op, opSpan, operand });
    }
    return { kind: 'chain', family, first, rest, start: first.start, end: previousEnd };
  }
}

function syntaxIssue(tokens: readonly Token[], source: string, offset: number): FormulaIssue {
  const at = Math.max(0, Math.min(source.length, offset));
  const token = tokens.find((candidate) => candidate.start <= at && at < candidate.end);
  if (token !== undefined) {
    return {
      code: 'SYNTAX',
      start: token.start,
      end: token.end,
      params: { found: excerpt(source.slice(token.start, token.end)) },
    };
  }
  // the end of the formula (something is missing) or a blank
  return { code: 'SYNTAX', start: at, end: at, params: { found: '' } };
}

/**
 * Lexes and parses an expression that is neither blank nor too long. Lexical issues (refused
 * tokens, unreadable characters, nesting too deep) are returned without parsing.
 */
export function parseExpression(source: string): ParseResult {
  const lexed = lex(source);
  if (lexed.issues.length > 0) {
    const tooDeep = lexed.issues.find((issue) => issue.code === 'TOO_DEEP');
    const issues = [...lexed.issues].sort((a, b) => a.start - b.start || a.end - b.end);
    return { ok: false, issues: tooDeep ? [tooDeep] : issues };
  }
  let tree: MathNode;
  try {
    tree = math.parse(lexed.parseText);
  } catch (error) {
    if (error instanceof SyntaxError) {
      const char = (error as SyntaxError & { char?: unknown }).char;
      const offset = typeof char === 'number' ? char - 1 : source.length;
      return { ok: false, issues: [syntaxIssue(lexed.tokens, source, offset)] };
    }
    // defence in depth (e.g. a stack overflow the nesting check should have prevented)
    parserDiagnostics.parserExceptions += 1;
    return {
      ok: false,
      issues: [{ code: 'SYNTAX', start: 0, end: source.length, params: { found: '' } }],
    };
  }
  try {
    const aligner = new Aligner(lexed.tokens);
    const expr = aligner.visit(tree);
    if (!aligner.done()) throw new AlignmentError('tokens left over');
    return { ok: true, expr };
  } catch (error) {
    if (error instanceof MisplacedToken) {
      return { ok: false, issues: [syntaxIssue(lexed.tokens, source, error.token.start)] };
    }
    if (!(error instanceof AlignmentError)) throw error;
    parserDiagnostics.alignmentFailures += 1;
    return {
      ok: false,
      issues: [{ code: 'SYNTAX', start: 0, end: source.length, params: { found: '' } }],
    };
  }
}
