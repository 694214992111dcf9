// Story labels: a modeler creates a label (the POST body), sees how many instances carry each label with a link to
// them, and is asked before deleting an applied label; a customer reads the labels without write actions.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, createStoryLabel, storyApi } from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/labels';
const API = '/api/v1/stories/12';

describe('story labels', () => {
  it('creates a label with a preset colour', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory({ myRole: 'ICT_MODELER' }) }),
      [`POST ${API}/labels`]: (request) =>
        jsonResponse({ ...createStoryLabel({ id: 8 }), ...(request.json() as object) }, 201),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'New label' }));
    const dialog = await screen.findByRole('dialog', { name: 'New label' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Needs an offer');
    await user.click(within(dialog).getByRole('button', { name: 'Green' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create label' }));
    await waitFor(() => expect(callsTo(`POST ${API}/labels`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/labels`)[0]?.json()).toEqual({
      title: 'Needs an offer',
      description: '',
      color: '#43a047',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links the usage count to the labelled instances and asks before deleting', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ labels: [createStoryLabel({ id: 4, title: 'Phase one', usageCount: 3 })] }),
      [`DELETE ${API}/labels/4`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(PAGE);
    const link = await screen.findByRole('link', {
      name: 'Show the 3 instances labeled Phase one',
    });
    expect(link).toHaveAttribute('href', '/story-detail/12/items/groups/itemsLabels/4');

    await user.click(screen.getByRole('button', { name: 'Delete Phase one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete label' });
    expect(
      within(dialog).getByText(
        'The label "Phase one" is applied to 3 elements. Do you really want to delete it?',
      ),
    ).toBeInTheDocument();
    expect(callsTo(`DELETE ${API}/labels/4`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/labels/4`)).toHaveLength(1));
  });

  it('shows a customer the labels without write actions', async () => {
    stubFetch(
      storyApi({
        story: createStory({ myRole: 'ICT_CUSTOMER' }),
        labels: [createStoryLabel({ title: 'Phase one' })],
      }),
    );
    renderApp(PAGE);
    expect(await screen.findByText('Phase one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New label' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Phase one' })).not.toBeInTheDocument();
  });
});
