// Large exports as background jobs (issue 15): 202 with the job's address, the status its requester polls, the file once rendered, nobody else's, failures kept, expired files deleted.
import { PDF_MAX_ROWS, type ExportJob, type Instance, type Report } from '@costory/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, storyInstances } from '../../src/db/schema';
import { EXPORT_QUEUE, MAX_PENDING_EXPORTS_PER_USER } from '../../src/modules/exports/export-jobs';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import { createUser } from '../helpers/factories';
import { readPdf } from '../helpers/read-pdf';
import { createPublishedItem, createStory, storyBodies } from '../helpers/story-factories';
import { readWorkbook } from './report-fixtures';

const CS = { 'accept-language': 'cs' };
const INSTANCES = 6;

describe('export jobs', () => {
  let ctx: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let base: string;
  let storyId = 0;

  beforeAll(async () => {
    // Reports of 5 rows or more become jobs; workers off, so each test decides when jobs run.
    ctx = await buildTestApp({ config: { exportJobRows: 5, jobWorkers: false } });
    const db = ctx.app.db;
    const { catalog } = await createCatalog(db, { name: 'Vývoj', currency: 'CZK' });
    const dev = await createRole(db, { catalogId: catalog.id, code: 'DEV', price: '800' });
    const item = await createPublishedItem(db, {
      catalogId: catalog.id,
      code: 'SCREENS',
      repeatable: true,
      name: { en: 'Screens', cs: 'Obrazovky' },
      attributes: [{ level: 1, code: 'n', name: { en: 'Screens' }, type: 'NUMBER' }],
      formulas: [{ roleId: dev.id, expression: 'n * 0.5' }],
    });
    const { story, admin } = await createStory(db, { catalogId: catalog.id, name: 'Velký příběh' });
    storyId = story.id;
    base = `/api/v1/stories/${story.id}`;
    owner = await apiAs(ctx.app, admin.id);
    stranger = await apiAs(ctx.app, (await createUser(db)).id);
    for (let n = 1; n <= INSTANCES; n += 1) {
      expectStatus<Instance>(
        await owner.post(
          `${base}/instances`,
          storyBodies.instance(item.item.id, { values: { n }, name: `Obrazovka ${n}` }),
        ),
        201,
      );
    }
  });
  afterAll(() => ctx.close());

  async function startJob(path: string): Promise<ExportJob> {
    const response = await owner.get(path, CS);
    const job = expectStatus<ExportJob>(response, 202);
    expect(response.headers.location).toBe(`/api/v1/export-jobs/${job.id}`);
    return job;
  }

  it('renders a large PDF in the background and hands the file to its requester', async () => {
    const job = await startJob(`${base}/exports/ict?format=pdf`);
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      format: 'pdf',
      fileName: 'souhrn-podle-instanci-velky-pribeh.pdf',
      size: null,
    });
    const pending = await owner.get(`/api/v1/export-jobs/${job.id}/file`, CS);
    expect(pending.statusCode).toBe(409);
    expect(problemOf(pending).detail).toBe('Export se ještě připravuje.');

    await ctx.app.jobs.drain();
    const done = expectStatus<ExportJob>(await owner.get(`/api/v1/export-jobs/${job.id}`), 200);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);
    const file = await owner.get(`/api/v1/export-jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      'filename="souhrn-podle-instanci-velky-pribeh.pdf"',
    );
    expect(done.size).toBe(file.rawPayload.length);
    const pdf = await readPdf(file.rawPayload);
    expect(pdf.flat).toContain('Velký příběh');
    expect(pdf.flat).toContain(`Obrazovka ${INSTANCES}`);
  });

  it('renders a large spreadsheet the same way', async () => {
    const job = await startJob(`${base}/exports/ict?format=xlsx`);
    await ctx.app.jobs.drain();
    const file = await owner.get(`/api/v1/export-jobs/${job.id}/file`);
    expect(file.headers['content-disposition']).toContain('.xlsx"');
    const workbook = await readWorkbook(file.rawPayload);
    expect(workbook.worksheets.length).toBeGreaterThan(1);
  });

  it('answers small reports and the preview at once', async () => {
    const preview = expectStatus<Report>(await owner.get(`${base}/exports/roles?format=json`), 200);
    expect(preview.tables[0]?.rows).toHaveLength(1);
    const small = await owner.get(`${base}/exports/roles?format=pdf`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('application/pdf');
  });

  it('shows a job and its file to nobody but its requester', async () => {
    const job = await startJob(`${base}/exports/ict?format=pdf`);
    await ctx.app.jobs.drain();
    for (const path of [`/api/v1/export-jobs/${job.id}`, `/api/v1/export-jobs/${job.id}/file`]) {
      expect((await stranger.get(path)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      expect((await owner.get(`/api/v1/export-jobs/${encodeURIComponent(id)}`)).statusCode).toBe(
        404,
      );
    }
    // The story's export itself stays closed to non-members.
    expect((await stranger.get(`${base}/exports/ict?format=pdf`)).statusCode).toBe(404);
  });

  it('keeps a job that failed for good as failed, with its error for operators', async () => {
    const job = await startJob(`${base}/exports/ict?format=pdf`);
    // A stored report the renderer rejects (a row without its cells) fails every attempt.
    const [row] = await ctx.app.db
      .select({ report: exportJobs.report })
      .from(exportJobs)
      .where(eq(exportJobs.id, job.id));
    const broken = structuredClone(row?.report as Report);
    broken.tables[0]?.rows.push({ cells: [], level: 0, muted: false });
    await ctx.app.db.update(exportJobs).set({ report: broken }).where(eq(exportJobs.id, job.id));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await ctx.app.jobs.drain();
      // Retries wait with back-off; make the next one due now.
      await ctx.app.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${EXPORT_QUEUE} and state = 'retry'`,
      );
    }
    const failed = expectStatus<ExportJob>(await owner.get(`/api/v1/export-jobs/${job.id}`), 200);
    expect(failed.status).toBe('failed');
    const [stored] = await ctx.app.db
      .select({ lastError: exportJobs.lastError, report: exportJobs.report })
      .from(exportJobs)
      .where(eq(exportJobs.id, job.id));
    expect(stored?.lastError).toBeTruthy();
    expect(stored?.report).toBeNull();
    expect((await owner.get(`/api/v1/export-jobs/${job.id}/file`)).statusCode).toBe(409);
  });

  it('deletes files past their day when later exports are requested', async () => {
    const old = await startJob(`${base}/exports/ict?format=pdf`);
    await ctx.app.jobs.drain();
    await ctx.app.db
      .update(exportJobs)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, old.id));
    await startJob(`${base}/exports/ict?format=xlsx`);
    expect((await owner.get(`/api/v1/export-jobs/${old.id}`)).statusCode).toBe(404);
    await ctx.app.jobs.drain();
  });

  it('lets one user have a few exports pending at once, and says so for one more', async () => {
    for (let index = 0; index < MAX_PENDING_EXPORTS_PER_USER; index += 1) {
      await startJob(`${base}/exports/ict?format=pdf`);
    }
    const refused = await owner.get(`${base}/exports/ict?format=pdf`, CS);
    expect(problemOf(refused)).toMatchObject({
      status: 503,
      detail: 'Právě se připravuje mnoho exportů. Zkuste to znovu za minutu.',
    });
    expect(refused.headers['retry-after']).toBe('30');
    await ctx.app.jobs.drain();
    await startJob(`${base}/exports/ict?format=pdf`);
    await ctx.app.jobs.drain();
  });

  it('renders a job once: the same job sent again after it is done changes nothing', async () => {
    const job = await startJob(`${base}/exports/ict?format=pdf`);
    await ctx.app.jobs.drain();
    const done = expectStatus<ExportJob>(await owner.get(`/api/v1/export-jobs/${job.id}`), 200);
    await ctx.app.jobs.send(ctx.app.db, EXPORT_QUEUE, [{ data: { exportId: job.id } }]);
    await ctx.app.jobs.drain();
    expect(expectStatus<ExportJob>(await owner.get(`/api/v1/export-jobs/${job.id}`), 200)).toEqual(
      done,
    );
    expect((await owner.get(`/api/v1/export-jobs/${job.id}/file`)).statusCode).toBe(200);
  });

  it('answers a job that outlived all its attempts as failed, so the page stops waiting', async () => {
    const job = await startJob(`${base}/exports/ict?format=pdf`);
    // As if every attempt had expired with its process: nothing ever wrote an ending.
    await ctx.app.db
      .update(exportJobs)
      .set({ status: 'rendering', createdAt: sql`now() - interval '20 minutes'` })
      .where(eq(exportJobs.id, job.id));
    const stale = expectStatus<ExportJob>(await owner.get(`/api/v1/export-jobs/${job.id}`), 200);
    expect(stale.status).toBe('failed');
    expect((await owner.get(`/api/v1/export-jobs/${job.id}/file`)).statusCode).toBe(409);
    await ctx.app.jobs.drain();
  });

  it('refuses a PDF of more rows than a PDF can hold at once, and offers the spreadsheet', async () => {
    // Copies of the first instance, in one statement: the report then has PDF_MAX_ROWS + 1 rows.
    await ctx.app.db.execute(sql`
      insert into ${storyInstances} (story_id, item_id, name, values, price, mandays, position)
      select story_id, item_id, 'Copy ' || n, values, price, mandays, position + n
      from ${storyInstances}, generate_series(1, ${PDF_MAX_ROWS + 1 - INSTANCES}) as n
      where story_id = ${storyId} and name = 'Obrazovka 1'`);
    const jobsBefore = (await ctx.app.db.select().from(exportJobs)).length;
    const refused = await owner.get(`${base}/exports/ict?format=pdf`, CS);
    expect(problemOf(refused)).toMatchObject({
      status: 400,
      detail:
        'Export má 20\u00a0001 řádků, víc, než unese PDF (20\u00a0000). Stáhněte si místo něj tabulku (.xlsx).',
    });
    // Nothing was queued for it; the spreadsheet still is.
    expect(await ctx.app.db.select().from(exportJobs)).toHaveLength(jobsBefore);
    expect((await owner.get(`${base}/exports/ict?format=xlsx`)).statusCode).toBe(202);
  }, 120_000);
});
