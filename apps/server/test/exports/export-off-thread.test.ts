// Exports calculate and build the report in the export worker, never on the request thread (issue 16): the calculator the request thread loads is watched, and stays unused while summaries, lineups, previews and export jobs are answered right.
import type * as Calc from '@costory/calc';
import type { ExportJob, Instance, LineupPricing, PartnerCompany, Report } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import { readPdf } from '../helpers/read-pdf';
import { createPublishedItem, createStory, storyBodies } from '../helpers/story-factories';
import { readWorkbook } from './report-fixtures';

/** Stories calculated on this thread; the worker thread loads its own, unwatched, calculator. */
const calculated = vi.hoisted(() => ({ count: 0 }));

vi.mock('@costory/calc', async (importOriginal) => {
  const calc = await importOriginal<typeof Calc>();
  return {
    ...calc,
    createStoryCalculator: (...args: Parameters<typeof calc.createStoryCalculator>) => {
      calculated.count += 1;
      return calc.createStoryCalculator(...args);
    },
  };
});

const CS = { 'accept-language': 'cs' };

describe('exports off the request thread', () => {
  let ctx: TestApp;
  let owner: ApiCaller;
  let base: string;
  let lineupId = 0;

  beforeAll(async () => {
    // Reports of 4 rows or more become jobs; workers off, so the test decides when jobs run.
    ctx = await buildTestApp({ config: { exportJobRows: 4, jobWorkers: false } });
    const db = ctx.app.db;
    const { catalog } = await createCatalog(db, { name: 'Vývoj', currency: 'CZK' });
    const dev = await createRole(db, {
      catalogId: catalog.id,
      code: 'DEV',
      name: { en: 'Developer', cs: 'Vývojář' },
      price: '800',
    });
    const item = await createPublishedItem(db, {
      catalogId: catalog.id,
      code: 'SCREENS',
      repeatable: true,
      name: { en: 'Screens', cs: 'Obrazovky' },
      attributes: [{ level: 1, code: 'n', name: { en: 'Screens' }, type: 'NUMBER' }],
      formulas: [{ roleId: dev.id, expression: 'n * 0.5' }],
    });
    const { story, admin } = await createStory(db, { catalogId: catalog.id, name: 'Příběh' });
    base = `/api/v1/stories/${story.id}`;
    owner = await apiAs(ctx.app, admin.id);
    for (const n of [1, 2, 3, 4]) {
      expectStatus<Instance>(
        await owner.post(
          `${base}/instances`,
          storyBodies.instance(item.item.id, { values: { n }, name: `Obrazovka ${n}` }),
        ),
        201,
      );
    }
    const partner = async (kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) =>
      expectStatus<PartnerCompany>(
        await owner.post('/api/v1/partner-companies', {
          kind,
          name,
          email: 'obchod@firma.test',
          country: 'Česká republika',
          city: 'Brno',
          street: 'Náměstí Svobody',
          streetNumber: '1',
          zip: '602 00',
        }),
        201,
      ).id;
    lineupId = expectStatus<LineupPricing>(
      await owner.post(`${base}/lineups`, {
        name: 'Nabídka A',
        supplierId: await partner('SUPPLIER', 'Dodavatel a.s.'),
        subscriberId: await partner('SUBSCRIBER', 'Zákazník s.r.o.'),
        customPrices: [{ roleId: dev.id, price: '1000' }],
      }),
      201,
    ).id;
    // The watch works: pricing the lineup above calculated the story on this thread.
    expect(calculated.count).toBeGreaterThan(0);
    calculated.count = 0;
  });
  afterAll(() => ctx.close());

  it('answers a summary preview as the worker serialized it, calculated there', async () => {
    const response = await owner.get(`${base}/exports/roles?format=json`, CS);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const report = expectStatus<Report>(response, 200);
    // (1 + 2 + 3 + 4) × 0.5 MD × 800 = 4000.00
    expect(report.tables[0]?.rows.map((row) => [row.cells[0], row.cells.at(-1)])).toEqual([
      ['Vývojář (DEV)', '4000.00'],
    ]);
    expect(calculated.count).toBe(0);
  });

  it('renders a summary and a lineup from data the worker calculates', async () => {
    const summary = await owner.get(`${base}/exports/story?format=pdf`, CS);
    expect(summary.statusCode).toBe(200);
    expect((await readPdf(summary.rawPayload)).flat).toMatch(/4 ?000,00/);

    const lineup = expectStatus<Report>(
      await owner.get(`${base}/lineups/${lineupId}/export?format=json`),
      200,
    );
    // The lineup's own price: 5 MD × 1000 = 5000.00
    expect(lineup.facts.map((fact) => fact.value)).toContain('5000.00');
    const quote = await owner.get(`${base}/lineups/${lineupId}/export?format=xlsx`);
    expect(quote.statusCode).toBe(200);
    expect((await readWorkbook(quote.rawPayload)).worksheets.length).toBeGreaterThan(0);
    expect(calculated.count).toBe(0);
  });

  it('stores a large report as the job the worker answered, and renders it there', async () => {
    const response = await owner.get(`${base}/exports/ict?format=pdf`, CS);
    const job = expectStatus<ExportJob>(response, 202);
    expect(job.fileName).toBe('souhrn-podle-instanci-pribeh.pdf');
    await ctx.app.jobs.drain();
    const file = await owner.get(`/api/v1/export-jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect((await readPdf(file.rawPayload)).flat).toContain('Obrazovka 4');
    expect(calculated.count).toBe(0);
  });
});
