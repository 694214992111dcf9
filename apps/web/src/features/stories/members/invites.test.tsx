// Story invitations (admins): invite by e-mail (validated on blur, the POST body, the toast), create an invite link that is
// copied at once, copy an active link from the list, revoke only after confirming, and the link shown when copying fails.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY, type StoryInviteCreate } from '@costory/shared';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStoryInvite, storyApi } from '../test/story-fixtures';

configureQueries();

const PAGE = '/story-detail/12/members';
const API = '/api/v1/stories/12';
const NEW_LINK = 'http://localhost:3000/public-access/N3w-L1nk_code';

function createdInvite(request: RecordedRequest) {
  const body = request.json() as StoryInviteCreate;
  return jsonResponse(
    createStoryInvite({
      id: 30,
      role: body.role,
      email: body.email ?? null,
      url: NEW_LINK,
    }),
    201,
  );
}

/** user-event puts a clipboard stand-in on navigator when set up; the spy watches it. */
function spyOnClipboard(result: 'copies' | 'refuses' = 'copies') {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText');
  if (result === 'refuses')
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
  else writeText.mockResolvedValue(undefined);
  return writeText;
}

const linkInvite = createStoryInvite({
  id: 5,
  role: 'ICT_MODELER',
  url: '/public-access/Old-L1nk_code',
  acceptedCount: 3,
});
const emailInvite = createStoryInvite({
  id: 6,
  role: 'ICT_CUSTOMER',
  email: 'eva@client.example',
  status: 'ACCEPTED',
  acceptedCount: 1,
});

describe('story invitations', () => {
  it('invites by e-mail: checks the address on blur, sends role and validity, and says so', async () => {
    const { callsTo } = stubFetch({
      ...storyApi(),
      [`POST ${API}/invites`]: createdInvite,
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Invite by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite by e-mail' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'eva@client');
    expect(within(dialog).queryByText('The e-mail must be a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(await within(dialog).findByText('The e-mail must be a valid email')).toBeInTheDocument();
    await user.type(email, '.example');

    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    const days = within(dialog).getByRole('spinbutton', { name: 'Valid for (days)' });
    expect(days).toHaveValue(14);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(callsTo(`POST ${API}/invites`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/invites`)[0]?.json()).toEqual({
      email: 'eva@client.example',
      role: 'ICT_CUSTOMER',
      expiresInDays: 30,
    });
    expect(await screen.findByText('Invitation sent to eva@client.example')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a validity beyond the maximum', async () => {
    const { callsTo } = stubFetch({ ...storyApi(), [`POST ${API}/invites`]: createdInvite });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Create invite link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create invite link' });
    const days = within(dialog).getByRole('spinbutton', { name: 'Valid for (days)' });
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Create and copy' }));
    expect(await within(dialog).findByText('The validity must be 90 or less')).toBeInTheDocument();
    expect(callsTo(`POST ${API}/invites`)).toHaveLength(0);
  });

  it('creates an invite link and copies it to the clipboard at once', async () => {
    const { callsTo } = stubFetch({ ...storyApi(), [`POST ${API}/invites`]: createdInvite });
    const { user } = renderApp(PAGE);
    const writeText = spyOnClipboard();
    await user.click(await screen.findByRole('button', { name: 'Create invite link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create invite link' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Modeler' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create and copy' }));

    await waitFor(() => expect(callsTo(`POST ${API}/invites`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/invites`)[0]?.json()).toEqual({
      role: 'ICT_MODELER',
      expiresInDays: 14,
    });
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_LINK));
    expect(await screen.findByText('Invite link copied to clipboard')).toBeInTheDocument();
  });

  it('shows the new link to copy by hand when the browser refuses the clipboard', async () => {
    stubFetch({ ...storyApi(), [`POST ${API}/invites`]: createdInvite });
    const { user } = renderApp(PAGE);
    spyOnClipboard('refuses');
    await user.click(await screen.findByRole('button', { name: 'Create invite link' }));
    const form = await screen.findByRole('dialog', { name: 'Create invite link' });
    await user.click(within(form).getByRole('button', { name: 'Create and copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite link created' });
    expect(within(dialog).getByRole('textbox', { name: 'Invite link' })).toHaveValue(NEW_LINK);
  });

  it('lists invitations with role, status, expiry, author and joins, and copies an active link', async () => {
    stubFetch(storyApi({ invites: [linkInvite, emailInvite] }));
    const { user } = renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const linkRow = (await within(table).findByText('Invite link')).closest('tr') as HTMLElement;
    expect(within(linkRow).getByText('Modeler')).toBeInTheDocument();
    expect(within(linkRow).getByText('Active')).toBeInTheDocument();
    expect(within(linkRow).getByText('15 Mar 2025')).toBeInTheDocument();
    expect(within(linkRow).getByText('Jana Nováková')).toBeInTheDocument();
    expect(within(linkRow).getByText('3')).toBeInTheDocument();
    // Links with the same role and expiry are told apart by when they were made and their code.
    expect(within(linkRow).getByText(/^Created .+ · code …code$/)).toBeInTheDocument();

    const emailRow = within(table).getByText('eva@client.example').closest('tr') as HTMLElement;
    expect(within(emailRow).getByText('Accepted')).toBeInTheDocument();
    expect(within(emailRow).queryAllByRole('button')).toHaveLength(0);

    const writeText = spyOnClipboard();
    await user.click(
      within(linkRow).getByRole('button', {
        name: 'Copy the Modeler invite link …code expiring 15 Mar 2025',
      }),
    );
    // The server's path is made a full address, so it works when pasted anywhere.
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/public-access/Old-L1nk_code`,
      ),
    );
    expect(await screen.findByText('Invite link copied to clipboard')).toBeInTheDocument();
  });

  it('revokes an invitation only after the admin confirms', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ invites: [linkInvite] }),
      [`DELETE ${API}/invites/5`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: 'Revoke the Modeler invite link …code expiring 15 Mar 2025',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    expect(
      within(dialog).getByText(
        'Do you really want to revoke this Modeler invite link? Nobody will be able to join with it any more. The 3 people who joined through it stay members.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(`DELETE ${API}/invites/5`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/invites/5`)).toHaveLength(1));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
  });

  it('tells revoking apart from cancelling in Czech, where both would read "Zrušit"', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    const { callsTo } = stubFetch({
      ...storyApi({ invites: [linkInvite] }),
      [`DELETE ${API}/invites/5`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: /^Zrušit odkaz s pozvánkou …code pro roli Modelář/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Zrušit pozvánku' });
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Zrušit', 'Zrušit pozvánku']);
    await user.click(within(dialog).getByRole('button', { name: 'Zrušit pozvánku' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/invites/5`)).toHaveLength(1));
    expect(await screen.findByText('Pozvánka byla zrušena')).toBeInTheDocument();
  });

  it('says what to do when there are no invitations', async () => {
    stubFetch(storyApi({ invites: [] }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'No invitations' })).toBeInTheDocument();
  });

  it('copies a link with the Czech toast', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    stubFetch(storyApi({ invites: [linkInvite] }));
    const { user } = renderApp(PAGE);
    const writeText = spyOnClipboard();
    expect(await screen.findByText('Platná')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: /^Zkopírovat odkaz s pozvánkou …code pro roli Modelář/ }),
    );
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Odkaz s pozvánkou byl zkopírován do schránky'),
    ).toBeInTheDocument();
  });
});
