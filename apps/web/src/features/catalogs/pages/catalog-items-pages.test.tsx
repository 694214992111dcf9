// Items: the list filters by state and labels through the request and the route, readers see only complete items,
// and groups refuse deletion with the server's words.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  API,
  catalogApi,
  createCatalog,
  createGroup,
  createItemSummary,
  createLabel,
  problemWithDetail,
} from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const ITEMS = `GET ${API}/catalogs/1/items`;

describe('item list', () => {
  it('filters by state and labels, and keeps the labels in the route', async () => {
    const { callsTo } = stubFetch(
      catalogApi({
        labels: [createLabel(), createLabel({ id: 41, title: 'Urgent', color: '#e53935' })],
        items: [createItemSummary({ labelIds: [40] })],
      }),
    );
    const { user, router } = renderApp('/ctl/catalog-detail/1/item-list/groups/10/itemsLabels');
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(await within(table).findByRole('link', { name: 'Partition wall' })).toBeInTheDocument();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(callsTo(ITEMS)[0]?.url.searchParams.get('groupId')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'To inspect' }));
    await waitFor(() =>
      expect(callsTo(ITEMS).at(-1)?.url.searchParams.get('state')).toBe('TO_INSPECT'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Filter by labels' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/ctl/catalog-detail/1/item-list/groups/10/itemsLabels/41',
      ),
    );
    await waitFor(() => expect(callsTo(ITEMS).at(-1)?.url.searchParams.get('labelIds')).toBe('41'));
  });

  it('shows a reader only the complete items, without states to filter or items to suggest', async () => {
    stubFetch(catalogApi({ catalog: createCatalog({ myRole: 'CTL_READER' }) }));
    renderApp('/ctl/catalog-detail/1/item-list/groups/itemsLabels');
    expect(
      await screen.findByText('You see the items that are complete and ready to use.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter by state' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Suggest item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
  });

  it('offers a reporter to suggest an item', async () => {
    stubFetch(catalogApi({ catalog: createCatalog({ myRole: 'CTL_REPORTER' }) }));
    renderApp('/ctl/catalog-detail/1/item-list/groups/10/itemsLabels');
    expect(await screen.findByRole('link', { name: 'Suggest item' })).toHaveAttribute(
      'href',
      '/ctl/catalog-detail/1/item-list/create/10',
    );
  });
});

describe('groups', () => {
  it('shows the server’s reason when it refuses to delete a group that still holds items', async () => {
    const { callsTo } = stubFetch({
      ...catalogApi({
        groups: [createGroup(), createGroup({ id: 11, name: { en: 'Doors' }, parentId: 10 })],
      }),
      [`DELETE ${API}/catalogs/1/groups/10`]: () =>
        problemWithDetail(409, 'CONFLICT', 'The group still contains 1 item and 1 sub-group.'),
    });
    const { user } = renderApp('/ctl/catalog-detail/1/item-list/groups/itemsLabels');
    const tree = await screen.findByRole('navigation', { name: 'Groups' });
    expect(await within(tree).findByRole('link', { name: /Doors/ })).toHaveAttribute(
      'href',
      '/ctl/catalog-detail/1/item-list/groups/11/itemsLabels',
    );
    await user.click(within(tree).getByRole('button', { name: 'Actions for group Walls' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The group still contains 1 item and 1 sub-group.'),
    ).toBeInTheDocument();
    expect(callsTo(`DELETE ${API}/catalogs/1/groups/10`)).toHaveLength(1);
    expect(await within(tree).findByRole('link', { name: /Walls/ })).toBeInTheDocument();
  });
});
