// Importing a supplier's prices: the price setup offers it beside the export; the dialog downloads the template, checks a chosen
// file (a problem by row, column and message), takes another file, imports it after confirming what it adds, changes and removes
// (apply=true), says so, closes and shows the new prices; a file without changes says so; a failed import keeps the file for
// another try; Czech texts and plurals.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupplierPriceImportReport } from '@costory/shared';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  PARTNERS,
  createSupplierPriceCatalog,
  createSupplierPriceRole,
  createSupplierPrices,
  partnerApi,
} from '../test/partner-fixtures';

configureQueries();

// The upload goes through XMLHttpRequest for its progress events; here it reports them and is then
// answered by the stubbed fetch, so the API client's headers and query are what the test sees.
vi.mock('@/lib/upload-with-progress', () => ({
  sendWithProgress: async (
    url: string,
    init: RequestInit,
    onProgress?: (progress: UploadProgress) => void,
  ) => {
    onProgress?.({ sent: 100, total: 100 });
    return fetch(url, init);
  },
}));

const PAGE = '/companies/7';
const PRICES = `${PARTNERS}/7/prices`;
const IMPORTS = `POST ${PRICES}/imports`;
const SHEET = `GET ${PRICES}/sheet`;
const READ_PRICES = `GET ${PRICES}`;

function createReport(
  overrides: Partial<SupplierPriceImportReport> = {},
): SupplierPriceImportReport {
  return {
    partnerId: 7,
    format: 'csv',
    applied: false,
    sheets: [{ sheet: 'Prices', rows: 3, created: 1, updated: 1, removed: 1, unchanged: 0 }],
    problems: [],
    problemCount: 0,
    changes: [
      { sheet: 'Prices', key: 'OFFICE / DEV', action: 'CREATE', columns: [] },
      { sheet: 'Prices', key: 'OFFICE / PM', action: 'UPDATE', columns: ['price'] },
      { sheet: 'Prices', key: 'OFFICE / QA', action: 'REMOVE', columns: [] },
    ],
    changeCount: 3,
    ...overrides,
  };
}

const WITH_PROBLEM = createReport({
  sheets: [{ sheet: 'Prices', rows: 2, created: 0, updated: 0, removed: 0, unchanged: 1 }],
  problems: [
    { sheet: 'Prices', row: 3, column: 'price', message: 'Price must be greater than zero' },
  ],
  problemCount: 1,
  changes: [],
  changeCount: 0,
});

const UNCHANGED = createReport({
  sheets: [{ sheet: 'Prices', rows: 2, created: 0, updated: 0, removed: 0, unchanged: 2 }],
  changes: [],
  changeCount: 0,
});

/** The prices after the import: the developer priced at 990, the project manager at 1300. */
const IMPORTED_PRICES = createSupplierPrices([
  createSupplierPriceCatalog({
    roles: [
      createSupplierPriceRole({ price: '990.0000', version: 1 }),
      createSupplierPriceRole({
        roleId: 31,
        code: 'PM',
        name: { en: 'Project manager', cs: 'Projektový manažer' },
        catalogPrice: '1500.0000',
        price: '1300.0000',
        version: 5,
      }),
    ],
  }),
]);

function csv(name: string): File {
  return new File(['catalog,role,price\nOFFICE,DEV,990\nOFFICE,PM,1300\nOFFICE,QA,\n'], name, {
    type: 'text/csv',
  });
}

/**
 * The dry run of `bad.csv` finds a problem, `same.csv` changes nothing, any other file is clean;
 * apply=true answers `applyAnswer`, and a successful one stores the imported prices.
 */
function importApi(
  applyAnswer: () => Response = () => jsonResponse(createReport({ applied: true })),
): Record<string, Handler> {
  let imported = false;
  return {
    ...partnerApi(),
    [READ_PRICES]: () => jsonResponse(imported ? IMPORTED_PRICES : createSupplierPrices()),
    [IMPORTS]: (request) => {
      if (request.url.searchParams.get('apply') === 'true') {
        const answer = applyAnswer();
        imported = answer.ok;
        return answer;
      }
      const name = request.url.searchParams.get('fileName');
      return jsonResponse(
        name === 'bad.csv' ? WITH_PROBLEM : name === 'same.csv' ? UNCHANGED : createReport(),
      );
    },
  };
}

async function openDialog(user: ReturnType<typeof renderApp>['user'], open = 'Import prices') {
  const button = await screen.findByRole('button', { name: open });
  await user.click(button);
  return screen.findByRole('dialog', { name: open });
}

function priceField(name: string) {
  const form = screen.getByRole('form', { name: 'Prices in Office fit-out' });
  return within(form).getByRole('textbox', { name: `Supplier's price of ${name}` });
}

describe('importing a supplier’s prices', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the download hands the Blob to the browser through one.
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  it('checks a file, shows its problem, takes another file and imports it after confirming', async () => {
    const { callsTo } = stubFetch(importApi());
    const { user } = renderApp(PAGE);
    await screen.findByRole('form', { name: 'Prices in Office fit-out' });
    expect(priceField('Developer')).toHaveValue('');
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(
      "One row per role: the catalog's code, the role's code and the supplier's price. An empty price removes the supplier's own price, so the catalog's price applies. Export the prices to get the template.",
    );

    await user.upload(within(dialog).getByTestId('import-file-input'), csv('bad.csv'));
    const problems = await within(dialog).findByRole('table', { name: 'Problems' });
    const row = within(problems).getByText('Price must be greater than zero').closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('price')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 problem — nothing will be imported/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import the prices' })).not.toBeInTheDocument();
    const [check] = callsTo(IMPORTS);
    expect(check?.url.searchParams.get('apply')).toBe('false');
    expect(check?.url.searchParams.get('fileName')).toBe('bad.csv');
    expect(check?.headers.get('Content-Type')).toBe('application/octet-stream');

    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    const changes = await within(dialog).findByRole('table', { name: 'Planned changes' });
    expect(within(changes).getByText('OFFICE / PM')).toBeInTheDocument();
    expect(within(changes).getByText('OFFICE / QA')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import the prices' }));
    const question = await screen.findByRole('dialog', { name: 'Import the prices?' });
    expect(question).toHaveTextContent(
      'For Stavby Novák s.r.o., the import of good.csv will add 1 price, change 1 price and remove 1 price.',
    );
    expect(callsTo(IMPORTS)).toHaveLength(2);
    await user.click(within(question).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Prices imported')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import prices' })).not.toBeInTheDocument(),
    );
    const calls = callsTo(IMPORTS);
    expect(calls.map((call) => call.url.searchParams.get('apply'))).toEqual([
      'false',
      'false',
      'true',
    ]);
    expect(calls[2]?.url.searchParams.get('fileName')).toBe('good.csv');
    // The price table shows the imported prices at once.
    await waitFor(() => expect(priceField('Developer')).toHaveValue('990'));
    expect(priceField('Project manager')).toHaveValue('1300');
  });

  it('says when the file changes nothing, and offers no import', async () => {
    stubFetch(importApi());
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('same.csv'));
    expect(
      await within(dialog).findByText("The file matches the supplier's prices: nothing to change."),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Import the prices' }),
    ).not.toBeInTheDocument();
  });

  it('keeps the file when the import fails, and imports it on another try', async () => {
    let fail = true;
    const { callsTo } = stubFetch(
      importApi(() =>
        fail ? problemResponse(409, 'CONFLICT') : jsonResponse(createReport({ applied: true })),
      ),
    );
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import the prices' }));
    const question = await screen.findByRole('dialog', { name: 'Import the prices?' });
    await user.click(within(question).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('The prices could not be imported; nothing was changed.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('good.csv')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Prices imported')).toBeInTheDocument();
    expect(callsTo(IMPORTS).map((call) => call.url.searchParams.get('apply'))).toEqual([
      'false',
      'true',
      'true',
    ]);
  });

  it('downloads the supplier’s prices as the template', async () => {
    const { callsTo } = stubFetch({
      ...importApi(),
      [SHEET]: (request) =>
        new Response(new Blob(['file']), {
          headers: {
            'Content-Disposition': `attachment; filename="Novak-prices.${
              request.url.searchParams.get('format') ?? 'xlsx'
            }"`,
          },
        }),
    });
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download template (.xlsx)' }));
    expect(await screen.findByText('Downloaded Novak-prices.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download template (.csv)' }));
    expect(await screen.findByText('Downloaded Novak-prices.csv')).toBeInTheDocument();
    expect(callsTo(SHEET).map((call) => call.url.search)).toEqual(['?format=xlsx', '?format=csv']);
  });

  it('is not offered while no catalog is in use, like the export', async () => {
    stubFetch({ ...partnerApi({ prices: createSupplierPrices([]) }) });
    renderApp(PAGE);
    expect(await screen.findByText('No catalogs to price yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import prices' })).not.toBeInTheDocument();
  });

  it('speaks Czech: the help, the problem, the question in its plurals and the toast', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(importApi());
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user, 'Importovat ceny');
    expect(dialog).toHaveTextContent(
      'Jedna role na řádek: kód katalogu, kód role a cena dodavatele. Prázdná cena odebere vlastní cenu dodavatele, takže platí cena katalogu. Šablonu získáte exportem cen.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stáhnout šablonu (.csv)' })).toBeVisible();
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('bad.csv'));
    expect(await within(dialog).findByRole('table', { name: 'Problémy' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 problém – nic se nenaimportuje, dokud ho neopravíte.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Vybrat jiný soubor' }));
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Naimportovat ceny' }));
    const question = await screen.findByRole('dialog', { name: 'Naimportovat ceny?' });
    expect(question).toHaveTextContent(
      'Import souboru good.csv u dodavatele Stavby Novák s.r.o. přidá 1 cenu, změní 1 cenu a odebere 1 cenu.',
    );
    await user.click(within(question).getByRole('button', { name: 'Naimportovat' }));
    expect(await screen.findByText('Ceny naimportovány')).toBeInTheDocument();
  });
});
