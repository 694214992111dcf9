// The version comparison page (decision 0042 "Comparison"): both sides, the totals, roles, phases and instances with signed
// differences in English and Czech, a customer without money, the pickers in the address with their defaults, no
// differences, the .xlsx export of the pair shown, and the not-found page for a version the story does not have, and the live story with its waiting upgrades (decision 0043).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Story, StoryVersion } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createStory,
  createStoryCatalog,
  createStoryCatalogItem,
  createStoryVersion,
  createVersionComparison,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';
const COMPARE = `GET ${API}/versions/compare`;
const EXPORT = `GET ${API}/versions/compare/export`;

const NEWEST = createStoryVersion({
  id: 8,
  name: 'Second quote',
  createdAt: '2025-11-28T10:00:00.000Z',
});
const OLDER = createStoryVersion();

function compareApi(
  options: { story?: Story; versions?: StoryVersion[]; compare?: Handler } = {},
): Record<string, Handler> {
  return {
    ...storyApi({
      story: options.story ?? createStory(),
      versions: options.versions ?? [NEWEST, OLDER],
      catalog: createStoryCatalog({ items: [createStoryCatalogItem()] }),
    }),
    [COMPARE]: options.compare ?? (() => jsonResponse(createVersionComparison())),
  };
}

function rowOf(table: HTMLElement, name: string | RegExp): HTMLElement {
  return within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
}

describe('the version comparison page', () => {
  it('shows both sides, the totals, roles, phases and instances with signed differences', async () => {
    const { callsTo } = stubFetch(compareApi());
    renderApp('/story-detail/12/versions/compare?from=7&to=live');
    expect(await screen.findByRole('heading', { name: 'Compare versions' })).toBeInTheDocument();
    const from = await screen.findByRole('article', { name: 'From' });
    expect(within(from).getByText('Quote for Novák, 25 Nov')).toBeInTheDocument();
    expect(within(from).getByText(/^Frozen .*2025/)).toBeInTheDocument();
    expect(within(from).getByText('Currency EUR · 1 instance')).toBeInTheDocument();
    const to = screen.getByRole('article', { name: 'To' });
    expect(within(to).getByText('Live story')).toBeInTheDocument();
    expect(within(to).getByText('2 instances', { exact: false })).toBeInTheDocument();
    expect(within(to).getByText('1 formula error')).toBeInTheDocument();

    const totals = screen.getByRole('table', { name: 'Totals' });
    const price = rowOf(totals, 'Total price');
    for (const text of ['€4,275.00', '€7,695.00', '+€3,420.00']) {
      expect(within(price).getByText(text)).toBeInTheDocument();
    }
    expect(within(price).getByText('(more)')).toBeInTheDocument();
    const time = rowOf(totals, 'Estimated time');
    expect(within(time).getByText('+3.75 MD')).toBeInTheDocument();
    // No change has no sign: €0.00 on both sides and as the difference.
    expect(within(rowOf(totals, 'Optional instances, price')).getAllByText('€0.00')).toHaveLength(
      3,
    );

    const digger = rowOf(screen.getByRole('table', { name: 'By role' }), /^Digger/);
    for (const text of ['60 h', '€71.25', '90 h', '€85.50', '+€3,420.00', 'Role price']) {
      expect(within(digger).getByText(text)).toBeInTheDocument();
    }
    const build = rowOf(screen.getByRole('table', { name: 'By phase' }), 'Build');
    expect(within(build).getByText('+3.75 MD')).toBeInTheDocument();

    const changed = screen.getByRole('table', { name: 'Changed (1)' });
    const north = rowOf(changed, 'North trench');
    for (const text of ['Trench', 'Length: 30 → 40', '1 → 2', '+€2,565.00', '+2.5 MD']) {
      expect(within(north).getByText(text)).toBeInTheDocument();
    }
    for (const reason of ['Edited', 'New item version', 'Role price']) {
      expect(within(north).getByText(reason)).toBeInTheDocument();
    }
    const added = screen.getByRole('table', { name: 'Added (1)' });
    expect(within(rowOf(added, 'South trench')).getByText('€855.00')).toBeInTheDocument();
    expect(screen.getByText('No instance was removed.')).toBeInTheDocument();
    expect(callsTo(COMPARE)[0]?.url.searchParams.toString()).toBe('from=7&to=live');
  });

  it('writes the figures and reasons the Czech way', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(compareApi());
    renderApp('/story-detail/12/versions/compare?from=7&to=live');
    const totals = await screen.findByRole('table', { name: 'Součty' });
    const price = rowOf(totals, 'Celková cena');
    // Testing Library reads no-break spaces as spaces.
    for (const text of ['4 275,00 €', '7 695,00 €', '+3 420,00 €']) {
      expect(within(price).getByText(text)).toBeInTheDocument();
    }
    expect(within(rowOf(totals, 'Odhadovaný čas')).getByText('+3,75 MD')).toBeInTheDocument();
    const north = rowOf(screen.getByRole('table', { name: 'Změněné (1)' }), 'North trench');
    for (const text of ['Výkop', 'Délka: 30 → 40', 'Upraveno', 'Nová verze položky', 'Cena role']) {
      expect(within(north).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('article', { name: 'Nově' })).toHaveTextContent('Aktuální příběh');
    expect(screen.getByRole('table', { name: 'Podle rolí' })).toHaveTextContent('Bagrista');
  });

  it('shows a customer amounts and time, and no money', async () => {
    const unpriced = createVersionComparison();
    const noPrice = <T extends { price: string | null }>(figures: T): T => ({
      ...figures,
      price: null,
    });
    const pair = <
      T extends {
        from: { price: string | null };
        to: { price: string | null };
        difference: { price: string | null };
      },
    >(
      figures: T,
    ): T => ({
      ...figures,
      from: noPrice(figures.from),
      to: noPrice(figures.to),
      difference: noPrice(figures.difference),
    });
    stubFetch(
      compareApi({
        story: createStory({ myRole: 'ICT_CUSTOMER', price: null }),
        compare: () =>
          jsonResponse({
            ...unpriced,
            total: pair(unpriced.total),
            optional: pair(unpriced.optional),
            byRole: unpriced.byRole.map((role) => ({
              ...role,
              from: role.from && { ...role.from, unitPrice: null, price: null },
              to: role.to && { ...role.to, unitPrice: null, price: null },
              difference: noPrice(role.difference),
              reasons: [],
            })),
            byPhase: unpriced.byPhase.map(pair),
            instances: {
              added: unpriced.instances.added.map((instance) => ({
                ...instance,
                state: noPrice(instance.state),
              })),
              removed: [],
              changed: unpriced.instances.changed.map((instance) => ({
                ...instance,
                reasons: ['EDIT'],
                from: noPrice(instance.from),
                to: noPrice(instance.to),
                difference: noPrice(instance.difference),
              })),
            },
          }),
      }),
    );
    renderApp('/story-detail/12/versions/compare?from=7&to=live');
    const totals = await screen.findByRole('table', { name: 'Totals' });
    expect(within(rowOf(totals, 'Estimated time')).getByText('+3.75 MD')).toBeInTheDocument();
    expect(
      within(totals).queryByRole('rowheader', { name: 'Total price' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Changed (1)' })).toHaveTextContent('+2.5 MD');
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Unit price' })).not.toBeInTheDocument();
  });

  it('compares the newest version with the live story by default, and the pickers change the address', async () => {
    const { callsTo } = stubFetch(compareApi());
    const { user, router } = renderApp('/story-detail/12/versions/compare');
    const fromPicker = await screen.findByRole('combobox', { name: 'From' });
    expect(fromPicker).toHaveTextContent(/^Second quote · /);
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveTextContent('Live story');
    await waitFor(() => expect(callsTo(COMPARE)).toHaveLength(1));
    expect(callsTo(COMPARE)[0]?.url.searchParams.toString()).toBe('from=8&to=live');

    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: /^Quote for Novák, 25 Nov · / }));
    expect(router.state.location.search).toBe('?from=8&to=7');
    await waitFor(() =>
      expect(callsTo(COMPARE).map((call) => call.url.searchParams.get('to'))).toContain('7'),
    );

    await user.click(screen.getByRole('combobox', { name: 'From' }));
    await user.click(await screen.findByRole('option', { name: 'Live story' }));
    expect(router.state.location.search).toBe('?from=live&to=7');
  });

  it('says when the two sides do not differ', async () => {
    const same = createVersionComparison();
    const still = { price: '4275.00', mandays: 7.5 };
    const nothing = { price: '0.00', mandays: 0 };
    stubFetch(
      compareApi({
        compare: () =>
          jsonResponse({
            ...same,
            to: same.from,
            total: { from: still, to: still, difference: nothing },
            byRole: [],
            byPhase: [{ ...same.byPhase[0], from: still, to: still, difference: nothing }],
            instances: { added: [], removed: [], changed: [] },
          }),
      }),
    );
    renderApp('/story-detail/12/versions/compare?from=7&to=7');
    expect(await screen.findByText('No differences')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains there is nothing to compare before any version is frozen', async () => {
    stubFetch(compareApi({ versions: [] }));
    renderApp('/story-detail/12/versions/compare');
    expect(await screen.findByText('No versions to compare')).toBeInTheDocument();
  });

  describe('the export', () => {
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:comparison');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    });
    afterEach(() => vi.restoreAllMocks());

    it('downloads the .xlsx of the pair shown', async () => {
      const { callsTo } = stubFetch({
        ...compareApi(),
        [EXPORT]: () =>
          new Response(new Blob(['xlsx']), {
            headers: { 'Content-Disposition': 'attachment; filename="comparison.xlsx"' },
          }),
      });
      const { user } = renderApp('/story-detail/12/versions/compare?from=7&to=live');
      await screen.findByRole('table', { name: 'Totals' });
      await user.click(screen.getByRole('button', { name: 'Download spreadsheet (.xlsx)' }));
      expect(await screen.findByText('Downloaded comparison.xlsx')).toBeInTheDocument();
      const query = callsTo(EXPORT)[0]?.url.searchParams;
      expect([query?.get('from'), query?.get('to'), query?.get('format')]).toEqual([
        '7',
        'live',
        'xlsx',
      ]);
    });
  });

  it('shows the not-found page for a version that does not exist or a wrong side', async () => {
    stubFetch(compareApi({ compare: () => problemResponse(404, 'NOT_FOUND') }));
    const { unmount } = renderApp('/story-detail/12/versions/compare?from=7&to=live');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    unmount();

    stubFetch(compareApi());
    const second = renderApp('/story-detail/12/versions/compare?from=99&to=live');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    second.unmount();

    stubFetch(compareApi());
    renderApp('/story-detail/12/versions/compare?from=latest');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

describe('the live story with its waiting upgrades (decision 0043)', () => {
  const pinned = createStory({ pinsItemVersions: true, upgradesWaiting: 1 });
  const live = createVersionComparison().to;
  const upgradedComparison = createVersionComparison({
    from: live,
    to: { ...live, upgraded: true },
  });

  it('is a side the pickers offer when the story pins item versions', async () => {
    stubFetch(compareApi({ story: pinned }));
    const { user, router } = renderApp('/story-detail/12/versions/compare?from=7&to=live');
    await user.click(await screen.findByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Live story with upgrades' }));
    expect(router.state.location.search).toBe('?from=7&to=upgraded');
  });

  it('is not offered when the story calculates with the latest versions anyway', async () => {
    stubFetch(compareApi());
    const { user } = renderApp('/story-detail/12/versions/compare?from=7&to=live');
    await user.click(await screen.findByRole('combobox', { name: 'To' }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getByRole('option', { name: 'Live story' })).toBeInTheDocument();
    expect(
      options.queryByRole('option', { name: 'Live story with upgrades' }),
    ).not.toBeInTheDocument();
  });

  it('compares the live story with its upgrades, even before any version is frozen, and names the side', async () => {
    const { callsTo } = stubFetch(
      compareApi({
        story: pinned,
        versions: [],
        compare: () => jsonResponse(upgradedComparison),
      }),
    );
    renderApp('/story-detail/12/versions/compare?from=live&to=upgraded');
    const to = await screen.findByRole('article', { name: 'To' });
    expect(within(to).getByText('Live story with upgrades')).toBeInTheDocument();
    expect(
      within(to).getByText('The story as it is now, with every waiting item upgraded'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'From' })).getByText('Live story'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveTextContent(
      'Live story with upgrades',
    );
    expect(callsTo(COMPARE)[0]?.url.searchParams.toString()).toBe('from=live&to=upgraded');
  });

  it('says it in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(compareApi({ story: pinned, compare: () => jsonResponse(upgradedComparison) }));
    renderApp('/story-detail/12/versions/compare?from=live&to=upgraded');
    const to = await screen.findByRole('article', { name: 'Nově' });
    expect(within(to).getByText('Aktuální příběh s novými verzemi položek')).toBeInTheDocument();
  });
});
