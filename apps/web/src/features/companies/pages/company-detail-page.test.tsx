// /companies/:companyId: details, edit and delete of one company, and a supplier's price setup (typed prices saved as
// changed rows with their versions, the role price rules, 409, the bulk change by percentage, the export as .xlsx); 404 is the not-found page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SupplierPricesUpdate } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  PARTNERS,
  createPartnerCompany,
  createSupplierPriceCatalog,
  createSupplierPriceRole,
  createSupplierPrices,
  partnerApi,
  partnerPage,
} from '../test/partner-fixtures';

configureQueries();

const PRICES = `${PARTNERS}/7/prices`;
const NBSP = '\u00a0';

async function openSupplier(routes: Record<string, Handler> = {}, path = '/companies/7') {
  const stub = stubFetch({ ...partnerApi(), ...routes });
  const view = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Prices in Office fit-out' });
  return { ...stub, ...view, form };
}

/** Matches the element whose text is exactly `text`, no-break spaces included (getByText would fold them). */
function exactly(text: string) {
  return (_content: string, element: Element | null) => element?.textContent === text;
}

function priceField(form: HTMLElement, role: string) {
  return within(form).getByRole('textbox', { name: `Supplier's price of ${role}` });
}

/** A PUT that answers the catalog block with the sent prices stored (versions bumped). */
function savePrices(): Handler {
  return (request) => {
    const body = request.json() as SupplierPricesUpdate;
    const catalog = createSupplierPriceCatalog();
    return jsonResponse({
      ...catalog,
      roles: catalog.roles.map((role) => {
        const sent = body.prices.find((entry) => entry.roleId === role.roleId);
        if (!sent) return role;
        return {
          ...role,
          price: sent.price === null ? null : sent.price.replace(',', '.'),
          version: sent.price === null ? null : (sent.version ?? -1) + 1,
        };
      }),
    });
  };
}

describe('/companies/:companyId', () => {
  it('shows the supplier with its contact and the price setup per catalog', async () => {
    const { form } = await openSupplier();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stavby Novák s.r.o.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'info@stavby-novak.cz' })).toHaveAttribute(
      'href',
      'mailto:info@stavby-novak.cz',
    );
    expect(screen.getByText(/602 00 Brno/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All suppliers' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Price setup' })).toBeInTheDocument();

    const developer = priceField(form, 'Developer').closest('tr') as HTMLElement;
    expect(within(developer).getByText('DEV')).toBeInTheDocument();
    expect(within(developer).getByText('Man-days')).toBeInTheDocument();
    expect(within(developer).getByText(exactly(`CZK${NBSP}1,200.00 / MD`))).toBeInTheDocument();
    // Empty: the catalog's price applies, and the placeholder says which.
    expect(priceField(form, 'Developer')).toHaveValue('');
    expect(priceField(form, 'Developer')).toHaveAttribute('placeholder', '1200');
    expect(priceField(form, 'Project manager')).toHaveValue('1250.5');
    expect(within(form).getByRole('button', { name: 'Save prices' })).toBeDisabled();
  });

  it('saves a new price as typed (comma) with version null, and only the changed row', async () => {
    const { callsTo, user, form } = await openSupplier({ [`PUT ${PRICES}`]: savePrices() });
    await user.type(priceField(form, 'Developer'), '1100,25');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));

    expect(await screen.findByText('1 price saved in Office fit-out')).toBeInTheDocument();
    expect(callsTo(`PUT ${PRICES}`)[0]?.json()).toEqual({
      catalogId: 1,
      prices: [{ roleId: 30, price: '1100,25', version: null }],
    });
    // The form shows what is stored now.
    const saved = await screen.findByRole('form', { name: 'Prices in Office fit-out' });
    await waitFor(() => expect(priceField(saved, 'Developer')).toHaveValue('1100.25'));
    expect(within(saved).getByRole('button', { name: 'Save prices' })).toBeDisabled();
  });

  it('sends null with the version for an emptied price, so the catalog price applies again', async () => {
    const { callsTo, user, form } = await openSupplier({ [`PUT ${PRICES}`]: savePrices() });
    await user.clear(priceField(form, 'Project manager'));
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    await screen.findByText('1 price saved in Office fit-out');
    expect(callsTo(`PUT ${PRICES}`)[0]?.json()).toEqual({
      catalogId: 1,
      prices: [{ roleId: 31, price: null, version: 4 }],
    });
  });

  it('shows the greater-than-zero rule on blur and saves nothing invalid', async () => {
    const { callsTo, user, form } = await openSupplier({ [`PUT ${PRICES}`]: savePrices() });
    await user.type(priceField(form, 'Developer'), '0');
    expect(within(form).queryByText('The price must be greater than zero')).not.toBeInTheDocument();
    await user.tab();
    expect(
      await within(form).findByText('The price must be greater than zero'),
    ).toBeInTheDocument();
    await user.clear(priceField(form, 'Project manager'));
    await user.type(priceField(form, 'Project manager'), '12,34567');
    await user.tab();
    expect(
      await within(form).findByText('The price must be a number with at most 4 decimal places'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(callsTo(`PUT ${PRICES}`)).toHaveLength(0);
  });

  it.each([
    ['a new price', 'Developer', '900', 'Failed to create role price'],
    ['a changed price', 'Project manager', '900', 'Failed to update role price'],
  ])('toasts the spec text when saving %s fails', async (_case, role, price, text) => {
    const { user, form } = await openSupplier({
      [`PUT ${PRICES}`]: () => problemResponse(500, 'INTERNAL'),
    });
    await user.clear(priceField(form, role));
    await user.type(priceField(form, role), price);
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(priceField(form, role)).toHaveValue(price);
  });

  it('keeps the input after 409 and loads the latest prices on request', async () => {
    let prices = createSupplierPrices();
    const { callsTo, user, form } = await openSupplier({
      [`GET ${PRICES}`]: () => jsonResponse(prices),
      [`PUT ${PRICES}`]: () => problemResponse(409, 'CONFLICT'),
    });
    prices = createSupplierPrices([
      createSupplierPriceCatalog({
        roles: [
          createSupplierPriceRole({ price: '990.0000', version: 0 }),
          createSupplierPriceRole({ roleId: 31, code: 'PM', name: { en: 'Project manager' } }),
        ],
      }),
    ]);
    await user.type(priceField(form, 'Developer'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Failed to create role price')).toBeInTheDocument();
    expect(await within(form).findByText(/Nothing was saved and your input is kept/)).toBeVisible();
    expect(priceField(form, 'Developer')).toHaveValue('1000');
    expect(callsTo(`PUT ${PRICES}`)).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'Load the latest version' }));
    const latest = await screen.findByRole('form', { name: 'Prices in Office fit-out' });
    await waitFor(() => expect(priceField(latest, 'Developer')).toHaveValue('990'));
    expect(priceField(latest, 'Project manager')).toHaveValue('');
    expect(screen.queryByText(/Nothing was saved/)).not.toBeInTheDocument();
  });

  it('downloads the supplier’s prices as .xlsx under the server’s file name', async () => {
    URL.createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo, user } = await openSupplier({
      [`GET ${PRICES}/sheet`]: () =>
        new Response(new Blob(['file']), {
          headers: { 'Content-Disposition': 'attachment; filename="Novak-prices.xlsx"' },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Export prices (.xlsx)' }));
    expect(await screen.findByText('Downloaded Novak-prices.xlsx')).toBeInTheDocument();
    expect(callsTo(`GET ${PRICES}/sheet`).map((call) => call.url.search)).toEqual(['?format=xlsx']);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('previews a change by percentage, then applies it and shows the new prices', async () => {
    let prices = createSupplierPrices();
    const { callsTo, user } = await openSupplier({
      [`GET ${PRICES}`]: () => jsonResponse(prices),
      [`POST ${PRICES}/adjustment`]: (request) => {
        const { apply } = request.json() as { apply: boolean };
        if (apply) {
          prices = createSupplierPrices([
            createSupplierPriceCatalog({
              roles: [
                createSupplierPriceRole(),
                createSupplierPriceRole({
                  roleId: 31,
                  code: 'PM',
                  name: { en: 'Project manager' },
                  price: '1375.5500',
                  version: 5,
                }),
              ],
            }),
          ]);
        }
        return jsonResponse({
          applied: apply,
          changes: [{ catalogId: 1, roleId: 31, before: '1250.5', after: '1375.55' }],
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Change by percentage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change prices by percentage' });
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Change' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('table', {
      name: 'Preview of the changed prices',
    });
    expect(within(dialog).getByText('1 price will change:')).toBeInTheDocument();
    const row = within(preview).getByText('Project manager').closest('tr') as HTMLElement;
    expect(within(row).getByText(exactly(`CZK${NBSP}1,250.50`))).toBeInTheDocument();
    expect(within(row).getByText(exactly(`CZK${NBSP}1,375.55`))).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('1 price changed')).toBeInTheDocument();
    expect(callsTo(`POST ${PRICES}/adjustment`).map((call) => call.json())).toEqual([
      { percent: 10, apply: false },
      { percent: 10, apply: true },
    ]);
    const form = await screen.findByRole('form', { name: 'Prices in Office fit-out' });
    await waitFor(() => expect(priceField(form, 'Project manager')).toHaveValue('1375.55'));
  });

  it('asks for a new preview when the percentage changes, and checks its range', async () => {
    const { callsTo, user } = await openSupplier({
      [`POST ${PRICES}/adjustment`]: () =>
        jsonResponse({
          applied: false,
          changes: [{ catalogId: 1, roleId: 31, before: '1250.5', after: '1125.45' }],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Change by percentage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change prices by percentage' });
    const percent = within(dialog).getByRole('textbox', { name: 'Change' });
    await user.type(percent, '-95');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText('The percentage must be between -90 and 500'),
    ).toBeInTheDocument();
    expect(callsTo(`POST ${PRICES}/adjustment`)).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, '-10');
    await user.click(within(dialog).getByRole('combobox', { name: 'Catalog' }));
    await user.click(screen.getByRole('option', { name: 'Office fit-out' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('1 price will change:')).toBeInTheDocument();
    expect(callsTo(`POST ${PRICES}/adjustment`)[0]?.json()).toEqual({
      percent: -10,
      catalogId: 1,
      apply: false,
    });
    await user.type(percent, '5');
    expect(within(dialog).queryByText('1 price will change:')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('shows a subscriber without price setup and never asks for prices', async () => {
    const subscriber = createPartnerCompany({ kind: 'SUBSCRIBER', name: 'Město Kuřim' });
    const { callsTo } = stubFetch(partnerApi({ company: subscriber }));
    renderApp('/companies/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Město Kuřim' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/they have no prices of their own/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Price setup' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All subscribers' })).toHaveAttribute(
      'href',
      '/companies?kind=subscriber',
    );
    expect(callsTo(`GET ${PRICES}`)).toHaveLength(0);
  });

  it('says what to do when no catalog is in use, and toasts a failed price load', async () => {
    stubFetch(partnerApi({ prices: createSupplierPrices([]) }));
    const first = renderApp('/companies/7');
    expect(await screen.findByText('No catalogs to price yet')).toBeInTheDocument();
    first.unmount();

    stubFetch({ ...partnerApi(), [`GET ${PRICES}`]: () => problemResponse(403, 'FORBIDDEN') });
    renderApp('/companies/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot get role prices');
  });

  it('edits the company from its page', async () => {
    const { callsTo, user } = await openSupplier({
      [`PUT ${PARTNERS}/7`]: (request) =>
        jsonResponse({ ...createPartnerCompany(), ...(request.json() as object), version: 4 }),
      [`GET ${PARTNERS}`]: () => partnerPage([]),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Company name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Company name' }), 'Novák a syn');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Novák a syn' }),
    ).toBeInTheDocument();
    expect((callsTo(`PUT ${PARTNERS}/7`)[0]?.json() as { version: number }).version).toBe(3);
  });

  it('deletes the company after confirmation and returns to its tab', async () => {
    const { callsTo, user, router } = await openSupplier({
      [`DELETE ${PARTNERS}/7`]: () => new Response(null, { status: 204 }),
      [`GET ${PARTNERS}`]: () => partnerPage([]),
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company' });
    expect(callsTo(`DELETE ${PARTNERS}/7`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Stavby Novák s.r.o. deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(await screen.findByText('No suppliers yet')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown or foreign company', async () => {
    const { callsTo } = stubFetch({
      [`GET ${PARTNERS}/99`]: () => problemResponse(404, 'NOT_FOUND'),
    });
    renderApp('/companies/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(callsTo(`GET ${PARTNERS}/99`)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Czech, with prices in the Czech format', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(partnerApi());
    renderApp('/companies/7');
    const form = await screen.findByRole('form', { name: 'Ceny v katalogu Office fit-out' });
    expect(screen.getByRole('heading', { level: 2, name: 'Nastavení cen' })).toBeInTheDocument();
    const manager = within(form).getByRole('textbox', {
      name: 'Cena dodavatele za roli Projektový manažer',
    });
    expect(manager).toHaveValue('1250,5');
    const row = manager.closest('tr') as HTMLElement;
    expect(within(row).getByText(exactly(`1${NBSP}500,00${NBSP}Kč / MD`))).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Uložit ceny' })).toBeInTheDocument();
  });
});
