// Story lifecycle and copy in the web (decision 0031): the list's status filter (in the URL) and chips, the overview's status with who/when and
// the changes the role allows, and the "Copy story" dialog, in English and Czech.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, type Story } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, storyApi } from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';

function page(items: Story[]) {
  return jsonResponse({ items, nextCursor: null });
}

function overviewApi(story: Story) {
  return {
    ...storyApi({ story }),
    [`GET ${API}/events`]: () => page([]),
  };
}

describe('story list by status', () => {
  const stories = [
    createStory({ id: 1, name: 'Office move', status: 'SENT' }),
    createStory({ id: 2, name: 'Old warehouse', status: 'ARCHIVED' }),
  ];

  it('shows each story’s status as a chip and filters by a status kept in the URL', async () => {
    const { callsTo } = stubFetch({ 'GET /api/v1/stories': () => page(stories) });
    const { user, router } = renderApp('/');
    const row = (await screen.findByRole('link', { name: 'Office move' })).closest('tr');
    expect(within(row as HTMLElement).getByText('Sent')).toBeInTheDocument();
    expect(screen.getByText('Archived')).toBeInTheDocument();
    // By default no status is asked for: the server leaves archived stories out.
    expect(callsTo('GET /api/v1/stories')[0]?.url.searchParams.has('status')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All but archived',
      'Draft',
      'Sent',
      'Accepted',
      'Rejected',
      'Archived',
    ]);
    await user.click(options.getByRole('option', { name: 'Archived' }));
    await waitFor(() =>
      expect(callsTo('GET /api/v1/stories').at(-1)?.url.searchParams.get('status')).toBe(
        'ARCHIVED',
      ),
    );
    expect(router.state.location.search).toBe('?status=ARCHIVED');
  });

  it('starts from the status in the URL, in Czech', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    const { callsTo } = stubFetch({ 'GET /api/v1/stories': () => page([stories[1] as Story]) });
    renderApp('/?status=ARCHIVED');
    expect(await screen.findByRole('link', { name: 'Old warehouse' })).toBeInTheDocument();
    expect(screen.getAllByText('Archivováno').length).toBeGreaterThan(0);
    expect(callsTo('GET /api/v1/stories')[0]?.url.searchParams.get('status')).toBe('ARCHIVED');
    expect(screen.getByRole('combobox', { name: 'Stav' })).toHaveTextContent('Archivováno');
  });
});

describe('story status on the overview', () => {
  it('shows who set the status and offers a modeler every other status; confirms the change', async () => {
    const story = createStory({
      myRole: 'ICT_MODELER',
      status: 'DRAFT',
      statusChangedBy: { id: 42, name: 'Jana Nováková' },
    });
    const { callsTo } = stubFetch({
      ...overviewApi(story),
      [`PUT ${API}/status`]: (request) =>
        jsonResponse({
          ...story,
          ...(request.json() as object),
          status: 'SENT',
          version: story.version + 1,
        }),
    });
    const { user } = renderApp('/story-detail/12');
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(within(status).getByText('Draft')).toBeInTheDocument();
    expect(within(status).getByText(/since .*, set by Jana Nováková/)).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Change status' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mark as sent', 'Accept', 'Reject', 'Archive']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as sent' }));
    await waitFor(() => expect(callsTo(`PUT ${API}/status`)).toHaveLength(1));
    expect(callsTo(`PUT ${API}/status`)[0]?.json()).toEqual({ status: 'SENT', version: 1 });
    expect(await screen.findByText('Status changed to Sent')).toBeInTheDocument();
  });

  it('lets a customer only accept or reject a sent story, and says so in Czech when it fails', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    const story = createStory({ myRole: 'ICT_CUSTOMER', status: 'SENT' });
    stubFetch({
      ...overviewApi(story),
      [`PUT ${API}/status`]: () => problemResponse(403, 'FORBIDDEN'),
    });
    const { user } = renderApp('/story-detail/12');
    const status = await screen.findByRole('group', { name: 'Stav' });
    expect(within(status).getByText('Odesláno')).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Změnit stav' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Přijmout', 'Zamítnout']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Přijmout' }));
    expect(await screen.findByText('Stav se nepodařilo změnit')).toBeInTheDocument();
    // No copy for a customer: copies stay in the owner company.
    expect(screen.queryByRole('button', { name: 'Kopírovat příběh' })).not.toBeInTheDocument();
  });

  it('offers no status change to a reader', async () => {
    stubFetch(overviewApi(createStory({ myRole: 'CTL_READER', status: 'ACCEPTED' })));
    renderApp('/story-detail/12');
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(within(status).getByText('Accepted')).toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: 'Change status' })).toBeNull();
  });
});

describe('status in the history', () => {
  const events = [
    {
      id: 5,
      at: '2025-03-03T10:00:00.000Z',
      type: 'STATUS_CHANGED',
      instanceId: null,
      user: { id: 42, name: 'Jana Nováková' },
      changes: [{ field: 'status', old: 'DRAFT', new: 'SENT' }],
    },
    {
      id: 4,
      at: '2025-03-02T10:00:00.000Z',
      type: 'STORY_COPIED',
      instanceId: null,
      user: { id: 42, name: 'Jana Nováková' },
      changes: [{ field: 'copiedFrom', old: null, new: 'Office fit-out' }],
    },
  ];

  for (const [locale, texts] of [
    ['en', ['changed the status of the story', 'Draft → Sent', 'copied the story', 'Copied from:']],
    [
      'cs',
      ['změnil(a) stav příběhu', 'Koncept → Odesláno', 'zkopíroval(a) příběh', 'Zkopírováno z:'],
    ],
  ] as const) {
    it(`names the status change and the copy in ${locale}`, async () => {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      stubFetch({
        ...storyApi({ story: createStory() }),
        [`GET ${API}/events`]: () => jsonResponse({ items: events, nextCursor: null }),
      });
      renderApp('/story-detail/12');
      const history = await screen.findByRole('list', {
        name: locale === 'en' ? 'History' : 'Historie',
      });
      for (const text of texts) {
        expect(within(history).getByText(text, { exact: false })).toBeInTheDocument();
      }
    });
  }
});

describe('copy story', () => {
  it('prefills the name, sends the choices and opens the copy', async () => {
    const story = createStory();
    const copy = createStory({ id: 30, name: 'Office fit-out, Brno (copy)' });
    const { callsTo } = stubFetch({
      ...overviewApi(story),
      ...storyApi({ story: copy }),
      'GET /api/v1/stories/30/events': () => page([]),
      [`POST ${API}/copies`]: () => jsonResponse(copy, 201),
    });
    const { user, router } = renderApp('/story-detail/12');
    await user.click(await screen.findByRole('button', { name: 'Copy story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy story' });
    expect(within(dialog).getByRole('textbox', { name: 'Name of the copy' })).toHaveValue(
      'Office fit-out, Brno (copy)',
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Copy the lineups with their custom prices' }),
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Copy the members with their roles' }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(callsTo(`POST ${API}/copies`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/copies`)[0]?.json()).toEqual({
      name: 'Office fit-out, Brno (copy)',
      includeLineups: true,
      includeMembers: false,
    });
    expect(
      await screen.findByText('Story Office fit-out, Brno (copy) created as a copy'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/30'));
  });

  it('shows a taken name in the field, in Czech, with the Czech default name', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    stubFetch({
      ...overviewApi(createStory({ myRole: 'ICT_MODELER' })),
      [`POST ${API}/copies`]: () =>
        problemResponse(409, 'STORY_NAME_TAKEN', [
          { field: 'name', rule: 'story_name_duplicate', message: 'x' },
        ]),
    });
    const { user } = renderApp('/story-detail/12');
    await user.click(await screen.findByRole('button', { name: 'Kopírovat příběh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopírovat příběh' });
    const name = within(dialog).getByRole('textbox', { name: 'Název kopie' });
    expect(name).toHaveValue('Office fit-out, Brno (kopie)');
    // A modeler may copy the lineups, but not hand out the members.
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Kopírovat cenové varianty s jejich vlastními cenami',
      }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /členy/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Kopírovat' }));
    expect(
      await within(dialog).findByText('Tento název už používá jiný příběh'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});
