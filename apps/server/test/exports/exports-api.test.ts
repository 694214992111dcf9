// Exports over the API: every story summary, a lineup's quote and the catalog as PDF (read back with pdftotext), .xlsx (read back with exceljs) and JSON, in Czech and English, with formula errors listed, and who may export what.
import type { Instance, LineupPricing, PartnerCompany, Report } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  addMember,
  createCatalog,
  createGroup,
  createPhase,
  createRole,
} from '../helpers/catalog-factories';
import { createCompany, createUser } from '../helpers/factories';
import { readPdf } from '../helpers/read-pdf';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  storyBodies,
} from '../helpers/story-factories';
import { readWorkbook } from './report-fixtures';

const CS = { 'accept-language': 'cs' };
const STORY_NAME = 'Kancelář Brno – přestavba';

describe('exports', () => {
  let ctx: TestApp;
  let admin: ApiCaller;
  let base: string;
  let storyId = 0;
  let catalogId = 0;
  let lineupId = 0;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    catalogId = (
      await createCatalog(db, { visibility: 'PRIVATE', name: 'Vývoj software', currency: 'CZK' })
    ).catalog.id;
    const dev = await createRole(db, {
      catalogId,
      code: 'DEV',
      name: { en: 'Developer', cs: 'Vývojář' },
      price: '812.35',
    });
    const qa = await createRole(db, {
      catalogId,
      code: 'QA',
      name: { en: 'Tester', cs: 'Tester' },
      unit: 'HOUR',
      price: '37.9',
    });
    const phase = await createPhase(db, {
      catalogId,
      code: 'P1',
      name: { en: 'Build', cs: 'Stavba' },
    });
    const top = await createGroup(db, {
      catalogId,
      code: 'G',
      name: { en: 'Screens', cs: 'Obrazovky' },
    });
    const sub = await createGroup(db, {
      catalogId,
      code: 'G1',
      parentId: top.id,
      name: { en: 'Forms', cs: 'Formuláře' },
    });
    const item = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      groupId: sub.id,
      phaseId: phase.id,
      repeatable: true,
      name: { en: 'Screens', cs: 'Obrazovky s formuláři' },
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
      ],
      formulas: [
        { roleId: dev.id, level: 1, expression: 'screens * 0.75' },
        { roleId: qa.id, level: 1, expression: 'screens * 2.5' },
      ],
    });
    const company = await createCompany(db, { name: 'Šťastný tým s.r.o.' });
    const owner = await createUser(db, { companyId: company.id });
    // A member of the PRIVATE catalog (a reader: COMPLETE items only) may build on it and export it.
    await addMember(db, catalogId, 'CTL_READER', owner);
    const { story } = await createStory(db, { catalogId, admin: owner, name: STORY_NAME });
    storyId = story.id;
    base = `/api/v1/stories/${story.id}`;
    admin = await apiAs(ctx.app, owner.id);
    for (const [values, optional, name] of [
      [{ screens: 3 }, false, 'Přihlášení'],
      [{ screens: 5 }, false, 'Objednávka'],
      [{ screens: 4 }, true, 'Volitelný export'],
      [{}, false, 'Chybějící údaje'],
    ] as const) {
      expectStatus<Instance>(
        await admin.post(
          `${base}/instances`,
          storyBodies.instance(item.item.id, { values, optional, name }),
        ),
        201,
      );
    }
    const partner = async (kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) =>
      expectStatus<PartnerCompany>(
        await admin.post('/api/v1/partner-companies', {
          kind,
          name,
          email: 'obchod@firma.test',
          country: 'Česká republika',
          city: 'Ústí nad Labem',
          street: 'Mírové náměstí',
          streetNumber: '7',
          zip: '400 01',
        }),
        201,
      ).id;
    const supplierId = await partner('SUPPLIER', 'Dodavatel Řehoř a.s.');
    const subscriberId = await partner('SUBSCRIBER', 'Zákazník Ďuriš');
    lineupId = expectStatus<LineupPricing>(
      await admin.post(`${base}/lineups`, {
        name: 'Nabídka A',
        supplierId,
        subscriberId,
        customPrices: [{ roleId: qa.id, price: '40' }],
      }),
      201,
    ).id;
  });
  afterAll(() => ctx.close());

  it('answers the roles summary as a report in Czech, with the errors listed', async () => {
    const report = expectStatus<Report>(
      await admin.get(`${base}/exports/roles?format=json`, CS),
      200,
    );
    expect(report.title).toBe('Souhrn podle rolí');
    expect(report.subject).toBe(STORY_NAME);
    expect(report.currency).toBe('CZK');
    expect(report.parties[0]?.name).toBe('Šťastný tým s.r.o.');
    // DEV 1827.79 + 3046.31 = 4874.10; QA 284.25 + 473.75 = 758.00; total 5632.10
    expect(report.tables[0]?.rows.map((row) => [row.cells[0], row.cells[5]])).toEqual([
      ['Vývojář (DEV)', '4874.10'],
      ['Tester (QA)', '758.00'],
    ]);
    expect(report.tables[0]?.total?.[5]).toBe('5632.10');
    // The instance whose formulas failed is priced 0: every total says it is incomplete.
    expect(report.tables[0]?.total?.[0]).toBe('Celkem (1 instance s chybou ve vzorci nezapočtena)');
    expect(report.facts[1]).toEqual({
      label: 'Celková cena (1 instance s chybou ve vzorci nezapočtena)',
      value: '5632.10',
      format: 'money',
    });
    expect(report.tables[1]?.title).toBe('Chyby ve vzorcích');
    expect(report.tables[1]?.rows.map((row) => row.cells[0])).toEqual([
      'Chybějící údaje',
      'Chybějící údaje',
    ]);
    expect(report.facts.find((fact) => fact.label === 'Počet chyb ve vzorcích')?.value).toBe('2');
  });

  it('exports the story summary as a Czech PDF with a sensible file name', async () => {
    const response = await admin.get(`${base}/exports/story?format=pdf`, CS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      'filename="souhrn-pribehu-kancelar-brno-prestavba.pdf"',
    );
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.flat).toContain('Souhrn příběhu');
    expect(pdf.flat).toContain(STORY_NAME);
    expect(pdf.flat).toContain('Šťastný tým s.r.o.');
    expect(pdf.flat).toContain('Podle rolí');
    expect(pdf.flat).toContain('Podle fází');
    expect(pdf.flat).toContain('Obrazovky');
    expect(pdf.flat).toMatch(/5 ?632,10/);
    expect(pdf.flat).toContain('Chyby ve vzorcích');
    expect(pdf.flat).toContain(`Strana 1 z ${pdf.pageCount}`);
  });

  it('exports the group tree and the instances with the optional ones apart', async () => {
    const ctl = expectStatus<Report>(await admin.get(`${base}/exports/ctl?format=json`, CS), 200);
    expect(ctl.tables[0]?.rows.map((row) => [row.cells[0], row.level, row.cells[2]])).toEqual([
      ['Obrazovky', 0, '5632.10'],
      ['Formuláře', 1, '5632.10'],
    ]);
    const ict = expectStatus<Report>(await admin.get(`${base}/exports/ict?format=json`), 200);
    expect(ict.tables.map((table) => table.title)).toEqual([
      'Instances',
      'Optional instances (not in the total)',
      'Errors in formulas',
    ]);
    expect(ict.tables[1]?.rows.map((row) => row.cells[0])).toEqual(['Volitelný export']);
    expect(ict.tables[0]?.rows.find((row) => row.cells[0] === 'Chybějící údaje')?.muted).toBe(true);
  });

  it('exports the instances as a spreadsheet with numbers and a SUM formula for the total', async () => {
    const response = await admin.get(`${base}/exports/ict?format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.worksheets.find((entry) => entry.name.startsWith('Instances'));
    if (!sheet) throw new Error('no Instances sheet');
    const prices: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 2) prices.push(row.getCell(8).value);
    });
    // Three instances, then the total row with its formula.
    expect(prices.slice(0, 3)).toEqual([2112.04, 3520.06, 0]);
    const total = prices[3] as { formula: string; result: number };
    expect(total.formula).toMatch(/^SUM\(H3:H5\)$/);
    expect(total.result).toBe(5632.1);
  });

  it('exports a lineup as an English quote with the supplier and the subscriber', async () => {
    const response = await admin.get(`${base}/lineups/${lineupId}/export?format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('quote-nabidka-a');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.flat).toContain('Quote');
    expect(pdf.flat).toContain('Dodavatel Řehoř a.s.');
    // The company the quote is for is captioned as docs/glossary.md names it.
    expect(pdf.flat).toContain('Subscriber');
    expect(pdf.flat).not.toContain('Customer');
    expect(pdf.flat).toContain('Zákazník Ďuriš');
    expect(pdf.flat).toContain('Ústí nad Labem');
    // DEV 4874.10 (catalog) + QA 20 h x 40 (lineup) = 800.00 -> 5674.10
    expect(pdf.flat).toContain('5,674.10');
    expect(pdf.flat).toContain('Total price (1 instance with formula errors not priced)');
    const lineup = expectStatus<LineupPricing>(await admin.get(`${base}/lineups/${lineupId}`), 200);
    expect([lineup.errorCount, lineup.unpricedInstances]).toEqual([2, 1]);
    expect(pdf.flat).toContain('lineup');
    expect(pdf.flat).toContain(`Page 1 of ${pdf.pageCount}`);
  });

  it('exports the catalog with its roles and prices', async () => {
    const report = expectStatus<Report>(
      await admin.get(`/api/v1/catalogs/${catalogId}/export?format=json`, CS),
      200,
    );
    expect(report.subject).toContain('Vývoj software');
    expect(report.tables[0]?.rows.map((row) => row.cells)).toEqual([
      ['DEV', 'Vývojář', 'MD', '812.35'],
      ['QA', 'Tester', 'h', '37.9'],
    ]);
    expect(report.tables[1]?.rows[0]?.cells).toEqual([
      'SCREENS',
      'Obrazovky s formuláři',
      'Formuláře',
      'Stavba',
      'DEV, QA',
    ]);
  });

  it('answers 404 to non-members and 403 to readers asking for a lineup; nothing is rendered', async () => {
    const outsider = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    expect((await outsider.get(`${base}/exports/story`)).statusCode).toBe(404);
    expect((await outsider.get(`${base}/lineups/${lineupId}/export`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/v1/catalogs/${catalogId}/export`)).statusCode).toBe(404);
    const reader = await apiAs(
      ctx.app,
      (await addStoryMember(ctx.app.db, storyId, 'CTL_READER')).id,
    );
    expect((await reader.get(`${base}/exports/roles?format=json`)).statusCode).toBe(200);
    expect((await reader.get(`${base}/lineups/${lineupId}/export`)).statusCode).toBe(403);
    expect((await admin.get(`${base}/exports/unknown`)).statusCode).toBe(400);
    expect((await admin.get(`${base}/exports/roles?format=docx`)).statusCode).toBe(400);
  });
});
