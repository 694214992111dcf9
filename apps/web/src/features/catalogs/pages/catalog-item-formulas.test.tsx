// The formulas tab of the item editor: loading and empty states, completion by keyboard, the level rule checked while
// typing, bulk save with the revision (success, FORMULA_INVALID, 409), deleting a role's formulas after the spec's
// confirmation, the emulation's numbers and errors, read-only readers, and the Czech texts.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Attribute, ItemFormulas } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch, type Handler } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  API,
  catalogApi,
  createCatalog,
  createFormula,
  createItem,
  createRole,
} from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const EDIT_PAGE = '/ctl/catalog-detail/1/item-list/edit/100';
const FORMULAS = `${API}/catalogs/1/items/100/formulas`;

function attribute(overrides: Partial<Attribute> & Pick<Attribute, 'id' | 'code'>): Attribute {
  return {
    level: 1,
    name: { en: overrides.code },
    type: 'NUMBER',
    mandatory: false,
    description: {},
    defaultValue: null,
    enumValues: [],
    minimum: null,
    maximum: null,
    ...overrides,
  };
}

const ATTRIBUTES: Attribute[] = [
  attribute({ id: 1, code: 'area', name: { en: 'Area' }, mandatory: true }),
  attribute({
    id: 2,
    code: 'rooms',
    name: { en: 'Rooms' },
    level: 2,
    type: 'INTEGER',
    defaultValue: 2,
  }),
];
const ROLES = [
  createRole(),
  createRole({ id: 31, code: 'QA', name: { en: 'Tester' }, unit: 'HOUR', price: '800.0000' }),
];

function formulas(
  list = [createFormula({ expression: 'area * 0.5' })],
  revision = 7,
): ItemFormulas {
  return { revision, formulas: list };
}

function api(data: { formulas?: ItemFormulas; routes?: Record<string, Handler> } = {}) {
  return stubFetch({
    ...catalogApi({
      item: createItem({ attributes: ATTRIBUTES, maxLevel: 2 }),
      roles: ROLES,
      formulas: data.formulas ?? formulas(),
    }),
    ...data.routes,
  });
}

async function openFormulas(path = EDIT_PAGE) {
  const view = renderApp(path);
  await view.user.click(await screen.findByRole('tab', { name: 'Formulas' }));
  return view;
}

function formulaRow(name: string) {
  return screen.getByRole('group', { name });
}

/** Replaces a field's text at once (typing is reserved for what happens while typing). */
async function replaceText(
  user: ReturnType<typeof renderApp>['user'],
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.paste(text);
}

describe('item formulas', { timeout: 60_000 }, () => {
  it('shows a skeleton while loading, then explains formulas and adds the first one', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { callsTo } = api({
      routes: {
        [`GET ${FORMULAS}`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { user } = await openFormulas();
    await waitFor(() => expect(callsTo(`GET ${FORMULAS}`)).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading formulas' })).toBeInTheDocument();
    answer(jsonResponse(formulas([])));

    expect(await screen.findByText('No formulas yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add formula' }));
    const row = formulaRow('Developer – level 1');
    expect(within(row).getByLabelText(/^Formula name/)).toHaveValue('DEV – level 1');
    expect(within(row).getByLabelText('Expression')).toHaveFocus();
  });

  it('says when the formulas cannot be loaded and loads them on retry', async () => {
    let fail = true;
    api({
      routes: {
        [`GET ${FORMULAS}`]: () =>
          fail ? problemResponse(404, 'NOT_FOUND') : jsonResponse(formulas()),
      },
    });
    const { user } = await openFormulas();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get item formulas');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Developer – level 1' })).toBeInTheDocument();
  });

  it('completes attribute codes, functions and keywords from the keyboard', async () => {
    api({ formulas: formulas([]) });
    const { user } = await openFormulas();
    await screen.findByText('No formulas yet');
    await user.click(screen.getByRole('button', { name: 'Add formula' }));
    // The Developer's level 2 formula may read the level 2 attribute "rooms".
    const developer = screen.getByRole('region', { name: /^Developer/ });
    await user.click(within(developer).getByRole('button', { name: 'Add formula for level 2' }));
    const expression = within(formulaRow('Developer – level 2')).getByLabelText('Expression');

    await user.type(expression, 'ro');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'roomsRooms · Attribute · level 2 · Whole number',
      'round(x, digits)Function',
    ]);
    expect(expression).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(expression).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(expression).toHaveValue('rooms');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(expression, ' * a');
    expect(screen.getByRole('option', { name: /^area/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^abs/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^and/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{Control>} {/Control}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Tab}');
    expect(expression).toHaveValue('rooms * area');
  });

  it('explains the level rule while typing and keeps the formulas from being saved until it is fixed', async () => {
    api();
    const { user } = await openFormulas();
    const row = await screen.findByRole('group', { name: 'Developer – level 1' });
    const expression = within(row).getByLabelText('Expression');
    await replaceText(user, expression, 'area * rooms');

    expect(
      await within(row).findByText(
        'Attributes may only come from the same or a lower level than the formula level: Rooms (rooms) is on level 2, this formula is on level 1. At character 8: “rooms”',
      ),
    ).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save formulas' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Fix the problem in the formulas before saving.');

    await replaceText(user, expression, 'area * 2');
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(row).queryByText(/Attributes may only come/)).not.toBeInTheDocument();
  });

  it('saves every formula with the revision and keeps the new revision', async () => {
    const { callsTo } = api({
      routes: {
        [`PUT ${FORMULAS}`]: (request) => {
          const body = request.json() as { revision: number };
          return jsonResponse(
            formulas(
              [
                createFormula({ expression: 'area * 2' }),
                createFormula({ id: 701, roleId: 31, name: 'QA – level 1', expression: '3' }),
              ],
              body.revision + 1,
            ),
          );
        },
      },
    });
    const { user } = await openFormulas();
    const expression = within(
      await screen.findByRole('group', { name: 'Developer – level 1' }),
    ).getByLabelText('Expression');
    await replaceText(user, expression, 'area * 2');
    const tester = screen.getByRole('region', { name: /^Tester/ });
    await user.click(within(tester).getByRole('button', { name: 'Add formula for level 1' }));
    await user.paste('3');
    const save = screen.getByRole('button', { name: 'Save formulas' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Formulas saved')).toBeInTheDocument();
    expect(callsTo(`PUT ${FORMULAS}`)[0]?.json()).toEqual({
      revision: 7,
      formulas: [
        { id: 700, roleId: 30, level: 1, name: 'DEV – level 1', expression: 'area * 2' },
        { roleId: 31, level: 1, name: 'QA – level 1', expression: '3' },
      ],
    });
    await user.click(save);
    await waitFor(() => expect(callsTo(`PUT ${FORMULAS}`)).toHaveLength(2));
    expect(callsTo(`PUT ${FORMULAS}`)[1]?.json()).toMatchObject({ revision: 8 });
  });

  it('shows the server’s FORMULA_INVALID issues on the formula they belong to', async () => {
    api({
      routes: {
        [`PUT ${FORMULAS}`]: () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'FORMULA_INVALID',
              status: 400,
              code: 'FORMULA_INVALID',
              errors: [
                { field: 'formulas.0.expression', rule: 'formula', message: 'Unknown attribute' },
              ],
              formulaIssues: [
                {
                  index: 0,
                  issues: [
                    { code: 'UNKNOWN_ATTRIBUTE', start: 0, end: 4, params: { name: 'area' } },
                  ],
                },
              ],
            }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      },
    });
    const { user } = await openFormulas();
    const row = await screen.findByRole('group', { name: 'Developer – level 1' });
    await user.click(screen.getByRole('button', { name: 'Save formulas' }));

    expect(await screen.findByText('Failed to update bulk formulas')).toBeInTheDocument();
    expect(
      await within(row).findByText('This item has no attribute “area”. At character 1: “area”'),
    ).toBeInTheDocument();
    expect(within(row).getByLabelText('Expression')).toHaveAccessibleDescription(
      'This item has no attribute “area”. At character 1: “area”',
    );
  });

  it('keeps what was typed after a stale save (409) and says why', async () => {
    const { callsTo } = api({
      routes: { [`PUT ${FORMULAS}`]: () => problemResponse(409, 'CONFLICT') },
    });
    const { user } = await openFormulas();
    const expression = within(
      await screen.findByRole('group', { name: 'Developer – level 1' }),
    ).getByLabelText('Expression');
    await replaceText(user, expression, 'area * 3');
    const save = screen.getByRole('button', { name: 'Save formulas' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Failed to update bulk formulas')).toBeInTheDocument();
    expect(await screen.findByText(/Someone else changed this item/)).toBeInTheDocument();
    expect(expression).toHaveValue('area * 3');
    expect(callsTo(`PUT ${FORMULAS}`)[0]?.json()).toMatchObject({ revision: 7 });
  });

  it('deletes all formulas of a role after the confirmation', async () => {
    const { callsTo } = api({
      formulas: formulas([
        createFormula({ expression: 'area * 0.5' }),
        createFormula({ id: 701, roleId: 31, name: 'QA – level 1', expression: '4' }),
      ]),
      routes: {
        [`DELETE ${FORMULAS}`]: () =>
          jsonResponse(
            formulas(
              [createFormula({ id: 701, roleId: 31, name: 'QA – level 1', expression: '4' })],
              8,
            ),
          ),
      },
    });
    const { user } = await openFormulas();
    await user.click(
      await screen.findByRole('button', { name: 'Delete all formulas of the role Developer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete all formulas of the role' });
    expect(dialog).toHaveTextContent(
      'Do you really want to delete all saved formulas of the role "Developer"?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Role formulas deleted successfully')).toBeInTheDocument();
    const call = callsTo(`DELETE ${FORMULAS}`)[0];
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      roleId: '30',
      revision: '7',
    });
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Developer – level 1' })).not.toBeInTheDocument(),
    );
    expect(formulaRow('Tester – level 1')).toBeInTheDocument();
  });

  it('emulates the formulas with sample values and names a missing mandatory value', async () => {
    api({
      formulas: formulas([
        createFormula({ expression: 'area * 0.5' }),
        createFormula({
          id: 701,
          roleId: 31,
          level: 2,
          name: 'QA – level 2',
          expression: 'rooms * 4',
        }),
      ]),
    });
    const { user } = await openFormulas();
    const emulation = await screen.findByRole('region', { name: 'Emulation' });
    await user.type(within(emulation).getByLabelText(/^Area/), '10');

    const results = within(emulation).getByRole('table', { name: 'Emulation results' });
    // Developer: 10 * 0.5 = 5 MD at €1,200.50; Tester: rooms (default 2) * 4 = 8 h at €800.
    const developer = within(results).getByRole('row', { name: /^Developer/ });
    await waitFor(() => expect(developer).toHaveTextContent('5 MD€1,200.50€6,002.50'));
    const tester = within(results).getByRole('row', { name: /^Tester/ });
    expect(tester).toHaveTextContent('8 h€800.00€6,400.00');
    expect(within(results).getByRole('row', { name: /^Total price/ })).toHaveTextContent(
      '€12,402.50',
    );
    expect(within(results).getByRole('row', { name: /^Estimated time/ })).toHaveTextContent('6');

    await user.clear(within(emulation).getByLabelText(/^Area/));
    expect(developer).toHaveTextContent(
      'Fill in Area (area): the formula needs it and it has no default value.',
    );
  });

  it('shows a reader the formulas read-only, without edit controls, and lets them emulate', async () => {
    stubFetch(
      catalogApi({
        catalog: createCatalog({ myRole: 'CTL_READER' }),
        item: createItem({ attributes: ATTRIBUTES, maxLevel: 2, state: 'COMPLETE' }),
        roles: ROLES,
        formulas: formulas(),
      }),
    );
    const { user } = renderApp(`${EDIT_PAGE}?tab=formulas`);
    const row = await screen.findByRole('group', { name: 'Developer – level 1' });
    expect(within(row).getByLabelText('Expression')).toHaveAttribute('readonly');
    expect(within(row).getByLabelText('Expression')).toHaveValue('area * 0.5');
    expect(screen.queryByRole('button', { name: 'Save formulas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add formula/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete all formulas/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove formula/ })).not.toBeInTheDocument();

    const emulation = screen.getByRole('region', { name: 'Emulation' });
    await user.type(within(emulation).getByLabelText(/^Area/), '4');
    await waitFor(() =>
      expect(within(emulation).getByRole('row', { name: /^Developer/ })).toHaveTextContent('2 MD'),
    );
  });

  it('speaks Czech: texts, numbers with a decimal comma and the level rule', async () => {
    window.localStorage.setItem('locale', 'cs');
    api();
    const { user } = renderApp(EDIT_PAGE);
    await user.click(await screen.findByRole('tab', { name: 'Vzorce' }));
    const row = await screen.findByRole('group', { name: 'Developer – úroveň 1' });
    expect(screen.getByRole('button', { name: 'Uložit vzorce' })).toBeInTheDocument();
    expect(screen.getByText(/1\s200,50\s€ za MD/)).toBeInTheDocument();

    const emulation = screen.getByRole('region', { name: 'Emulace' });
    await user.type(within(emulation).getByLabelText(/^Area/), '2,5');
    // 2.5 * 0.5 = 1.25 MD; 1.25 * 1 200.50 = 1 500.625, rounded half away from zero.
    await waitFor(() =>
      expect(within(emulation).getByRole('row', { name: /^Developer/ })).toHaveTextContent(
        /1,25 MD1\s200,50\s€1\s500,63\s€/,
      ),
    );

    const expression = within(row).getByLabelText('Výraz');
    await user.type(expression, ' + rooms');
    await user.keyboard('{Escape}');
    expect(
      await within(row).findByText(
        'Atributy smějí pocházet jen ze stejné nebo nižší úrovně, než je úroveň vzorce: Rooms (rooms) je na úrovni 2, tento vzorec na úrovni 1. Na znaku 14: „rooms“',
      ),
    ).toBeInTheDocument();
    expect(within(emulation).getByRole('row', { name: /^Developer/ })).toHaveTextContent(
      'Vzorec obsahuje problémy; opravte je a výsledek se zobrazí.',
    );
  });
});
