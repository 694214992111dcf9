// The formula-text escape of spreadsheet exports: what a spreadsheet would run is marked, and reading takes exactly the mark off.
import { describe, expect, it } from 'vitest';
import { escapeSheetText, unescapeSheetText } from './workbook';

describe('escapeSheetText', () => {
  it('marks text a spreadsheet would run as a formula, and nothing else', () => {
    expect(escapeSheetText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(escapeSheetText('-see plan')).toBe("'-see plan");
    expect(escapeSheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeSheetText('Plain name')).toBe('Plain name');
    expect(escapeSheetText("'quoted")).toBe("'quoted");
  });

  it('round-trips every text, apostrophes before a trigger included', () => {
    for (const text of [
      '=x',
      "'=x",
      "''=x",
      '-1',
      "'-1",
      '+420',
      '\tx',
      'plain',
      "'plain",
      "'",
      '',
    ]) {
      expect(unescapeSheetText(escapeSheetText(text))).toBe(text);
    }
  });
});
