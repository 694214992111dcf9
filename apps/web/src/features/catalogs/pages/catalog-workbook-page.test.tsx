// The workbook page: choosing a file runs the dry run with upload progress and shows its problems (row, column, message) and a CSV report;
// a clean file lists its changes and imports them after confirming; an over-size file is refused without an upload; a file matching
// the catalog changes nothing; a failed upload keeps the file for a retry; the exports download; the overview links here; Czech texts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMPORT_BYTES, type CatalogImportReport } from '@costory/shared';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { jsonResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { API, catalogApi, createCatalog, problemWithDetail } from '../test/catalog-fixtures';

configureQueries();

/** Lets a test hold the upload after its first half has left, to see the progress bar. */
const upload = vi.hoisted(() => ({ hold: null as Promise<void> | null }));

// The upload goes through XMLHttpRequest for its progress events; here it reports two steps and is
// then answered by the stubbed fetch, so the API client's headers and query are what the test sees.
vi.mock('@/lib/upload-with-progress', () => ({
  sendWithProgress: async (
    url: string,
    init: RequestInit,
    onProgress?: (progress: UploadProgress) => void,
  ) => {
    onProgress?.({ sent: 50, total: 100 });
    if (upload.hold) await upload.hold;
    onProgress?.({ sent: 100, total: 100 });
    return fetch(url, init);
  },
}));

const PAGE = '/ctl/catalog-detail/1/import';
const IMPORTS = `POST ${API}/catalogs/1/imports`;
const WORKBOOK = `GET ${API}/catalogs/1/workbook`;

function createReport(overrides: Partial<CatalogImportReport> = {}): CatalogImportReport {
  return {
    catalogId: 1,
    format: 'xlsx',
    applied: false,
    sheets: [
      { sheet: 'Groups', rows: 4, created: 0, updated: 1, removed: 0, unchanged: 3 },
      { sheet: 'Items', rows: 1234, created: 12, updated: 2, removed: 0, unchanged: 1220 },
    ],
    problems: [],
    problemCount: 0,
    changes: [
      { sheet: 'Groups', key: 'WALLS', action: 'UPDATE', columns: ['name.en'] },
      { sheet: 'Items', key: 'PARTITION', action: 'CREATE', columns: [] },
    ],
    changeCount: 17,
    ...overrides,
  };
}

const WITH_PROBLEMS = createReport({
  problems: [
    { sheet: 'Items', row: 7, column: 'group', message: 'No group has the code FLOORS' },
    { sheet: 'Roles', row: 3, column: 'price', message: '=SUM(A1) is not a number, "really"' },
    { sheet: 'Values', row: null, column: null, message: 'The sheet has no header row' },
  ],
  problemCount: 3,
  changes: [],
  changeCount: 0,
});

function xlsx(name = 'catalog.xlsx'): File {
  return new File(['PK workbook bytes'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

function imports(answer: (apply: boolean) => Response): Record<string, Handler> {
  return {
    ...catalogApi(),
    [IMPORTS]: (request) => answer(request.url.searchParams.get('apply') === 'true'),
  };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads the bytes (the BOM included). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

async function chooseFile(user: ReturnType<typeof renderApp>['user'], file: File) {
  await screen.findByRole('heading', { name: 'Import' });
  await user.upload(screen.getByTestId('import-file-input'), file);
}

describe('catalog workbook page', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
  const click = vi.fn();

  beforeEach(() => {
    upload.hold = null;
    // jsdom has no object URLs; the download hands the Blob to the browser through one.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(click);
    createObjectURL.mockClear();
    click.mockClear();
  });

  it('checks a chosen file with progress and lists its problems, then saves them as a CSV report', async () => {
    let release = () => {};
    upload.hold = new Promise((resolve) => (release = resolve));
    const { callsTo } = stubFetch(imports(() => jsonResponse(WITH_PROBLEMS)));
    const { user } = renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Import and export' }),
    ).toBeInTheDocument();
    const zone = screen.getByRole('button', { name: 'Choose a file to import (.xlsx or .csv)' });
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('import-file-input')).toHaveAttribute('accept', '.xlsx,.csv,.txt');

    await chooseFile(user, xlsx());
    expect(await screen.findByText('Uploading catalog.xlsx: 50 %')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Uploading catalog.xlsx: 50 %' }),
    ).toHaveAttribute('aria-valuenow', '50');
    release();

    expect(
      await screen.findByText('3 problems — nothing will be imported until they are fixed.'),
    ).toBeInTheDocument();
    const [call] = callsTo(IMPORTS);
    expect(call?.url.searchParams.get('apply')).toBe('false');
    expect(call?.url.searchParams.get('fileName')).toBe('catalog.xlsx');
    expect(call?.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(call?.headers.get('Accept-Language')).toBe('en');

    const problems = screen.getByRole('table', { name: 'Problems' });
    const row = within(problems).getByText('No group has the code FLOORS').closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Items')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('7')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('group')).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Rows per sheet' });
    expect(within(summary).getByText('1,234')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import the changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download report (.csv)' }));
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));
    expect(csv.startsWith('\uFEFFKind,Sheet,Row,Column,Key,Action,Problem\r\n')).toBe(true);
    expect(csv).toContain('Problem,Items,7,group,,,No group has the code FLOORS\r\n');
    expect(csv).toContain(`Problem,Roles,3,price,,,"'=SUM(A1) is not a number, ""really"""\r\n`);
    expect(csv).toContain('Problem,Values,,,,,The sheet has no header row\r\n');
  });

  it('lists the changes of a clean file and imports them after confirming', async () => {
    const { callsTo } = stubFetch(
      imports((apply) => jsonResponse(createReport(apply ? { applied: true } : {}))),
    );
    const { user } = renderApp(PAGE);
    await chooseFile(user, xlsx());

    const changes = await screen.findByRole('table', { name: 'Planned changes' });
    expect(within(changes).getByText('WALLS')).toBeInTheDocument();
    expect(within(changes).getByText('name.en')).toBeInTheDocument();
    expect(within(changes).getByText('new row')).toBeInTheDocument();
    expect(screen.getByText('… and 15 more changes')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rows per sheet' })).toHaveTextContent('To create');

    await user.click(screen.getByRole('button', { name: 'Import the changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import the changes?' });
    expect(dialog).toHaveTextContent(
      'The import will create 12 rows and update 3 rows in Office fit-out.',
    );
    expect(callsTo(IMPORTS)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('catalog.xlsx imported')).toBeInTheDocument();
    expect(
      await screen.findByText('The changes are imported into Office fit-out.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imported from catalog.xlsx' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rows per sheet' })).toHaveTextContent('Created');
    expect(screen.queryByRole('button', { name: 'Import the changes' })).not.toBeInTheDocument();
    const calls = callsTo(IMPORTS);
    expect(calls.map((call) => call.url.searchParams.get('apply'))).toEqual(['false', 'true']);
    expect(calls[1]?.url.searchParams.get('fileName')).toBe('catalog.xlsx');
  });

  it('refuses a file over the limit at once, without uploading it', async () => {
    const { callsTo } = stubFetch(imports(() => jsonResponse(createReport())));
    const { user } = renderApp(PAGE);
    const big = xlsx('huge.xlsx');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 5 * 1024 * 1024 });
    await chooseFile(user, big);
    expect(
      await screen.findByText(
        'huge.xlsx has 25 MB, more than the 20 MB an import takes. Nothing was uploaded: split the workbook into CSV files of single sheets.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(IMPORTS)).toHaveLength(0);
    // The drop zone stays for the next file.
    expect(
      screen.getByRole('button', { name: 'Choose a file to import (.xlsx or .csv)' }),
    ).toBeInTheDocument();
  });

  it('says a file that matches the catalog changes nothing, and offers no import', async () => {
    stubFetch(
      imports(() =>
        jsonResponse(
          createReport({
            format: 'csv',
            sheets: [{ sheet: 'Items', rows: 2, created: 0, updated: 0, removed: 0, unchanged: 2 }],
            changes: [],
            changeCount: 0,
          }),
        ),
      ),
    );
    const { user } = renderApp(PAGE);
    // Dropped on the zone rather than picked.
    await screen.findByRole('heading', { name: 'Import' });
    fireEvent.drop(
      screen.getByRole('button', { name: 'Choose a file to import (.xlsx or .csv)' }),
      {
        dataTransfer: { files: [new File(['code\nWALL'], 'items.csv', { type: 'text/csv' })] },
      },
    );
    expect(
      await screen.findByText('The file matches the catalog: nothing to change.'),
    ).toBeInTheDocument();
    expect(screen.getByText('items.csv')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import the changes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(
      screen.getByRole('button', { name: 'Choose a file to import (.xlsx or .csv)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('items.csv')).not.toBeInTheDocument();
  });

  it('shows a refused upload’s problem and keeps the file for another try', async () => {
    let refuse = true;
    const { callsTo } = stubFetch(
      imports(() =>
        refuse
          ? problemWithDetail(400, 'BAD_REQUEST', 'The file is neither a workbook nor a CSV file.')
          : jsonResponse(createReport()),
      ),
    );
    const { user } = renderApp(PAGE);
    await chooseFile(user, xlsx());
    expect(
      await screen.findByText('The file is neither a workbook nor a CSV file.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The file could not be checked.')).toBeInTheDocument();
    expect(screen.getByText('catalog.xlsx')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Planned changes' })).toBeInTheDocument();
    expect(callsTo(IMPORTS)).toHaveLength(2);
  });

  it('downloads the workbook and one sheet as CSV', async () => {
    const { callsTo } = stubFetch({
      ...catalogApi(),
      [WORKBOOK]: (request) =>
        new Response(new Blob(['file']), {
          headers: {
            'Content-Disposition': `attachment; filename="${
              request.url.searchParams.get('format') === 'csv' ? 'office-Roles.csv' : 'office.xlsx'
            }"`,
          },
        }),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download workbook (.xlsx)' }));
    expect(await screen.findByText('Downloaded office.xlsx')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sheet' }));
    await user.click(await screen.findByRole('option', { name: 'Roles' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded office-Roles.csv')).toBeInTheDocument();
    const queries = callsTo(WORKBOOK).map((call) => call.url.search);
    expect(queries).toEqual(['?format=xlsx', '?format=csv&sheet=Roles']);
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows a reader the export and no import', async () => {
    stubFetch(catalogApi({ catalog: createCatalog({ myRole: 'CTL_READER' }) }));
    renderApp(PAGE);
    expect(await screen.findByText('Only the catalog’s admins can import.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download workbook (.xlsx)' })).toBeInTheDocument();
    expect(screen.queryByTestId('import-file-input')).not.toBeInTheDocument();
  });

  it('speaks Czech: the limit, problem plurals and numbers', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(imports(() => jsonResponse(WITH_PROBLEMS)));
    const { user } = renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Import a export' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('nebo ho vyberte kliknutím či klávesou Enter (nejvýše 20 MB)'),
    ).toBeInTheDocument();
    await user.upload(screen.getByTestId('import-file-input'), xlsx());
    expect(
      await screen.findByText('3 problémy – nic se nenaimportuje, dokud je neopravíte.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Řádky podle listů' })).getByText('1 234'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stáhnout zprávu (.csv)' })).toBeInTheDocument();
  });

  it('asks in Czech before importing, with the plural of each count', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(imports(() => jsonResponse(createReport())));
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 2, name: 'Import a export' });
    await user.upload(screen.getByTestId('import-file-input'), xlsx());
    await user.click(await screen.findByRole('button', { name: 'Naimportovat změny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Naimportovat změny?' });
    expect(dialog).toHaveTextContent(
      'Import v katalogu Office fit-out vytvoří 12 řádků a aktualizuje 3 řádky.',
    );
  });
});

describe('catalog overview', () => {
  it('links an admin to the import and export page', async () => {
    stubFetch(catalogApi());
    const { user, router } = renderApp('/ctl/catalog-detail/1');
    await user.click(await screen.findByRole('link', { name: 'Import and export' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Import and export' }),
    ).toBeInTheDocument();
  });

  it('gives a reader the workbook to download instead', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { callsTo } = stubFetch({
      ...catalogApi({ catalog: createCatalog({ myRole: 'CTL_READER' }) }),
      [WORKBOOK]: () =>
        new Response(new Blob(['file']), {
          headers: { 'Content-Disposition': 'attachment; filename="office.xlsx"' },
        }),
    });
    const { user } = renderApp('/ctl/catalog-detail/1');
    await user.click(await screen.findByRole('button', { name: 'Export workbook (.xlsx)' }));
    expect(await screen.findByText('Downloaded office.xlsx')).toBeInTheDocument();
    expect(callsTo(WORKBOOK)[0]?.url.searchParams.get('format')).toBe('xlsx');
    expect(screen.queryByRole('link', { name: 'Import and export' })).not.toBeInTheDocument();
  });
});
