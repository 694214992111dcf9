// checkFormula: the language's issues with their exact offsets and parameters, limits, refusals.
import { describe, expect, it } from 'vitest';
import { checkFormula } from './check';
import { MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH } from './language';
import type { FormulaAttribute, FormulaIssue } from './types';

function attribute(
  code: string,
  type: FormulaAttribute['type'],
  extra: Partial<FormulaAttribute> = {},
): FormulaAttribute {
  return {
    code,
    level: 1,
    type,
    mandatory: false,
    defaultValue: null,
    enumCodes: [],
    ...extra,
  };
}

const attributes: FormulaAttribute[] = [
  attribute('area', 'NUMBER', { mandatory: true }),
  attribute('rooms', 'INTEGER', { defaultValue: 2 }),
  attribute('lift', 'BOOLEAN'),
  attribute('size', 'ENUM', { defaultValue: 'M', enumCodes: ['S', 'M', 'L'] }),
  attribute('note', 'TEXT'),
  attribute('depth', 'NUMBER', { level: 2 }),
  attribute('area-m2', 'NUMBER', { defaultValue: 3 }),
];

function issues(expression: string, level = 1): readonly FormulaIssue[] {
  const result = checkFormula(expression, { attributes, level });
  return result.ok ? [] : result.issues;
}

function only(expression: string, level = 1): FormulaIssue {
  const found = issues(expression, level);
  expect(found).toHaveLength(1);
  const [first] = found;
  if (first === undefined) throw new Error('no issue');
  return first;
}

function passes(expression: string, level = 1): boolean {
  return checkFormula(expression, { attributes, level }).ok;
}

describe('checkFormula: what passes', () => {
  it.each([
    'area * 2 + rooms',
    '1.5',
    '.5',
    '2e3',
    '1.e2',
    'true',
    'false',
    'area + lift',
    'size == "L"',
    "size == 'L'",
    '"L" != size',
    'note == "x" ? 1 : 2',
    'is(size, "S", "M")',
    'value("area-m2") * 2',
    'min(area, 3)',
    'max(1, 2, 3, 4)',
    'round(area)',
    'round(area, 2)',
    'ceil(area)',
    'floor(area)',
    'abs(area)',
    'if(lift, 1, 2)',
    'area ^ 2 % 7 / 3',
    'area > 1 and area <= 5 or not lift',
    '(area >= 1) == (rooms < 3)',
    '-area + +rooms',
    'lift ? 1 : 0',
    'area == 1 ? 2 : area == 2 ? 3 : 4',
    '(area)',
    'area\n  + rooms\t* 2',
    'area\r\n+ 1',
    'area\u00A0+ 1',
  ])('%s', (expression) => {
    expect(checkFormula(expression, { attributes, level: 1 })).toMatchObject({ ok: true });
  });

  it('gives the compiled formula its expression, level and attributes in order of first use', () => {
    const result = checkFormula('rooms * area + rooms + value("area-m2")', {
      attributes,
      level: 2,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.formula.expression).toBe('rooms * area + rooms + value("area-m2")');
    expect(result.formula.level).toBe(2);
    expect(result.formula.attributeCodes).toEqual(['rooms', 'area', 'area-m2']);
  });

  it('reads a formula of level 2 with attributes of levels 1 and 2', () => {
    expect(passes('depth * area', 2)).toBe(true);
  });

  it('treats attribute names that shadow functions as attributes', () => {
    const own = [attribute('min', 'NUMBER'), attribute('if', 'NUMBER')];
    expect(checkFormula('min + if + min(1, 2)', { attributes: own, level: 1 }).ok).toBe(true);
  });
});

describe('checkFormula: limits', () => {
  it('EMPTY for an empty or blank formula', () => {
    expect(only('')).toEqual({ code: 'EMPTY', start: 0, end: 0, params: {} });
    expect(only(' \n\t ')).toEqual({ code: 'EMPTY', start: 0, end: 4, params: {} });
  });

  it('TOO_LONG over 2,000 characters, from the first character too many', () => {
    const exact = `${'1+'.repeat(999)}11`;
    expect(exact).toHaveLength(MAX_FORMULA_LENGTH);
    expect(passes(exact)).toBe(true);
    const long = `${exact}1`;
    expect(only(long)).toEqual({
      code: 'TOO_LONG',
      start: 2000,
      end: 2001,
      params: { max: 2000 },
    });
    expect(only(' '.repeat(2001)).code).toBe('TOO_LONG');
  });

  it('TOO_DEEP for 33 nested parentheses (before parsing), not for 32', () => {
    const nested = (depth: number) => `${'('.repeat(depth)}area${')'.repeat(depth)}`;
    expect(passes(nested(MAX_FORMULA_DEPTH))).toBe(true);
    expect(only(nested(33))).toEqual({
      code: 'TOO_DEEP',
      start: 32,
      end: 33,
      params: { max: 32 },
    });
    // the parser is never reached with 990 parentheses
    expect(only(nested(990)).code).toBe('TOO_DEEP');
  });

  it('TOO_DEEP for 33 nested calls, prefix operators, powers or conditionals', () => {
    // the 33rd opening parenthesis
    expect(only(`${'abs('.repeat(33)}1${')'.repeat(33)}`)).toMatchObject({
      code: 'TOO_DEEP',
      start: 131,
      end: 132,
    });
    expect(passes(`${'-'.repeat(32)}1`)).toBe(true);
    expect(only(`${'-'.repeat(33)}1`)).toMatchObject({ code: 'TOO_DEEP', start: 32, end: 33 });
    expect(only(`${'not '.repeat(40)}lift`).code).toBe('TOO_DEEP');
    expect(passes(`${'2^'.repeat(31)}1`)).toBe(true);
    expect(only(`${'2^'.repeat(33)}1`)).toMatchObject({ code: 'TOO_DEEP', start: 65, end: 66 });
    expect(only(`${'lift ? 1 : '.repeat(33)}1`).code).toBe('TOO_DEEP');
    expect(only('-'.repeat(1999) + '1').code).toBe('TOO_DEEP');
  });

  it('TOO_DEEP after parsing, at the node 33 levels down', () => {
    // parenthesis + sum per level: 17 levels are 34 deep with only 17 parentheses
    const expression = `${'(area+'.repeat(17)}area${')'.repeat(17)}`;
    expect(only(expression)).toEqual({
      code: 'TOO_DEEP',
      start: 96,
      end: expression.length - 16,
      params: { max: 32 },
    });
    expect(passes(`${'(area+'.repeat(16)}area${')'.repeat(16)}`)).toBe(true);
  });

  it('counts a run of one operator once: a sum of 280 terms is not deep', () => {
    expect(passes(Array.from({ length: 280 }, () => 'area').join(' + '))).toBe(true);
    expect(passes(Array.from({ length: 180 }, () => 'area*2').join(' - '))).toBe(true);
    expect(passes(Array.from({ length: 250 }, () => 'lift').join(' or '))).toBe(true);
  });
});

describe('checkFormula: issues with their positions', () => {
  it('SYNTAX where the formula cannot be read', () => {
    expect(only('1 +')).toEqual({ code: 'SYNTAX', start: 3, end: 3, params: { found: '' } });
    expect(only('(area')).toEqual({ code: 'SYNTAX', start: 5, end: 5, params: { found: '' } });
    expect(only('area )')).toEqual({ code: 'SYNTAX', start: 5, end: 6, params: { found: ')' } });
    expect(only('3 4')).toEqual({ code: 'SYNTAX', start: 2, end: 3, params: { found: '4' } });
    expect(only('area + @')).toEqual({ code: 'SYNTAX', start: 7, end: 8, params: { found: '@' } });
    expect(only('"abc')).toEqual({ code: 'SYNTAX', start: 0, end: 4, params: { found: '"abc' } });
    expect(only('"a\\qb"')).toMatchObject({ code: 'SYNTAX', start: 2, end: 4 });
    expect(only('1e+')).toMatchObject({ code: 'SYNTAX', start: 0 });
    expect(only('area * * 2')).toMatchObject({ code: 'SYNTAX', start: 7, end: 8 });
    expect(only('min(1,)')).toMatchObject({ code: 'SYNTAX', start: 6, end: 7 });
    expect(only('area "L"')).toMatchObject({ code: 'SYNTAX', start: 5, end: 8 });
    expect(only('and')).toEqual({ code: 'SYNTAX', start: 0, end: 3, params: { found: 'and' } });
    expect(only('or(1)')).toMatchObject({ code: 'SYNTAX', start: 0, end: 2 });
    expect(only('5%')).toEqual({ code: 'SYNTAX', start: 2, end: 2, params: { found: '' } });
  });

  it('SYNTAX for a conditional in a true branch without parentheses (mathjs)', () => {
    expect(only('lift ? lift ? 1 : 2 : 3').code).toBe('SYNTAX');
    expect(passes('lift ? (lift ? 1 : 2) : 3')).toBe(true);
  });

  it('UNKNOWN_ATTRIBUTE with its name', () => {
    expect(only('area + wall')).toEqual({
      code: 'UNKNOWN_ATTRIBUTE',
      start: 7,
      end: 11,
      params: { name: 'wall' },
    });
    expect(only('value("wall-m2") + 1')).toEqual({
      code: 'UNKNOWN_ATTRIBUTE',
      start: 0,
      end: 16,
      params: { name: 'wall-m2' },
    });
    expect(only('Area')).toMatchObject({ code: 'UNKNOWN_ATTRIBUTE', params: { name: 'Area' } });
  });

  it('HIGHER_LEVEL_ATTRIBUTE with the attribute and formula levels', () => {
    expect(only('area + depth * 2')).toEqual({
      code: 'HIGHER_LEVEL_ATTRIBUTE',
      start: 7,
      end: 12,
      params: { name: 'depth', level: 2, formulaLevel: 1 },
    });
  });

  it('UNKNOWN_FUNCTION with its name', () => {
    expect(only('sqrt(area)')).toEqual({
      code: 'UNKNOWN_FUNCTION',
      start: 0,
      end: 4,
      params: { name: 'sqrt' },
    });
    expect(only('1 + MAX(1, 2)')).toMatchObject({ code: 'UNKNOWN_FUNCTION', start: 4, end: 7 });
    expect(only('area(2)')).toMatchObject({ code: 'UNKNOWN_FUNCTION', params: { name: 'area' } });
  });

  it('WRONG_ARGUMENT_COUNT with the bounds (no max when unbounded)', () => {
    expect(only('round(area, 1, 2)')).toEqual({
      code: 'WRONG_ARGUMENT_COUNT',
      start: 0,
      end: 17,
      params: { name: 'round', min: 1, max: 2 },
    });
    expect(only('1 + max()')).toEqual({
      code: 'WRONG_ARGUMENT_COUNT',
      start: 4,
      end: 9,
      params: { name: 'max', min: 1 },
    });
    expect(only('if(lift, 1)')).toMatchObject({ params: { name: 'if', min: 3, max: 3 } });
    expect(only('is(size)')).toMatchObject({ params: { name: 'is', min: 2 } });
    expect(only('value()')).toMatchObject({ params: { name: 'value', min: 1, max: 1 } });
    expect(only('ceil()')).toMatchObject({ params: { name: 'ceil', min: 1, max: 1 } });
  });

  it('UNKNOWN_ENUM_CODE on the code, in comparisons and is()', () => {
    expect(only('size == "XL"')).toEqual({
      code: 'UNKNOWN_ENUM_CODE',
      start: 8,
      end: 12,
      params: { name: 'size', code: 'XL' },
    });
    expect(only("'XL' != size")).toMatchObject({ code: 'UNKNOWN_ENUM_CODE', start: 0, end: 4 });
    expect(only('is(size, "S", "xl")')).toEqual({
      code: 'UNKNOWN_ENUM_CODE',
      start: 14,
      end: 18,
      params: { name: 'size', code: 'xl' },
    });
    // TEXT attributes have no codes to check
    expect(passes('note == "anything"')).toBe(true);
  });

  it('TYPE_MISMATCH for text and ENUM values outside == != is()', () => {
    expect(only('note * 2')).toEqual({
      code: 'TYPE_MISMATCH',
      start: 0,
      end: 4,
      params: { operator: '*', type: 'text', expected: 'number' },
    });
    expect(only('size > 1')).toMatchObject({
      start: 0,
      end: 4,
      params: { operator: '>', type: 'enum' },
    });
    expect(only('-note')).toMatchObject({ start: 1, end: 5, params: { operator: '-' } });
    expect(only('not note')).toMatchObject({ params: { operator: 'not', expected: 'boolean' } });
    expect(only('lift and "x"')).toMatchObject({ start: 9, end: 12, params: { operator: 'and' } });
    expect(only('min(1, note)')).toEqual({
      code: 'TYPE_MISMATCH',
      start: 7,
      end: 11,
      params: { function: 'min', type: 'text', expected: 'number' },
    });
    expect(only('size == 1')).toMatchObject({
      start: 8,
      end: 9,
      params: { operator: '==', type: 'number', expected: 'text' },
    });
    expect(only('is(area, "S")')).toMatchObject({
      start: 3,
      end: 7,
      params: { function: 'is', type: 'number', expected: 'enum' },
    });
    expect(only('is(size, 1)')).toMatchObject({ start: 9, end: 10, params: { function: 'is' } });
    expect(only('if(note, 1, 2)')).toMatchObject({ start: 3, end: 7, params: { function: 'if' } });
    expect(only('lift ? 1 : "a"')).toMatchObject({ start: 11, end: 14, params: { operator: '?' } });
    expect(only('note ? 1 : 2')).toMatchObject({ params: { operator: '?', expected: 'boolean' } });
  });

  it('TYPE_MISMATCH when the result is text', () => {
    expect(only('note')).toEqual({
      code: 'TYPE_MISMATCH',
      start: 0,
      end: 4,
      params: { type: 'text', expected: 'number' },
    });
    expect(only('lift ? size : "S"')).toMatchObject({
      start: 0,
      end: 17,
      params: { type: 'text' },
    });
  });

  it('NOT_ALLOWED for implicit multiplication, chained comparisons and computed names', () => {
    expect(issues('2area')).toEqual([
      { code: 'NOT_ALLOWED', start: 0, end: 5, params: { found: '2area' } },
    ]);
    expect(issues('2 (area)')).toEqual([
      { code: 'NOT_ALLOWED', start: 0, end: 8, params: { found: '2 (area)' } },
    ]);
    expect(only('1 < area < 3')).toEqual({
      code: 'NOT_ALLOWED',
      start: 9,
      end: 10,
      params: { found: '<' },
    });
    expect(only('value(note)')).toEqual({
      code: 'NOT_ALLOWED',
      start: 6,
      end: 10,
      params: { found: 'note' },
    });
  });

  it('NOT_ALLOWED for a bare `not` before the left operand of a comparison or arithmetic', () => {
    // mathjs reads `not area > 5` as `(not area) > 5`
    expect(only('not area > 5')).toEqual({
      code: 'NOT_ALLOWED',
      start: 0,
      end: 8,
      params: { found: 'not area' },
    });
    expect(only('not lift + 1')).toMatchObject({ code: 'NOT_ALLOWED', start: 0, end: 8 });
    expect(passes('not (area > 5)')).toBe(true);
    expect(passes('(not lift) + 1')).toBe(true);
    expect(passes('1 + not lift')).toBe(true);
    expect(passes('(area > 5) == not lift')).toBe(true);
    expect(passes('not lift and area > 5')).toBe(true);
    expect(passes('not area ^ 2')).toBe(true);
  });

  it('reports every issue at once, sorted by position', () => {
    // `+` binds tighter than `==`: the right side is "XL" + note * 2
    expect(issues('wall + sqrt(2) + depth + size == "XL" + note * 2')).toEqual([
      { code: 'UNKNOWN_ATTRIBUTE', start: 0, end: 4, params: { name: 'wall' } },
      { code: 'UNKNOWN_FUNCTION', start: 7, end: 11, params: { name: 'sqrt' } },
      {
        code: 'HIGHER_LEVEL_ATTRIBUTE',
        start: 17,
        end: 22,
        params: { name: 'depth', level: 2, formulaLevel: 1 },
      },
      {
        code: 'TYPE_MISMATCH',
        start: 25,
        end: 29,
        params: { operator: '+', type: 'enum', expected: 'number' },
      },
      {
        code: 'TYPE_MISMATCH',
        start: 33,
        end: 37,
        params: { operator: '+', type: 'text', expected: 'number' },
      },
      {
        code: 'TYPE_MISMATCH',
        start: 40,
        end: 44,
        params: { operator: '*', type: 'text', expected: 'number' },
      },
    ]);
    expect(issues('a[1] + b.c = 2')).toEqual([
      { code: 'NOT_ALLOWED', start: 1, end: 2, params: { found: '[' } },
      { code: 'NOT_ALLOWED', start: 3, end: 4, params: { found: ']' } },
      { code: 'NOT_ALLOWED', start: 8, end: 9, params: { found: '.' } },
      { code: 'NOT_ALLOWED', start: 11, end: 12, params: { found: '=' } },
    ]);
  });
});

describe('checkFormula: security (nothing outside the language is reachable)', () => {
  it.each([
    ['import("fs")', 'UNKNOWN_FUNCTION'],
    ['evaluate("1+1")', 'UNKNOWN_FUNCTION'],
    ['parse("1")', 'UNKNOWN_FUNCTION'],
    ['sqrt(4)', 'UNKNOWN_FUNCTION'],
    ['cos(1)', 'UNKNOWN_FUNCTION'],
    ['constructor(1)', 'UNKNOWN_FUNCTION'],
    ['import', 'UNKNOWN_ATTRIBUTE'],
    ['__proto__', 'UNKNOWN_ATTRIBUTE'],
    ['constructor', 'UNKNOWN_ATTRIBUTE'],
    ['toString', 'UNKNOWN_ATTRIBUTE'],
    ['hasOwnProperty', 'UNKNOWN_ATTRIBUTE'],
    ['pi', 'UNKNOWN_ATTRIBUTE'],
    ['value("__proto__")', 'UNKNOWN_ATTRIBUTE'],
    ['value("constructor")', 'UNKNOWN_ATTRIBUTE'],
    ['f(x) = x', 'NOT_ALLOWED'],
    ['a = 1', 'NOT_ALLOWED'],
    ['area.constructor', 'NOT_ALLOWED'],
    ['area["constructor"]', 'NOT_ALLOWED'],
    ['area?.constructor', 'NOT_ALLOWED'],
    ['[1, 2]', 'NOT_ALLOWED'],
    ['{a: 1}', 'NOT_ALLOWED'],
    ['1:3', 'NOT_ALLOWED'],
    ['5 cm', 'NOT_ALLOWED'],
    ['2 in', 'NOT_ALLOWED'],
    ['area to cm', 'NOT_ALLOWED'],
    ['area mod 2', 'NOT_ALLOWED'],
    ['lift xor lift', 'NOT_ALLOWED'],
    ['area ?? 1', 'NOT_ALLOWED'],
    ['area!', 'NOT_ALLOWED'],
    ['area & 1', 'NOT_ALLOWED'],
    ['area | 1', 'NOT_ALLOWED'],
    ['~area', 'NOT_ALLOWED'],
    ['area << 1', 'NOT_ALLOWED'],
    ['area .* 2', 'NOT_ALLOWED'],
    ['area; 1', 'NOT_ALLOWED'],
    ['area # comment', 'NOT_ALLOWED'],
    ['0x1F', 'NOT_ALLOWED'],
    ['0b101', 'NOT_ALLOWED'],
    ['NaN', 'NOT_ALLOWED'],
    ['Infinity', 'NOT_ALLOWED'],
    ['null', 'NOT_ALLOWED'],
    ['undefined', 'NOT_ALLOWED'],
    ['1e999', 'NOT_ALLOWED'],
  ])('%s → %s', (expression, code) => {
    const found = issues(expression);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((issue) => issue.code)).toContain(code);
  });

  it('places refused tokens exactly', () => {
    expect(issues('area.constructor')).toEqual([
      { code: 'NOT_ALLOWED', start: 4, end: 5, params: { found: '.' } },
    ]);
    expect(issues('1:3')).toEqual([
      { code: 'NOT_ALLOWED', start: 1, end: 2, params: { found: ':' } },
    ]);
    expect(issues('area mod 2')).toEqual([
      { code: 'NOT_ALLOWED', start: 5, end: 8, params: { found: 'mod' } },
    ]);
  });

  it('does not take the percentage reading of %, which is exponential in mathjs', () => {
    const started = Date.now();
    // 30 levels: parsed (2^30 look-aheads in mathjs' percentage rule), then too deep as a tree
    expect(only(`${'1 % ('.repeat(30)}1${')'.repeat(30)}`).code).toBe('TOO_DEEP');
    expect(passes(`${'1 % ('.repeat(15)}1${')'.repeat(15)}`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
