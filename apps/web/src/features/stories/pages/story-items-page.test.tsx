// The story's items page: the add dialog does not offer a non-repeatable item twice, the instance editor shows and
// enforces attribute bounds, a story whose catalog is deleted says so and offers no new instance (decision 0029),
// and the list filters by role and phase from the URL.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createStory,
  createStoryCatalog,
  createStoryCatalogItem,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/items/groups/itemsLabels';
const API = '/api/v1/stories/12';

describe('story items', () => {
  it('shows a non-repeatable item the story already has as disabled, with the reason', async () => {
    stubFetch(
      storyApi({
        catalog: createStoryCatalog({
          items: [
            createStoryCatalogItem({ id: 30, code: 'TRENCH', repeatable: true, inStory: true }),
            createStoryCatalogItem({
              id: 31,
              code: 'SURVEY',
              name: { en: 'Site survey' },
              repeatable: false,
              inStory: true,
            }),
            createStoryCatalogItem({
              id: 32,
              code: 'PERMIT',
              name: { en: 'Permit' },
              repeatable: false,
              inStory: false,
            }),
          ],
        }),
      }),
    );
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an instance of an item' });
    const survey = within(dialog).getByRole('button', { name: /Site survey/ });
    expect(survey).toHaveAttribute('aria-disabled', 'true');
    expect(survey).toHaveTextContent('already in the story, and used once per story');
    expect(within(dialog).getByRole('button', { name: /Permit/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(dialog).getByRole('button', { name: /Trench/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('shows the bounds of a value and refuses a value outside them at the field', async () => {
    const { callsTo } = stubFetch(
      storyApi({
        catalog: createStoryCatalog({
          items: [
            createStoryCatalogItem({
              attributes: [
                {
                  code: 'length',
                  name: { en: 'Length' },
                  level: 1,
                  type: 'NUMBER',
                  mandatory: true,
                  defaultValue: null,
                  enumValues: [],
                  minimum: 0.5,
                  maximum: 100,
                },
              ],
            }),
          ],
        }),
      }),
    );
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add instance' }));
    await user.click(await screen.findByRole('button', { name: /Trench/ }));
    const editor = await screen.findByRole('dialog', { name: 'New instance of Trench' });
    const length = within(editor).getByRole('textbox', { name: 'Length' });
    expect(within(editor).getByText(/^From 0\.5 to 100/)).toBeInTheDocument();
    await user.type(length, '-3');
    await user.click(within(editor).getByRole('button', { name: 'Create instance' }));
    expect(await within(editor).findByText('Must be at least 0.5')).toBeInTheDocument();
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`POST ${API}/instances`)).toHaveLength(0);
  });

  it.each([
    {
      locale: 'en',
      dialog: 'New instance of Trench',
      field: 'Length',
      amounts: [
        ['0.5', '1 hour'],
        ['1', '2 hours'],
        ['0.75', '1.5 hours'],
      ],
    },
    {
      locale: 'cs',
      dialog: 'Nová instance položky Výkop',
      field: 'Délka',
      amounts: [
        ['0,5', '1 hodina'],
        ['1', '2 hodiny'],
        ['2,5', '5 hodin'],
        ['0,75', '1,5 hodiny'],
      ],
    },
  ])(
    'words each role’s amount with its unit in the plural its number takes, in $locale',
    async ({ locale, dialog, field, amounts }) => {
      window.localStorage.setItem('locale', locale);
      stubFetch(storyApi({ catalog: createStoryCatalog({ items: [createStoryCatalogItem()] }) }));
      const { user } = renderApp(PAGE);
      await user.click(
        await screen.findByRole('button', {
          name: locale === 'en' ? 'Add instance' : 'Přidat instanci',
        }),
      );
      await user.click(
        await screen.findByRole('button', { name: locale === 'en' ? /Trench/ : /Výkop/ }),
      );
      const editor = await screen.findByRole('dialog', { name: dialog });
      const input = within(editor).getByRole('textbox', { name: field });
      for (const [entered, amount] of amounts) {
        await user.clear(input);
        await user.type(input, entered as string);
        expect(await within(editor).findByText(amount as string)).toBeInTheDocument();
      }
    },
  );

  it('marks a value that does not read as it is typed and shows the total as incomplete until it is fixed', async () => {
    stubFetch(storyApi({ catalog: createStoryCatalog({ items: [createStoryCatalogItem()] }) }));
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add instance' }));
    await user.click(await screen.findByRole('button', { name: /Trench/ }));
    const editor = await screen.findByRole('dialog', { name: 'New instance of Trench' });
    const length = within(editor).getByRole('textbox', { name: 'Length' });
    const footerTotal = within(editor).getByRole('status', { name: 'Instance total' });

    // Nothing typed yet: the field is not blamed, but the total says what it lacks.
    expect(length).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(editor).getAllByText('Total incomplete: fill in 1 value')).not.toHaveLength(0);
    expect(footerTotal).toHaveTextContent('—');

    await user.type(length, 'abc');
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(within(editor).getByText('Enter a number')).toBeInTheDocument();
    expect(within(editor).getAllByText('Total incomplete: fix 1 value')).not.toHaveLength(0);
    expect(within(editor).getByTestId('instance-total')).toHaveTextContent('—');
    expect(footerTotal).toHaveTextContent('—');

    await user.clear(length);
    await user.type(length, '3');
    expect(length).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(editor).getByTestId('instance-total')).toHaveTextContent('€513.00');
    expect(footerTotal).toHaveTextContent('€513.00');
    expect(within(editor).queryByText(/Total incomplete/)).not.toBeInTheDocument();
  });

  it('says in Czech, with the spec’s text, when an instance cannot be created', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { callsTo } = stubFetch({
      ...storyApi({ catalog: createStoryCatalog({ items: [createStoryCatalogItem()] }) }),
      [`POST ${API}/instances`]: () => problemResponse(500, 'INTERNAL'),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Přidat instanci' }));
    await user.click(await screen.findByRole('button', { name: /Výkop/ }));
    const editor = await screen.findByRole('dialog', { name: /Výkop/ });
    await user.type(within(editor).getByRole('textbox', { name: 'Délka' }), '12');
    await user.click(within(editor).getByRole('button', { name: /^Vytvořit/ }));
    expect(await screen.findByText('Instanci položky se nepodařilo vytvořit')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/instances`)).toHaveLength(1);
    // Nothing typed is lost: the editor stays open with the value.
    expect(within(editor).getByRole('textbox', { name: 'Délka' })).toHaveValue('12');
  });

  it('says when the story’s catalog is deleted and offers no new instance', async () => {
    const story = createStory();
    stubFetch(
      storyApi({
        story: { ...story, catalog: { ...story.catalog, deleted: true } },
        catalog: createStoryCatalog({ items: [createStoryCatalogItem({ addable: false })] }),
      }),
    );
    renderApp(PAGE);
    expect(
      await screen.findByText(
        'The catalog “Office fit-out” of this story has been deleted. The story keeps its items and figures, but no items can be added to it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: 'Items' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add instance' })).not.toBeInTheDocument();
  });
});

const INSTANCES = 'GET /api/v1/stories/12/instances';

describe('instances by role and phase', () => {
  it('reads the role and phase from the URL and asks for those instances', async () => {
    const { callsTo } = stubFetch(storyApi());
    renderApp('/story-detail/12/items/groups/3/itemsLabels?roleId=5&phaseId=4');
    await waitFor(() => expect(callsTo(INSTANCES)).not.toHaveLength(0));
    const query = callsTo(INSTANCES)[0]?.url.searchParams;
    expect([query?.get('groupId'), query?.get('roleId'), query?.get('phaseId')]).toEqual([
      '3',
      '5',
      '4',
    ]);
    expect(await screen.findByRole('combobox', { name: 'Role' })).toHaveTextContent(
      'Digger (DIGGER)',
    );
    expect(screen.getByRole('combobox', { name: 'Phase' })).toHaveTextContent('Build');
  });

  it('filters by the role chosen, keeps it in the URL and clears it with the other filters, in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { callsTo } = stubFetch(storyApi());
    const { user, router } = renderApp('/story-detail/12/items/groups/itemsLabels');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Všechny role');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Digger (DIGGER)' }));
    await waitFor(() =>
      expect(callsTo(INSTANCES).some((call) => call.url.searchParams.get('roleId') === '5')).toBe(
        true,
      ),
    );
    expect(router.state.location.search).toBe('?roleId=5');
    // No instance of the role: the page says so and offers to show them all.
    await user.click(await screen.findByRole('button', { name: 'Zobrazit všechny instance' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Všechny role');
  });
});
