// The marker on an instance whose item has a newer version waiting (decision 0043): in the editor's grid and the reader's list, reached by keyboard with its explanation, in English and Czech; an instance on its latest version has none.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Instance, StoryMemberRole } from '@costory/shared';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import {
  createInstance,
  createStory,
  createStoryCatalog,
  createStoryCatalogItem,
  storyApi,
} from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/items/groups/itemsLabels';

const waiting = createInstance({
  item: { ...createInstance().item, version: 1, latestVersion: 2 },
});
const current = createInstance({
  id: 22,
  name: 'Side trench',
  item: { ...createInstance().item, version: 2, latestVersion: 2 },
});

function renderItems(role: StoryMemberRole, instances: Instance[]) {
  stubFetch(
    storyApi({
      story: createStory({ myRole: role, pinsItemVersions: true, upgradesWaiting: 1 }),
      catalog: createStoryCatalog({ items: [createStoryCatalogItem()] }),
      instances,
    }),
  );
  return renderApp(PAGE);
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('the upgrade marker of an instance', () => {
  it.each(['ICT_ADMIN', 'ICT_VERIFIER'] as const)(
    'shows both versions and explains them to a keyboard (%s)',
    async (role) => {
      const { user } = renderItems(role, [waiting, current]);
      const marker = await screen.findByText('v1 → v2');
      expect(rowOf('Main trench')).toContainElement(marker);
      expect(within(rowOf('Side trench')).queryByText(/→/)).not.toBeInTheDocument();
      // Tab until the marker has the focus: it is on the keyboard's path.
      const chip = marker.closest('[tabindex="0"]');
      for (let step = 0; step < 40 && document.activeElement !== chip; step++) await user.tab();
      expect(chip).toHaveFocus();
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        'The story calculates with version 1 of this item; version 2 is published in the catalog. Upgrading it in “Catalog upgrades” on the story’s overview moves all the item’s instances together.',
      );
    },
  );

  it('says it in Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { user } = renderItems('ICT_ADMIN', [waiting]);
    const chip = (await screen.findByText('v1 → v2')).closest('[tabindex="0"]');
    for (let step = 0; step < 40 && document.activeElement !== chip; step++) await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /^Příběh počítá s verzí 1 této položky; v katalogu je zveřejněna verze 2\./,
    );
  });
});
