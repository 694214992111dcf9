// Catalog upgrades on the story overview (decision 0043): the waiting items with their versions and instances, upgrading one item or all (named) after a confirmation that says how many instances move, a refused upgrade that keeps the list, pinning on and off (off asks first when items wait), what a member without UPGRADE_ITEMS sees, and the Czech texts.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Story, StoryUpgrades, WaitingUpgrade } from '@costory/shared';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, createWaitingUpgrade, storyApi } from '../test/story-fixtures';

configureQueries();

const API = '/api/v1/stories/12';
const UPGRADE = `POST ${API}/upgrades`;
const PINNING = `PUT ${API}/pinning`;

const TRENCH = createWaitingUpgrade();
const WALL = createWaitingUpgrade({
  itemId: 31,
  code: 'WALL',
  name: { en: 'Wall', cs: 'Zeď' },
  icon: 'Construction',
  version: 3,
  latestVersion: 5,
  instanceCount: 1,
  deprecated: true,
});

const pinnedStory = (waiting: number) =>
  createStory({ pinsItemVersions: true, upgradesWaiting: waiting });

function overviewApi(story: Story, items: WaitingUpgrade[]) {
  return {
    ...storyApi({ story, upgrades: items }),
    [`GET ${API}/events`]: () => jsonResponse({ items: [], nextCursor: null }),
  };
}

async function findSection() {
  return screen.findByRole('region', { name: 'Catalog upgrades' });
}

async function findRow(code: string) {
  const section = await findSection();
  const cell = await within(section).findByText(code);
  return cell.closest('tr') as HTMLElement;
}

describe('the catalog upgrades of a pinned story', () => {
  it('lists the waiting items with both versions and their instances, and links to the totals after upgrade', async () => {
    stubFetch(overviewApi(pinnedStory(2), [TRENCH, WALL]));
    renderApp('/story-detail/12');
    const trench = await findRow('TRENCH');
    for (const text of ['Trench', 'v1 → v2', '3 instances']) {
      expect(within(trench).getByText(text)).toBeInTheDocument();
    }
    const wall = await findRow('WALL');
    for (const text of ['Wall', 'v3 → v5', '1 instance', 'Deleted from the catalog']) {
      expect(within(wall).getByText(text)).toBeInTheDocument();
    }
    const section = await findSection();
    expect(within(section).getByRole('switch', { name: 'Pin item versions' })).toBeChecked();
    expect(
      within(section).getByText(
        'New item versions published in the catalog wait here until you upgrade',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Compare totals after upgrade' }),
    ).toHaveAttribute('href', '/story-detail/12/versions/compare?from=live&to=upgraded');
  });

  it('upgrades one item with all its instances after saying how many move', async () => {
    let items = [TRENCH, WALL];
    const { callsTo } = stubFetch({
      ...overviewApi(pinnedStory(2), items),
      [`GET ${API}/upgrades`]: () => jsonResponse({ pinned: true, items }),
      [UPGRADE]: () => {
        items = [WALL];
        return jsonResponse({ pinned: true, items } satisfies StoryUpgrades);
      },
    });
    const { user } = renderApp('/story-detail/12');
    const trench = await findRow('TRENCH');
    await user.click(within(trench).getByRole('button', { name: 'Upgrade TRENCH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade TRENCH to version 2?' });
    expect(
      within(dialog).getByText(
        'All 3 instances of TRENCH in the story move from version 1 to version 2: an item has one version in a story. The story’s figures may change.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(callsTo(UPGRADE)).toHaveLength(1));
    expect(callsTo(UPGRADE)[0]?.json()).toEqual({ itemIds: [30] });
    expect(
      await screen.findByText('Upgraded: 3 instances now use the latest item versions'),
    ).toBeInTheDocument();
    const section = await findSection();
    await waitFor(() => expect(within(section).queryByText('TRENCH')).not.toBeInTheDocument());
    expect(within(section).getByText('WALL')).toBeInTheDocument();
    // The story's figures changed: it is read again.
    expect(callsTo(`GET ${API}`).length).toBeGreaterThan(1);
  });

  it('upgrades every waiting item after a confirmation, and then says every item is up to date', async () => {
    let items = [TRENCH, WALL];
    const { callsTo } = stubFetch({
      ...overviewApi(pinnedStory(2), items),
      [`GET ${API}/upgrades`]: () => jsonResponse({ pinned: true, items }),
      [UPGRADE]: () => {
        items = [];
        return jsonResponse({ pinned: true, items });
      },
    });
    const { user } = renderApp('/story-detail/12');
    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Upgrade all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade every waiting item?' });
    expect(
      within(dialog).getByText(
        'Items TRENCH, WALL move to their latest versions, with 4 instances in all. The story’s figures may change.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(UPGRADE)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Upgrade all' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Upgrade every waiting item?' })).getByRole(
        'button',
        { name: 'Upgrade' },
      ),
    );
    await waitFor(() => expect(callsTo(UPGRADE)).toHaveLength(1));
    // The items the user confirmed, by name: one published meanwhile waits for its own question.
    expect(callsTo(UPGRADE)[0]?.json()).toEqual({ itemIds: [TRENCH.itemId, WALL.itemId] });
    expect(
      await within(section).findByText('Every item uses its latest version'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Upgrade all' })).not.toBeInTheDocument();
  });

  it('keeps the list and shows the server’s explanation when the upgrade is refused', async () => {
    stubFetch({
      ...overviewApi(pinnedStory(1), [TRENCH]),
      [UPGRADE]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'CONFLICT',
            status: 409,
            code: 'CONFLICT',
            detail: 'The story’s catalog has been deleted.',
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const { user } = renderApp('/story-detail/12');
    const trench = await findRow('TRENCH');
    await user.click(within(trench).getByRole('button', { name: 'Upgrade TRENCH' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Upgrade TRENCH to version 2?' })).getByRole(
        'button',
        { name: 'Upgrade' },
      ),
    );
    expect(await screen.findByText('The story’s catalog has been deleted.')).toBeInTheDocument();
    expect(within(await findSection()).getByText('TRENCH')).toBeInTheDocument();
  });

  it('asks before it stops pinning while items wait, and stops only when confirmed', async () => {
    const { callsTo } = stubFetch({
      ...overviewApi(pinnedStory(2), [TRENCH, WALL]),
      [PINNING]: () => jsonResponse({ pinned: false, items: [] }),
    });
    const { user } = renderApp('/story-detail/12');
    await findRow('TRENCH');
    const toggle = within(await findSection()).getByRole('switch', { name: 'Pin item versions' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Stop pinning item versions?' });
    expect(
      within(dialog).getByText(
        'The story then calculates with the latest version of every item at once, including the 2 items waiting for an upgrade. The story’s figures may change.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(PINNING)).toHaveLength(0);
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop pinning item versions?' })).getByRole(
        'button',
        { name: 'Stop pinning' },
      ),
    );
    await waitFor(() => expect(callsTo(PINNING)).toHaveLength(1));
    expect(callsTo(PINNING)[0]?.json()).toEqual({ pinned: false });
    expect(
      await screen.findByText('The story calculates with the latest item versions again'),
    ).toBeInTheDocument();
  });
});

describe('a story that does not pin', () => {
  it('pins at once when asked, without a question, and shows the list', async () => {
    const { callsTo } = stubFetch({
      ...overviewApi(createStory(), []),
      [PINNING]: () => jsonResponse({ pinned: true, items: [] }),
    });
    const { user } = renderApp('/story-detail/12');
    const section = await findSection();
    expect(
      within(section).getByText(
        'The story calculates with the latest published version of every item.',
      ),
    ).toBeInTheDocument();
    // Nothing waits in a story that does not pin: its list is not asked for.
    expect(callsTo(`GET ${API}/upgrades`)).toHaveLength(0);
    const toggle = within(section).getByRole('switch', { name: 'Pin item versions' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(callsTo(PINNING)).toHaveLength(1));
    expect(callsTo(PINNING)[0]?.json()).toEqual({ pinned: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(section).findByText('Every item uses its latest version'),
    ).toBeInTheDocument();
  });
});

describe('a member without UPGRADE_ITEMS', () => {
  it('sees the waiting items and the comparison, but no switch to use and no upgrade buttons', async () => {
    stubFetch(overviewApi({ ...pinnedStory(1), myRole: 'ICT_VERIFIER' }, [TRENCH]));
    renderApp('/story-detail/12');
    const trench = await findRow('TRENCH');
    expect(within(trench).getByText('v1 → v2')).toBeInTheDocument();
    const section = await findSection();
    expect(within(section).queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Pin item versions' })).toBeDisabled();
    expect(
      within(section).getByText(
        /Only the story’s admins and modelers may pin item versions and upgrade items\./,
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Compare totals after upgrade' }),
    ).toBeInTheDocument();
  });
});

describe('in Czech', () => {
  it('names the section, the versions and the buttons', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(overviewApi(pinnedStory(1), [TRENCH]));
    const { user } = renderApp('/story-detail/12');
    const section = await screen.findByRole('region', { name: 'Aktualizace z katalogu' });
    const row = (await within(section).findByText('TRENCH')).closest('tr') as HTMLElement;
    for (const text of ['Výkop', 'v1 → v2', '3 instance']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(section).getByRole('switch', { name: 'Připnout verze položek' })).toBeChecked();
    expect(
      within(section).getByRole('link', { name: 'Porovnat součty po aktualizaci' }),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Aktualizovat TRENCH' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Aktualizovat TRENCH na verzi 2?',
    });
    expect(
      within(dialog).getByText(
        'Všechny 3 instance položky TRENCH v příběhu přejdou z verze 1 na verzi 2: položka má v příběhu jedinou verzi. Čísla příběhu se mohou změnit.',
      ),
    ).toBeInTheDocument();
  });
});
