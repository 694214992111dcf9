// Story instances from a spreadsheet (issue 20 item 3): the export as the template, a dry run with every problem by row and column in English and Czech, apply all or nothing with the story's totals to the cent, the round trip, rights and bad files.
import type { Instance, InstanceImportReport, Story, StoryCalculationDto } from '@costory/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog } from '../helpers/catalog-factories';
import { createUser } from '../helpers/factories';
import { addStoryMember, createPublishedItem, createStoryLabel } from '../helpers/story-factories';
import { createWallCatalog, type WallCatalog } from '../helpers/version-fixtures';

const OCTETS = { 'content-type': 'application/octet-stream' };

describe('story instances from a spreadsheet', () => {
  let ctx: TestApp;
  let wall: WallCatalog;
  let admin: ApiCaller;
  let doorId: number;
  /** An item of another tenant's catalog: its code must be unknown here. */
  let foreignCode: string;

  async function importInto(
    base: string,
    file: Buffer | string,
    options: { apply?: boolean; fileName?: string; locale?: string; caller?: ApiCaller } = {},
  ): Promise<InstanceImportReport> {
    const query = new URLSearchParams({
      apply: String(options.apply ?? false),
      ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
    });
    const response = await (options.caller ?? admin).post(
      `${base}/instances/imports?${query.toString()}`,
      typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
      { ...OCTETS, 'accept-language': options.locale ?? 'en' },
    );
    return expectStatus<InstanceImportReport>(response, 200);
  }

  async function instancesOf(base: string): Promise<Instance[]> {
    return expectStatus<{ items: Instance[] }>(await admin.get(`${base}/instances?limit=100`), 200)
      .items;
  }

  async function storyOf(base: string): Promise<Story> {
    return expectStatus<Story>(await admin.get(base), 200);
  }

  async function xlsx(rows: unknown[][], extra?: (book: ExcelJS.Workbook) => void) {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Instances').addRows(rows);
    extra?.(book);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    wall = await createWallCatalog(ctx.app, { price: '850' });
    admin = wall.adminApi;
    // DOOR: not repeatable, two levels, a mandatory whole number without default.
    doorId = (
      await createPublishedItem(ctx.app.db, {
        catalogId: wall.catalogId,
        code: 'DOOR',
        repeatable: false,
        attributes: [
          { level: 1, code: 'count', name: { en: 'Count' }, type: 'INTEGER', mandatory: true },
          { level: 1, code: 'painted', name: { en: 'Painted' }, type: 'BOOLEAN' },
          { level: 2, code: 'finish', name: { en: 'Finish' }, type: 'TEXT' },
        ],
        formulas: [{ roleId: wall.roleId, expression: 'count * 0.5' }],
      })
    ).item.id;
    const foreign = await createCatalog(ctx.app.db);
    foreignCode = (
      await createPublishedItem(ctx.app.db, { catalogId: foreign.catalog.id, code: 'SECRET' })
    ).item.code;
  });
  afterAll(() => ctx.close());

  it('dry-runs then applies a Czech CSV with semicolons; the story’s totals are right to the cent', async () => {
    const { storyId, base } = await wall.freshStory();
    const label = await createStoryLabel(ctx.app.db, storyId, { title: 'Přízemí' });
    const csv = [
      'item;name;description;level;optional;labels;value.area;value.count;value.painted',
      'WALL;Příčka v kuchyni;Sádrokarton, dvojitý;1;ne;Přízemí;12,5;;',
      'wall;Stěna ložnice;;;;;7,3;;',
      'WALL;Volitelná stěna;;1;ano;;10;;',
      'DOOR;Dveře do sklepa;;1;;přízemí;;3;ano',
    ].join('\r\n');
    const dry = await importInto(base, csv, { fileName: 'instance.csv' });
    expect(dry).toMatchObject({
      storyId,
      format: 'csv',
      applied: false,
      problems: [],
      problemCount: 0,
      sheets: [{ sheet: 'Instances', rows: 4, created: 4, updated: 0, removed: 0, unchanged: 0 }],
      changeCount: 4,
    });
    expect(dry.changes[1]).toEqual({
      sheet: 'Instances',
      key: 'row 3: wall',
      action: 'CREATE',
      columns: [],
    });
    expect(await instancesOf(base)).toEqual([]);

    const applied = await importInto(base, csv, { fileName: 'instance.csv', apply: true });
    expect(applied.applied).toBe(true);
    const instances = await instancesOf(base);
    expect(
      instances.map((i) => [i.item.code, i.name, i.description, i.level, i.optional, i.values]),
    ).toEqual([
      ['WALL', 'Příčka v kuchyni', 'Sádrokarton, dvojitý', 1, false, { area: 12.5 }],
      ['WALL', 'Stěna ložnice', '', 1, false, { area: 7.3 }],
      ['WALL', 'Volitelná stěna', '', 1, true, { area: 10 }],
      ['DOOR', 'Dveře do sklepa', '', 1, false, { count: 3, painted: true }],
    ]);
    expect(instances[0]?.labelIds).toEqual([label.id]);
    expect(instances[3]?.labelIds).toEqual([label.id]);
    // 1.25 + 0.73 + 1.5 mandays at 850: 1062.50 + 620.50 + 1275.00; the optional wall apart.
    expect(instances.map((i) => i.price)).toEqual(['1062.50', '620.50', '850.00', '1275.00']);
    const story = await storyOf(base);
    expect(story).toMatchObject({ price: '2958.00', instanceCount: 4, errorCount: 0 });
    const calculation = expectStatus<StoryCalculationDto>(
      await admin.get(`${base}/calculation`),
      200,
    );
    expect(calculation.total.price).toBe('2958.00');
    expect(calculation.optional.price).toBe('850.00');
    const events = expectStatus<{ items: { type: string }[] }>(
      await admin.get(`${base}/events?limit=100`),
      200,
    );
    expect(events.items.filter((event) => event.type === 'INSTANCE_CREATED')).toHaveLength(4);
  });

  it('lists the problems of an xlsx by row and column in English and Czech, and applying writes nothing', async () => {
    const { storyId, base } = await wall.freshStory();
    await createStoryLabel(ctx.app.db, storyId, { title: 'Ground floor' });
    const file = await xlsx(
      [
        ['item', 'name', 'description', 'level', 'labels', 'value.area', 'value.count'],
        ['WALL', 'Typed text', '', 1, '', 'lots', null],
        ['NOPE', 'Unknown item'],
        ['WALL', 'Unknown label', '', 1, 'Ground floor, Attic', 5],
        ['DOOR', 'Too high', '', 5, '', null, 1],
        ['DOOR', 'Second door', '', 1, '', null, 2],
        ['WALL', 'Dated', '', 1, '', new Date(Date.UTC(2026, 0, 2))],
        [foreignCode, 'Of another tenant'],
        ['WALL', 'Merged', 'spills over', 1, '', 3],
        ['WALL', { formula: 'HYPERLINK("http://evil","x")', result: 'x' }, '', 1, '', 4],
      ],
      (book) => {
        book.getWorksheet('Instances')?.mergeCells('B9:C9');
        book.addWorksheet('Notes').addRows([['remember the attic']]);
      },
    );
    const expected = [
      { sheet: 'Notes', row: null, column: null },
      { sheet: 'Instances', row: 2, column: 'value.area', message: 'Must be a number' },
      {
        sheet: 'Instances',
        row: 3,
        column: 'item',
        message: 'There is no item “NOPE” in the story’s catalog',
      },
      {
        sheet: 'Instances',
        row: 4,
        column: 'labels',
        message: 'The story has no label “Attic”; add it on the story’s labels first',
      },
      {
        sheet: 'Instances',
        row: 5,
        column: 'level',
        message: 'The level must be between 1 and 2',
      },
      {
        sheet: 'Instances',
        row: 6,
        column: 'item',
        message: 'The item DOOR is not repeatable and is already on row 5',
      },
      {
        sheet: 'Instances',
        row: 7,
        column: 'value.area',
        message: 'A date where a number belongs',
      },
      {
        sheet: 'Instances',
        row: 8,
        column: 'item',
        message: `There is no item “${foreignCode}” in the story’s catalog`,
      },
      {
        sheet: 'Instances',
        row: 9,
        column: 'description',
        message: 'The cell is part of merged cells: unmerge them and fill in every cell',
      },
    ];
    const report = await importInto(base, file);
    expect(report.problems).toEqual(
      expected.map((problem): unknown => expect.objectContaining(problem)),
    );
    expect(report.problemCount).toBe(expected.length);
    expect(report.sheets[0]).toMatchObject({ sheet: 'Instances', rows: 9, created: 9 });
    // The formula cell (row 10) is read as its text, never evaluated: no problem there.
    expect(report.problems.some((problem) => problem.row === 10)).toBe(false);

    const czech = await importInto(base, file, { locale: 'cs' });
    expect(czech.problems.map((problem) => [problem.row, problem.message])).toEqual([
      [
        null,
        'List „Notes“ není list instancí; dejte všechny instance na list „Instances“ a ostatní listy odstraňte',
      ],
      [2, 'Musí být číslo'],
      [3, 'V katalogu příběhu není položka „NOPE“'],
      [4, 'Příběh nemá štítek „Attic“; nejdřív ho přidejte mezi štítky příběhu'],
      [5, 'Úroveň musí být mezi 1 a 2'],
      [6, 'Položku DOOR nelze opakovat a už je na řádku 5'],
      [7, 'Datum tam, kde má být číslo'],
      [8, `V katalogu příběhu není položka „${foreignCode}“`],
      [9, 'Buňka je součástí sloučených buněk: zrušte sloučení a vyplňte každou buňku'],
    ]);

    const applied = await importInto(base, file, { apply: true });
    expect(applied.applied).toBe(false);
    expect(applied.problemCount).toBe(expected.length);
    expect(await instancesOf(base)).toEqual([]);
    expect(await storyOf(base)).toMatchObject({ price: '0.00', instanceCount: 0 });
  });

  it('reads a formula cell as its text into the name and stores that text, escaped again on export', async () => {
    const { base } = await wall.freshStory();
    const file = await xlsx([
      ['item', 'name', 'value.area'],
      ['WALL', { formula: 'HYPERLINK("http://evil","x")', result: 'x' }, 4],
    ]);
    expect((await importInto(base, file, { apply: true })).applied).toBe(true);
    const [instance] = await instancesOf(base);
    expect(instance?.name).toBe('=HYPERLINK("http://evil","x")');
    const csv = (await admin.get(`${base}/instances/sheet?format=csv`)).body;
    expect(csv).toContain(`WALL,"'=HYPERLINK(""http://evil"",""x"")",`);
  });

  it('reports sheet-wide and value problems: unknown columns, no item column, mandatory values, attributes the item lacks, repeats of what the story has', async () => {
    const { base } = await wall.freshStory();
    const noItem = await importInto(base, 'name,colour\nA wall,red\n', { fileName: 'x.csv' });
    expect(noItem.problems).toEqual([
      expect.objectContaining({ row: 1, column: 'colour' }),
      {
        sheet: 'Instances',
        row: 1,
        column: 'item',
        message: 'The column “item” is missing: each row needs the code of a catalog item',
      },
    ]);
    expect(noItem.problems[0]?.message).toMatch(/^Unknown column “colour”/);
    await wall.addInstance(base, doorId, { values: { count: 1 } });
    const csv = ['item,level,value.count,value.area,value.finish', 'DOOR,1,,,', 'WALL,1,2,3,'].join(
      '\n',
    );
    const report = await importInto(base, csv, { locale: 'cs' });
    expect(report.problems).toEqual([
      {
        sheet: 'Instances',
        row: 2,
        column: 'value.count',
        message: 'Hodnota je povinná: atribut „count“ položky je povinný a nemá výchozí hodnotu',
      },
      {
        sheet: 'Instances',
        row: 2,
        column: 'item',
        message: 'Položku DOOR nelze opakovat a příběh ji už obsahuje.',
      },
      {
        sheet: 'Instances',
        row: 3,
        column: 'value.count',
        message: 'Položka nemá atribut „count“',
      },
    ]);
  });

  it('exports the instances as the template; re-imported into an empty story they are the same instances (a label with a comma too)', async () => {
    const source = await wall.freshStory('Source');
    const target = await wall.freshStory('Target');
    const labels = [];
    for (const { storyId } of [source, target]) {
      labels.push(
        await createStoryLabel(ctx.app.db, storyId, { title: 'Phase one, north wing' }),
        await createStoryLabel(ctx.app.db, storyId, { title: '=risky' }),
      );
    }
    const [first, risky] = labels;
    await wall.addInstance(source.base, wall.wallId, {
      name: 'Wall, north',
      description: '+ plaster',
      values: { area: 1234.56 },
      labelIds: [first?.id, risky?.id],
    });
    await wall.addInstance(source.base, doorId, {
      name: 'Front door',
      level: 2,
      optional: true,
      values: { count: 2, painted: false, finish: '@oak' },
    });
    const response = await admin.get(`${source.base}/instances/sheet`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Source-instances.xlsx"; filename*=UTF-8''Source-instances.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Instances']);
    expect(book.getWorksheet('Instances')?.getRow(1).values).toEqual([
      undefined,
      'item',
      'name',
      'description',
      'level',
      'optional',
      'labels',
      'value.area',
      'value.count',
      'value.finish',
      'value.painted',
    ]);
    const report = await importInto(target.base, response.rawPayload, { apply: true });
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    const shape = (instances: Instance[], titles: Map<number, string>) =>
      instances.map((i) => ({
        item: i.item.code,
        name: i.name,
        description: i.description,
        level: i.level,
        optional: i.optional,
        values: i.values,
        labels: i.labelIds.map((id) => titles.get(id)),
        price: i.price,
      }));
    const titles = new Map(labels.map((label) => [label?.id ?? 0, label?.title ?? '']));
    const before = shape(await instancesOf(source.base), titles);
    expect(before[0]?.labels).toEqual(['Phase one, north wing', '=risky']);
    expect(shape(await instancesOf(target.base), titles)).toEqual(before);
    expect((await storyOf(target.base)).price).toBe((await storyOf(source.base)).price);

    // The CSV says the same, escaped where a spreadsheet would run the text.
    const csv = (await admin.get(`${source.base}/instances/sheet?format=csv`)).body;
    expect(csv.startsWith('\uFEFFitem,name,description,level,optional,labels,value.area')).toBe(
      true,
    );
    expect(csv).toContain(
      `WALL,"Wall, north",'+ plaster,1,false,"Phase one, north wing, =risky",1234.56,,,`,
    );
    const again = await wall.freshStory('Again');
    await createStoryLabel(ctx.app.db, again.storyId, { title: 'Phase one, north wing' });
    await createStoryLabel(ctx.app.db, again.storyId, { title: '=risky' });
    expect((await importInto(again.base, csv, { apply: true, fileName: 'x.csv' })).applied).toBe(
      true,
    );
    expect((await storyOf(again.base)).price).toBe((await storyOf(source.base)).price);
  });

  it('gives a member without the right the forbidden problem, lets them read the sheet, and answers 404 elsewhere', async () => {
    const { storyId, base } = await wall.freshStory();
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    const customerApi = await apiAs(ctx.app, customer.id);
    const report = await importInto(base, 'item,value.area\nWALL,1\n', {
      caller: customerApi,
      apply: true,
      fileName: 'x.csv',
    });
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([
      {
        sheet: 'Instances',
        row: null,
        column: null,
        message: expect.stringMatching(
          /^Your role in this story \(Customer\) does not allow/,
        ) as unknown,
      },
    ]);
    expect(await instancesOf(base)).toEqual([]);
    expect((await customerApi.get(`${base}/instances/sheet?format=csv`)).statusCode).toBe(200);
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const post = await stranger.post(
      `${base}/instances/imports`,
      Buffer.from('item\nWALL\n'),
      OCTETS,
    );
    expect(problemOf(post).status).toBe(404);
    expect(problemOf(await stranger.get(`${base}/instances/sheet`)).status).toBe(404);
  });

  it('answers bad files clearly: empty, only a header, not a spreadsheet, too large', async () => {
    const { base } = await wall.freshStory();
    expect((await importInto(base, Buffer.alloc(0), { fileName: 'empty.csv' })).problems).toEqual([
      { sheet: '', row: null, column: null, message: 'The file is empty' },
    ]);
    const header = await importInto(base, 'item,name\n', { fileName: 'x.csv', apply: true });
    expect(header.problems).toEqual([
      { sheet: 'Instances', row: null, column: null, message: 'The file has no rows to import' },
    ]);
    expect(header.applied).toBe(false);
    const noSheet = await importInto(
      base,
      await (async () => {
        const book = new ExcelJS.Workbook();
        book.addWorksheet('Sheet1').addRows([['item'], ['WALL']]);
        return Buffer.from(await book.xlsx.writeBuffer());
      })(),
    );
    expect(noSheet.problems.map((problem) => problem.sheet)).toEqual(['Sheet1', 'Instances']);
    const binary = await admin.post(
      `${base}/instances/imports`,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0, 1, 2, 3]),
      { ...OCTETS, 'accept-language': 'cs' },
    );
    expect(binary.statusCode).toBe(400);
    expect(problemOf(binary).detail).toMatch(/není sešit Excelu/);
    const large = await admin.post(
      `${base}/instances/imports`,
      Buffer.alloc(21 * 1024 * 1024, 65),
      OCTETS,
    );
    expect(large.statusCode).toBeGreaterThanOrEqual(400);
    expect(large.statusCode).toBeLessThan(500);
    expect(problemOf(large).detail).not.toBe('');
    expect(await instancesOf(base)).toEqual([]);
  });
});
