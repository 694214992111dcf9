// The catalogue import's spreadsheet reader (issue 20): xlsx cells by kind, CSV decoding and parsing, and the failures it reports.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  decodeCsvText,
  detectSeparator,
  detectSheetFormat,
  readSheets,
  SheetReadError,
  type ReadSheet,
  type SheetCell,
  type SheetReadFailure,
} from '../src/lib/spreadsheets/sheet-reader';

const text = (value: string): SheetCell => ({ kind: 'text', text: value });
const num = (value: number): SheetCell => ({ kind: 'number', value });
const empty: SheetCell = { kind: 'empty' };
const merged: SheetCell = { kind: 'merged' };

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const utf8 = (value: string): Uint8Array => new TextEncoder().encode(value);

async function failure(
  read: Promise<unknown>,
): Promise<{ reason: SheetReadFailure; sheet?: string }> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  // Anything the zip or XML layers emit late must surface (as an unhandled error) before the test ends.
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (!(error instanceof SheetReadError))
    throw new Error(`expected a SheetReadError, got ${String(error)}`);
  return error.sheet === undefined
    ? { reason: error.reason }
    : { reason: error.reason, sheet: error.sheet };
}

// Windows-1250 codes of the Czech letters outside ASCII, to build the bytes by hand.
const CP1250: Record<string, number> = {
  ř: 0xf8,
  í: 0xed,
  š: 0x9a,
  ž: 0x9e,
  ť: 0x9d,
  č: 0xe8,
  ů: 0xf9,
  ň: 0xf2,
  ý: 0xfd,
  á: 0xe1,
  é: 0xe9,
  Ř: 0xd8,
  Č: 0xc8,
  Š: 0x8a,
  Ž: 0x8e,
  ú: 0xfa,
  ě: 0xec,
  ď: 0xef,
  Ů: 0xd9,
  Ě: 0xcc,
  ó: 0xf3,
};

function cp1250(value: string): Uint8Array {
  return Uint8Array.from([...value], (ch) => {
    const code = ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : CP1250[ch];
    if (code === undefined) throw new Error(`no cp1250 code for ${ch} in the test table`);
    return code;
  });
}

/** A zip of stored (uncompressed) entries in the given order, for workbooks laid out as exceljs never writes them. */
function storedZip(files: [name: string, content: string][]): Uint8Array {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const data = Buffer.from(content, 'utf8');
    const path = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, path, data);
    directory.push(central, path);
    offset += local.length + path.length + data.length;
  }
  const size = directory.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...directory, end]));
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

describe('xlsx', () => {
  it('reads a workbook laid out as other programs write it', async () => {
    // Shared strings ahead of the worksheets (so exceljs parses them straight from the zip),
    // worksheets stored in another order than the workbook lists them, and absolute
    // relationship targets (openpyxl), which exceljs alone does not match to the sheet names.
    const bytes = storedZip([
      [
        'xl/workbook.xml',
        `<workbook ${MAIN} xmlns:r="${RELS}"><sheets><sheet name="Položky" sheetId="2" r:id="rId2"/><sheet name="Skupiny" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
      [
        'xl/sharedStrings.xml',
        `<sst ${MAIN}><si><t>code</t></si><si><r><t>ri</t></r><r><rPr><b/></rPr><t>ch</t></r></si></sst>`,
      ],
      [
        'xl/worksheets/sheet2.xml',
        `<worksheet ${MAIN}><sheetData>` +
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>cena</t></is></c><c r="C1" t="inlineStr"><is><t>x</t></is></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><f t="shared" ref="B2:B3" si="0">C2*2</f><v>4</v></c><c r="C2"><v>2</v></c></row>' +
          '<row r="3"><c r="A3" t="e"><v>#N/A</v></c><c r="B3"><f t="shared" si="0"/><v>6</v></c><c r="C3" t="b"><v>1</v></c></row>' +
          '<row r="4"><c r="A4" t="inlineStr"><is><t>spojeno</t></is></c><c r="B4"/></row>' +
          '</sheetData><mergeCells count="1"><mergeCell ref="A4:B4"/></mergeCells></worksheet>',
      ],
      [
        'xl/worksheets/sheet1.xml',
        `<worksheet ${MAIN}><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>G1</t></is></c></row></sheetData></worksheet>`,
      ],
    ]);

    expect(await readSheets(bytes, 'xlsx', { maxRows: 10 })).toEqual<ReadSheet[]>([
      {
        name: 'Položky',
        header: ['code', 'cena', 'x'],
        headerRow: 1,
        rows: [
          { row: 2, cells: [text('rich'), { kind: 'formula', text: '=C2*2' }, num(2)] },
          {
            row: 3,
            cells: [
              { kind: 'error', text: '#N/A' },
              { kind: 'formula', text: '=' },
              { kind: 'boolean', value: true },
            ],
          },
          { row: 4, cells: [text('spojeno'), merged] },
        ],
      },
      { name: 'Skupiny', header: ['G1'], headerRow: 2, rows: [] },
    ]);
  });

  it('reads each kind of cell, never a formula result, and marks merged cells', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Items');
      ws.addRow(['code', ' name ', 'price', 'active', 'since', 'link']);
      ws.addRow([
        'A-1',
        'Příliš žluťoučký kůň',
        12.5,
        true,
        new Date(Date.UTC(2026, 10, 28)),
        { formula: 'HYPERLINK("http://x","y")', result: 'y' },
      ]);
      ws.getCell('A3').value = 'wide';
      ws.mergeCells('A3:B3');
      ws.getCell('C3').value = "=cmd|' /C calc'!A0";
      ws.getCell('D3').value = false;
      ws.getCell('E3').value = new Date(Date.UTC(2026, 10, 28, 10, 30));
      ws.getCell('F3').value = { error: '#REF!' };
      ws.getCell('A5').value = {
        richText: [{ text: 'rich ' }, { font: { bold: true }, text: 'text' }],
      };
      ws.getCell('C5').value = { text: 'site', hyperlink: 'http://example.com' };
      ws.fillFormula('D5:D6', 'C2*2', [25, 666]);
    });

    const sheets = await readSheets(bytes, 'xlsx', { maxRows: 100 });

    expect(sheets).toEqual<ReadSheet[]>([
      {
        name: 'Items',
        header: ['code', 'name', 'price', 'active', 'since', 'link'],
        headerRow: 1,
        rows: [
          {
            row: 2,
            cells: [
              text('A-1'),
              text('Příliš žluťoučký kůň'),
              num(12.5),
              { kind: 'boolean', value: true },
              { kind: 'date', iso: '2026-11-28' },
              { kind: 'formula', text: '=HYPERLINK("http://x","y")' },
            ],
          },
          {
            row: 3,
            cells: [
              text('wide'),
              merged,
              text("=cmd|' /C calc'!A0"),
              { kind: 'boolean', value: false },
              { kind: 'date', iso: '2026-11-28T10:30:00.000Z' },
              { kind: 'error', text: '#REF!' },
            ],
          },
          // Row 4 holds nothing and is left out.
          {
            row: 5,
            cells: [text('rich text'), empty, text('site'), { kind: 'formula', text: '=C2*2' }],
          },
          // A shared formula's other cells stream without their formula text (exceljs keeps
          // only the master's): still a formula, and still not the cached 666.
          { row: 6, cells: [empty, empty, empty, { kind: 'formula', text: '=' }] },
        ],
      },
    ]);
  });

  it('marks every cell a merge covers but its top-left one, within the data width', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Groups');
      ws.getCell('B2').value = 'code';
      ws.getCell('C2').value = 'name';
      ws.getCell('D2').value = 'note';
      ws.getCell('B3').value = 'G1';
      ws.getCell('C3').value = 'spans three rows';
      ws.mergeCells('C3:C5');
      ws.getCell('B4').value = 'G2';
      ws.getCell('B5').value = 'G3';
      ws.getCell('B6').value = 'G4';
      ws.mergeCells('C6:Z7'); // wider than the data and over a row without data
    });

    const [sheet] = await readSheets(bytes, 'xlsx', { maxRows: 100 });

    expect(sheet).toEqual<ReadSheet>({
      name: 'Groups',
      header: ['', 'code', 'name', 'note'],
      headerRow: 2,
      rows: [
        { row: 3, cells: [empty, text('G1'), text('spans three rows')] },
        { row: 4, cells: [empty, text('G2'), merged] },
        { row: 5, cells: [empty, text('G3'), merged] },
        // C6 is the top-left cell (and empty); D6 is covered, Z6 lies beyond the data.
        { row: 6, cells: [empty, text('G4'), empty, merged] },
      ],
    });
  });

  it('returns the worksheets in workbook order, an empty one with no header and no rows', async () => {
    const bytes = await xlsx((wb) => {
      wb.addWorksheet('Groups').addRows([['code'], ['G1']]);
      wb.addWorksheet('Nothing here');
      wb.addWorksheet('Položky').addRows([[], ['code', 2], [], ['I1', 3]]);
    });

    const sheets = await readSheets(bytes, 'xlsx', { maxRows: 100 });

    expect(sheets).toEqual<ReadSheet[]>([
      { name: 'Groups', header: ['code'], headerRow: 1, rows: [{ row: 2, cells: [text('G1')] }] },
      { name: 'Nothing here', header: [], headerRow: 0, rows: [] },
      {
        name: 'Položky',
        header: ['code', '2'],
        headerRow: 2,
        rows: [{ row: 4, cells: [text('I1'), num(3)] }],
      },
    ]);
  });

  it('keeps Czech text whole across the chunks the zip inflates into', async () => {
    // exceljs on its own decodes each chunk apart and turns a character split between two into
    // U+FFFD; 3,000 rows of mostly two-byte letters cross many chunk boundaries.
    const line = (i: number): string => `Příliš žluťoučký kůň úpěl ďábelské ódy ${i}`;
    const czech = 'ěščřžýáíéůúňťď'.repeat(3);
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Čeština');
      ws.addRow(['text', 'rich', 'formula']);
      for (let i = 0; i < 3000; i++) {
        ws.addRow([
          line(i),
          { richText: [{ text: `ř${i}` }, { text: 'ů' }] },
          // Formulas live in the worksheet's own XML, strings in the shared strings part.
          { formula: `"${i}${czech}"`, result: 'x' },
        ]);
      }
    });

    const [sheet] = await readSheets(bytes, 'xlsx', { maxRows: 3000 });

    expect(sheet?.rows).toHaveLength(3000);
    sheet?.rows.forEach(({ row, cells }, i) => {
      expect(row).toBe(i + 2);
      expect(cells).toEqual([
        text(line(i)),
        text(`ř${i}ů`),
        { kind: 'formula', text: `="${i}${czech}"` },
      ]);
    });
  });

  it('stops with TOO_MANY_ROWS once a sheet has more data rows than allowed', async () => {
    const bytes = await xlsx((wb) => {
      wb.addWorksheet('Small').addRows([['code'], ['a']]);
      wb.addWorksheet('Items').addRows([['code'], ['a'], ['b'], ['c'], [], ['d']]);
    });

    expect(await readSheets(bytes, 'xlsx', { maxRows: 4 })).toHaveLength(2);
    expect(await failure(readSheets(bytes, 'xlsx', { maxRows: 3 }))).toEqual({
      reason: 'TOO_MANY_ROWS',
      sheet: 'Items',
    });
  });

  it('leaves no temporary worksheet copy behind when it stops at TOO_MANY_ROWS', async () => {
    // exceljs copies worksheets that precede the shared strings in the zip to temporary files
    // (tmp-<pid>-…), as Excel and exceljs itself order them.
    const ours = (): string[] =>
      readdirSync(tmpdir()).filter((file) => file.startsWith(`tmp-${process.pid}-`));
    const before = new Set(ours());
    const bytes = await xlsx((wb) => {
      for (const name of ['A', 'B', 'C']) wb.addWorksheet(name).addRows([['code'], ['a'], ['b']]);
    });

    expect(await failure(readSheets(bytes, 'xlsx', { maxRows: 1 }))).toEqual({
      reason: 'TOO_MANY_ROWS',
      sheet: 'A',
    });
    expect(ours().filter((file) => !before.has(file))).toEqual([]);
  });

  it('reports a workbook without a single value as EMPTY', async () => {
    const bytes = await xlsx((wb) => {
      wb.addWorksheet('A');
      wb.addWorksheet('B').getCell('C3').value = '';
    });
    expect(await failure(readSheets(bytes, 'xlsx', { maxRows: 10 }))).toEqual({ reason: 'EMPTY' });
    expect(await failure(readSheets(new Uint8Array(), 'xlsx', { maxRows: 10 }))).toEqual({
      reason: 'EMPTY',
    });
  });

  it('rejects what is not a workbook with NOT_A_WORKBOOK, without an unhandled error', async () => {
    const good = await xlsx((wb) => {
      wb.addWorksheet('Items').addRows([
        ['code', 'name'],
        ...Array.from({ length: 200 }, (_, i) => [`c${i}`, `n${i}`]),
      ]);
    });
    const notAWorkbook = { reason: 'NOT_A_WORKBOOK' };

    expect(await failure(readSheets(utf8('PK\x03\x04garbage'), 'xlsx', { maxRows: 10 }))).toEqual(
      notAWorkbook,
    );
    expect(await failure(readSheets(utf8('PK\x03\x04'), 'xlsx', { maxRows: 10 }))).toEqual(
      notAWorkbook,
    );
    expect(
      await failure(readSheets(good.slice(0, good.length >> 1), 'xlsx', { maxRows: 10 })),
    ).toEqual(notAWorkbook);
    // A well-formed zip whose xl/workbook.xml is renamed (same length, so the zip stays valid).
    const renamed = Buffer.from(good);
    let at = renamed.indexOf('xl/workbook.xml');
    expect(at).toBeGreaterThan(-1);
    while (at !== -1) {
      renamed.write('xl/workbook.xmX', at, 'latin1');
      at = renamed.indexOf('xl/workbook.xml', at);
    }
    expect(await failure(readSheets(renamed, 'xlsx', { maxRows: 1000 }))).toEqual(notAWorkbook);
  });

  it('never throws anything but a SheetReadError on a damaged workbook', async () => {
    const good = await xlsx((wb) => {
      wb.addWorksheet('Items').addRows([
        ['code', 'name'],
        ...Array.from({ length: 200 }, (_, i) => [`c${i}`, `n${i}`]),
      ]);
    });
    // Some of these damage the deflate data of an entry exceljs waits on; unzipper reports that on
    // the zip only, and without the reader's fix the read never settled (the test timed out).
    const damaged: Uint8Array[] = [];
    for (let at = 4; at < good.length; at += Math.ceil(good.length / 60)) {
      const filled = Uint8Array.from(good);
      filled.fill(0x5a, at, at + 16);
      damaged.push(filled, good.slice(0, at));
    }
    for (const bytes of damaged) {
      const outcome = await readSheets(bytes, 'xlsx', { maxRows: 1000 }).then(
        () => 'read',
        (e: unknown) => (e instanceof SheetReadError ? e.reason : e),
      );
      expect(['read', 'NOT_A_WORKBOOK', 'EMPTY']).toContain(outcome);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it('streams a 10,000 × 10 sheet', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Items');
      ws.addRow(Array.from({ length: 10 }, (_, c) => `column ${c}`));
      for (let r = 0; r < 10_000; r++) {
        ws.addRow(Array.from({ length: 10 }, (_, c) => (c % 2 === 0 ? `r${r}c${c}` : r * 10 + c)));
      }
    });

    const started = performance.now();
    const [sheet] = await readSheets(bytes, 'xlsx', { maxRows: 10_000 });
    const elapsed = performance.now() - started;
    // eslint-disable-next-line no-console
    console.log(
      `sheet-reader: 10,000 × 10 xlsx (${bytes.length} bytes) read in ${elapsed.toFixed(0)} ms`,
    );

    expect(sheet?.rows).toHaveLength(10_000);
    expect(sheet?.rows[9999]).toEqual({
      row: 10_001,
      cells: Array.from({ length: 10 }, (_, c) =>
        c % 2 === 0 ? text(`r9999c${c}`) : num(99_990 + c),
      ),
    });
  });
});

describe('csv', () => {
  it('reads UTF-8 with a BOM and commas', async () => {
    const bytes = utf8('\uFEFFcode,name,price\r\nA-1,Příliš žluťoučký kůň,12.5\r\n,, \r\n');

    expect(await readSheets(bytes, 'csv', { maxRows: 10, fileName: 'items.export.csv' })).toEqual<
      ReadSheet[]
    >([
      {
        name: 'items.export',
        header: ['code', 'name', 'price'],
        headerRow: 1,
        rows: [
          { row: 2, cells: [text('A-1'), text('Příliš žluťoučký kůň'), text('12.5')] },
          { row: 3, cells: [empty, empty, text(' ')] },
        ],
      },
    ]);
  });

  it('reads Windows-1250 with semicolons', async () => {
    const bytes = cp1250('kód;název\r\nŘ1;Příliš žluťoučký kůň úpěl ďábelské ódy\r\nŠ2;ČŽŮĚ\r\n');

    expect(decodeCsvText(bytes)).toBe(
      'kód;název\r\nŘ1;Příliš žluťoučký kůň úpěl ďábelské ódy\r\nŠ2;ČŽŮĚ\r\n',
    );
    expect(await readSheets(bytes, 'csv', { maxRows: 10 })).toEqual<ReadSheet[]>([
      {
        name: '',
        header: ['kód', 'název'],
        headerRow: 1,
        rows: [
          { row: 2, cells: [text('Ř1'), text('Příliš žluťoučký kůň úpěl ďábelské ódy')] },
          { row: 3, cells: [text('Š2'), text('ČŽŮĚ')] },
        ],
      },
    ]);
  });

  it('parses quoted fields, counts records rather than lines, and keeps text as written', async () => {
    const csv = [
      '',
      'code;note;size',
      '"A;1";"say ""hi""\r\nthen leave";" 3 "',
      '',
      'B; unquoted ;',
      '"C"x;"";"=cmd|\' /C calc\'!A0"',
      'D;"no end',
    ].join('\r\n');

    const [sheet] = await readSheets(utf8(csv), 'csv', { maxRows: 10 });

    expect(sheet).toEqual<ReadSheet>({
      name: '',
      header: ['code', 'note', 'size'],
      headerRow: 2,
      rows: [
        { row: 3, cells: [text('A;1'), text('say "hi"\r\nthen leave'), text(' 3 ')] },
        { row: 5, cells: [text('B'), text(' unquoted '), empty] },
        { row: 6, cells: [text('Cx'), empty, text("=cmd|' /C calc'!A0")] },
        { row: 7, cells: [text('D'), text('no end')] },
      ],
    });
  });

  it('ends lines at LF, CRLF or a lone CR, and a final newline adds no row', async () => {
    const [sheet] = await readSheets(utf8('h\ta\rx\t1\ny\t2\r\nz\t3\n'), 'csv', { maxRows: 10 });

    expect(sheet?.header).toEqual(['h', 'a']);
    expect(sheet?.rows).toEqual([
      { row: 2, cells: [text('x'), text('1')] },
      { row: 3, cells: [text('y'), text('2')] },
      { row: 4, cells: [text('z'), text('3')] },
    ]);
  });

  it('reports files without a value as EMPTY', async () => {
    for (const bytes of [new Uint8Array(), utf8('\uFEFF'), utf8('\r\n\n\r\n'), utf8(';;\n;;\n')]) {
      expect(await failure(readSheets(bytes, 'csv', { maxRows: 10 }))).toEqual({ reason: 'EMPTY' });
    }
  });

  it('stops with TOO_MANY_ROWS once there are more data rows than allowed', async () => {
    const bytes = utf8('code\na\n\nb\nc\n');
    expect((await readSheets(bytes, 'csv', { maxRows: 3 }))[0]?.rows).toHaveLength(3);
    expect(await failure(readSheets(bytes, 'csv', { maxRows: 2, fileName: 'items.csv' }))).toEqual({
      reason: 'TOO_MANY_ROWS',
      sheet: 'items',
    });
  });

  it('decodes UTF-8 strictly and falls back to Windows-1250', () => {
    expect(decodeCsvText(utf8('\uFEFFčaj'))).toBe('čaj');
    expect(decodeCsvText(utf8('čaj'))).toBe('čaj');
    expect(decodeCsvText(Uint8Array.from([0xe8, 0x61, 0x6a]))).toBe('čaj');
    expect(decodeCsvText(new Uint8Array())).toBe('');
  });

  it('detects the separator on the first non-empty line, outside quotes', () => {
    expect(detectSeparator('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('a,b;c,d')).toBe(',');
    expect(detectSeparator('a\tb\tc;d')).toBe('\t');
    expect(detectSeparator('"x;y;z";"a,b"\n')).toBe(';');
    expect(detectSeparator('"1;2;3",4,5')).toBe(',');
    expect(detectSeparator('\r\n\n  \na;b')).toBe(';');
    expect(detectSeparator('a;b,c')).toBe(',');
    expect(detectSeparator('a\tb;c')).toBe(',');
    expect(detectSeparator('abc')).toBe(',');
    expect(detectSeparator('')).toBe(',');
  });
});

describe('detectSheetFormat', () => {
  it('tells xlsx by the zip signature and CSV by the name or by being text', async () => {
    const workbook = await xlsx((wb) => wb.addWorksheet('A').addRow(['x']));
    const oldXls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]);

    expect(detectSheetFormat(workbook)).toBe('xlsx');
    expect(detectSheetFormat(workbook, 'items.csv')).toBe('xlsx');
    expect(detectSheetFormat(utf8('PK\x03\x04garbage'))).toBe('xlsx');
    expect(detectSheetFormat(utf8('code;name\n'), 'items.CSV')).toBe('csv');
    expect(detectSheetFormat(cp1250('kód;název\n'))).toBe('csv');
    expect(detectSheetFormat(oldXls, 'items.xls')).toBeNull();
    expect(detectSheetFormat(oldXls, 'items.txt')).toBe('csv');
    expect(detectSheetFormat(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]), 'items.xlsx')).toBeNull();
    expect(detectSheetFormat(utf8('PK\x03'), 'x.xlsx')).toBe('csv');
  });
});
