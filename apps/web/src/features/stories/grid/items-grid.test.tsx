// The items grid as an estimator uses it: typing in cells moves the row's and the story's totals before anything is saved, leaving a cell saves the row with its revision, bad input and conflicts are shown where they are, keys move as in a spreadsheet, a row is added without a dialog and spreadsheet rows are previewed before they are added.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createInstance,
  createStory,
  createStoryCatalog,
  createStoryCatalogItem,
  createStoryLabel,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/items/groups/itemsLabels';
const API = '/api/v1/stories/12';

const trench = createStoryCatalogItem();
const catalog = createStoryCatalog({
  items: [
    trench,
    createStoryCatalogItem({
      id: 31,
      code: 'SURVEY',
      name: { en: 'Site survey', cs: 'Průzkum' },
      attributes: [
        {
          code: 'days',
          name: { en: 'Days', cs: 'Dny' },
          level: 1,
          type: 'INTEGER',
          mandatory: true,
          defaultValue: 2,
          enumValues: [],
          minimum: null,
          maximum: null,
        },
      ],
      formulas: [{ roleId: 5, level: 1, expression: 'days * 8' }],
    }),
  ],
});
const main = createInstance();
const side = createInstance({
  id: 22,
  name: 'Side trench',
  values: { length: 10 },
  price: '1710.00',
  mandays: 2.5,
});

function rowOf(name: string): HTMLElement {
  const link = screen.getByRole('button', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function gridApi(overrides = {}) {
  return { ...storyApi({ catalog, instances: [main, side] }), ...overrides };
}

describe('the items grid', () => {
  it('recalculates the row and the story total as a value is typed and saves the row when the cell is left', async () => {
    // The server's story moves with the save, as the story's totals are refreshed on every write.
    let story = createStory();
    const { callsTo } = stubFetch(
      gridApi({
        [`GET ${API}`]: () => jsonResponse(story),
        [`PUT ${API}/instances/21`]: () => {
          story = { ...story, price: '7972.00', estimatedMandays: 10 };
          return jsonResponse({
            ...main,
            values: { length: 40 },
            price: '6840.00',
            mandays: 10,
            revision: 2,
          });
        },
      }),
    );
    const { user } = renderApp(PAGE);
    const length = within(await waitFor(() => rowOf('Main trench'))).getByRole('textbox', {
      name: 'Length (Main trench)',
    });
    const storyTotal = screen.getByRole('status', { name: 'Story total (1 instance)' });
    expect(storyTotal).toHaveTextContent('€6,262.00');

    await user.clear(length);
    await user.type(length, '40');
    // 40 m × 2 h × 85.50, before anything is saved; the story moves by the difference.
    expect(rowOf('Main trench')).toHaveTextContent('€6,840.00');
    expect(storyTotal).toHaveTextContent('€7,972.00');
    expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(0);

    await user.tab();
    await waitFor(() => expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(1));
    expect(callsTo(`PUT ${API}/instances/21`)[0]?.json()).toMatchObject({
      revision: 1,
      level: 1,
      optional: false,
      values: { length: 40 },
      name: 'Main trench',
    });
    expect(await within(rowOf('Main trench')).findByText('Saved')).toBeInTheDocument();
    // Saved: the story's total stays where typing took it.
    expect(storyTotal).toHaveTextContent('€7,972.00');
  });

  it('marks a value that does not read in its cell, shows the totals as incomplete and saves nothing', async () => {
    const { callsTo } = stubFetch(gridApi());
    const { user } = renderApp(PAGE);
    const row = await waitFor(() => rowOf('Main trench'));
    const length = within(row).getByRole('textbox', { name: 'Length (Main trench)' });
    await user.clear(length);
    await user.type(length, 'abc');
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(length).toHaveAccessibleDescription('Enter a number');
    expect(length).toHaveAccessibleName('Length (Main trench)');
    expect(row).toHaveTextContent('Incomplete');
    expect(screen.getByText('Totals incomplete: fix the values of 1 instance')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Story total (1 instance)' })).toHaveTextContent('—');
    await user.tab();
    expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(0);

    // Escape takes the typing back to what is saved.
    length.focus();
    await user.keyboard('{Escape}');
    expect(length).toHaveValue('30');
    expect(length).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Totals incomplete/)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Story total (1 instance)' })).toHaveTextContent(
      '€6,262.00',
    );
  });

  /** Types 40 into Main trench's length and leaves it; someone else has saved length 35 meanwhile. */
  async function typeIntoAConflict(saveAfterConflict?: () => Response) {
    let puts = 0;
    const { callsTo } = stubFetch(
      gridApi({
        [`PUT ${API}/instances/21`]: () =>
          (puts += 1) === 1 || !saveAfterConflict
            ? problemResponse(409, 'CONFLICT')
            : saveAfterConflict(),
        [`GET ${API}/instances/21`]: () =>
          jsonResponse({ ...main, values: { length: 35 }, price: '5985.00', revision: 3 }),
      }),
    );
    const { user } = renderApp(PAGE);
    const length = within(await waitFor(() => rowOf('Main trench'))).getByRole('textbox', {
      name: 'Length (Main trench)',
    });
    await user.clear(length);
    await user.type(length, '40');
    await user.tab();
    const alert = await within(rowOf('Main trench')).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this instance meanwhile.');
    expect(length).toHaveValue('40');
    return { callsTo, user, length, alert };
  }

  it('keeps the typing when someone else saved the instance first: saves it over theirs', async () => {
    const { callsTo, user, alert } = await typeIntoAConflict(() =>
      jsonResponse({ ...main, values: { length: 40 }, price: '6840.00', revision: 4 }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(2));
    expect(callsTo(`PUT ${API}/instances/21`)[1]?.json()).toMatchObject({
      revision: 3,
      values: { length: 40 },
    });
    expect(await within(rowOf('Main trench')).findByText('Saved')).toBeInTheDocument();
    expect(rowOf('Main trench')).toHaveTextContent('€6,840.00');
    expect(within(rowOf('Main trench')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a conflict, Escape or the button takes the version someone else saved', async () => {
    const { user, length, alert } = await typeIntoAConflict();
    expect(within(alert).getByRole('button', { name: 'Discard mine, load theirs' })).toBeVisible();
    length.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(length).toHaveValue('35'));
    expect(rowOf('Main trench')).toHaveTextContent('€5,985.00');
    expect(within(rowOf('Main trench')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves as a spreadsheet: Enter and arrows to the same column of the next row, right arrow past the text to the next cell', async () => {
    stubFetch(gridApi());
    const { user } = renderApp(PAGE);
    const first = within(await waitFor(() => rowOf('Main trench'))).getByRole('textbox', {
      name: 'Length (Main trench)',
    });
    const second = within(rowOf('Side trench')).getByRole('textbox', {
      name: 'Length (Side trench)',
    });
    first.focus();
    await user.keyboard('{Enter}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    // The caret is at the end of "30" after the focus selected it and End was pressed.
    await user.keyboard('{End}{ArrowRight}');
    expect(
      within(rowOf('Main trench')).getByRole('combobox', { name: 'Labels (Main trench)' }),
    ).toHaveFocus();
  });

  it('adds an instance of an item with defaults from the last row, without a dialog, ready to type in', async () => {
    const survey = createInstance({
      id: 23,
      itemId: 31,
      name: '',
      item: { ...main.item, code: 'SURVEY', name: { en: 'Site survey' } },
      values: { days: 2 },
      price: '1368.00',
      mandays: 2,
    });
    let story = createStory();
    const { callsTo } = stubFetch(
      gridApi({
        [`GET ${API}`]: () => jsonResponse(story),
        [`POST ${API}/instances`]: () => {
          story = { ...story, price: '7630.00', estimatedMandays: 9.5, instanceCount: 2 };
          return jsonResponse(survey, 201);
        },
      }),
    );
    const { user } = renderApp(PAGE);
    const picker = await screen.findByRole('combobox', {
      name: 'Add an instance: item code or name',
    });
    await user.type(picker, 'surv');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(`POST ${API}/instances`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/instances`)[0]?.json()).toMatchObject({
      itemId: 31,
      level: 1,
      // Left empty, the default applies.
      values: {},
    });
    const row = await waitFor(() => rowOf('Site survey'));
    expect(within(row).getByRole('combobox', { name: 'Level (Site survey)' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Story total (2 instances)' })).toHaveTextContent(
      '€7,630.00',
    );
  });

  it('opens the full editor for an item whose values must be filled in first', async () => {
    const { callsTo } = stubFetch(gridApi());
    const { user } = renderApp(PAGE);
    const picker = await screen.findByRole('combobox', {
      name: 'Add an instance: item code or name',
    });
    await user.type(picker, 'TRENCH');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'New instance of Trench' }),
    ).toBeInTheDocument();
    expect(callsTo(`POST ${API}/instances`)).toHaveLength(0);
  });

  it('previews rows pasted from a spreadsheet, in Czech, and adds the ones that read at once', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { callsTo } = stubFetch(
      gridApi({
        [`POST ${API}/instances/batch`]: () => jsonResponse({ items: [main, side] }, 201),
      }),
    );
    renderApp(PAGE);
    const length = within(await waitFor(() => rowOf('Main trench'))).getByRole('textbox', {
      name: 'Délka (Main trench)',
    });
    fireEvent.paste(length, {
      clipboardData: { getData: () => 'TRENCH\t12,5\nSURVEY\t3\nNOPE\t1\n' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Vložit řádky z tabulky' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Řádky připravené k přidání: 2 z 3',
    );
    const preview = within(dialog).getByRole('table', { name: 'Náhled vložených řádků' });
    // 12.5 m × 2 h × 85.50 = 2,137.50; 3 days × 8 h × 85.50 = 2,052.
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent(/2\s137,50\s€/);
    expect(within(preview).getAllByRole('row')[2]).toHaveTextContent(/2\s052,00\s€/);
    expect(within(preview).getAllByRole('row')[3]).toHaveTextContent(
      'Žádná položka nemá kód „NOPE“',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Přidat 2 instance' }));
    await waitFor(() => expect(callsTo(`POST ${API}/instances/batch`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/instances/batch`)[0]?.json()).toEqual({
      instances: [
        expect.objectContaining({ itemId: 30, values: { length: 12.5 } }),
        expect.objectContaining({ itemId: 31, values: { days: 3 } }),
      ],
    });
    expect(await screen.findByText('Přidány 2 instance')).toBeInTheDocument();
  });

  it('shows the rows the server refused in the preview, and adds nothing', async () => {
    stubFetch(
      gridApi({
        [`POST ${API}/instances/batch`]: () =>
          problemResponse(400, 'VALIDATION_FAILED', [
            { field: 'instances.1.values.days', rule: 'max', message: 'Days must be at most 2' },
          ]),
      }),
    );
    const { user } = renderApp(PAGE);
    await waitFor(() => rowOf('Main trench'));
    await user.click(screen.getByRole('button', { name: 'Paste rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste rows from a spreadsheet' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Pasted rows' }), {
      target: { value: 'TRENCH\t12.5\nSURVEY\t3' },
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Add 2 instances' }));
    const preview = within(dialog).getByRole('table', { name: 'Preview of the pasted rows' });
    await waitFor(() =>
      expect(within(preview).getAllByRole('row')[2]).toHaveTextContent('Days must be at most 2'),
    );
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent('Ready');
    expect(
      await screen.findByText('Nothing was added: the rows marked in the preview were refused.'),
    ).toBeInTheDocument();
    expect(dialog).toBeVisible();
  });

  it('fills the labels cell when the story’s labels arrive after the rows, and keeps the other labels when one is typed', async () => {
    let answerLabels: (response: Response) => void = () => undefined;
    const labelled = createInstance({ labelIds: [1, 2] });
    const { callsTo } = stubFetch({
      ...storyApi({ catalog, instances: [labelled] }),
      [`GET ${API}/labels`]: () =>
        new Promise<Response>((resolve) => {
          answerLabels = resolve;
        }),
      [`PUT ${API}/instances/21`]: () =>
        jsonResponse({ ...labelled, labelIds: [1, 2, 3], revision: 2 }),
    });
    const { user } = renderApp(PAGE);
    const cell = within(await waitFor(() => rowOf('Main trench'))).getByRole('combobox', {
      name: 'Labels (Main trench)',
    });
    expect(cell).toHaveValue('');
    answerLabels(
      jsonResponse([
        createStoryLabel({ id: 1, title: 'Phase one' }),
        createStoryLabel({ id: 2, title: 'North, south' }),
        createStoryLabel({ id: 3, title: 'Urgent' }),
      ]),
    );
    // "North, south" cannot be written in the comma-separated cell: it is kept as it is.
    await waitFor(() => expect(cell).toHaveValue('Phase one'));
    await user.type(cell, ', Urgent');
    await user.tab();
    await waitFor(() => expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(1));
    expect(callsTo(`PUT ${API}/instances/21`)[0]?.json()).toMatchObject({ labelIds: [1, 3, 2] });
  });

  it('saves a value once even when the server writes it differently ("30.50" is kept as 30.5)', async () => {
    const { callsTo } = stubFetch(
      gridApi({
        [`PUT ${API}/instances/21`]: () =>
          jsonResponse({ ...main, values: { length: 30.5 }, price: '5215.50', revision: 2 }),
      }),
    );
    const { user } = renderApp(PAGE);
    const length = within(await waitFor(() => rowOf('Main trench'))).getByRole('textbox', {
      name: 'Length (Main trench)',
    });
    await user.clear(length);
    await user.type(length, '30.50');
    await user.tab();
    await waitFor(() => expect(length).toHaveValue('30.5'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(`PUT ${API}/instances/21`)).toHaveLength(1);
  });
});
