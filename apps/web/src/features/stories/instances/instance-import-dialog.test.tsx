// Importing instances into a story: the items page offers it to those who may add instances; the dialog downloads the template,
// checks a chosen file (a problem by row, column and message), takes another file, adds its rows after confirming (apply=true),
// says so, closes and refetches the story's instances; a failed import keeps the file for another try; Czech texts and plurals.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceImportReport } from '@costory/shared';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, storyApi } from '../test/story-fixtures';

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

const PAGE = '/story-detail/12/items/groups/itemsLabels';
const API = '/api/v1/stories/12';
const IMPORTS = `POST ${API}/instances/imports`;
const SHEET = `GET ${API}/instances/sheet`;
const INSTANCES = `GET ${API}/instances`;

function createReport(overrides: Partial<InstanceImportReport> = {}): InstanceImportReport {
  return {
    storyId: 12,
    format: 'csv',
    applied: false,
    sheets: [{ sheet: 'Instances', rows: 2, created: 2, updated: 0, removed: 0, unchanged: 0 }],
    problems: [],
    problemCount: 0,
    changes: [
      { sheet: 'Instances', key: 'row 2: TRENCH', action: 'CREATE', columns: [] },
      { sheet: 'Instances', key: 'row 3: TRENCH', action: 'CREATE', columns: [] },
    ],
    changeCount: 2,
    ...overrides,
  };
}

const WITH_PROBLEM = createReport({
  problems: [
    {
      sheet: 'Instances',
      row: 3,
      column: 'value.length',
      message: 'Length: -3 is less than the minimum 0.5',
    },
  ],
  problemCount: 1,
  changes: [],
  changeCount: 0,
});

function csv(name: string): File {
  return new File(['item,name,value.length\nTRENCH,North,30\nTRENCH,South,10\n'], name, {
    type: 'text/csv',
  });
}

/** The dry run of `bad.csv` finds a problem; `good.csv` is clean; apply=true adds its rows. */
function importApi(
  applyAnswer: () => Response = () => jsonResponse(createReport({ applied: true })),
): Record<string, Handler> {
  return {
    ...storyApi(),
    [IMPORTS]: (request) => {
      if (request.url.searchParams.get('apply') === 'true') return applyAnswer();
      return jsonResponse(
        request.url.searchParams.get('fileName') === 'bad.csv' ? WITH_PROBLEM : createReport(),
      );
    },
  };
}

async function openDialog(user: ReturnType<typeof renderApp>['user'], open = 'Import instances') {
  const button = await screen.findByRole('button', { name: open });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: open });
}

describe('importing instances', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the download hands the Blob to the browser through one.
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  it('checks a file, shows its problem, takes another file and adds its rows after confirming', async () => {
    const { callsTo } = stubFetch(importApi());
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(
      'One row per instance: the item’s code, then name, level, optional, labels and a value.<attribute> column per attribute. Download the story’s instances as a template.',
    );

    await user.upload(within(dialog).getByTestId('import-file-input'), csv('bad.csv'));
    const problems = await within(dialog).findByRole('table', { name: 'Problems' });
    const row = within(problems).getByText('Length: -3 is less than the minimum 0.5').closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('value.length')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 problem — nothing will be imported/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Add \d/ })).not.toBeInTheDocument();
    const [check] = callsTo(IMPORTS);
    expect(check?.url.searchParams.get('apply')).toBe('false');
    expect(check?.url.searchParams.get('fileName')).toBe('bad.csv');
    expect(check?.headers.get('Content-Type')).toBe('application/octet-stream');

    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    const changes = await within(dialog).findByRole('table', { name: 'Planned changes' });
    expect(within(changes).getByText('row 2: TRENCH')).toBeInTheDocument();
    const instancesBefore = callsTo(INSTANCES).length;

    await user.click(within(dialog).getByRole('button', { name: 'Add 2 instances' }));
    const question = await screen.findByRole('dialog', { name: 'Add the instances?' });
    expect(question).toHaveTextContent(
      '2 instances from good.csv will be added to Office fit-out, Brno.',
    );
    expect(callsTo(IMPORTS)).toHaveLength(2);
    await user.click(within(question).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('2 instances added')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import instances' })).not.toBeInTheDocument(),
    );
    const calls = callsTo(IMPORTS);
    expect(calls.map((call) => call.url.searchParams.get('apply'))).toEqual([
      'false',
      'false',
      'true',
    ]);
    expect(calls[2]?.url.searchParams.get('fileName')).toBe('good.csv');
    // The grid and the totals refetch at once.
    await waitFor(() => expect(callsTo(INSTANCES).length).toBeGreaterThan(instancesBefore));
  });

  it('keeps the file when the import fails, and adds it on another try', async () => {
    let fail = true;
    const { callsTo } = stubFetch(
      importApi(() =>
        fail ? problemResponse(409, 'CONFLICT') : jsonResponse(createReport({ applied: true })),
      ),
    );
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Add 2 instances' }));
    const question = await screen.findByRole('dialog', { name: 'Add the instances?' });
    await user.click(within(question).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('The instances could not be added; nothing was added.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('good.csv')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 instances added')).toBeInTheDocument();
    expect(callsTo(IMPORTS).map((call) => call.url.searchParams.get('apply'))).toEqual([
      'false',
      'true',
      'true',
    ]);
  });

  it('downloads the story’s instances as the template', async () => {
    const { callsTo } = stubFetch({
      ...importApi(),
      [SHEET]: (request) =>
        new Response(new Blob(['file']), {
          headers: {
            'Content-Disposition': `attachment; filename="story-12-instances.${
              request.url.searchParams.get('format') ?? 'xlsx'
            }"`,
          },
        }),
    });
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download template (.xlsx)' }));
    expect(await screen.findByText('Downloaded story-12-instances.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download template (.csv)' }));
    expect(await screen.findByText('Downloaded story-12-instances.csv')).toBeInTheDocument();
    expect(callsTo(SHEET).map((call) => call.url.search)).toEqual(['?format=xlsx', '?format=csv']);
  });

  it('is not offered to a member who may not add instances', async () => {
    stubFetch(storyApi({ story: createStory({ myRole: 'ICT_VERIFIER' }) }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import instances' })).not.toBeInTheDocument();
  });

  it('speaks Czech: the problem, the button, the question and the toast in their plurals', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(importApi());
    const { user } = renderApp(PAGE);
    const dialog = await openDialog(user, 'Importovat instance');
    expect(within(dialog).getByRole('button', { name: 'Stáhnout šablonu (.csv)' })).toBeVisible();
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('bad.csv'));
    expect(await within(dialog).findByRole('table', { name: 'Problémy' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 problém – nic se nenaimportuje, dokud ho neopravíte.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Vybrat jiný soubor' }));
    await user.upload(within(dialog).getByTestId('import-file-input'), csv('good.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Přidat 2 instance' }));
    const question = await screen.findByRole('dialog', { name: 'Přidat instance?' });
    expect(question).toHaveTextContent(
      'Do příběhu Office fit-out, Brno se přidají 2 instance ze souboru good.csv.',
    );
    await user.click(within(question).getByRole('button', { name: 'Přidat' }));
    expect(await screen.findByText('Přidány 2 instance')).toBeInTheDocument();
  });
});
