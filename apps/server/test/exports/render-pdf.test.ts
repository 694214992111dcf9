// PDF export read back with poppler (pdftotext, pdfinfo): Czech letters, locale number formats, page numbers, the table header on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRenderer } from '../../src/modules/exports/render/render-pool';
import { normalise, readPdf } from '../helpers/read-pdf';
import { buildReport, CZECH_PANGRAM, pricedTable, treeTable } from './report-fixtures';

describe('PDF export', () => {
  let renderer: ExportRenderer;

  beforeAll(() => {
    renderer = new ExportRenderer();
  });

  afterAll(() => renderer.close());

  it('renders a Czech report over several pages with its header repeated and Czech numbers', async () => {
    const report = buildReport({
      parties: [
        {
          caption: 'Dodavatel',
          name: 'Šťastná ředitelka s.r.o.',
          lines: ['Údolní 12', '602 00 Brno'],
        },
        { caption: 'Odběratel', name: 'Žluťoučký kůň a.s.', lines: ['Ďáblice 7'] },
      ],
      tables: [pricedTable({ rows: 300, locale: 'cs' }), treeTable()],
    });
    const pdf = await renderer.renderPdf(report);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { pages, pageCount } = await readPdf(pdf);
    expect(pageCount).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(pageCount);
    const first = normalise(pages[0] ?? '');
    const all = normalise(pages.join(' '));

    expect(first).toContain('Souhrn podle rolí');
    expect(first).toContain(CZECH_PANGRAM);
    expect(first).toContain('Šťastná ředitelka s.r.o.');
    expect(first).toContain('Žluťoučký kůň a.s.');
    expect(first).toContain('Ďáblice 7');
    expect(first).toContain('24. listopadu 2025');
    expect(first).toContain('Celková cena 1 250,50 Kč');
    expect(first).toContain('Čas 12,5');
    expect(first).toContain('Položky příběhu');
    expect(first).toContain('Položka Skupina Počet Čas (MD) Sazba Cena');
    expect(first).toContain('Řádek 1 Čeština 1 0,25 812,3525 Kč 1 251,50 Kč');
    expect(first).toContain(`Strana 1 z ${pageCount}`);

    // Every page after the first that continues the long table starts with its header again.
    const second = normalise(pages[1] ?? '');
    expect(second).toContain('Položka Skupina Počet Čas (MD) Sazba Cena');
    expect(second).toContain(`Strana 2 z ${pageCount}`);
    expect(second).not.toContain('Položky příběhu');

    // 300 rows of 1,250.50 + i: 375,150 + 45,150; mandays 0.25 * 45,150.
    expect(all).toContain('Řádek 300 Ďábel 300 75 812,3525 Kč 1 550,50 Kč');
    expect(all).toContain('Celkem 11 287,5 420 300,00 Kč');
    expect(all).toContain('Formuláře 150,00 Kč');
    expect(all).toContain('Celkem 1 000,00 Kč');
    expect(all).toContain('Instance s chybou ve vzorci se počítají jako 0.');
    expect(normalise(pages.at(-1) ?? '')).toContain(`Strana ${pageCount} z ${pageCount}`);
  });

  it('renders an English report with English numbers and page numbers', async () => {
    const report = buildReport({
      locale: 'en',
      currency: 'GBP',
      title: 'Summary by roles',
      tables: [pricedTable({ rows: 120, locale: 'en' })],
      notes: [],
    });
    const { pages, pageCount } = await readPdf(await renderer.renderPdf(report));
    const first = normalise(pages[0] ?? '');
    const all = normalise(pages.join(' '));
    expect(pageCount).toBeGreaterThanOrEqual(2);
    expect(first).toContain('24 November 2025');
    expect(first).toContain('Total price £1,250.50');
    expect(first).toContain('Item Group Count Time (MD) Rate Price');
    expect(first).toContain(`Page 1 of ${pageCount}`);
    // 120 rows: 150,060 + 7,260; mandays 0.25 * 7,260.
    expect(all).toContain('Total 1,815 £157,320.00');
    expect(normalise(pages[1] ?? '')).toContain(`Page 2 of ${pageCount}`);
  });

  it('writes score catalogs (no currency) with 2 decimals and no currency sign', async () => {
    const report = buildReport({
      currency: null,
      facts: [{ label: 'Body', value: '12345.5', format: 'money' }],
      tables: [],
    });
    const { pages } = await readPdf(await renderer.renderPdf(report));
    expect(normalise(pages[0] ?? '')).toContain('Body 12 345,50 ');
    expect(pages[0]).not.toContain('Kč');
  });

  it('prints the report without its logo when the logo cannot be read, instead of failing', async () => {
    const damaged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not the rest of a picture'),
    ]);
    const report = buildReport({ logo: `data:image/png;base64,${damaged.toString('base64')}` });
    const { pages } = await readPdf(await renderer.renderPdf(report));
    expect(normalise(pages[0] ?? '')).toContain(CZECH_PANGRAM);
  });
});
