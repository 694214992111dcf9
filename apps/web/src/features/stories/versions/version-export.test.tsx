// The version page's exports (decision 0042, exports of a version): the summary tab shown, the whole version and each lineup's
// quote download from the version's own export addresses, in English and Czech; a customer exports only the lineups the
// version shared with them, and a catalog reader no lineup.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lineup, Story } from '@costory/shared';
import { jsonResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, createStoryVersionDetail, storyApi } from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';
const VERSION = 'Quote for Novák, 25 Nov';

function lineup(id: number, name: string): Lineup {
  return {
    id,
    storyId: 12,
    name,
    description: '',
    supplier: { id: 31, name: 'Stavby Brno' },
    subscriber: { id: 40, name: 'Novák a syn' },
    customPrices: [],
    sharedWith: [],
    total: { price: '3990.00', mandays: 7.5 },
    optional: { price: '0.00', mandays: 0 },
    errorCount: 0,
    unpricedInstances: 0,
    version: 2,
    createdAt: '2025-11-01T09:00:00.000Z',
    updatedAt: '2025-11-01T09:00:00.000Z',
  };
}

const BRNO = lineup(3, 'Brno builders');
const OSTRAVA = lineup(4, 'Ostrava builders');

/** A file the server sends, under its name. */
function file(name: string): Handler {
  return () =>
    new Response(new Blob(['file']), {
      headers: { 'Content-Disposition': `attachment; filename="${name}"` },
    });
}

function versionApi(story: Story = createStory(), lineups: Lineup[] = [BRNO, OSTRAVA]) {
  return {
    ...storyApi({ story }),
    [`GET ${API}/versions/7`]: () => jsonResponse(createStoryVersionDetail()),
    [`GET ${API}/versions/7/lineups`]: () => jsonResponse(lineups),
    [`GET ${API}/versions/7/exports/roles`]: file('roles-portal-quote.xlsx'),
    [`GET ${API}/versions/7/exports/phases`]: file('phases-portal-quote.pdf'),
    [`GET ${API}/versions/7/exports/story`]: file('story-portal-quote.pdf'),
    [`GET ${API}/versions/7/lineups/3/export`]: file('lineup-brno-quote.pdf'),
    [`GET ${API}/versions/7/lineups/4/export`]: file('lineup-ostrava-quote.xlsx'),
  };
}

/** The format asked for by each request to `route`. */
function formatsOf(callsTo: (route: string) => { url: URL }[], route: string) {
  return callsTo(`GET ${API}${route}`).map((call) => call.url.searchParams.get('format'));
}

describe('the exports of a version', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:version-export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the summary tab shown and the whole version from the version’s addresses', async () => {
    const { callsTo } = stubFetch(versionApi());
    const { user } = renderApp('/story-detail/12/versions/7');
    const summary = await screen.findByRole('region', { name: 'Summary as frozen' });
    await user.click(within(summary).getByRole('button', { name: 'Export this summary' }));
    let dialog = await screen.findByRole('dialog', {
      name: `Summary by roles of version “${VERSION}”`,
    });
    expect(
      within(dialog).getByText(/^The file is made from what the version froze on .*, not from/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download spreadsheet (.xlsx)' }));
    expect(await screen.findByText('Downloaded roles-portal-quote.xlsx')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/exports/roles')).toEqual(['xlsx']);
    const query = callsTo(`GET ${API}/versions/7/exports/roles`)[0]?.url.searchParams;
    expect(query?.get('timeZone')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Another tab exports its own summary.
    await user.click(screen.getByRole('tab', { name: 'Phases' }));
    await user.click(within(summary).getByRole('button', { name: 'Export this summary' }));
    dialog = await screen.findByRole('dialog', {
      name: `Summary by phases of version “${VERSION}”`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded phases-portal-quote.pdf')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/exports/phases')).toEqual(['pdf']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Export the version' }));
    dialog = await screen.findByRole('dialog', { name: `Overall summary of version “${VERSION}”` });
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded story-portal-quote.pdf')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/exports/story')).toEqual(['pdf']);
    // Nothing live is exported from a version's page.
    expect(callsTo(`GET ${API}/exports/roles`)).toHaveLength(0);
  });

  it('downloads a lineup’s quote as the version priced it', async () => {
    const { callsTo } = stubFetch(versionApi());
    const { user } = renderApp('/story-detail/12/versions/7');
    const lineups = await screen.findByRole('table', { name: 'Lineups as frozen' });
    const row = (await within(lineups).findByText('Brno builders')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Export Brno builders' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Lineup “Brno builders” of version “${VERSION}”`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded lineup-brno-quote.pdf')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/lineups/3/export')).toEqual(['pdf']);
    expect(callsTo(`GET ${API}/versions/7/lineups/4/export`)).toHaveLength(0);
    expect(callsTo(`GET ${API}/lineups/3/export`)).toHaveLength(0);
  });

  it('offers the same in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { callsTo } = stubFetch(versionApi());
    const { user } = renderApp('/story-detail/12/versions/7');
    const summary = await screen.findByRole('region', { name: 'Souhrn ve zmrazeném stavu' });
    await user.click(within(summary).getByRole('button', { name: 'Exportovat tento souhrn' }));
    let dialog = await screen.findByRole('dialog', {
      name: `Souhrn podle rolí verze „${VERSION}“`,
    });
    expect(
      within(dialog).getByText(/^Soubor vychází z toho, co verze zmrazila .*, ne z příběhu/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stáhnout tabulku (.xlsx)' }));
    expect(await screen.findByText('Staženo: roles-portal-quote.xlsx')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/exports/roles')).toEqual(['xlsx']);
    await user.click(within(dialog).getByRole('button', { name: 'Zavřít' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Exportovat Ostrava builders' }));
    dialog = await screen.findByRole('dialog', {
      name: `Cenová varianta „Ostrava builders“ verze „${VERSION}“`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Stáhnout tabulku (.xlsx)' }));
    expect(await screen.findByText('Staženo: lineup-ostrava-quote.xlsx')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/lineups/4/export')).toEqual(['xlsx']);
  });

  it('lets a customer export only the lineups the version shared with them, and a catalog reader none', async () => {
    // The server answers a customer the lineups shared with them when the version was frozen.
    const customer = createStory({ myRole: 'ICT_CUSTOMER', price: null });
    const { callsTo } = stubFetch(versionApi(customer, [BRNO]));
    const { user, unmount } = renderApp('/story-detail/12/versions/7');
    const lineups = await screen.findByRole('table', { name: 'Lineups as frozen' });
    await within(lineups).findByText('Brno builders');
    expect(
      within(lineups)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Export Brno builders']);
    expect(
      screen.queryByRole('button', { name: 'Export Ostrava builders' }),
    ).not.toBeInTheDocument();
    await user.click(within(lineups).getByRole('button', { name: 'Export Brno builders' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded lineup-brno-quote.pdf')).toBeInTheDocument();
    expect(formatsOf(callsTo, '/versions/7/lineups/3/export')).toEqual(['pdf']);
    // The summaries are theirs to export too (the server leaves the prices out).
    expect(screen.getByRole('button', { name: 'Export this summary' })).toBeInTheDocument();
    unmount();

    const reader = stubFetch(versionApi(createStory({ myRole: 'CTL_READER' })));
    renderApp('/story-detail/12/versions/7');
    expect(await screen.findByRole('button', { name: 'Export this summary' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Lineups as frozen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Export .* builders$/ })).not.toBeInTheDocument();
    expect(reader.callsTo(`GET ${API}/versions/7/lineups`)).toHaveLength(0);
  });
});
