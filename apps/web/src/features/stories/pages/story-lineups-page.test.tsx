// Story lineups: each lineup priced with the source of every role's price, two compared with the lowest marked and the
// difference in exact cents, a new lineup sent with only the custom prices typed (comma allowed, zero refused), and
// readers told lineups are not theirs to see.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lineup, LineupPricing, Quote, StoryMember } from '@costory/shared';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createPartnerCompany, partnerPage } from '@/features/companies/test/partner-fixtures';
import { createStory, createStoryCatalog, storyApi } from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/lineups';
const API = '/api/v1/stories/12';

function pricing(
  id: number,
  name: string,
  dev: [string, string, 'CUSTOM' | 'SUPPLIER' | 'CATALOG'],
  total: string,
): LineupPricing {
  return {
    id,
    storyId: 12,
    name,
    description: '',
    supplier: { id: 30 + id, name: `Supplier ${id}` },
    subscriber: { id: 40, name: 'Customer Č' },
    customPrices: dev[2] === 'CUSTOM' ? [{ roleId: 5, price: dev[0] }] : [],
    sharedWith: [],
    total: { price: total, mandays: 9.5 },
    optional: { price: '0.00', mandays: 0 },
    errorCount: 0,
    unpricedInstances: 0,
    version: 0,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    currency: 'EUR',
    roles: [
      {
        roleId: 5,
        code: 'DIGGER',
        name: { en: 'Digger' },
        unit: 'HOUR',
        amount: 20,
        catalogPrice: '85.5',
        supplierPrice: dev[2] === 'SUPPLIER' ? dev[0] : null,
        customPrice: dev[2] === 'CUSTOM' ? dev[0] : null,
        unitPrice: dev[0],
        source: dev[2],
        price: dev[1],
        mandays: 2.5,
      },
    ],
  };
}

function member(userId: number, name: string, role: StoryMember['role']): StoryMember {
  return {
    id: userId,
    userId,
    name,
    email: `${userId}@firma.test`,
    companyName: 'Zákazník a.s.',
    role,
    description: '',
  };
}

function summaryOf(lineup: LineupPricing): Lineup {
  const { currency: _currency, roles: _roles, ...rest } = lineup;
  return rest;
}

const quoteA = pricing(1, 'Quote A', ['90', '1800.00', 'SUPPLIER'], '7200.00');
const quoteB = pricing(2, 'Quote B', ['80,5', '1610.00', 'CUSTOM'], '6861.01');

function lineupApi() {
  return {
    ...storyApi({ story: createStory({ myRole: 'ICT_MODELER' }) }),
    [`GET ${API}/lineups`]: () => jsonResponse([quoteA, quoteB].map(summaryOf)),
    [`GET ${API}/lineups/1`]: () => jsonResponse(quoteA),
    [`GET ${API}/lineups/2`]: () => jsonResponse(quoteB),
    [`GET ${API}/lineups/1/quotes`]: () => jsonResponse([]),
    [`GET ${API}/lineups/2/quotes`]: () => jsonResponse([]),
  };
}

describe('story lineups', () => {
  it('shows the first lineup priced role by role with the source of each price', async () => {
    stubFetch(lineupApi());
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Prices of Quote A' });
    const row = within(table).getByRole('row', { name: /Digger/ });
    expect(within(row).getByText('Supplier')).toBeInTheDocument();
    expect(within(row).getByText('€1,800.00')).toBeInTheDocument();
    expect(within(table).getByText('€7,200.00')).toBeInTheDocument();
    // The list's estimated time says its unit.
    const list = screen.getAllByRole('row', { name: /Quote A/ })[0] as HTMLElement;
    expect(within(list).getByText('9.5 MD')).toBeInTheDocument();
  });

  it('says in Czech when formula errors left the lineup total incomplete', async () => {
    window.localStorage.setItem('locale', 'cs');
    const incomplete = { ...quoteA, errorCount: 3, unpricedInstances: 2 };
    stubFetch({
      ...lineupApi(),
      [`GET ${API}/lineups`]: () => jsonResponse([summaryOf(incomplete)]),
      [`GET ${API}/lineups/1`]: () => jsonResponse(incomplete),
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Ceny v cenové variantě Quote A' });
    expect(
      within(table).getByRole('row', {
        name: /^Celkem \(2 instance s chybami ve vzorcích nezapočteny\)/,
      }),
    ).toBeInTheDocument();
  });

  it('compares two lineups, marking the lowest and the difference from the first', async () => {
    stubFetch(lineupApi());
    const { user } = renderApp(PAGE);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select Quote A for comparison' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Quote B for comparison' }));
    const table = await screen.findByRole('table', { name: 'Comparison' });
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(within(total).getByText('€6,861.01')).toBeInTheDocument();
    expect(within(total).getByText('(lowest)')).toBeInTheDocument();
    const difference = within(table).getByRole('row', { name: /Difference from Quote A/ });
    expect(within(difference).getByText('-€338.99')).toBeInTheDocument();
  });

  it('creates a lineup with only the custom prices typed, refusing zero first, shared with a customer', async () => {
    const { callsTo } = stubFetch({
      ...lineupApi(),
      [`GET ${API}/catalog`]: () => jsonResponse(createStoryCatalog()),
      [`GET ${API}/lineup-partners`]: (request) =>
        partnerPage([
          request.url.searchParams.get('kind') === 'SUPPLIER'
            ? createPartnerCompany({ id: 31, kind: 'SUPPLIER', name: 'Stavby Zlín' })
            : createPartnerCompany({ id: 40, kind: 'SUBSCRIBER', name: 'Customer Č' }),
        ]),
      [`GET ${API}/lineup-partners/31/prices`]: () => jsonResponse([{ roleId: 5, price: '90' }]),
      [`GET ${API}/members`]: () =>
        jsonResponse([
          member(3, 'Petra Modelářová', 'ICT_MODELER'),
          member(77, 'Zuzana Zákaznická', 'ICT_CUSTOMER'),
        ]),
      [`POST ${API}/lineups`]: () => jsonResponse(quoteB, 201),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'New lineup' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lineup' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Quote C');
    await user.click(within(dialog).getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Stavby Zlín' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Subscriber' }));
    await user.click(await screen.findByRole('option', { name: 'Customer Č' }));
    // Only the story's customers can be chosen to read the lineup.
    await user.click(within(dialog).getByRole('combobox', { name: 'Shared with customers' }));
    expect(screen.queryByRole('option', { name: /Petra/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Zuzana Zákaznická/ }));
    const price = within(dialog).getByRole('textbox', { name: 'Custom price of Digger' });
    // Without a custom price the supplier's applies: the field says which.
    await waitFor(() => expect(price).toHaveAttribute('placeholder', '90'));
    expect(within(dialog).getByRole('row', { name: /Digger/ })).toHaveTextContent('€90.00');
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(/greater than 0|greater than zero/i),
    ).toBeInTheDocument();
    expect(callsTo(`POST ${API}/lineups`)).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '92,5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(`POST ${API}/lineups`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/lineups`)[0]?.json()).toEqual({
      name: 'Quote C',
      description: '',
      supplierId: 31,
      subscriberId: 40,
      customPrices: [{ roleId: 5, price: '92,5' }],
      sharedWith: [77],
    });
    expect(await screen.findByText('Lineup successfully created')).toBeInTheDocument();
  });

  it('asks before deleting a lineup and deletes it only when confirmed', async () => {
    const { callsTo } = stubFetch({
      ...lineupApi(),
      [`DELETE ${API}/lineups/2`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete Quote B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lineup' });
    expect(
      within(dialog).getByText('Delete the lineup “Quote B” with its custom prices?'),
    ).toBeInTheDocument();
    expect(callsTo(`DELETE ${API}/lineups/2`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/lineups/2`)).toHaveLength(1));
  });

  it('shows a customer in Czech the final prices only: no catalog, supplier or custom price, no source', async () => {
    window.localStorage.setItem('locale', 'cs');
    const finalOnly: LineupPricing = {
      ...quoteA,
      customPrices: [],
      roles: quoteA.roles.map((role) => ({
        ...role,
        catalogPrice: null,
        supplierPrice: null,
        customPrice: null,
        source: null,
      })),
    };
    stubFetch({
      ...storyApi({ story: createStory({ myRole: 'ICT_CUSTOMER' }) }),
      [`GET ${API}/lineups`]: () => jsonResponse([summaryOf(finalOnly)]),
      [`GET ${API}/lineups/1`]: () => jsonResponse(finalOnly),
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Ceny v cenové variantě Quote A' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(heads).not.toContain('Cena katalogu');
    expect(heads).not.toContain('Cena dodavatele');
    const row = within(table).getByRole('row', { name: /Digger/ });
    expect(within(row).queryByText('Dodavatel')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('1 800,00 €');
    expect(screen.queryByRole('button', { name: 'Nová cenová varianta' })).not.toBeInTheDocument();
    // Nothing tells how the prices were made.
    expect(screen.queryByText('Bez vlastních cen')).not.toBeInTheDocument();
    expect(screen.getByText(/Ceny připravené pro vás/)).toBeInTheDocument();
  });

  it('tells a reader that lineups are not shared with their role', async () => {
    stubFetch(storyApi({ story: createStory({ myRole: 'CTL_READER' }) }));
    renderApp(PAGE);
    expect(await screen.findByText('Lineups are not shared with your role')).toBeInTheDocument();
  });
});

describe('quotes of a lineup', () => {
  const issued: Quote = {
    id: 3,
    lineupId: 1,
    number: '2026-0007',
    issueDate: '2026-11-26',
    validUntil: '2026-12-26',
    vatRate: '21',
    paymentTerms: '14 days',
    note: '',
    currency: 'EUR',
    totalWithoutVat: '7200.00',
    vatAmount: '1512.00',
    totalWithVat: '8712.00',
    createdAt: '2026-11-26T10:00:00.000Z',
  };

  it('issues a quote from the dialog, refusing a VAT rate over 100, and lists it with its download', async () => {
    const quotes: Quote[] = [];
    const { callsTo, user } = renderWith({
      ...lineupApi(),
      [`GET ${API}/lineups/1/quotes`]: () => jsonResponse(quotes),
      [`POST ${API}/lineups/1/quotes`]: () => {
        quotes.push(issued);
        return jsonResponse(issued, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Issue quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue quote' });
    const rate = within(dialog).getByRole('textbox', { name: 'VAT rate (%)' });
    expect(rate).toHaveValue('21');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.tab();
    expect(await within(dialog).findByText('The VAT rate must be 100 or less')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '12,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment terms' }), '14 days');
    await user.click(within(dialog).getByRole('button', { name: 'Issue quote' }));
    expect(await screen.findByText('Quote 2026-0007 issued')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/lineups/1/quotes`)[0]?.json()).toMatchObject({
      vatRate: '12,5',
      paymentTerms: '14 days',
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
    });
    const list = await screen.findByRole('table', { name: 'Quotes of the lineup' });
    expect(await within(list).findByText('2026-0007')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('speaks Czech in the dialog', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { user } = renderWith(lineupApi());
    await user.click(await screen.findByRole('button', { name: 'Vystavit nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vystavit nabídku' });
    expect(within(dialog).getByLabelText('Platnost do')).toBeInTheDocument();
    const rate = within(dialog).getByRole('textbox', { name: 'Sazba DPH (%)' });
    await user.clear(rate);
    await user.type(rate, '21,125');
    await user.tab();
    expect(
      await within(dialog).findByText(/Pole sazba DPH musí být číslo s nejvýše 2/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Platební podmínky' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Poznámka' })).toBeInTheDocument();
  });
});

function renderWith(api: Parameters<typeof stubFetch>[0]) {
  const stub = stubFetch(api);
  return { ...stub, ...renderApp(PAGE) };
}
