// The catalogue workbook (issue 20): export then import is the identity, the dry run's problems by sheet, row and column in English and Czech, apply all or nothing, and bad files answered clearly.
import type { CatalogImportReport, Item } from '@costory/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheets } from '../../src/lib/spreadsheets/sheet-reader';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addMember, bodies, createCatalog } from '../helpers/catalog-factories';

const OCTETS = { 'content-type': 'application/octet-stream' };

describe('catalogue workbook', () => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let adminUser: Awaited<ReturnType<typeof createCatalog>>['admin'];
  let source: number;

  async function newCatalog(): Promise<number> {
    const { catalog } = await createCatalog(ctx.app.db, {
      admin: adminUser,
      visibility: 'PRIVATE',
    });
    return catalog.id;
  }

  async function exportOf(catalogId: number, query = 'format=xlsx'): Promise<Buffer> {
    const response = await admin.get(`/api/v1/catalogs/${catalogId}/workbook?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  }

  async function importInto(
    catalogId: number,
    file: Buffer | string,
    options: { apply?: boolean; fileName?: string; locale?: string; caller?: ApiCaller } = {},
  ): Promise<CatalogImportReport> {
    const query = new URLSearchParams({
      apply: String(options.apply ?? false),
      ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
    });
    const response = await (options.caller ?? admin).post(
      `/api/v1/catalogs/${catalogId}/imports?${query.toString()}`,
      typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
      { ...OCTETS, 'accept-language': options.locale ?? 'en' },
    );
    return expectStatus<CatalogImportReport>(response, 200);
  }

  /** Every sheet's rows as plain values, to compare two workbooks. */
  async function sheetsOf(file: Buffer) {
    const sheets = await readSheets(file, 'xlsx', { maxRows: 1000 });
    return sheets.map((sheet) => ({
      name: sheet.name,
      header: sheet.header,
      rows: sheet.rows.map((row) => row.cells),
    }));
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    const created = await createCatalog(ctx.app.db, { visibility: 'PRIVATE' });
    adminUser = created.admin;
    source = created.catalog.id;
    admin = await apiAs(ctx.app, adminUser.id);
    const base = `/api/v1/catalogs/${source}`;
    const post = async <T>(path: string, body: unknown) =>
      expectStatus<T>(await admin.post(`${base}${path}`, body), 201);
    const walls = await post<{ id: number }>(
      '/groups',
      bodies.group({ code: 'WALLS', name: { en: 'Walls', cs: 'Stěny' } }),
    );
    const inner = await post<{ id: number }>(
      '/groups',
      bodies.group({
        code: 'INNER',
        name: { en: 'Inner walls', cs: 'Vnitřní stěny' },
        parentId: walls.id,
      }),
    );
    const build = await post<{ id: number }>(
      '/phases',
      bodies.phase({ code: 'BUILD', name: { en: 'Build', cs: 'Stavba' } }),
    );
    const mason = await post<{ id: number }>(
      '/roles',
      bodies.role({
        code: 'MASON',
        name: { en: 'Mason', cs: 'Zedník' },
        unit: 'HOUR',
        price: '450.25',
      }),
    );
    const outdoor = await post<{ id: number }>(
      '/labels',
      bodies.label({ title: 'Outdoor, covered', color: '#00AA00' }),
    );
    await post('/labels', bodies.label({ title: '=cmd|calc', color: '#0000aa' }));
    const wall = await post<Item>(
      '/items',
      bodies.item({
        code: 'WALL',
        name: { en: 'Brick wall', cs: 'Cihlová zeď' },
        description: { en: 'A wall of bricks', cs: 'Zeď z cihel' },
        groupId: inner.id,
        phaseId: build.id,
        labelIds: [outdoor.id],
        repeatable: true,
        attributes: [
          bodies.attribute({
            code: 'area',
            name: { en: 'Area', cs: 'Plocha' },
            minimum: 0,
            maximum: 1000.5,
            defaultValue: 10,
          }),
          bodies.attribute({
            code: 'brick',
            name: { en: 'Brick', cs: 'Cihla' },
            type: 'ENUM',
            defaultValue: 'FULL',
            enumValues: [
              { code: 'FULL', label: { en: 'Full', cs: 'Plná' } },
              { code: 'HOLLOW', label: { en: 'Hollow', cs: 'Dutá' } },
            ],
          }),
          bodies.attribute({
            code: 'note',
            level: 2,
            name: { en: 'Note' },
            type: 'TEXT',
            defaultValue: '-see plan',
          }),
        ],
      }),
    );
    expectStatus(
      await admin.put(`${base}/items/${wall.id}/formulas`, {
        revision: wall.revision,
        formulas: [
          { roleId: mason.id, level: 1, name: 'Laying', expression: 'area * 0.5' },
          {
            roleId: mason.id,
            level: 2,
            name: 'Laying, hollow',
            expression: 'brick == "HOLLOW" ? area * 0.4 : area * 0.5',
          },
        ],
      }),
      200,
    );
  });
  afterAll(() => ctx.close());

  it('exports the template: every sheet, the languages as columns, typed cells', async () => {
    const sheets = await sheetsOf(await exportOf(source));
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      'Groups',
      'Phases',
      'Roles',
      'Labels',
      'Items',
      'Attributes',
      'Values',
      'Formulas',
    ]);
    const roles = sheets[2];
    expect(roles?.header).toEqual([
      'code',
      'name.en',
      'name.cs',
      'description.en',
      'description.cs',
      'unit',
      'price',
    ]);
    expect(roles?.rows).toEqual([
      [
        { kind: 'text', text: 'MASON' },
        { kind: 'text', text: 'Mason' },
        { kind: 'text', text: 'Zedník' },
        { kind: 'empty' },
        { kind: 'empty' },
        { kind: 'text', text: 'HOUR' },
        { kind: 'number', value: 450.25 },
      ],
    ]);
    // Text a spreadsheet would run as a formula is written as text with the apostrophe mark.
    const labels = sheets[3]?.rows.map((row) => row[0]);
    expect(labels).toContainEqual({ kind: 'text', text: "'=cmd|calc" });
  });

  it('export then import into an empty catalog is the identity (a label with a comma too), and a second import changes nothing', async () => {
    const file = await exportOf(source);
    const target = await newCatalog();
    const dryRun = await importInto(target, file, { fileName: 'catalog.xlsx' });
    expect(dryRun.problems).toEqual([]);
    expect(dryRun.applied).toBe(false);
    expect(dryRun.sheets).toEqual([
      { sheet: 'Groups', rows: 2, created: 2, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Phases', rows: 1, created: 1, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Roles', rows: 1, created: 1, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Labels', rows: 2, created: 2, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Items', rows: 1, created: 1, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Attributes', rows: 3, created: 3, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Values', rows: 2, created: 2, updated: 0, removed: 0, unchanged: 0 },
      { sheet: 'Formulas', rows: 2, created: 2, updated: 0, removed: 0, unchanged: 0 },
    ]);
    // The dry run wrote nothing.
    expect((await sheetsOf(await exportOf(target))).every((sheet) => sheet.rows.length === 0)).toBe(
      true,
    );

    const applied = await importInto(target, file, { apply: true, fileName: 'catalog.xlsx' });
    expect(applied.applied).toBe(true);
    expect(applied.changeCount).toBe(14);
    expect(await sheetsOf(await exportOf(target))).toEqual(await sheetsOf(file));

    const again = await importInto(target, file, { apply: true });
    expect(again.applied).toBe(false);
    expect(again.changeCount).toBe(0);
    expect(again.sheets.every((sheet) => sheet.unchanged === sheet.rows)).toBe(true);

    // New items start Pending: the workflow decides when they reach stories.
    const items = expectStatus<{ items: { code: string; state: string; version: number }[] }>(
      await admin.get(`/api/v1/catalogs/${target}/items`),
      200,
    );
    expect(items.items).toMatchObject([{ code: 'WALL', state: 'PENDING', version: 0 }]);
  });

  it('re-importing into the source changes nothing and says so', async () => {
    const report = await importInto(source, await exportOf(source));
    expect(report.problems).toEqual([]);
    expect(report.changeCount).toBe(0);
  });

  it('updates by code from a Czech CSV in Windows-1250 with semicolons, leaving the columns it lacks alone', async () => {
    const target = await newCatalog();
    await importInto(target, await exportOf(source), { apply: true });
    // "kód;název.cs" in the template's spelling: code;name.cs — Czech text as Windows-1250 bytes.
    const cp1250 = Buffer.from([
      ...Buffer.from('code;name.cs\r\nWALL;', 'latin1'),
      0x43,
      0x69,
      0x68,
      0x6c,
      0x6f,
      0x76,
      0xe1,
      0x20,
      0x7a,
      0x65,
      0xef, // "Cihlová zeď"
      0x20,
      0x9a,
      0x69,
      0x72,
      0x6f,
      0x6b,
      0xe1, // " široká"
      0x0d,
      0x0a,
    ]);
    const report = await importInto(target, cp1250, { fileName: 'polozky.csv', apply: true });
    expect(report.problems).toEqual([]);
    expect(report.changes).toEqual([
      { sheet: 'Items', key: 'WALL', action: 'UPDATE', columns: ['name.cs'] },
    ]);
    expect(report.applied).toBe(true);
    const items = expectStatus<{ items: { name: Record<string, string> }[] }>(
      await admin.get(`/api/v1/catalogs/${target}/items`),
      200,
    );
    expect(items.items[0]?.name).toEqual({ en: 'Brick wall', cs: 'Cihlová zeď široká' });
  });

  it('lists every problem by sheet, row and column in English and Czech, and applies nothing', async () => {
    const target = await newCatalog();
    const csv = [
      'code,name.en,group,phase,labels,repeatable',
      'PIPE,Pipe,NOWHERE,,,yes',
      'PIPE,Pipe again,,,,',
      'bad code!,Bad,,,,',
      'TAP,,,,Missing label,maybe',
    ].join('\n');
    const english = await importInto(target, csv, { fileName: 'items.csv', apply: true });
    expect(english.applied).toBe(false);
    expect(english.problems).toEqual([
      {
        sheet: 'Items',
        row: 2,
        column: 'group',
        message: 'There is no group “NOWHERE” in the catalog or in the file',
      },
      { sheet: 'Items', row: 3, column: 'code', message: '“PIPE” is already on row 2' },
      {
        sheet: 'Items',
        row: 4,
        column: 'code',
        message: 'A code has 1 to 50 characters: letters without accents, digits, _ . and -',
      },
      {
        sheet: 'Items',
        row: 5,
        column: 'repeatable',
        message: 'Must be true or false (also yes/no, 1/0)',
      },
      {
        sheet: 'Items',
        row: 5,
        column: 'name.en',
        message: "The name in the catalog's default language (English) is required",
      },
      {
        sheet: 'Items',
        row: 5,
        column: 'labels',
        message: 'There is no label “Missing label” in the catalog or in the file',
      },
    ]);
    const czech = await importInto(target, csv, { fileName: 'items.csv', locale: 'cs' });
    expect(czech.problems.map((problem) => problem.message)).toContain(
      'Skupina „NOWHERE“ v katalogu ani v souboru není',
    );
    expect(czech.problems.map((problem) => problem.message)).toContain('„PIPE“ už je na řádku 2');
    const items = expectStatus<{ items: unknown[] }>(
      await admin.get(`/api/v1/catalogs/${target}/items`),
      200,
    );
    expect(items.items).toEqual([]);
  });

  it('reports formula errors with the checker’s own words and positions, and unknown references', async () => {
    const target = await newCatalog();
    await importInto(target, await exportOf(source), { apply: true });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Formulas').addRows([
      ['item', 'role', 'level', 'name', 'expression'],
      ['WALL', 'MASON', 1, 'Laying', 'area * '],
      ['WALL', 'PAINTER', 2, 'Paint', 'area'],
      ['ROOF', 'MASON', 1, 'Roof', 'area'],
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = await importInto(target, file, { locale: 'cs' });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sheet: 'Formulas',
          row: 2,
          column: 'expression',
          message: expect.stringMatching(/na znaku \d+/) as string,
        }),
        {
          sheet: 'Formulas',
          row: 3,
          column: 'role',
          message: 'Role „PAINTER“ v katalogu ani v souboru není',
        },
        {
          sheet: 'Formulas',
          row: 4,
          column: 'item',
          message: 'Položka „ROOF“ v katalogu ani v souboru není',
        },
      ]),
    );
  });

  it('reads formula cells as text, refuses dates for numbers and merged cells, never evaluating anything', async () => {
    const target = await newCatalog();
    const workbook = new ExcelJS.Workbook();
    const roles = workbook.addWorksheet('Roles');
    roles.addRows([
      ['code', 'name.en', 'unit', 'price'],
      ['LINK', { formula: 'HYPERLINK("http://evil","x")', result: 'x' }, 'HOUR', 10],
      ['DATED', 'Dated', 'HOUR', new Date(Date.UTC(2026, 0, 2))],
      ['MERGED', 'Merged', 'HOUR', 5],
    ]);
    roles.mergeCells('C4:D4');
    const report = await importInto(target, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(report.problems).toEqual(
      expect.arrayContaining([
        { sheet: 'Roles', row: 3, column: 'price', message: 'A date where a number belongs' },
        expect.objectContaining({ sheet: 'Roles', row: 4, column: 'price' }),
      ]),
    );
    expect(report.problems.some((problem) => problem.row === 2)).toBe(false);
    expect(report.changes).toContainEqual({
      sheet: 'Roles',
      key: 'LINK',
      action: 'CREATE',
      columns: [],
    });
  });

  it('removes an item’s attributes and formulas that its list in the file no longer has', async () => {
    const target = await newCatalog();
    await importInto(target, await exportOf(source), { apply: true });
    const csv = 'item,role,level,name,expression\nWALL,MASON,1,Laying,area * 0.6\n';
    const report = await importInto(target, csv, { fileName: 'Formulas.csv', apply: true });
    expect(report.changes).toEqual([
      { sheet: 'Formulas', key: 'WALL / MASON / 1', action: 'UPDATE', columns: ['expression'] },
      { sheet: 'Formulas', key: 'WALL / MASON / 2', action: 'REMOVE', columns: [] },
    ]);
    expect(report.applied).toBe(true);
  });

  it('needs the rights of each sheet and item it changes; a reader gets 403, another tenant 404', async () => {
    const reader = await addMember(ctx.app.db, source, 'CTL_READER');
    const readerApi = await apiAs(ctx.app, reader.id);
    const refused = await readerApi.post(
      `/api/v1/catalogs/${source}/imports?fileName=items.csv`,
      Buffer.from('code,name.en\nNEW,New\n'),
      OCTETS,
    );
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused).detail).toBe(
      'Your role in this catalog (Reader) does not allow you to suggest new items.',
    );
    // A reporter may suggest new items, not change the admin's.
    const reporter = await addMember(ctx.app.db, source, 'CTL_REPORTER');
    const reporterApi = await apiAs(ctx.app, reporter.id);
    const report = await importInto(source, 'code,name.en\nNEW,New\nWALL,Renamed wall\n', {
      fileName: 'items.csv',
      caller: reporterApi,
    });
    expect(report.problems).toEqual([
      {
        sheet: 'Items',
        row: 3,
        column: null,
        message:
          'You may not change the item “WALL”: as a Reporter you may change only the items you suggested, and only while they are Pending',
      },
    ]);
    const roles = await importInto(source, 'code,price\nMASON,500\n', {
      fileName: 'roles.csv',
      caller: reporterApi,
    });
    expect(roles.problems).toEqual([
      {
        sheet: 'Roles',
        row: null,
        column: null,
        message:
          'Your role in this catalog (Reporter) does not allow you to change groups, phases, roles and labels.',
      },
    ]);
    const { admin: stranger } = await createCatalog(ctx.app.db);
    const strangerApi = await apiAs(ctx.app, stranger.id);
    const response = await strangerApi.post(
      `/api/v1/catalogs/${source}/imports`,
      Buffer.from('code\nX\n'),
      OCTETS,
    );
    expect(response.statusCode).toBe(404);
  });

  it('answers bad files clearly: empty, not a spreadsheet, a damaged workbook, too large', async () => {
    const target = await newCatalog();
    expect((await importInto(target, Buffer.alloc(0), { fileName: 'empty.csv' })).problems).toEqual(
      [{ sheet: '', row: null, column: null, message: 'The file is empty' }],
    );
    const damaged = await importInto(
      target,
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]),
    );
    expect(damaged.problems[0]?.message).toMatch(/cannot be read as an Excel workbook/);
    const binary = await admin.post(
      `/api/v1/catalogs/${target}/imports`,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0, 1, 2, 3]),
      { ...OCTETS, 'accept-language': 'cs' },
    );
    expect(binary.statusCode).toBe(400);
    expect(problemOf(binary).detail).toMatch(/není sešit Excelu/);
    const large = await admin.post(
      `/api/v1/catalogs/${target}/imports`,
      Buffer.alloc(21 * 1024 * 1024, 65),
      OCTETS,
    );
    expect(large.statusCode).toBeGreaterThanOrEqual(400);
    expect(large.statusCode).toBeLessThan(500);
    expect(problemOf(large).detail).not.toBe('');
  });

  it('exports one sheet as CSV with formula-like text escaped', async () => {
    const csv = (await exportOf(source, 'format=csv&sheet=Labels')).toString('utf8');
    expect(csv.startsWith('\uFEFFtitle,description,color\r\n')).toBe(true);
    expect(csv).toContain("'=cmd|calc,,#0000aa");
  });

  it('answers hostile cells and bodies with problems, never a crash', async () => {
    const target = await newCatalog();
    const roles = await importInto(target, 'code,name.en,unit,price\nBIG,Big,HOUR,1e21\n', {
      fileName: 'roles.csv',
    });
    expect(roles.problems).toEqual([
      { sheet: 'Roles', row: 2, column: 'price', message: 'Must be a number' },
    ]);
    const json = await admin.post(`/api/v1/catalogs/${target}/imports`, {});
    expect(expectStatus<CatalogImportReport>(json, 200).problems).toEqual([
      { sheet: '', row: null, column: null, message: 'The file is empty' },
    ]);
    const wide = await importInto(target, `${'a,'.repeat(600)}b\n1\n`, { fileName: 'wide.csv' });
    expect(wide.problems[0]?.message).toMatch(/more than 500 columns/);
    await importInto(target, await exportOf(source), { apply: true });
    const named = await importInto(
      target,
      `item,role,level,name,expression\nWALL,MASON,1,${'n'.repeat(201)},area\n`,
      { fileName: 'Formulas.csv' },
    );
    expect(named.problems).toEqual([
      expect.objectContaining({ sheet: 'Formulas', row: 2, column: 'name' }),
    ]);
  });
});
