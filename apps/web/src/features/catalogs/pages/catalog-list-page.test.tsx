// /ctl: the catalog list shows the catalogs, "My catalogs" and the search change the request, an empty list says
// what to do next, and a new catalog is validated with the shared rules before it is posted.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogFieldsSchema } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { API, catalogApi, createCatalog } from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const LIST = `GET ${API}/catalogs`;

function page(items: ReturnType<typeof createCatalog>[], nextCursor: string | null = null) {
  return jsonResponse({ items, nextCursor });
}

describe('/ctl catalog list', () => {
  it('lists the catalogs with their type, visibility, owner and item count', async () => {
    stubFetch({
      [LIST]: () =>
        page([
          createCatalog({ itemCount: 2480 }),
          createCatalog({ id: 2, name: 'IT services', code: 'IT', visibility: 'PUBLIC_PAID' }),
        ]),
    });
    renderApp('/ctl');
    const table = await screen.findByRole('table', { name: 'Catalogs' });
    const row = (await within(table).findByRole('link', { name: 'Office fit-out' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('OFFICE')).toBeInTheDocument();
    expect(cells.getByText('Budget')).toBeInTheDocument();
    expect(cells.getByText('Private')).toBeInTheDocument();
    expect(cells.getByText('Acme Builders')).toBeInTheDocument();
    expect(cells.getByText('2,480')).toBeInTheDocument();
    expect(within(table).getByText('Public (paid)')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'IT services' })).toHaveAttribute(
      'href',
      '/ctl/catalog-detail/2',
    );
  });

  it('asks for my catalogs, a search and a sort, and loads the next page by cursor', async () => {
    const { callsTo } = stubFetch({
      [LIST]: (request) =>
        request.url.searchParams.get('cursor') === 'next'
          ? page([createCatalog({ id: 3, name: 'Second page' })])
          : page([createCatalog()], 'next'),
    });
    const { user } = renderApp('/ctl');
    await screen.findByRole('link', { name: 'Office fit-out' });
    const first = callsTo(LIST)[0]?.url.searchParams;
    expect(first?.get('mine')).toBeNull();
    expect(first?.get('sort')).toBe('name');

    await user.click(screen.getByRole('button', { name: 'My catalogs' }));
    await waitFor(() => expect(callsTo(LIST).at(-1)?.url.searchParams.get('mine')).toBe('true'));

    await user.type(screen.getByRole('searchbox', { name: 'Search catalogs' }), 'office');
    await waitFor(() => expect(callsTo(LIST).at(-1)?.url.searchParams.get('q')).toBe('office'));
    // Debounced: one request for the whole word, not one per key.
    expect(callsTo(LIST).filter((call) => call.url.searchParams.has('q'))).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Last updated' }));
    await waitFor(() =>
      expect(callsTo(LIST).at(-1)?.url.searchParams.get('sort')).toBe('updatedAt'),
    );

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Second page' })).toBeInTheDocument();
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('cursor')).toBe('next');
  });

  it('says "Cannot load catalogs" when the list fails', async () => {
    stubFetch({ [LIST]: () => problemResponse(403, 'FORBIDDEN') });
    renderApp('/ctl');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot load catalogs');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says what to do next when there are no catalogs', async () => {
    stubFetch({ [LIST]: () => page([]) });
    renderApp('/ctl');
    expect(await screen.findByText('No catalogs yet')).toBeInTheDocument();
    expect(screen.getByText(/Create your first catalog with "New catalog"/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New catalog' })).toHaveLength(2);
  });
});

describe('new catalog form', () => {
  async function openForm(routes: Record<string, Handler> = {}) {
    const stub = stubFetch({ ...catalogApi(), [LIST]: () => page([createCatalog()]), ...routes });
    const view = renderApp('/ctl');
    await screen.findByRole('link', { name: 'Office fit-out' });
    return { ...stub, ...view };
  }

  it('shows the description rule on blur, with the tooltip on the failing field', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'New catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalog' });
    const description = within(dialog).getByRole('textbox', { name: 'Description (English)' });
    await user.type(description, 'ab');
    expect(
      within(dialog).queryByText('Each key in the description must have at least 3 characters'),
    ).not.toBeInTheDocument();
    await user.tab();
    expect(
      await within(dialog).findByText(
        'Each key in the description must have at least 3 characters',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: 'Description is invalid (minimal 3 chars)' }),
    ).toBeInTheDocument();
  });

  it('words the description rule in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Nový katalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nový katalog' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Popis (čeština)' }), 'ab');
    await user.tab();
    expect(
      await within(dialog).findByText('Popis musí mít v každém jazyce alespoň 3 znaky'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: 'Popis je neplatný (alespoň 3 znaky)' }),
    ).toBeInTheDocument();
  });

  it('posts the shared catalog shape and opens the new catalog', async () => {
    const created = createCatalog({ id: 7, name: 'Data centre' });
    const { user, callsTo, router } = await openForm({
      ...catalogApi({ catalog: created }),
      [`POST ${API}/catalogs`]: () => jsonResponse(created, 201),
    });
    await user.click(screen.getByRole('button', { name: 'New catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalog' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Data centre');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'DC-1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Survey' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Description (English)' }),
      'Racks, cooling and power.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create catalog' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ctl/catalog-detail/7'));
    const body = callsTo(`POST ${API}/catalogs`)[0]?.json();
    expect(body).toEqual({
      name: 'Data centre',
      code: 'DC-1',
      companyCode: '',
      type: 'SRV',
      defaultLanguage: 'en',
      supportedLanguages: ['en'],
      description: { en: 'Racks, cooling and power.' },
      currency: 'EUR',
      visibility: 'PUBLIC',
    });
    expect(catalogFieldsSchema.safeParse(body).success).toBe(true);
  });
});
