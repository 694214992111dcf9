// An export page: the report previewed in the user's number format, the PDF downloaded under the server's file name
// with progress (a large one after following the server's render), and a failed export told without losing the page.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PDF_MAX_ROWS } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, storyApi } from '@/features/stories/test/story-fixtures';
import { createExportJob, createReport } from './test/report-fixtures';

configureQueries();

const PAGE = '/story-detail/12/summary/roles/export';
const REPORT = 'GET /api/v1/stories/12/exports/roles';

describe('export page', () => {
  const createObjectURL = vi.fn(() => 'blob:report');
  const click = vi.fn();

  beforeEach(() => {
    // jsdom has no object URLs; the download hands the Blob to the browser through one.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    // jsdom cannot navigate to a download; the click that would start it is what counts.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(click);
    createObjectURL.mockClear();
    click.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('previews the report with its parties, facts and totals in the locale’s format', async () => {
    stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: () => jsonResponse(createReport()),
    });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Summary by roles' })).toBeInTheDocument();
    expect(screen.getByText('Acme Builders')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'By roles' });
    expect(within(table).getByText('73.2456')).toBeInTheDocument();
    expect(within(table).getAllByText('€6,262.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to the summary' })).toHaveAttribute(
      'href',
      '/story-detail/12/summary/roles',
    );
  });

  it('follows a language switch at once: the report is fetched and formatted in the new language', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: (request) =>
        jsonResponse(
          request.headers.get('Accept-Language') === 'cs'
            ? createReport({ locale: 'cs', title: 'Souhrn podle rolí' })
            : createReport(),
        ),
    });
    const { user } = renderApp(PAGE);
    expect(await screen.findByText(/date 2 March 2025/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change language (current: English)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Čeština' }));

    expect(await screen.findByRole('heading', { name: 'Souhrn podle rolí' })).toBeInTheDocument();
    expect(screen.getByText(/datum 2\. března 2025/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText('6 262,00 €')).toHaveLength(2);
    expect(screen.queryByText(/March/)).not.toBeInTheDocument();
    expect(callsTo(REPORT).map((call) => call.headers.get('Accept-Language'))).toEqual([
      'en',
      'cs',
    ]);
  });

  it('downloads the PDF under the server’s file name', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: (request) =>
        request.url.searchParams.get('format') === 'pdf'
          ? new Response(new Blob(['%PDF-1.7 test']), {
              headers: {
                'Content-Type': 'application/pdf',
                'Content-Disposition':
                  'attachment; filename="summary-by-roles.pdf"; filename*=UTF-8\'\'summary-by-roles.pdf',
              },
            })
          : jsonResponse(createReport()),
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { name: 'Summary by roles' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded summary-by-roles.pdf')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(callsTo(REPORT).map((call) => call.url.searchParams.get('format'))).toEqual([
      'json',
      'pdf',
    ]);
  });

  it('follows the server’s render of a large file, then downloads it', async () => {
    const job = createExportJob();
    // A poll answered 503 (the server restarting, say) is asked again, not taken for a failure.
    const polls = [
      () => jsonResponse({ ...job, status: 'rendering', progress: 40 }),
      () => problemResponse(503, 'SERVICE_UNAVAILABLE'),
      () => jsonResponse({ ...job, status: 'done', progress: 100, size: 13 }),
    ];
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: (request) =>
        request.url.searchParams.get('format') === 'pdf'
          ? jsonResponse(job, 202)
          : jsonResponse(createReport()),
      [`GET /api/v1/export-jobs/${job.id}`]: () => {
        const answer = polls.shift();
        if (!answer) throw new Error('polled after the job was done');
        return answer();
      },
      [`GET /api/v1/export-jobs/${job.id}/file`]: () =>
        new Response(new Blob(['%PDF-1.7 test']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="summary-by-roles.pdf"',
          },
        }),
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { name: 'Summary by roles' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(
      await screen.findByText('Preparing the PDF on the server: 40 %', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Downloaded summary-by-roles.pdf', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(callsTo(`GET /api/v1/export-jobs/${job.id}`)).toHaveLength(3);
    expect(callsTo(`GET /api/v1/export-jobs/${job.id}/file`)).toHaveLength(1);
  });

  it('says when the server’s render of a large file failed', async () => {
    const job = createExportJob({
      status: 'failed',
      progress: 1,
      format: 'xlsx',
      fileName: 'summary-by-roles.xlsx',
    });
    stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: (request) =>
        request.url.searchParams.get('format') === 'xlsx'
          ? jsonResponse(job, 202)
          : jsonResponse(createReport()),
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { name: 'Summary by roles' });
    await user.click(screen.getByRole('button', { name: 'Download spreadsheet (.xlsx)' }));
    expect(
      await screen.findByText('The export could not be created. Try again.'),
    ).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('offers only the spreadsheet for a report too large for a PDF, and says why', async () => {
    const base = createReport();
    const table = base.tables[0];
    if (!table) throw new Error('no table');
    const rows = Array.from({ length: PDF_MAX_ROWS + 1 }, (_, index) => ({
      cells: [`Role ${index}`, '1', '10.00'],
      level: 0,
      muted: false,
    }));
    stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: () => jsonResponse(createReport({ tables: [{ ...table, rows }] })),
    });
    renderApp(PAGE);
    expect(
      await screen.findByText(
        'This report has 20,001 rows, too many for a PDF (at most 20,000): download the spreadsheet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download spreadsheet (.xlsx)' })).toBeEnabled();
  });

  it('says when an export fails and keeps the preview', async () => {
    stubFetch({
      ...storyApi({ story: createStory() }),
      [REPORT]: (request) =>
        request.url.searchParams.get('format') === 'xlsx'
          ? problemResponse(500, 'INTERNAL')
          : jsonResponse(createReport()),
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { name: 'Summary by roles' });
    await user.click(screen.getByRole('button', { name: 'Download spreadsheet (.xlsx)' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download spreadsheet (.xlsx)' })).toBeEnabled(),
    );
    expect(
      await screen.findByText(/Something went wrong|could not be created/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary by roles' })).toBeInTheDocument();
  });
});
