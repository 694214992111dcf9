// The export worker pool: both formats rendered off the main thread, what comes of an export decided there (JSON, a job, a PDF refused), queueing beyond the concurrency, errors and timeouts that reject instead of hanging, close(), and the Fastify plugin that owns the pool.
import { PDF_MAX_ROWS, type Report } from '@costory/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ExportRenderer, RenderQueueFullError } from '../../src/modules/exports/render/render-pool';
import exportRendererPlugin from '../../src/plugins/export-renderer';
import { buildReport, pricedTable, readWorkbook } from './report-fixtures';

const small = buildReport();

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString() === '%PDF-';
}

describe('export worker pool', () => {
  it('renders both formats and queues renders beyond its concurrency', async () => {
    const renderer = new ExportRenderer();
    try {
      const [first, second, xlsx] = await Promise.all([
        renderer.renderPdf(small),
        renderer.renderPdf(small),
        renderer.renderXlsx(small),
      ]);
      expect(isPdf(first)).toBe(true);
      expect(isPdf(second)).toBe(true);
      const workbook = await readWorkbook(xlsx);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Souhrn', 'Položky příběhu']);
    } finally {
      await renderer.close();
    }
  });

  it('reports the progress of a long render in rising whole percents, for both formats', async () => {
    const renderer = new ExportRenderer();
    const large = buildReport({ tables: [pricedTable({ rows: 600, locale: 'cs' })] });
    try {
      for (const format of ['pdf', 'xlsx'] as const) {
        const heard: number[] = [];
        const bytes = await renderer.render(large, format, (percent) => heard.push(percent));
        expect(bytes.length).toBeGreaterThan(1000);
        expect(heard.length).toBeGreaterThan(format === 'pdf' ? 10 : 0);
        expect(heard).toEqual([...heard].sort((a, b) => a - b));
        expect(new Set(heard).size).toBe(heard.length);
        expect(Math.max(...heard)).toBeLessThanOrEqual(99);
      }
    } finally {
      await renderer.close();
    }
  });

  it('decides in the worker what comes of an export: JSON, a job, a PDF refused or the file', async () => {
    const renderer = new ExportRenderer();
    const ready = { kind: 'ready' as const, report: small };
    const rows = small.tables.reduce((sum, table) => sum + table.rows.length, 0);
    try {
      expect(await renderer.export({ source: ready, format: 'json', jobRows: 1 })).toEqual({
        kind: 'json',
        json: JSON.stringify(small),
      });
      const job = await renderer.export({ source: ready, format: 'xlsx', jobRows: rows });
      expect(job).toEqual({
        kind: 'job',
        format: 'xlsx',
        fileName: `${small.fileName}.xlsx`,
        json: JSON.stringify(small),
      });
      const file = await renderer.export({ source: ready, format: 'pdf', jobRows: rows + 1 });
      expect(file).toMatchObject({
        kind: 'file',
        format: 'pdf',
        fileName: `${small.fileName}.pdf`,
      });
      // A report stored as JSON (an export job's) is parsed and rendered in the worker.
      expect(isPdf(await renderer.render(JSON.stringify(small), 'pdf'))).toBe(true);

      const huge = buildReport({ tables: [pricedTable({ rows: PDF_MAX_ROWS + 1, locale: 'cs' })] });
      const source = { kind: 'ready' as const, report: huge };
      expect(await renderer.export({ source, format: 'pdf', jobRows: null })).toEqual({
        kind: 'too-large-for-pdf',
        rows: PDF_MAX_ROWS + 1,
      });
      await expect(renderer.render(huge, 'pdf')).rejects.toThrow('more than a PDF can hold');
    } finally {
      await renderer.close();
    }
  });

  it('renders in parallel workers when asked to', async () => {
    const renderer = new ExportRenderer({ concurrency: 2 });
    try {
      const pdfs = await Promise.all([1, 2, 3].map(() => renderer.render(small, 'pdf')));
      expect(pdfs.map(isPdf)).toEqual([true, true, true]);
    } finally {
      await renderer.close();
    }
  });

  it('rejects a broken report with the reason and keeps rendering the next ones', async () => {
    const renderer = new ExportRenderer();
    try {
      const table = pricedTable({ rows: 2, locale: 'cs' });
      const missingCell = buildReport({
        tables: [{ ...table, rows: [{ cells: ['Jen jedna buňka'], level: 0, muted: false }] }],
      });
      const notANumber = buildReport({
        facts: [{ label: 'Cena', value: 'hodně', format: 'money' }],
      });
      const notCloneable = { ...small, title: () => 'x' } as unknown as Report;

      await expect(renderer.renderPdf(missingCell)).rejects.toThrow(
        'Table Položky příběhu: row 1 has 1 cells for 6 columns',
      );
      await expect(renderer.renderXlsx(notANumber)).rejects.toThrow(
        'Not a decimal number: "hodně"',
      );
      await expect(renderer.renderPdf(notCloneable)).rejects.toThrow(/could not be cloned/);
      expect(isPdf(await renderer.renderPdf(small))).toBe(true);
    } finally {
      await renderer.close();
    }
  });

  it('abandons a render that takes too long', async () => {
    const renderer = new ExportRenderer({ timeoutMs: 50 });
    try {
      const large = buildReport({ tables: [pricedTable({ rows: 3000, locale: 'cs' })] });
      await expect(renderer.renderPdf(large)).rejects.toThrow(
        'Rendering the pdf took longer than 50 ms',
      );
    } finally {
      await renderer.close();
    }
  });

  it('refuses a render at once when too many are waiting, and renders the others', async () => {
    const renderer = new ExportRenderer({ maxQueued: 1 });
    try {
      const running = renderer.renderPdf(small);
      const waiting = renderer.renderPdf(small);
      await expect(renderer.renderPdf(small)).rejects.toBeInstanceOf(RenderQueueFullError);
      expect((await Promise.all([running, waiting])).map(isPdf)).toEqual([true, true]);
    } finally {
      await renderer.close();
    }
  });

  it('close() rejects waiting and running renders and refuses new ones', async () => {
    const renderer = new ExportRenderer();
    const closedMessage = 'The export renderer was closed before the render finished';
    const running = expect(renderer.renderPdf(small)).rejects.toThrow(closedMessage);
    const waiting = expect(renderer.renderXlsx(small)).rejects.toThrow(closedMessage);
    await renderer.close();
    await running;
    await waiting;
    await expect(renderer.renderPdf(small)).rejects.toThrow('The export renderer is closed');
  });

  it('is owned by the Fastify plugin, which closes it with the app', async () => {
    const app = Fastify();
    await app.register(exportRendererPlugin, { concurrency: 1 });
    await app.ready();
    expect(isPdf(await app.exportRenderer.render(small, 'pdf'))).toBe(true);
    await app.close();
    await expect(app.exportRenderer.render(small, 'pdf')).rejects.toThrow(
      'The export renderer is closed',
    );
  });
});
