// The formula parser: precedence and associativity, implicit products and the division rule,
// spans of every node, and where a formula that cannot be read is reported.
import { describe, expect, it } from 'vitest';
import { MAX_FORMULA_DEPTH } from './language';
import { parseExpression, parserDiagnostics, type Expr } from './parser';
import type { FormulaIssue } from './types';

/** The tree as text: a chain is one run, `·` an implicit product, `[…]` parentheses, `{…}` comparisons. */
function show(expr: Expr): string {
  switch (expr.kind) {
    case 'number':
    case 'boolean':
      return String(expr.value);
    case 'text':
      return JSON.stringify(expr.value);
    case 'name':
      return expr.name;
    case 'paren':
      return `[${show(expr.inner)}]`;
    case 'unary':
      return `(${expr.op} ${show(expr.operand)})`;
    case 'chain': {
      const rest = expr.rest.map(
        (part) => ` ${part.op === 'implicit' ? '·' : part.op} ${show(part.operand)}`,
      );
      return `(${show(expr.first)}${rest.join('')})`;
    }
    case 'binary':
      return `(${show(expr.left)} ${expr.op} ${show(expr.right)})`;
    case 'relational':
      return `{${expr.operands.map(show).join(', ')}}`;
    case 'conditional':
      return `(${show(expr.condition)} ? ${show(expr.whenTrue)} : ${show(expr.whenFalse)})`;
    case 'call':
      return `${expr.name}(${expr.args.map(show).join(', ')})`;
  }
}

function tree(source: string): string {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.issues)}`);
  return show(result.expr);
}

function parsed(source: string): Expr {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.issues)}`);
  return result.expr;
}

function failure(source: string): readonly FormulaIssue[] {
  const result = parseExpression(source);
  if (result.ok) throw new Error(`${source} parsed`);
  return result.issues;
}

const syntax = (start: number, end: number, found: string): FormulaIssue => ({
  code: 'SYNTAX',
  start,
  end,
  params: { found },
});

describe('parseExpression: precedence and associativity', () => {
  it.each([
    // ?: < or < and < comparisons < + - < * / % < prefix - + not < ^
    [
      'a ? b or c and d == e + f * g ^ h : i',
      '(a ? (b or (c and (d == (e + (f * (g ^ h)))))) : i)',
    ],
    ['a * b + c * d', '((a * b) + (c * d))'],
    ['a + b == c - d', '((a + b) == (c - d))'],
    ['a == b and c != d or e', '(((a == b) and (c != d)) or e)'],
    ['a or b ? 1 : 2', '((a or b) ? 1 : 2)'],
    ['1 + a ? 2 : 3', '((1 + a) ? 2 : 3)'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });

  it('reads a run of one left-associative family as one chain', () => {
    expect(tree('a - b + c - d')).toBe('(a - b + c - d)');
    expect(tree('a * b / c % d')).toBe('(a * b / c % d)');
    expect(tree('a and b and c')).toBe('(a and b and c)');
    expect(tree('a or b or c')).toBe('(a or b or c)');
    // a parenthesized run is its own node
    expect(tree('a - (b - c)')).toBe('(a - [(b - c)])');
  });

  it('makes ^ right-associative and tighter than the prefix operators', () => {
    expect(tree('2 ^ 3 ^ 2')).toBe('(2 ^ (3 ^ 2))');
    expect(tree('-2 ^ 2')).toBe('(- (2 ^ 2))');
    expect(tree('(-2) ^ 2')).toBe('([(- 2)] ^ 2)');
    // the exponent is read from the prefix level
    expect(tree('2 ^ -3 ^ 2')).toBe('(2 ^ (- (3 ^ 2)))');
    expect(tree('not a ^ 2')).toBe('(not (a ^ 2))');
  });

  it('binds the prefix operators tighter than * and comparisons, nested when repeated', () => {
    expect(tree('-a * b')).toBe('((- a) * b)');
    expect(tree('- -a + +b')).toBe('((- (- a)) + (+ b))');
    expect(tree('not a > 5')).toBe('((not a) > 5)');
    expect(tree('not a and b')).toBe('((not a) and b)');
    expect(tree('1 + not a')).toBe('(1 + (not a))');
  });

  it('keeps three or more comparisons as one relational node (refused by the checks)', () => {
    expect(parsed('1 < a <= 3').kind).toBe('relational');
    expect(tree('1 < a == b > c')).toBe('{1, a, b, c}');
    expect(parsed('1 < a').kind).toBe('binary');
  });

  it('chains conditionals in the false branch; a bare one in the true branch fails', () => {
    expect(tree('a ? 1 : b ? 2 : 3')).toBe('(a ? 1 : (b ? 2 : 3))');
    expect(tree('a ? (b ? 1 : 2) : 3')).toBe('(a ? [(b ? 1 : 2)] : 3)');
    expect(tree('if(a ? 1 : 2, b ? 3 : 4, 5)')).toBe('if((a ? 1 : 2), (b ? 3 : 4), 5)');
    // mathjs read the inner `2 : 3` as a range, so the outer `?` misses its `:` at the end
    expect(failure('a ? a ? 1 : 2 : 3')).toEqual([syntax(17, 17, '')]);
    expect(failure('a ? b ? 1 : 2 < : 3')).toEqual([syntax(19, 19, '')]);
    expect(parserDiagnostics.alignmentFailures).toBe(0);
  });

  it('reads calls, literals and parentheses', () => {
    expect(tree('min(a, b + 1, max())')).toBe('min(a, (b + 1), max())');
    expect(tree('value("area-m2") * 2')).toBe('(value("area-m2") * 2)');
    expect(tree(`'it\\'s' == "a\\u0041"`)).toBe('("it\'s" == "aA")');
    expect(tree('true or false')).toBe('(true or false)');
    expect(tree('((a))')).toBe('[[a]]');
    expect(tree('1. + .5 + 2e3')).toBe('(1 + 0.5 + 2000)');
  });
});

describe('parseExpression: implicit products (parsed, then refused by the checks)', () => {
  it('reads a name, true/false or ( after an operand as an implicit product', () => {
    expect(tree('2a')).toBe('(2 · a)');
    expect(tree('2 a b')).toBe('(2 · a · b)');
    expect(tree('2 (a)')).toBe('(2 · [a])');
    expect(tree('(a)(b)')).toBe('([a] · [b])');
    expect(tree('min(1)(2)')).toBe('(min(1) · [2])');
    expect(tree('true(1)')).toBe('(true · [1])');
    expect(tree('a^2 b')).toBe('((a ^ 2) · b)');
  });

  it('reads a number as an implicit operand only after a name, call or parenthesis', () => {
    expect(tree('a 2')).toBe('(a · 2)');
    expect(tree('(a) 2')).toBe('([a] · 2)');
    expect(failure('3 4')).toEqual([syntax(2, 3, '4')]);
    expect(failure('-a 2')).toEqual([syntax(3, 4, '2')]);
  });

  it('continues an implicit product into a following * run, not into a preceding one', () => {
    expect(tree('2a * 3')).toBe('(2 · a * 3)');
    expect(tree('3 * 2a')).toBe('(3 * (2 · a))');
    expect(tree('2a + 3')).toBe('((2 · a) + 3)');
  });

  it('applies the division rule: literal / number name divides first', () => {
    expect(tree('1/2a')).toBe('(1 / 2 · a)');
    expect(tree('-1 % 2 (a)')).toBe('((- 1) % 2 · [a])');
    expect(tree('"x" / 2 true')).toBe('("x" / 2 · true)');
    // not after a name, nor before anything but a name, true/false or (
    expect(tree('x/2a')).toBe('(x / (2 · a))');
    expect(tree('1/2 * a')).toBe('(1 / 2 * a)');
    expect(tree('a 2/3 b')).toBe('(a · (2 / 3) · b)');
  });

  it('spans the gap between the operands', () => {
    const expr = parsed('2  area');
    expect(expr).toMatchObject({
      kind: 'chain',
      start: 0,
      end: 7,
      rest: [{ op: 'implicit', opSpan: { start: 1, end: 3 } }],
    });
    expect(parsed('2area')).toMatchObject({ rest: [{ opSpan: { start: 1, end: 1 } }] });
  });
});

describe('parseExpression: spans', () => {
  it('gives every node the offsets of its text', () => {
    expect(parsed('min( a ,-2 )  ^ 2')).toEqual({
      kind: 'binary',
      op: '^',
      opSpan: { start: 14, end: 15 },
      left: {
        kind: 'call',
        name: 'min',
        nameSpan: { start: 0, end: 3 },
        args: [
          { kind: 'name', name: 'a', start: 5, end: 6 },
          {
            kind: 'unary',
            op: '-',
            opSpan: { start: 8, end: 9 },
            operand: { kind: 'number', value: 2, start: 9, end: 10 },
            start: 8,
            end: 10,
          },
        ],
        start: 0,
        end: 12,
      },
      right: { kind: 'number', value: 2, start: 16, end: 17 },
      start: 0,
      end: 17,
    });
  });

  it('spans chains, conditionals, parentheses and texts', () => {
    expect(parsed('a  +  (b)-"c"')).toEqual({
      kind: 'chain',
      family: 'additive',
      first: { kind: 'name', name: 'a', start: 0, end: 1 },
      rest: [
        {
          op: '+',
          opSpan: { start: 3, end: 4 },
          operand: {
            kind: 'paren',
            inner: { kind: 'name', name: 'b', start: 7, end: 8 },
            start: 6,
            end: 9,
          },
        },
        {
          op: '-',
          opSpan: { start: 9, end: 10 },
          operand: { kind: 'text', value: 'c', start: 10, end: 13 },
        },
      ],
      start: 0,
      end: 13,
    });
    expect(parsed('l\n? 1\n: 2')).toMatchObject({
      kind: 'conditional',
      questionSpan: { start: 2, end: 3 },
      start: 0,
      end: 9,
    });
    expect(parsed('1 < a < 3')).toMatchObject({
      kind: 'relational',
      opSpans: [
        { start: 2, end: 3 },
        { start: 6, end: 7 },
      ],
      start: 0,
      end: 9,
    });
  });

  it('reads a run of 1,000 terms as one chain', () => {
    const expr = parsed(Array.from({ length: 1000 }, () => 'a').join('+'));
    expect(expr).toMatchObject({ kind: 'chain', start: 0, end: 1999 });
    expect(expr.kind === 'chain' && expr.rest.length).toBe(999);
  });
});

describe('parseExpression: where a formula cannot be read', () => {
  it('reports the first token that cannot be read, or the end of the text', () => {
    expect(failure('1 +')).toEqual([syntax(3, 3, '')]);
    expect(failure('1 +   ')).toEqual([syntax(6, 6, '')]);
    expect(failure('(a')).toEqual([syntax(2, 2, '')]);
    expect(failure('a )')).toEqual([syntax(2, 3, ')')]);
    expect(failure('min(1,)')).toEqual([syntax(6, 7, ')')]);
    expect(failure('min(1 2)')).toEqual([syntax(6, 7, '2')]);
    expect(failure('a * * 2')).toEqual([syntax(4, 5, '*')]);
    expect(failure('a "x"')).toEqual([syntax(2, 5, '"x"')]);
    expect(failure('a ? 1')).toEqual([syntax(5, 5, '')]);
    expect(failure('a ? : 1')).toEqual([syntax(4, 5, ':')]);
    expect(failure('a not b')).toEqual([syntax(2, 5, 'not')]);
    expect(failure('5%')).toEqual([syntax(2, 2, '')]);
  });

  it('reports a lone and/or (read as a name) only when nothing else fails first', () => {
    expect(failure('and 3')).toEqual([syntax(0, 3, 'and')]);
    expect(failure('1 + or(2)')).toEqual([syntax(4, 6, 'or')]);
    expect(failure('a and and b or or')).toEqual([syntax(6, 9, 'and')]);
    expect(failure('and +')).toEqual([syntax(5, 5, '')]);
  });

  it('returns lexical issues without parsing, sorted, and TOO_DEEP alone', () => {
    expect(failure('a[1] + )')).toEqual([
      { code: 'NOT_ALLOWED', start: 1, end: 2, params: { found: '[' } },
      { code: 'NOT_ALLOWED', start: 3, end: 4, params: { found: ']' } },
    ]);
    const deep = `${'('.repeat(MAX_FORMULA_DEPTH + 1)}a${')'.repeat(MAX_FORMULA_DEPTH + 1)} @`;
    expect(failure(deep)).toEqual([
      { code: 'TOO_DEEP', start: 32, end: 33, params: { max: MAX_FORMULA_DEPTH } },
    ]);
  });
});
