// Spreadsheet export read back with exceljs: sheet names, real numbers with formats, frozen bold headers, and SUM/SUMIF totals whose cached results are the server's.
import type { Report } from '@costory/shared';
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderXlsxOnThisThread } from '../../src/modules/exports/render/render-xlsx';
import {
  buildReport,
  CZECH_PANGRAM,
  pricedTable,
  readWorkbook,
  treeTable,
} from './report-fixtures';

async function readBack(report: Report): Promise<ExcelJS.Workbook> {
  return readWorkbook(await renderXlsxOnThisThread(report));
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`No sheet "${name}"`);
  return found;
}

function formulaOf(cell: ExcelJS.Cell): { formula: string; result: unknown } {
  const value = cell.value as ExcelJS.CellFormulaValue;
  return { formula: value.formula, result: value.result };
}

describe('xlsx export', () => {
  it('starts with a summary of title, subject, date, parties, facts and notes', async () => {
    const workbook = await readBack(buildReport());
    const summary = sheet(workbook, 'Souhrn');
    expect(workbook.worksheets[0]?.name).toBe('Souhrn');
    expect(summary.getCell('A1').value).toBe('Souhrn podle rolí');
    expect(summary.getCell('A1').font.bold).toBe(true);
    expect(summary.getCell('A2').value).toBe(CZECH_PANGRAM);
    expect(summary.getCell('A3').value).toBe('24. listopadu 2025');
    expect(summary.getCell('A5').value).toBe('Dodavatel');
    expect(summary.getCell('B5').value).toBe('Šťastná ředitelka s.r.o.');
    expect(summary.getCell('B6').value).toBe('Údolní 12');
    expect(summary.getCell('A10').value).toBe('Celková cena');
    expect(summary.getCell('B10').value).toBe(1250.5);
    expect(summary.getCell('B10').numFmt).toBe('#,##0.00"\u00a0Kč"');
    expect(summary.getCell('B11').value).toBe(12.5);
    expect(summary.getCell('B11').numFmt).toBe('#,##0.0');
    expect(summary.getCell('A13').value).toBe('Instance s chybou ve vzorci se počítají jako 0.');
  });

  it('writes a table with numbers, formats, a frozen bold header and a SUM total', async () => {
    const report = buildReport({ tables: [pricedTable({ rows: 300, locale: 'cs' })] });
    const table = sheet(await readBack(report), 'Položky příběhu');

    expect(table.getCell('A1').value).toBe('Položky příběhu');
    expect(table.getRow(2).values).toEqual([
      undefined,
      'Položka',
      'Skupina',
      'Počet',
      'Čas (MD)',
      'Sazba',
      'Cena',
    ]);
    expect(table.getCell('A2').font.bold).toBe(true);
    expect(table.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });

    expect(table.getRow(3).values).toEqual([
      undefined,
      'Řádek 1',
      'Čeština',
      1,
      0.25,
      812.3525,
      1251.5,
    ]);
    expect(table.getCell('C3').numFmt).toBe('#,##0');
    expect(table.getCell('D3').numFmt).toBe('#,##0.00');
    expect(table.getCell('D4').numFmt).toBe('#,##0.0');
    expect(table.getCell('D6').numFmt).toBe('#,##0');
    expect(table.getCell('E3').numFmt).toBe('#,##0.00##"\u00a0Kč"');
    expect(table.getCell('F3').numFmt).toBe('#,##0.00"\u00a0Kč"');
    expect(table.getCell('A3').font.color?.argb).toBe('FF8A8A8A');

    expect(table.getCell('A303').value).toBe('Celkem');
    expect(table.getCell('A303').font.bold).toBe(true);
    expect(formulaOf(table.getCell('D303'))).toEqual({ formula: 'SUM(D3:D302)', result: 11287.5 });
    expect(formulaOf(table.getCell('F303'))).toEqual({ formula: 'SUM(F3:F302)', result: 420300 });
    // Unsummed columns hold no formula; the cached results are what a recalculation gives.
    expect(table.getCell('E303').value).toBeNull();
    let prices = 0;
    for (let row = 3; row <= 302; row++) prices += table.getCell(`F${row}`).value as number;
    expect(prices).toBeCloseTo(420300, 6);
  });

  it('sums only the top rows of a tree, through a hidden level column', async () => {
    const report = buildReport({ tables: [treeTable()] });
    const table = sheet(await readBack(report), 'Katalog');

    expect(table.getCell('A4').alignment.indent).toBe(1);
    expect(table.getCell('A5').alignment.indent).toBe(2);
    expect(table.getColumn(3).hidden).toBe(true);
    const total = formulaOf(table.getCell('B9'));
    expect(total).toEqual({ formula: 'SUMIF($C$3:$C$8,0,B3:B8)', result: 1000 });

    // What SUMIF computes: the level-0 rows only; adding every row would count 1,550 twice.
    let topRows = 0;
    let everyRow = 0;
    for (let row = 3; row <= 8; row++) {
      const price = table.getCell(`B${row}`).value as number;
      everyRow += price;
      if (table.getCell(`C${row}`).value === 0) topRows += price;
    }
    expect(topRows).toBe(1000);
    expect(everyRow).toBe(2150);
  });

  it('names sheets validly: no forbidden characters, at most 31 characters, unique', async () => {
    const table = pricedTable({ rows: 1, locale: 'en' });
    const report = buildReport({
      locale: 'en',
      currency: 'GBP',
      tables: [
        { ...table, title: 'Phases [draft]: a/b\\c*d?' },
        { ...table, title: 'A very long table title that goes on and on' },
        { ...table, title: 'A very long table title that goes on and on' },
        { ...table, title: 'summary' },
        { ...table, title: 'History' },
        { ...table, title: null },
      ],
    });
    const workbook = await readBack(report);
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([
      'Summary',
      'Phases draft a b c d',
      'A very long table title that go',
      'A very long table title tha (2)',
      'summary (2)',
      'History (2)',
      'Table 6',
    ]);
    expect(sheet(workbook, 'Table 6').getCell('A1').value).toBe('Summary by roles');
    expect(sheet(workbook, 'Summary').getCell('B10').numFmt).toBe('"£"#,##0.00');
  });

  it('writes score catalogs (no currency) with 2 decimals and no currency', async () => {
    const workbook = await readBack(buildReport({ currency: null, tables: [treeTable()] }));
    expect(sheet(workbook, 'Katalog').getCell('B3').numFmt).toBe('#,##0.00');
  });

  it('refuses a numeric cell that is not a decimal number', async () => {
    const table = treeTable();
    const report = buildReport({
      tables: [{ ...table, rows: [{ cells: ['Frontend', '12,5'], level: 0, muted: false }] }],
    });
    await expect(renderXlsxOnThisThread(report)).rejects.toThrow('Not a decimal number: "12,5"');
  });

  it('writes names that a spreadsheet would run as formulas as text with the apostrophe mark', async () => {
    const table = treeTable();
    const report = buildReport({
      tables: [
        {
          ...table,
          rows: [
            { cells: ['=HYPERLINK("http://evil","x")', '12.5'], level: 0, muted: false },
            { cells: ['@SUM(A1)', '1'], level: 0, muted: false },
            { cells: ['Plain name', '2'], level: 0, muted: false },
          ],
        },
      ],
    });
    const rows = sheet(await readBack(report), 'Katalog');
    expect([rows.getCell('A3').value, rows.getCell('A4').value, rows.getCell('A5').value]).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "'@SUM(A1)",
      'Plain name',
    ]);
  });
});
