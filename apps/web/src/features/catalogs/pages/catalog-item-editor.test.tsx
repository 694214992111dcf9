// The item editor: attributes saved in bulk with the revision, the input kept on a stale save (409), exactly the
// workflow moves the server allows, deleting with the spec's confirmation, and a new item saved as pending.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { API, catalogApi, createItem } from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const EDIT_PAGE = '/ctl/catalog-detail/1/item-list/edit/100';

// Forms with many fields are slow to type into under jsdom; a shared CI machine needs the headroom.
describe('item editor', { timeout: 60_000 }, () => {
  it('adds an ENUM attribute with two values and saves the attributes in bulk with the revision', async () => {
    const item = createItem();
    const { callsTo } = stubFetch({
      ...catalogApi({ item }),
      [`PUT ${API}/catalogs/1/items/100/attributes`]: () =>
        jsonResponse(
          createItem({
            revision: 8,
            attributes: [
              {
                id: 501,
                level: 1,
                code: 'SIZE',
                name: { en: 'Size' },
                type: 'ENUM',
                mandatory: true,
                description: {},
                defaultValue: null,
                enumValues: [
                  { code: 'S', label: { en: 'Small' } },
                  { code: 'L', label: { en: 'Large' } },
                ],
                minimum: null,
                maximum: null,
              },
            ],
          }),
        ),
    });
    const { user } = renderApp(EDIT_PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Attributes' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const row = screen.getByRole('group', { name: 'Attribute 1' });
    await user.type(within(row).getByLabelText(/^Code/), 'SIZE');
    await user.type(within(row).getByLabelText(/^Name \(English\)/), 'Size');
    await user.click(within(row).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'List of values' }));
    await user.click(within(row).getByLabelText('Mandatory'));
    for (const [index, code, label] of [
      [1, 'S', 'Small'],
      [2, 'L', 'Large'],
    ] as const) {
      await user.click(within(row).getByText('Add value'));
      const value = within(row).getByRole('group', { name: `Value ${index}` });
      await user.type(within(value).getByLabelText(/^Code/), code);
      await user.type(within(value).getByLabelText(/^Label \(English\)/), label);
    }
    await user.click(screen.getByText('Save attributes'));

    expect(await screen.findByText('Attributes saved')).toBeInTheDocument();
    expect(callsTo(`PUT ${API}/catalogs/1/items/100/attributes`)[0]?.json()).toEqual({
      revision: 7,
      attributes: [
        {
          level: 1,
          code: 'SIZE',
          name: { en: 'Size' },
          type: 'ENUM',
          mandatory: true,
          description: {},
          defaultValue: null,
          enumValues: [
            { code: 'S', label: { en: 'Small' } },
            { code: 'L', label: { en: 'Large' } },
          ],
          minimum: null,
          maximum: null,
        },
      ],
    });
  });

  it('gives a number attribute bounds, refusing a minimum above the maximum and a default outside them', async () => {
    const item = createItem();
    const { callsTo } = stubFetch({
      ...catalogApi({ item }),
      [`PUT ${API}/catalogs/1/items/100/attributes`]: () =>
        jsonResponse(createItem({ revision: 8 })),
    });
    const { user } = renderApp(EDIT_PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Attributes' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const row = screen.getByRole('group', { name: 'Attribute 1' });
    await user.type(within(row).getByLabelText(/^Code/), 'area');
    await user.type(within(row).getByLabelText(/^Name \(English\)/), 'Area');
    await user.type(within(row).getByLabelText('Default value'), '-1');
    await user.type(within(row).getByLabelText('Minimum'), '10');
    await user.type(within(row).getByLabelText('Maximum'), '2,5');
    await user.click(screen.getByText('Save attributes'));

    expect(await within(row).findByText('The minimum must be 2.5 or less')).toBeInTheDocument();
    await user.clear(within(row).getByLabelText('Minimum'));
    await user.type(within(row).getByLabelText('Minimum'), '0');
    await user.click(screen.getByText('Save attributes'));
    expect(await within(row).findByText('The default value must be 0 or more')).toBeInTheDocument();
    await user.clear(within(row).getByLabelText('Default value'));
    await user.type(within(row).getByLabelText('Default value'), '1');
    await user.click(screen.getByText('Save attributes'));

    expect(await screen.findByText('Attributes saved')).toBeInTheDocument();
    expect(callsTo(`PUT ${API}/catalogs/1/items/100/attributes`)[0]?.json()).toMatchObject({
      attributes: [{ code: 'area', type: 'NUMBER', defaultValue: 1, minimum: 0, maximum: 2.5 }],
    });
  });

  it('keeps the input after a stale save (409), says why and loads the latest on request', async () => {
    let latest = createItem();
    const { callsTo } = stubFetch({
      ...catalogApi(),
      [`GET ${API}/catalogs/1/items/100`]: () => jsonResponse(latest),
      [`PUT ${API}/catalogs/1/items/100`]: () => problemResponse(409, 'CONFLICT'),
    });
    const { user } = renderApp(EDIT_PAGE);
    const name = await screen.findByLabelText(/^Name \(English\)/);
    latest = createItem({ revision: 9, name: { en: 'Glass partition' } });
    await user.clear(name);
    await user.type(name, 'Acoustic partition');
    await user.click(screen.getByText('Save item'));

    expect(await screen.findByText('Failed to update item')).toBeInTheDocument();
    const alert = (await screen.findByText(/Someone else changed this item/)).closest(
      '[role="alert"]',
    );
    expect(name).toHaveValue('Acoustic partition');
    expect(callsTo(`PUT ${API}/catalogs/1/items/100`)[0]?.json()).toMatchObject({
      name: { en: 'Acoustic partition' },
      revision: 7,
    });

    await user.click(
      within(alert as HTMLElement).getByRole('button', { name: 'Load the latest version' }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText(/^Name \(English\)/)).toHaveValue('Glass partition'),
    );
    expect(screen.queryByText(/Someone else changed this item/)).not.toBeInTheDocument();
  });

  it('shows the workflow moves the server allows and posts the chosen one with the revision', async () => {
    const item = createItem({
      state: 'TO_EQUATION',
      availableActions: ['MOVE_TO_INSPECT', 'MOVE_TO_COMPLETE'],
    });
    const { callsTo } = stubFetch({
      ...catalogApi({ item }),
      [`POST ${API}/catalogs/1/items/100/transitions`]: () =>
        jsonResponse(
          createItem({
            state: 'COMPLETE',
            version: 3,
            revision: 8,
            availableActions: ['MOVE_TO_EQUATION', 'DEPRECATE'],
          }),
        ),
    });
    const { user } = renderApp(EDIT_PAGE);
    const workflow = await screen.findByRole('group', { name: 'Workflow' });
    expect(
      within(workflow)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Send to inspection', 'Complete']);
    await user.click(within(workflow).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('The item is complete, now in version 3')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/catalogs/1/items/100/transitions`)[0]?.json()).toEqual({
      action: 'MOVE_TO_COMPLETE',
      revision: 7,
    });
    expect(await screen.findByText('Version 3')).toBeInTheDocument();
    expect(
      within(workflow)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Move to equation', 'Delete']);
  });

  it('deletes an item after the confirmation and says so', async () => {
    const item = createItem({ availableActions: ['MOVE_TO_INSPECT', 'DEPRECATE'] });
    const { callsTo } = stubFetch({
      ...catalogApi({ item }),
      [`POST ${API}/catalogs/1/items/100/transitions`]: () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp(EDIT_PAGE);
    const workflow = await screen.findByRole('group', { name: 'Workflow' });
    await user.click(within(workflow).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    expect(dialog).toHaveTextContent('Do you really want to delete the item "Partition wall"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Partition wall deleted successfully')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/catalogs/1/items/100/transitions`)[0]?.json()).toEqual({
      action: 'DEPRECATE',
      revision: 7,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/ctl/catalog-detail/1/item-list/groups/10/itemsLabels',
      ),
    );
  });

  it('says in the user’s language when a move is forbidden (403)', async () => {
    stubFetch({
      ...catalogApi({ item: createItem() }),
      [`POST ${API}/catalogs/1/items/100/transitions`]: () => problemResponse(403, 'FORBIDDEN'),
    });
    const { user } = renderApp(EDIT_PAGE);
    const workflow = await screen.findByRole('group', { name: 'Workflow' });
    await user.click(within(workflow).getByRole('button', { name: 'Send to inspection' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('suggests a new item as pending and opens it in the list', async () => {
    const created = createItem({ id: 101, code: 'DOOR', name: { en: 'Door' } });
    const { callsTo } = stubFetch({
      ...catalogApi({ item: created }),
      [`POST ${API}/catalogs/1/items`]: () => jsonResponse(created, 201),
    });
    const { user, router } = renderApp('/ctl/catalog-detail/1/item-list/create/10');
    await user.type(await screen.findByLabelText(/^Name \(English\)/), 'Door');
    await user.type(screen.getByLabelText(/^Description \(English\)/), 'A wooden door.');
    await user.type(screen.getByLabelText(/^Code/), 'DOOR');
    await user.click(screen.getByText('Save as pending'));
    expect(await screen.findByText('New catalog item suggested successfully')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/catalogs/1/items`)[0]?.json()).toEqual({
      name: { en: 'Door' },
      description: { en: 'A wooden door.' },
      code: 'DOOR',
      groupId: 10,
      phaseId: null,
      icon: '',
      repeatable: false,
      labelIds: [],
      attributes: [],
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/ctl/catalog-detail/1/item-list/101/groups/10/itemsLabels',
      ),
    );
  });
});
