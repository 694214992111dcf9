// Reading rows pasted from a spreadsheet: by position or by a header row, numbers as spreadsheets copy them, and every kind of bad row named.
import { describe, expect, it } from 'vitest';
import type { StoryCatalogAttribute } from '@costory/shared';
import { createStoryCatalog, createStoryCatalogItem } from '../test/story-fixtures';
import { isReady, readPastedRows, splitCells } from './paste-rows';

const soil: StoryCatalogAttribute = {
  code: 'soil',
  name: { en: 'Soil', cs: 'Zemina' },
  level: 1,
  type: 'ENUM',
  mandatory: false,
  defaultValue: null,
  enumValues: [
    { code: 'CLAY', label: { en: 'Clay', cs: 'Jíl' } },
    { code: 'ROCK', label: { en: 'Rock', cs: 'Skála' } },
  ],
  minimum: null,
  maximum: null,
};
const fenced: StoryCatalogAttribute = {
  code: 'fenced',
  name: { en: 'Fenced', cs: 'Oplocení' },
  level: 2,
  type: 'BOOLEAN',
  mandatory: false,
  defaultValue: false,
  enumValues: [],
  minimum: null,
  maximum: null,
};

const trench = createStoryCatalogItem({ maxLevel: 2 });
trench.attributes.push(soil, fenced);
const permit = createStoryCatalogItem({
  id: 31,
  code: 'PERMIT',
  name: { en: 'Permit' },
  repeatable: false,
  attributes: [],
  formulas: [{ roleId: 5, level: 1, expression: '4' }],
});
const catalog = createStoryCatalog({ items: [trench, permit] });

describe('pasted rows', () => {
  it('reads rows by position: code, then the values in the order of the item’s attributes', () => {
    const { header, rows } = readPastedRows(
      'TRENCH\t12,5\tJíl\nTRENCH\t1 234,5\t\tano\n',
      catalog,
      'cs',
    );
    expect(header).toBe(false);
    expect(rows.map((row) => row.problems)).toEqual([[], []]);
    const [first, second] = rows.filter(isReady);
    expect(first?.state.values).toEqual({ length: 12.5, soil: 'CLAY' });
    expect(first?.draft.level).toBe(1);
    // 12.5 m × 2 h × 85.50
    expect(first?.state.result.total.price).toBe('2137.50');
    // A yes in a level-2 value raises the level.
    expect(second?.draft.level).toBe(2);
    expect(second?.state.values).toEqual({ length: 1234.5, soil: null, fenced: true });
  });

  it('maps columns by a header row of attribute names, level and instance name', () => {
    const { header, rows } = readPastedRows(
      'Item\tName\tSoil\tLength\tLevel\nTRENCH\tNorth side\tRock\t1,234.5\t2',
      catalog,
      'en',
    );
    expect(header).toBe(true);
    const [row] = rows;
    expect(row?.line).toBe(2);
    expect(row?.problems).toEqual([]);
    expect(row?.draft?.name).toBe('North side');
    expect(row?.draft?.level).toBe(2);
    expect(row?.state?.values).toEqual({ length: 1234.5, soil: 'ROCK', fenced: false });
  });

  it('names what is wrong with each row and keeps the others ready', () => {
    const { rows } = readPastedRows(
      [
        'NOPE\t1',
        'TRENCH\tabc',
        'TRENCH\t',
        'TRENCH\t3\tSand',
        'TRENCH\t3\t\tmaybe',
        'TRENCH\t3\t\t\textra',
        'PERMIT',
        'PERMIT',
        'TRENCH\t4',
      ].join('\n'),
      catalog,
      'en',
    );
    expect(rows.map((row) => row.problems.map((problem) => problem.kind))).toEqual([
      ['unknownItem'],
      ['value'],
      ['value'],
      ['notAChoice'],
      ['notABoolean'],
      ['tooManyCells'],
      [],
      ['onlyOnce'],
      [],
    ]);
    expect(rows[1]?.problems[0]).toMatchObject({
      attribute: { code: 'length' },
      problem: 'notANumber',
    });
    expect(rows[2]?.problems[0]).toMatchObject({
      attribute: { code: 'length' },
      problem: 'required',
    });
    expect(rows.filter(isReady).map((row) => row.line)).toEqual([7, 9]);
  });

  it('says what a header row would lose: a column the item has no value for, an Optional that is neither yes nor no, values above the stated level', () => {
    const { rows } = readPastedRows(
      [
        'Item\tLength\tOptional\tLevel\tFenced\tDepth',
        'TRENCH\t3\tperhaps\t\t\t',
        'TRENCH\t3\t\t1\tyes\t',
        'TRENCH\t3\tno\t\t\t2',
        'TRENCH\t3\tyes\t\t\t',
      ].join('\n'),
      catalog,
      'en',
    );
    expect(rows.map((row) => row.problems)).toEqual([
      [{ kind: 'optional', text: 'perhaps' }],
      [{ kind: 'aboveLevel', attribute: fenced, level: 1 }],
      [{ kind: 'unknownColumn', column: 'Depth' }],
      [],
    ]);
    expect(rows[3]?.draft?.optional).toBe(true);
  });

  it('reads a lone comma as thousands in English ("1,500") and as the decimal mark in Czech', () => {
    const length = (locale: 'en' | 'cs', text: string) =>
      readPastedRows(`TRENCH\t${text}`, catalog, locale).rows.filter(isReady)[0]?.state.values[
        'length'
      ];
    expect(length('en', '1,500')).toBe(1500);
    expect(length('en', '12,5')).toBe(12.5);
    expect(length('cs', '1,500')).toBe(1.5);
    expect(length('cs', '1.234,5')).toBe(1234.5);
  });

  it('refuses a non-repeatable item the story already has', () => {
    const taken = createStoryCatalog({ items: [{ ...permit, inStory: true }] });
    expect(readPastedRows('PERMIT', taken, 'en').rows[0]?.problems).toEqual([
      { kind: 'onlyOnce', code: 'PERMIT' },
    ]);
  });

  it('splits quoted cells as spreadsheets copy them (tabs, line breaks and quotes inside)', () => {
    expect(splitCells('A\t"two\nlines"\t"say ""hi"""\r\nB\t\t\n\n')).toEqual([
      ['A', 'two\nlines', 'say "hi"'],
      ['B', '', ''],
    ]);
  });
});
