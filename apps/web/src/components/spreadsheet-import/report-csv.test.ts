// A spreadsheet import's report as CSV: a BOM, a header, problems then changes; formula-like text escaped with an apostrophe and cells with separators quoted.
import { describe, expect, it } from 'vitest';
import type { ImportChange, ImportReport } from '@costory/shared';
import { csvCell, importReportCsv, importReportFileName } from './report-csv';

const TEXTS = {
  kind: 'Kind',
  sheet: 'Sheet',
  row: 'Row',
  column: 'Column',
  key: 'Key',
  action: 'Action',
  message: 'Problem',
  problem: 'Problem',
  change: 'Change',
  actionName: (action: ImportChange['action']) =>
    ({ CREATE: 'Create', UPDATE: 'Update', REMOVE: 'Remove' })[action],
};

describe('import report CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['=1+2', "'=1+2"],
    ['+420 123', "'+420 123"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=a,b', `"'=a,b"`],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and nothing for a missing value', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('lists the problems, then the changes, under one header with a BOM first', () => {
    const report: ImportReport = {
      format: 'xlsx',
      applied: false,
      sheets: [],
      problems: [{ sheet: 'Items', row: 4, column: 'name.cs', message: 'Příliš krátký název' }],
      problemCount: 1,
      changes: [{ sheet: 'Roles', key: 'DEV', action: 'UPDATE', columns: ['price', 'unit'] }],
      changeCount: 1,
    };
    expect(importReportCsv(report, TEXTS)).toBe(
      '\uFEFFKind,Sheet,Row,Column,Key,Action,Problem\r\n' +
        'Problem,Items,4,name.cs,,,Příliš krátký název\r\n' +
        'Change,Roles,,"price, unit",DEV,Update,\r\n',
    );
  });

  it('names the report after the imported file', () => {
    expect(importReportFileName('office fit-out.xlsx')).toBe('office fit-out-report.csv');
    expect(importReportFileName('.csv')).toBe('import-report.csv');
  });
});
