// /companies: suppliers and subscribers as tabs kept in the address, the search sent to the server, paging, creating
// with the shared rules and the spec's failure texts, editing with a stale version (409) and deleting after confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { PARTNERS, createPartnerCompany, partnerPage } from '../test/partner-fixtures';

configureQueries();

const LIST = `GET ${PARTNERS}`;
const SUPPLIER = createPartnerCompany();
const SUBSCRIBER = createPartnerCompany({
  id: 8,
  kind: 'SUBSCRIBER',
  name: 'Město Kuřim',
  email: 'podatelna@kurim.cz',
  phone: '',
  city: 'Kuřim',
  priceCount: 0,
});

/** Answers the list by kind: the supplier or the subscriber above. */
function listByKind(): Handler {
  return (request) =>
    partnerPage(request.url.searchParams.get('kind') === 'SUBSCRIBER' ? [SUBSCRIBER] : [SUPPLIER]);
}

async function openList(path = '/companies', routes: Record<string, Handler> = {}) {
  const stub = stubFetch({ [LIST]: listByKind(), ...routes });
  const view = renderApp(path);
  await screen.findByRole('link', {
    name: path.includes('subscriber') ? 'Město Kuřim' : SUPPLIER.name,
  });
  return { ...stub, ...view };
}

describe('/companies list', () => {
  it('lists the suppliers with contact, place and price count, each linking to its page', async () => {
    const { callsTo } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Suppliers' })).toHaveAttribute('aria-selected', 'true');
    const row = screen.getByRole('link', { name: SUPPLIER.name }).closest('tr') as HTMLElement;
    expect(within(row).getByText('info@stavby-novak.cz')).toBeInTheDocument();
    expect(within(row).getByText('+420 601 234 567')).toBeInTheDocument();
    expect(within(row).getByText('Brno, Česko')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPLIER.name })).toHaveAttribute(
      'href',
      '/companies/7',
    );
    expect(screen.getByRole('columnheader', { name: 'Prices' })).toBeInTheDocument();
    expect(callsTo(LIST)[0]?.url.searchParams.get('kind')).toBe('SUPPLIER');
  });

  it('keeps the tab in the address and asks for that kind', async () => {
    const { callsTo, user, router } = await openList();
    await user.click(screen.getByRole('tab', { name: 'Subscribers' }));
    expect(await screen.findByRole('link', { name: 'Město Kuřim' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=subscriber');
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('kind')).toBe('SUBSCRIBER');
    // Subscribers have no prices, so no column of zeros.
    expect(screen.queryByRole('columnheader', { name: 'Prices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SUPPLIER.name })).not.toBeInTheDocument();
  });

  it('opens on the subscribers tab from ?kind=subscriber', async () => {
    const { callsTo } = await openList('/companies?kind=subscriber');
    expect(screen.getByRole('tab', { name: 'Subscribers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(callsTo(LIST).map((call) => call.url.searchParams.get('kind'))).toEqual(['SUBSCRIBER']);
  });

  it('sends the search once typing stops and loads the next page by cursor', async () => {
    const { callsTo, user } = await openList('/companies', {
      [LIST]: (request) =>
        request.url.searchParams.get('cursor') === 'next'
          ? partnerPage([createPartnerCompany({ id: 9, name: 'Druhá strana a.s.' })])
          : partnerPage([SUPPLIER], 'next'),
    });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name, e-mail or city' }),
      'brno',
    );
    await waitFor(() => expect(callsTo(LIST).at(-1)?.url.searchParams.get('q')).toBe('brno'));
    expect(callsTo(LIST).filter((call) => call.url.searchParams.has('q'))).toHaveLength(1);
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('kind')).toBe('SUPPLIER');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Druhá strana a.s.' })).toBeInTheDocument();
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('cursor')).toBe('next');
  });

  it('says what to do next when a tab is empty', async () => {
    stubFetch({ [LIST]: () => partnerPage([]) });
    const { user } = renderApp('/companies');
    expect(await screen.findByText('No suppliers yet')).toBeInTheDocument();
    expect(screen.getByText(/with "New supplier", then open one to set its prices/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'New supplier' })).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Subscribers' }));
    expect(await screen.findByText('No subscribers yet')).toBeInTheDocument();
  });

  it('toasts "Cannot load companies" and offers a retry when the list fails', async () => {
    stubFetch({ [LIST]: () => problemResponse(403, 'FORBIDDEN') });
    renderApp('/companies');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot load companies');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('creating a company', () => {
  async function fillCompany(
    dialog: HTMLElement,
    user: Awaited<ReturnType<typeof openList>>['user'],
  ) {
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(field('Company name'), 'Elektro Dvořák');
    await user.type(field('Company e-mail'), 'obchod@elektro-dvorak.cz');
    await user.type(field('Street'), 'Hlavní');
    await user.type(field('Street number'), '5');
    await user.type(field('City'), 'Olomouc');
    await user.type(field('ZIP code'), '779 00');
    await user.type(field('Country'), 'Česko');
  }

  it('validates on blur and posts the eight fields with the kind of the tab', async () => {
    const { callsTo, user } = await openList('/companies', {
      [`POST ${PARTNERS}`]: (request) =>
        jsonResponse(createPartnerCompany({ ...(request.json() as object), id: 12 }), 201),
    });
    await user.click(screen.getByRole('button', { name: 'New supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Company name' }));
    await user.tab();
    expect(await within(dialog).findByText('The company name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(callsTo(`POST ${PARTNERS}`)).toHaveLength(0);

    await fillCompany(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(await screen.findByText('Supplier Elektro Dvořák created')).toBeInTheDocument();
    expect(callsTo(`POST ${PARTNERS}`)[0]?.json()).toEqual({
      kind: 'SUPPLIER',
      name: 'Elektro Dvořák',
      email: 'obchod@elektro-dvorak.cz',
      phone: '',
      country: 'Česko',
      city: 'Olomouc',
      street: 'Hlavní',
      streetNumber: '5',
      zip: '779 00',
      ico: '',
      dic: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [
      '/companies',
      'New supplier',
      'Create supplier',
      'SUPPLIER',
      'Failed to create supplier company',
    ],
    [
      '/companies?kind=subscriber',
      'New subscriber',
      'Create subscriber',
      'SUBSCRIBER',
      'Failed to create subscriber company',
    ],
  ])(
    'on %s a failed create toasts the spec text and keeps the input',
    async (path, open, create, kind, text) => {
      const { callsTo, user } = await openList(path, {
        [`POST ${PARTNERS}`]: () => problemResponse(500, 'INTERNAL'),
      });
      await user.click(screen.getByRole('button', { name: open }));
      const dialog = await screen.findByRole('dialog', { name: open });
      await fillCompany(dialog, user);
      await user.click(within(dialog).getByRole('button', { name: create }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect((callsTo(`POST ${PARTNERS}`)[0]?.json() as { kind: string }).kind).toBe(kind);
      expect(within(dialog).getByRole('textbox', { name: 'Company name' })).toHaveValue(
        'Elektro Dvořák',
      );
    },
  );
});

describe('editing and deleting a company', () => {
  it('keeps the input after 409 and loads the latest version on request', async () => {
    let latest = SUPPLIER;
    const { callsTo, user } = await openList('/companies', {
      [`GET ${PARTNERS}/7`]: () => jsonResponse(latest),
      [`PUT ${PARTNERS}/7`]: (request) => {
        const body = request.json() as { version: number };
        return body.version === latest.version
          ? jsonResponse({ ...latest, ...body, version: body.version + 1 })
          : problemResponse(409, 'CONFLICT');
      },
    });
    latest = createPartnerCompany({ street: 'Masarykova', version: 4 });

    await user.click(screen.getByRole('button', { name: `Edit ${SUPPLIER.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    const city = within(dialog).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Praha');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to update company')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(/Someone else changed this company/),
    ).toBeInTheDocument();
    expect(city).toHaveValue('Praha');

    await user.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Street' })).toHaveValue('Masarykova'),
    );
    await user.clear(city);
    await user.type(city, 'Praha');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`${SUPPLIER.name} saved`)).toBeInTheDocument();
    expect(
      callsTo(`PUT ${PARTNERS}/7`).map((call) => (call.json() as { version: number }).version),
    ).toEqual([3, 4]);
  });

  it('deletes only after confirmation, with the spec success toast', async () => {
    const { callsTo, user } = await openList('/companies', {
      [`DELETE ${PARTNERS}/7`]: () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByRole('button', { name: `Delete ${SUPPLIER.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company' });
    expect(dialog).toHaveTextContent(
      `Do you really want to delete ${SUPPLIER.name}? Its 1 price is deleted with it.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(`DELETE ${PARTNERS}/7`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${SUPPLIER.name}` }));
    const again = await screen.findByRole('dialog', { name: 'Delete company' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${SUPPLIER.name} deleted successfully`)).toBeInTheDocument();
    expect(callsTo(`DELETE ${PARTNERS}/7`)).toHaveLength(1);
  });

  it('speaks Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ [LIST]: listByKind() });
    renderApp('/companies?kind=subscriber');
    expect(await screen.findByRole('link', { name: 'Město Kuřim' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Společnosti' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Odběratelé' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Bez telefonu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nový odběratel' })).toBeInTheDocument();
  });
});

describe('registration and VAT numbers', () => {
  it('checks the IČO digit on blur and shows the server’s DIČ error by its field', async () => {
    const { callsTo, user } = await openList('/companies', {
      [`POST ${PARTNERS}`]: () =>
        problemResponse(400, 'VALIDATION_FAILED', [
          { field: 'dic', rule: 'vat_id_number', message: 'Server says DIČ is wrong' },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'New supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    const ico = within(dialog).getByRole('textbox', {
      name: 'Registration number (IČO, optional)',
    });
    await user.type(ico, '25596642');
    await user.tab();
    expect(
      await within(dialog).findByText(/registration number \(IČO\) must be 8 digits with a valid/),
    ).toBeInTheDocument();
    await user.clear(ico);
    await user.type(ico, '25596641');
    await user.tab();
    await waitFor(() =>
      expect(within(dialog).queryByText(/must be 8 digits/)).not.toBeInTheDocument(),
    );
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(field('Company name'), 'Elektro Dvořák');
    await user.type(field('Company e-mail'), 'obchod@elektro-dvorak.cz');
    await user.type(field('Street'), 'Hlavní');
    await user.type(field('Street number'), '5');
    await user.type(field('City'), 'Olomouc');
    await user.type(field('ZIP code'), '779 00');
    await user.type(field('Country'), 'Česko');
    await user.type(field('VAT number (DIČ, optional)'), 'CZ25596641');
    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(await within(dialog).findByText('Server says DIČ is wrong')).toBeInTheDocument();
    expect(callsTo(`POST ${PARTNERS}`)[0]?.json()).toMatchObject({
      ico: '25596641',
      dic: 'CZ25596641',
    });
  });

  it('says so in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ [LIST]: listByKind() });
    const { user } = renderApp('/companies');
    await screen.findByRole('link', { name: SUPPLIER.name });
    await user.click(screen.getByRole('button', { name: 'Nový dodavatel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'IČO (nepovinné)' }), '1234567');
    await user.tab();
    expect(
      await within(dialog).findByText(
        'Pole IČO musí mít 8 číslic s platnou kontrolní číslicí (poslední číslice nesouhlasí)',
      ),
    ).toBeInTheDocument();
  });
});
