// Story summaries as a member meets them: role rows in English and Czech figures, amount charts per unit, the group
// tree with subtotals, instances with optional ones apart, the formula errors dialog, copying values, scores without a
// currency, the empty story and a calculation that cannot be loaded.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoryCalculationDto } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createCalculation,
  createInstance,
  createStory,
  createStoryCatalog,
  createStoryCatalogItem,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';
const summary = (kind: string) => `/story-detail/12/summary/${kind}`;

const TWO_ROLES = createStoryCatalog({
  roles: [
    {
      id: 5,
      code: 'DIGGER',
      name: { en: 'Digger', cs: 'Bagrista' },
      unit: 'HOUR',
      price: '85.50',
      unitPrice: '85.50',
    },
    {
      id: 6,
      code: 'ENG',
      name: { en: 'Engineer', cs: 'Inženýr' },
      unit: 'MANDAYS',
      price: '600.00',
      unitPrice: '600.00',
    },
  ],
  items: [createStoryCatalogItem()],
});

const TWO_ROLE_CALCULATION = createCalculation({
  total: { price: '6630.00', mandays: 10 },
  byRole: [
    { roleId: 5, amount: 60, unitPrice: '85.50', price: '5130.00', mandays: 7.5 },
    { roleId: 6, amount: 2.5, unitPrice: '600.00', price: '1500.00', mandays: 2.5 },
  ],
});

const MIXED_UNITS = createStoryCatalog({
  roles: [
    ...TWO_ROLES.roles,
    {
      id: 7,
      code: 'DRIVER',
      name: { en: 'Driver', cs: 'Řidič' },
      unit: 'HOUR',
      price: '50.00',
      unitPrice: '50.00',
    },
    {
      id: 8,
      code: 'PAINTER',
      name: { en: 'Painter', cs: 'Malíř' },
      unit: 'METER_SQUARE',
      price: '12.00',
      unitPrice: '12.00',
    },
  ],
  items: [createStoryCatalogItem()],
});

const MIXED_UNIT_CALCULATION = createCalculation({
  total: { price: '23630.00', mandays: 12 },
  byRole: [
    ...TWO_ROLE_CALCULATION.byRole,
    { roleId: 7, amount: 16, unitPrice: '50.00', price: '800.00', mandays: 2 },
    { roleId: 8, amount: 1350.5, unitPrice: '12.00', price: '16206.00', mandays: 0 },
  ],
});

/** The chart's bar names once recharts has loaded (its category axis). */
async function chartNames(title: string): Promise<string> {
  const figure = await screen.findByRole('figure', { name: title });
  await waitFor(() => expect(within(figure).queryByRole('status')).not.toBeInTheDocument());
  return figure.textContent ?? '';
}

async function findRow(name: RegExp | string) {
  return screen.findByRole('row', { name: typeof name === 'string' ? new RegExp(name) : name });
}

describe('summary by roles', () => {
  it('shows each role’s amount in its unit, unit price, price, time and share in English', async () => {
    const { callsTo } = stubFetch(
      storyApi({ catalog: TWO_ROLES, calculation: TWO_ROLE_CALCULATION }),
    );
    renderApp(summary('roles'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summary by roles' }),
    ).toBeInTheDocument();

    const digger = await findRow('Digger');
    for (const text of ['60', 'Hours', '€85.50', '€5,130.00', '7.5 MD', '77.4%']) {
      expect(within(digger).getByText(text)).toBeInTheDocument();
    }
    const engineer = await findRow('Engineer');
    for (const text of ['2.5', 'Man-days', '€600.00', '€1,500.00', '2.5 MD', '22.6%']) {
      expect(within(engineer).getByText(text)).toBeInTheDocument();
    }
    const total = await findRow(/^Total/);
    expect(within(total).getByText('€6,630.00')).toBeInTheDocument();
    expect(within(total).getByText('10 MD')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Total price')).toBeInTheDocument();
    expect(within(totals).getByRole('button', { name: 'Copy €6,630.00' })).toBeInTheDocument();
    expect(within(totals).getByText('Number of errors in formula: 0')).toBeInTheDocument();
    expect(callsTo(`GET ${API}/calculation`)).toHaveLength(1);
    // Hours and man-days compare in time; their amounts are charted per unit.
    expect(
      await screen.findByRole('figure', { name: 'Estimated time by role' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Price by role' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Amount (h) by role' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Amount (MD) by role' })).toBeInTheDocument();
  });

  it('shows a customer in Czech amounts and time only: no unit price, price, share or price chart', async () => {
    window.localStorage.setItem('locale', 'cs');
    const withoutPrices = createCalculation({
      total: { price: null, mandays: 10 },
      optional: { price: null, mandays: 0 },
      byRole: TWO_ROLE_CALCULATION.byRole.map((role) => ({
        ...role,
        price: null,
        unitPrice: null,
      })),
    });
    stubFetch(
      storyApi({
        story: createStory({ myRole: 'ICT_CUSTOMER' }),
        catalog: {
          ...TWO_ROLES,
          roles: TWO_ROLES.roles.map((role) => ({ ...role, price: null, unitPrice: null })),
        },
        calculation: withoutPrices,
      }),
    );
    renderApp(summary('roles'));
    const digger = await findRow('Bagrista');
    expect(within(digger).getByText('60')).toBeInTheDocument();
    expect(within(digger).getByText('7,5 MD')).toBeInTheDocument();
    expect(digger).not.toHaveTextContent('€');
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads).toContain('Odhadovaný čas');
    expect(heads.some((head) => /Cena|Podíl/.test(head ?? ''))).toBe(false);
    const totals = screen.getByRole('region', { name: 'Součty' });
    expect(within(totals).queryByText('Celková cena')).not.toBeInTheDocument();
    const figures = await screen.findAllByRole('figure');
    expect(figures.map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Odhadovaný čas podle rolí',
      'Množství (h) podle rolí',
      'Množství (MD) podle rolí',
    ]);
  });

  it('charts the amount of each unit apart, with the unit symbol in the title, besides time and price', async () => {
    stubFetch(storyApi({ catalog: MIXED_UNITS, calculation: MIXED_UNIT_CALCULATION }));
    renderApp(summary('roles'));
    await findRow('Painter');
    const figures = await screen.findAllByRole('figure');
    expect(figures.map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Estimated time by role',
      'Price by role',
      'Amount (h) by role',
      'Amount (MD) by role',
      'Amount (m²) by role',
    ]);
    // Each amount chart draws only the roles of its unit.
    expect(await chartNames('Amount (h) by role')).toBe('Amount (h) by roleDiggerDriver');
    expect(await chartNames('Amount (MD) by role')).toBe('Amount (MD) by roleEngineer');
    expect(await chartNames('Amount (m²) by role')).toBe('Amount (m²) by rolePainter');
  });

  it('charts the amount of each unit apart in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(storyApi({ catalog: MIXED_UNITS, calculation: MIXED_UNIT_CALCULATION }));
    renderApp(summary('roles'));
    await findRow('Malíř');
    const figures = await screen.findAllByRole('figure');
    expect(figures.map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Odhadovaný čas podle rolí',
      'Cena podle rolí',
      'Množství (h) podle rolí',
      'Množství (MD) podle rolí',
      'Množství (m²) podle rolí',
    ]);
    expect(await chartNames('Množství (h) podle rolí')).toBe(
      'Množství (h) podle rolíBagristaŘidič',
    );
    expect(await chartNames('Množství (m²) podle rolí')).toBe('Množství (m²) podle rolíMalíř');
  });

  it('writes the figures the Czech way', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(storyApi({ catalog: TWO_ROLES, calculation: TWO_ROLE_CALCULATION }));
    renderApp(summary('roles'));
    const digger = await findRow('Bagrista');
    // Testing Library reads no-break spaces as spaces; the exact text is checked below.
    for (const text of ['60', 'Hodiny', '85,50 €', '5 130,00 €', '7,5 MD', '77,4 %']) {
      expect(within(digger).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(digger).getByRole('button', { name: /^Kopírovat 5\s130,00\s€$/ }).textContent,
    ).toBe('5\u00a0130,00\u00a0€');
    const total = await findRow(/^Celkem/);
    expect(within(total).getByText('6 630,00 €')).toBeInTheDocument();
    expect(screen.getByText('Počet chyb ve vzorci: 0')).toBeInTheDocument();
  });

  it('copies a value as a plain number and says so', async () => {
    stubFetch(storyApi({ catalog: TWO_ROLES, calculation: TWO_ROLE_CALCULATION }));
    const { user } = renderApp(summary('roles'));
    const digger = await findRow('Digger');
    await user.click(within(digger).getByRole('button', { name: 'Copy €5,130.00' }));
    expect(await screen.findByText('Value copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('5130.00');
  });

  it('shows scores without a currency for a monitoring catalog', async () => {
    const story = createStory({
      catalog: { ...createStory().catalog, type: 'MNT', currency: 'CZK' },
    });
    stubFetch(storyApi({ story, calculation: createCalculation() }));
    renderApp(summary('roles'));
    const digger = await findRow('Digger');
    expect(within(digger).getByText('5,130')).toBeInTheDocument();
    expect(within(digger).getByText('85.5')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Score price' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Score' })).toBeInTheDocument();
    expect(screen.getByText('Total score')).toBeInTheDocument();
    expect(screen.queryByText(/CZK|Kč|€/)).not.toBeInTheDocument();
  });
});

describe('summary by catalog groups', () => {
  const catalog = createStoryCatalog({
    groups: [
      { id: 3, parentId: null, code: 'EARTH', name: { en: 'Earthworks' } },
      { id: 6, parentId: 3, code: 'TRENCH', name: { en: 'Trenches' } },
      { id: 7, parentId: 3, code: 'FOUND', name: { en: 'Foundations' } },
      { id: 9, parentId: 7, code: 'PILES', name: { en: 'Piles' } },
      { id: 8, parentId: null, code: 'ROOF', name: { en: 'Roofing' } },
      { id: 10, parentId: null, code: 'EMPTY', name: { en: 'Unused group' } },
    ],
  });
  // Each entry already includes its sub-groups: 3 = 6 + 7 (+ its own items), 7 = 9 + own.
  const calculation = createCalculation({
    total: { price: '7000.00', mandays: 12 },
    byGroup: [
      { groupId: 3, price: '5000.00', mandays: 9 },
      { groupId: 6, price: '3000.00', mandays: 5 },
      { groupId: 7, price: '2000.00', mandays: 4 },
      { groupId: 9, price: '500.00', mandays: 1 },
      { groupId: 8, price: '1500.00', mandays: 2 },
      { groupId: null, price: '500.00', mandays: 1 },
    ],
  });

  it('shows the tree with subtotals, expandable level by level', async () => {
    stubFetch(storyApi({ catalog, calculation }));
    const { user } = renderApp(summary('ctl'));

    const earthworks = await findRow('Earthworks');
    expect(within(earthworks).getByText('€5,000.00')).toBeInTheDocument();
    expect(within(earthworks).getByText('71.4%')).toBeInTheDocument();
    expect(within(await findRow('Trenches')).getByText('€3,000.00')).toBeInTheDocument();
    expect(within(await findRow('Foundations')).getByText('€2,000.00')).toBeInTheDocument();
    expect(within(await findRow('Roofing')).getByText('€1,500.00')).toBeInTheDocument();
    expect(within(await findRow('Without a group')).getByText('€500.00')).toBeInTheDocument();
    // Second-level groups start closed; groups without instances are left out.
    expect(screen.queryByRole('row', { name: /Piles/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Unused group/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand Foundations' }));
    expect(within(await findRow('Piles')).getByText('€500.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse Earthworks' }));
    expect(screen.queryByRole('row', { name: /Trenches/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Piles/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(await findRow('Piles')).toBeInTheDocument();
    expect(within(await findRow(/^Total/)).getByText('€7,000.00')).toBeInTheDocument();
  });
});

describe('summary by instances', () => {
  it('names the instances and shows the optional ones apart from the total', async () => {
    const calculation = createCalculation({
      optional: { price: '800.00', mandays: 1 },
      byInstance: [
        { instanceId: 21, optional: false, errorCount: 0, price: '5130.00', mandays: 7.5 },
        { instanceId: 22, optional: true, errorCount: 0, price: '800.00', mandays: 1 },
      ],
    });
    const instances = [
      createInstance(),
      createInstance({ id: 22, name: '', optional: true, price: '800.00', mandays: 1 }),
    ];
    stubFetch(storyApi({ calculation, instances }));
    renderApp(summary('ict'));

    const main = await screen.findByRole('table', { name: 'Instances' });
    expect(await within(main).findByRole('row', { name: /Main trench/ })).toBeInTheDocument();
    expect(within(main).queryByRole('row', { name: /^Trench/ })).not.toBeInTheDocument();
    expect(within(main).getByText('€5,130.00', { selector: 'tfoot *' })).toBeInTheDocument();

    const optional = screen.getByRole('table', { name: 'Optional instances' });
    // An instance without a name of its own goes by its item's name.
    const trench = within(optional).getByRole('row', { name: /^Trench/ });
    expect(within(trench).getByText('Optional')).toBeInTheDocument();
    expect(within(trench).getByText('€800.00')).toBeInTheDocument();
    expect(
      within(optional).getByRole('row', { name: /Total of the optional instances/ }),
    ).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('button', { name: 'Copy €5,130.00' })).toBeInTheDocument();
    expect(within(totals).getByRole('button', { name: 'Copy €800.00' })).toBeInTheDocument();
  });
});

describe('formula errors', () => {
  const calculation: StoryCalculationDto = createCalculation({
    byInstance: [{ instanceId: 21, optional: false, errorCount: 1, price: '0.00', mandays: 0 }],
    errors: [
      {
        instanceId: 21,
        itemId: 30,
        roleId: 5,
        level: 1,
        inputs: { length: null },
        unitPrice: '85.50',
        expression: 'length * 2',
        error: { code: 'MISSING_VALUE', attribute: 'length' },
      },
    ],
  });
  const catalog = createStoryCatalog({ items: [createStoryCatalogItem()] });

  it('lists each error with its instance, item, role, level, inputs, price, formula and text', async () => {
    const { callsTo } = stubFetch(
      storyApi({ catalog, calculation, instances: [createInstance({ errorCount: 1 })] }),
    );
    const { user } = renderApp(summary('phases'));
    // The instance priced 0 by its error leaves the total incomplete, and the total says so.
    expect(
      await screen.findByText('Total price (1 instance with formula errors not priced)'),
    ).toBeInTheDocument();
    // The instance names are read only when the dialog opens.
    await user.click(await screen.findByRole('button', { name: 'Number of errors in formula: 1' }));
    expect(callsTo(`GET ${API}/instances`)).not.toHaveLength(0);

    const dialog = await screen.findByRole('dialog', { name: 'Errors in formulas' });
    expect(await within(dialog).findByText('Main trench')).toBeInTheDocument();
    for (const text of [
      'Trench (TRENCH)',
      'Digger',
      '€85.50',
      'length * 2',
      'Fill in Length (length): the formula needs it and it has no default value.',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Unit price')).toBeInTheDocument();
    expect(within(dialog).getByText('Length (length):')).toBeInTheDocument();
    expect(within(dialog).getByText('No value')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks of score prices for a survey catalog, in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    const story = createStory({ catalog: { ...createStory().catalog, type: 'SRV' } });
    stubFetch(storyApi({ story, catalog, calculation, instances: [createInstance()] }));
    const { user } = renderApp(summary('roles'));
    expect(
      await screen.findByText('Celkové skóre (1 instance s chybou ve vzorci nezapočtena)'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Počet chyb ve vzorci: 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chyby ve vzorcích' });
    expect(within(dialog).getByText('Cena skóre')).toBeInTheDocument();
    expect(within(dialog).getByText('85,5')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Vyplňte Délka (length): vzorec hodnotu potřebuje a atribut nemá výchozí hodnotu.',
      ),
    ).toBeInTheDocument();
  });
});

describe('summary states', () => {
  it('asks to add items when the story has no instances', async () => {
    stubFetch(
      storyApi({
        calculation: createCalculation({
          total: { price: '0.00', mandays: 0 },
          byRole: [],
          byPhase: [],
          byGroup: [],
          byInstance: [],
        }),
      }),
    );
    renderApp(summary('phases'));
    expect(await screen.findByText('Nothing to summarize yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add items' })).toHaveAttribute(
      'href',
      '/story-detail/12/items/groups/itemsLabels',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the calculation cannot be loaded', async () => {
    stubFetch({
      ...storyApi(),
      [`GET ${API}/calculation`]: () => problemResponse(403, 'FORBIDDEN'),
    });
    renderApp(summary('roles'));
    // Once in a toast, once in place of the summary.
    await waitFor(() =>
      expect(screen.getAllByText('Cannot load story calculation')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('links the four summaries to each other', async () => {
    stubFetch({
      ...storyApi(),
      [`GET ${API}/calculation`]: () => jsonResponse(createCalculation()),
    });
    const { user, router } = renderApp(summary('roles'));
    const tabs = await screen.findByRole('tablist', { name: 'Summaries' });
    expect(within(tabs).getByRole('tab', { name: 'Roles' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Phases' }));
    expect(router.state.location.pathname).toBe('/story-detail/12/summary/phases');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summary by phases' }),
    ).toBeInTheDocument();
    expect(within(await findRow('Build')).getByText('€5,130.00')).toBeInTheDocument();
  });
});
