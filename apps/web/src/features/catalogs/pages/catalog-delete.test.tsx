// Deleting a catalog (decision 0029): the dialog names the stories on it and what happens to them, and the delete confirms their number.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { API, catalogApi } from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

describe('catalog deletion', () => {
  it('lists the stories on the catalog, says what happens to them and confirms their number', async () => {
    const { callsTo } = stubFetch({
      ...catalogApi(),
      [`GET ${API}/catalogs/1/usage`]: () =>
        jsonResponse({
          stories: [
            { id: 12, name: 'Office fit-out, Brno' },
            { id: 14, name: 'Warehouse' },
          ],
          hiddenCount: 1,
        }),
      [`DELETE ${API}/catalogs/1`]: () => new Response(null, { status: 204 }),
      [`GET ${API}/catalogs`]: () => jsonResponse({ items: [], nextCursor: null }),
    });
    const { user } = renderApp('/ctl/catalog-detail/1');
    await user.click(await screen.findByRole('button', { name: 'Delete catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete catalog' });
    expect(
      within(dialog).getByText(
        '3 stories use this catalog. They stay readable with their figures, but no items can be added to them.',
      ),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Stories using the catalog' });
    expect(within(list).getByRole('link', { name: 'Office fit-out, Brno' })).toHaveAttribute(
      'href',
      '/story-detail/12',
    );
    expect(within(list).getByText('1 story you are not a member of')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/catalogs/1`)).toHaveLength(1));
    expect(callsTo(`DELETE ${API}/catalogs/1`)[0]?.url.searchParams.get('confirmStories')).toBe(
      '3',
    );
  });

  it('asks the plain question for a catalog without stories and sends no confirmation', async () => {
    const { callsTo } = stubFetch({
      ...catalogApi(),
      [`GET ${API}/catalogs/1/usage`]: () => jsonResponse({ stories: [], hiddenCount: 0 }),
      [`DELETE ${API}/catalogs/1`]: () => new Response(null, { status: 204 }),
      [`GET ${API}/catalogs`]: () => jsonResponse({ items: [], nextCursor: null }),
    });
    const { user } = renderApp('/ctl/catalog-detail/1');
    await user.click(await screen.findByRole('button', { name: 'Delete catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete catalog' });
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/catalogs/1`)).toHaveLength(1));
    expect(callsTo(`DELETE ${API}/catalogs/1`)[0]?.url.search).toBe('');
  });
});
