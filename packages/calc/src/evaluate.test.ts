// Evaluation of compiled formulas: operators, functions, types at run time, values and defaults,
// rounding of the result and every evaluation error, returned and never thrown.
import { describe, expect, it } from 'vitest';
import { checkFormula } from './check';
import type { AttributeValues, CompiledFormula, EvaluationResult, FormulaAttribute } from './types';

function attribute(
  code: string,
  type: FormulaAttribute['type'],
  extra: Partial<FormulaAttribute> = {},
): FormulaAttribute {
  return { code, level: 1, type, mandatory: false, defaultValue: null, enumCodes: [], ...extra };
}

const attributes: FormulaAttribute[] = [
  attribute('area', 'NUMBER', { mandatory: true }),
  attribute('rooms', 'INTEGER', { defaultValue: 2 }),
  attribute('lift', 'BOOLEAN'),
  attribute('garage', 'BOOLEAN', { defaultValue: true }),
  attribute('size', 'ENUM', { defaultValue: 'M', enumCodes: ['S', 'M', 'L'] }),
  attribute('finish', 'ENUM', { enumCodes: ['PAINT', 'TILE'] }),
  attribute('note', 'TEXT'),
  attribute('label', 'TEXT', { defaultValue: 'none' }),
  attribute('extra', 'NUMBER'),
  attribute('must', 'INTEGER', { mandatory: true }),
  attribute('broken', 'NUMBER', { defaultValue: 'x' }),
  attribute('area-m2', 'NUMBER', { defaultValue: 3 }),
];

function compile(expression: string): CompiledFormula {
  const result = checkFormula(expression, { attributes, level: 1 });
  if (!result.ok) throw new Error(`${expression}: ${JSON.stringify(result.issues)}`);
  return result.formula;
}

function run(expression: string, values: AttributeValues = { area: 10 }): EvaluationResult {
  return compile(expression).evaluate(values);
}

function amount(expression: string, values: AttributeValues = { area: 10 }): number {
  const result = run(expression, values);
  if (!result.ok) throw new Error(`${expression}: ${result.error.code}`);
  return result.amount;
}

describe('evaluate: operators', () => {
  it.each([
    ['1 + 2', 3],
    ['7 - 2 - 1', 4],
    ['2 * 3 * 4', 24],
    ['7 / 2', 3.5],
    ['12 / 2 / 3', 2],
    ['2 ^ 10', 1024],
    ['2 ^ 3 ^ 2', 512],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['7.5 % 2', 1.5],
    ['-(2 - 5)', 3],
    ['+3', 3],
    ['- -3', 3],
    ['-2 ^ 2 + 5', 1],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 2 * 3 + 1', 5],
  ])('%s = %d', (expression, expected) => {
    expect(amount(expression)).toBe(expected);
  });

  it.each([
    ['2 < 3', 1],
    ['3 < 3', 0],
    ['3 <= 3', 1],
    ['4 > 3', 1],
    ['3 >= 4', 0],
    ['3 == 3', 1],
    ['3 != 3', 0],
    ['1 and 0', 0],
    ['1 and 2', 1],
    ['0 or 0', 0],
    ['0 or 5', 1],
    ['not 0', 1],
    ['not 3', 0],
    ['true', 1],
    ['false', 0],
    ['true + true', 2],
    ['(2 > 1) * 10', 10],
    ['1 < 2 and 2 < 3 or false', 1],
  ])('%s = %d (booleans count 1/0)', (expression, expected) => {
    expect(amount(expression)).toBe(expected);
  });

  it('compares numbers with a relative tolerance of 1e-12 (decimal noise)', () => {
    expect(amount('0.1 + 0.2 == 0.3')).toBe(1);
    expect(amount('0.1 + 0.2 <= 0.3')).toBe(1);
    expect(amount('0.1 + 0.2 > 0.3')).toBe(0);
    expect(amount('0.3 - 0.1 - 0.2 < 0')).toBe(0);
    expect(amount('0.1 + 0.2 != 0.3')).toBe(0);
    expect(amount('1 == 1.000001')).toBe(0);
  });

  it('conditionals take one branch; and/or stop early (no error from the other side)', () => {
    expect(amount('area > 5 ? 1 : 2')).toBe(1);
    expect(amount('area > 50 ? 1 : 2')).toBe(2);
    expect(amount('area == 1 ? 2 : area == 10 ? 3 : 4')).toBe(3);
    expect(amount('area == 0 ? 0 : 100 / area', { area: 0 })).toBe(0);
    expect(amount('if(area == 0, 0, 100 / area)', { area: 0 })).toBe(0);
    expect(amount('area > 0 and 10 / area > 1', { area: 0 })).toBe(0);
    expect(amount('area == 0 or 10 / area > 1', { area: 0 })).toBe(1);
    expect(amount('(lift ? "A" : "B") == "B"')).toBe(1);
  });
});

describe('evaluate: functions', () => {
  it.each([
    ['min(3, 1, 2)', 1],
    ['min(4)', 4],
    ['max(3, 1, 2)', 3],
    ['max(1, 2)', 2],
    ['round(2.5)', 3],
    ['round(3.5)', 4],
    ['round(0.49999)', 0],
    ['round(2.675, 2)', 2.68],
    ['round(1.005, 2)', 1.01],
    ['round(1.00005, 4)', 1.0001],
    ['round(1234.5, -2)', 1200],
    ['round(1250, -2)', 1300],
    ['round(2.4, 0.9)', 2],
    ['round(2.45, 99)', 2.45],
    ['ceil(2.1)', 3],
    ['ceil(0.1 * 3 * 10)', 3],
    ['floor(2.9)', 2],
    ['floor(0.7 * 10 + 0.1 * 10 - 0.0000000000001)', 8],
    ['floor(1.1 * 3 * 10) / 10', 3.3],
    ['abs(-2.5)', 2.5],
    ['if(1, 2, 3)', 2],
    ['if(0, 2, 3)', 3],
    ['is(size, "M")', 1],
    ['is(size, "S", "L")', 0],
    ['value("area-m2") * 2', 6],
  ])('%s = %d', (expression, expected) => {
    expect(amount(expression)).toBe(expected);
  });

  it('rounds negatives half away from zero inside formulas', () => {
    expect(amount('abs(round(-2.5))')).toBe(3);
    expect(amount('-round(-0.125, 2)')).toBe(0.13);
  });
});

describe('evaluate: values, defaults, types', () => {
  it('reads numbers, integers, booleans, enums and texts', () => {
    expect(amount('area * rooms', { area: 2.5, rooms: 4 })).toBe(10);
    expect(amount('lift * 10', { area: 1, lift: true })).toBe(10);
    expect(amount('is(finish, "TILE")', { area: 1, finish: 'TILE' })).toBe(1);
    expect(amount('note == "hello"', { area: 1, note: 'hello' })).toBe(1);
    expect(amount('area', { area: -0 })).toBe(0);
    expect(Object.is(amount('area * -1', { area: 0 }), 0)).toBe(true);
  });

  it('takes the default of a missing value (null or absent)', () => {
    expect(amount('rooms', { area: 1 })).toBe(2);
    expect(amount('rooms', { area: 1, rooms: null })).toBe(2);
    expect(amount('garage', {})).toBe(1);
    expect(amount('size == "M"', {})).toBe(1);
    expect(amount('label == "none"', {})).toBe(1);
  });

  it('counts a missing optional value without default as 0 / false / empty text', () => {
    expect(amount('extra + 1', {})).toBe(1);
    expect(amount('lift + 1', {})).toBe(1);
    expect(amount('note == ""', {})).toBe(1);
    expect(amount('is(finish, "PAINT", "TILE")', {})).toBe(0);
  });

  it('MISSING_VALUE for a mandatory value without default', () => {
    expect(run('area * 2', {})).toEqual({
      ok: false,
      error: { code: 'MISSING_VALUE', attribute: 'area' },
    });
    expect(run('must', { must: null })).toEqual({
      ok: false,
      error: { code: 'MISSING_VALUE', attribute: 'must' },
    });
  });

  it.each<[string, AttributeValues]>([
    ['area', { area: 'abc' }],
    ['area', { area: '12' }],
    ['area', { area: Number.NaN }],
    ['area', { area: Number.POSITIVE_INFINITY }],
    ['area', { area: true }],
    ['rooms', { rooms: 2.5 }],
    ['rooms', { rooms: Number.NaN }],
    ['lift', { lift: 1 }],
    ['lift', { lift: 'true' }],
    ['size', { size: 'XL' }],
    ['size', { size: 1 }],
    ['note', { note: 5 }],
  ])('INVALID_VALUE for %s = %j', (code, values) => {
    const expression =
      code === 'size' ? 'is(size, "S")' : code === 'note' ? 'note == "x"' : `${code} + 0`;
    expect(run(expression, values)).toEqual({
      ok: false,
      error: { code: 'INVALID_VALUE', attribute: code },
    });
  });

  it('INVALID_VALUE for a default of the wrong type, when used', () => {
    expect(run('broken', {})).toEqual({
      ok: false,
      error: { code: 'INVALID_VALUE', attribute: 'broken' },
    });
    expect(amount('broken', { broken: 4 })).toBe(4);
  });

  it('values are data: "__proto__" and "constructor" values or keys do nothing', () => {
    expect(amount('note == "__proto__"', { note: '__proto__' })).toBe(1);
    const values = JSON.parse('{"__proto__": 5, "constructor": 1, "area": 2}') as AttributeValues;
    expect(amount('area', values)).toBe(2);
    expect(amount('extra', { toString: 3 })).toBe(0);
  });

  it('reports the first error met in evaluation order', () => {
    expect(run('must + area', { area: 'x' })).toEqual({
      ok: false,
      error: { code: 'MISSING_VALUE', attribute: 'must' },
    });
    expect(run('area / 0 + must', { area: 1 })).toEqual({
      ok: false,
      error: { code: 'DIVISION_BY_ZERO' },
    });
  });
});

describe('evaluate: results and errors', () => {
  it('rounds the result half away from zero to 4 decimals', () => {
    expect(amount('1.00005')).toBe(1.0001);
    expect(amount('1.00004999')).toBe(1);
    expect(amount('2.675 * 1')).toBe(2.675);
    expect(amount('0.1 + 0.2')).toBe(0.3);
    expect(amount('1 / 3')).toBe(0.3333);
    expect(amount('2 / 3')).toBe(0.6667);
    expect(amount('0.00005')).toBe(0.0001);
    expect(amount('0.00004')).toBe(0);
    expect(amount('123456.78905')).toBe(123456.7891);
  });

  it('DIVISION_BY_ZERO for / and % by zero', () => {
    expect(run('area / 0')).toEqual({ ok: false, error: { code: 'DIVISION_BY_ZERO' } });
    expect(run('area % (area - 10)')).toEqual({ ok: false, error: { code: 'DIVISION_BY_ZERO' } });
    expect(run('min(1, 1 / 0)')).toEqual({ ok: false, error: { code: 'DIVISION_BY_ZERO' } });
  });

  it('NOT_FINITE for an infinite or undefined result', () => {
    expect(run('10 ^ 400')).toEqual({ ok: false, error: { code: 'NOT_FINITE' } });
    expect(run('0 ^ -1')).toEqual({ ok: false, error: { code: 'NOT_FINITE' } });
    expect(run('(0 - 8) ^ 0.5')).toEqual({ ok: false, error: { code: 'NOT_FINITE' } });
    expect(run('10 ^ 400 - 10 ^ 400')).toEqual({ ok: false, error: { code: 'NOT_FINITE' } });
    // an infinity on the way to a finite result is fine
    expect(amount('min(10 ^ 400, 5)')).toBe(5);
  });

  it('NOT_FINITE for a result so near the largest number that its rounding has no number form', () => {
    expect(run('area', { area: 1.7976931348623151e308 })).toEqual({
      ok: false,
      error: { code: 'NOT_FINITE' },
    });
  });

  it('TOO_LARGE for an amount above a trillion units', () => {
    expect(amount('area', { area: 1e12 })).toBe(1e12);
    expect(run('area', { area: 1e12 + 1 })).toEqual({ ok: false, error: { code: 'TOO_LARGE' } });
    expect(run('area', { area: 1e300 })).toEqual({ ok: false, error: { code: 'TOO_LARGE' } });
  });

  it('NEGATIVE_RESULT below zero, after rounding to 4 decimals', () => {
    expect(run('area - 20')).toEqual({ ok: false, error: { code: 'NEGATIVE_RESULT' } });
    expect(run('-0.00005')).toEqual({ ok: false, error: { code: 'NEGATIVE_RESULT' } });
    // binary noise: 0.3 - 0.1 - 0.2 is -2.8e-17, which is 0.0000
    expect(amount('0.3 - 0.1 - 0.2')).toBe(0);
    expect(amount('-0.00004')).toBe(0);
  });

  it('evaluate is callable detached from its formula and tolerates no values', () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- what this test is about
    const { evaluate } = compile('extra + 1');
    expect(evaluate({})).toEqual({ ok: true, amount: 1 });
    expect(evaluate(null as unknown as AttributeValues)).toEqual({ ok: true, amount: 1 });
  });
});
