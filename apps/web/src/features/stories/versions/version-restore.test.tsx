// Restoring a version from its page (decision 0042, restore): the confirmation that the current state is kept first, the restore sent with what the page showed and the overview opened, a changed story (409) with the way to compare or try again, a new story from the version, and the buttons per role.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORY_MEMBER_ROLES, type Story, type StoryMemberRole } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createStory,
  createStoryVersion,
  createStoryVersionDetail,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';
const PAGE = '/story-detail/12/versions/7';
const RESTORE = `POST ${API}/versions/7/restore`;
const COPY = `POST ${API}/versions/7/copy`;

const RESTORED = {
  keptAs: createStoryVersion({ id: 9, name: 'Before restoring “Quote for Novák, 25 Nov”' }),
  retiredItems: [],
};

function versionApi(story: Story = createStory()) {
  return {
    ...storyApi({ story }),
    [`GET ${API}/events`]: () => jsonResponse({ items: [], nextCursor: null }),
    [`GET ${API}/versions/7`]: () => jsonResponse(createStoryVersionDetail()),
    [`GET ${API}/versions/7/lineups`]: () => jsonResponse([]),
  };
}

async function restoreButton() {
  return screen.findByRole('button', { name: 'Restore into story' });
}

describe('restoring a version', () => {
  it('asks first, saying the current state is kept, then restores and opens the overview', async () => {
    const { callsTo } = stubFetch({
      ...versionApi(),
      [RESTORE]: () => jsonResponse(RESTORED),
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await restoreButton());
    const dialog = await screen.findByRole('dialog', {
      name: 'Restore this version into the story?',
    });
    expect(
      within(dialog).getByText(/Its current state is first kept as a version of its own/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(RESTORE)).toHaveLength(0);

    await user.click(await restoreButton());
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Restore this version into the story?' }),
      ).getByRole('button', { name: 'Restore' }),
    );
    await waitFor(() => expect(callsTo(RESTORE)).toHaveLength(1));
    // What the page showed of the live story: createStory's contentVersion.
    expect(callsTo(RESTORE)[0]?.json()).toEqual({ contentVersion: 7 });
    expect(
      await screen.findByText(
        'Version “Quote for Novák, 25 Nov” restored. The previous state is kept as “Before restoring “Quote for Novák, 25 Nov””.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/12'));
  });

  it('shows a changed story with the way to compare, and tries again with the story as it is now', async () => {
    let contentVersion = 7;
    const { callsTo } = stubFetch({
      ...versionApi(),
      [`GET ${API}`]: () => jsonResponse(createStory({ contentVersion })),
      [RESTORE]: (request) => {
        const body = request.json() as { contentVersion: number };
        return body.contentVersion === 8
          ? jsonResponse(RESTORED)
          : problemResponse(409, 'STORY_CHANGED_SINCE');
      },
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await restoreButton());
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Restore this version into the story?' }),
      ).getByRole('button', { name: 'Restore' }),
    );
    const changed = await screen.findByRole('dialog', { name: 'The story has changed' });
    expect(
      within(changed).getByText(
        'The story changed since you opened it. Compare it with the version again and restore once more.',
      ),
    ).toBeInTheDocument();
    expect(
      within(changed).getByRole('link', { name: 'Compare with the live story' }),
    ).toHaveAttribute('href', '/story-detail/12/versions/compare?from=7&to=live');
    expect(router.state.location.pathname).toBe(PAGE);

    // Someone else's change is in the story now: trying again sends the story's new marker.
    contentVersion = 8;
    await user.click(within(changed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(RESTORE)).toHaveLength(2));
    expect(callsTo(RESTORE)[1]?.json()).toEqual({ contentVersion: 8 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/12'));
  });

  it('says it in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ ...versionApi(), [RESTORE]: () => problemResponse(409, 'STORY_CHANGED_SINCE') });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Obnovit do příběhu' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Obnovit tuto verzi do příběhu?' }),
      ).getByRole('button', { name: 'Obnovit' }),
    );
    const changed = await screen.findByRole('dialog', { name: 'Příběh se změnil' });
    expect(
      within(changed).getByText(
        'Příběh se od chvíle, kdy jste jej otevřeli, změnil. Porovnejte jej s verzí znovu a obnovte ji ještě jednou.',
      ),
    ).toBeInTheDocument();
    expect(
      within(changed).getByRole('link', { name: 'Porovnat s aktuálním příběhem' }),
    ).toBeInTheDocument();
  });
});

describe('a new story from a version', () => {
  it('asks for the name, shows a name in use on the field, and opens the new story', async () => {
    let taken = true;
    const { callsTo } = stubFetch({
      ...versionApi(),
      [COPY]: () =>
        taken
          ? problemResponse(409, 'STORY_NAME_TAKEN')
          : jsonResponse(createStory({ id: 99, name: 'Office move – quote' }), 201),
      'GET /api/v1/stories/99': () => jsonResponse(createStory({ id: 99 })),
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'New story from this version' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'New story from version “Quote for Novák, 25 Nov”',
    });
    const name = within(dialog).getByRole('textbox', { name: 'Name of the new story' });
    expect(name).toHaveValue(`${createStory().name} – Quote for Novák, 25 Nov`);
    await user.click(within(dialog).getByRole('button', { name: 'Create story' }));
    expect(
      await within(dialog).findByText('Some story is already using this name'),
    ).toBeInTheDocument();

    taken = false;
    await user.clear(name);
    await user.type(name, 'Office move – quote');
    await user.click(within(dialog).getByRole('button', { name: 'Create story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/99'));
    expect(callsTo(COPY).map((call) => call.json())).toEqual([
      { name: `${createStory().name} – Quote for Novák, 25 Nov` },
      { name: 'Office move – quote' },
    ]);
    expect(
      await screen.findByText('Story Office move – quote was created from the version'),
    ).toBeInTheDocument();
  });
});

describe('the buttons a role gets', () => {
  const EXPECTED: Record<StoryMemberRole, { restore: boolean; copy: boolean }> = {
    ICT_ADMIN: { restore: true, copy: true },
    ICT_MODELER: { restore: true, copy: true },
    ICT_VERIFIER: { restore: false, copy: true },
    ICT_CUSTOMER: { restore: false, copy: false },
    CTL_READER: { restore: false, copy: true },
  };
  for (const role of STORY_MEMBER_ROLES) {
    it(`${role}: ${JSON.stringify(EXPECTED[role])}`, async () => {
      const story = createStory({ myRole: role, price: role === 'ICT_CUSTOMER' ? null : '1.00' });
      stubFetch(versionApi(story));
      renderApp(PAGE);
      await screen.findByText(/frozen on/);
      expect(Boolean(screen.queryByRole('button', { name: 'Restore into story' }))).toBe(
        EXPECTED[role].restore,
      );
      expect(Boolean(screen.queryByRole('button', { name: 'New story from this version' }))).toBe(
        EXPECTED[role].copy,
      );
    });
  }

  it('offers neither once the catalog is deleted', async () => {
    const story = createStory();
    stubFetch(versionApi({ ...story, catalog: { ...story.catalog, deleted: true } }));
    renderApp(PAGE);
    await screen.findByText(/frozen on/);
    expect(screen.queryByRole('button', { name: 'Restore into story' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'New story from this version' }),
    ).not.toBeInTheDocument();
  });
});
