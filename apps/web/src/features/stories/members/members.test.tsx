// Story members: everyone sees the list; an admin changes a role (the PUT body), removes a member only after confirming,
// and hears why the last admin cannot go; a customer reads the list without any invite controls or invites request.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@costory/shared';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, createStoryMember, storyApi } from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/members';
const API = '/api/v1/stories/12';

const members = [
  createStoryMember({ id: 1, name: 'Jana Nováková', role: 'ICT_ADMIN', description: 'Owner' }),
  createStoryMember({
    id: 2,
    userId: 43,
    name: 'Petr Svoboda',
    email: 'petr@client.example',
    companyName: 'Client s.r.o.',
    role: 'ICT_MODELER',
    description: 'Earthworks',
  }),
];

describe('story members', () => {
  it('lists the members with their company, role and description', async () => {
    stubFetch(storyApi({ members }));
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'People in the story' });
    const row = (await within(table).findByText('Petr Svoboda')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('petr@client.example')).toBeInTheDocument();
    expect(cells.getByText('Client s.r.o.')).toBeInTheDocument();
    expect(cells.getByText('Modeler')).toBeInTheDocument();
    expect(cells.getByText('Earthworks')).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
  });

  it('lets an admin change a role and description', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ members }),
      [`PUT ${API}/members/2`]: (request) =>
        jsonResponse({ ...members[1], ...(request.json() as object) }),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Edit Petr Svoboda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Verifier' }));
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Checks the numbers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(`PUT ${API}/members/2`)).toHaveLength(1));
    expect(callsTo(`PUT ${API}/members/2`)[0]?.json()).toEqual({
      role: 'ICT_VERIFIER',
      description: 'Checks the numbers',
    });
    expect(await screen.findByText('Member Petr Svoboda updated')).toBeInTheDocument();
  });

  it('removes a member only after the admin confirms', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ members }),
      [`DELETE ${API}/members/2`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove Petr Svoboda' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(
      within(dialog).getByText(
        'Do you really want to remove Petr Svoboda from this story? They will lose access to it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(`DELETE ${API}/members/2`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Petr Svoboda' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(callsTo(`DELETE ${API}/members/2`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/members/2`)).toHaveLength(1));
    expect(await screen.findByText('Petr Svoboda was removed from the story')).toBeInTheDocument();
  });

  it('explains a 409 when the last admin would be removed', async () => {
    stubFetch({
      ...storyApi({ members }),
      // Written out: the code may be newer than this build's contract, which must not matter.
      [`DELETE ${API}/members/1`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'LAST_STORY_ADMIN',
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove Jana Nováková' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        'The story must keep at least one admin. Make someone else an admin first.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a customer the members read-only, with no invitations and no invites request', async () => {
    const { callsTo } = stubFetch(
      storyApi({ story: createStory({ myRole: 'ICT_CUSTOMER' }), members }),
    );
    renderApp(PAGE);
    expect(await screen.findByText('Petr Svoboda')).toBeInTheDocument();
    expect(callsTo(`GET ${API}/members`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Edit Petr Svoboda' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Petr Svoboda' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite by e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create invite link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(callsTo(`GET ${API}/invites`)).toHaveLength(0);
  });

  it('says what to do when the list is empty', async () => {
    stubFetch(storyApi({ members: [] }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'No members' })).toBeInTheDocument();
    expect(
      screen.getByText('Invite people by e-mail or share an invite link below.'),
    ).toBeInTheDocument();
  });

  it('speaks Czech, with Czech plural forms', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    stubFetch(storyApi({ members }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Členové' })).toBeInTheDocument();
    expect(await screen.findByText('Modelář')).toBeInTheDocument();
    expect(screen.getByText('Správce')).toBeInTheDocument();
    expect(screen.getByText('2 členové')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odebrat Petr Svoboda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pozvat e-mailem' })).toBeInTheDocument();
  });
});
