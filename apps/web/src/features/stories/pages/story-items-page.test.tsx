// The story's items page filtered by role and phase: the choice lives in the URL and the list asks the server for it.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { configureQueries } from '../../catalogs/test/query-config';
import { storyApi } from '../test/story-fixtures';

configureQueries();

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
