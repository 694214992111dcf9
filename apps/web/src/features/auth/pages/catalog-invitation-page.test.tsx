// /ctl/catalog-invitation/{code}: a valid invitation offers sign-in or registration when signed out and accepts when signed in;
// another address is refused in place; accepted, cancelled or resent invitations are explained; Czech too.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, type CatalogInvitation } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { catalogApi, createCatalog } from '@/features/catalogs/test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const CODE = 'Zx-81_qAbCdEfGhIjKlMnOp';
const PAGE = `/ctl/catalog-invitation/${CODE}`;
const API = `/api/v1/catalog-invitations/${CODE}`;

function invitation(overrides: Partial<CatalogInvitation> = {}): CatalogInvitation {
  return { state: 'VALID', catalogName: 'Bridges', role: 'CTL_INSPECTOR', ...overrides };
}

describe('catalog invitation page', () => {
  it('offers a signed-out visitor sign-in, remembering this page for the return', async () => {
    stubFetch({ [`GET ${API}`]: () => jsonResponse(invitation()) });
    const { user, router } = renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a catalog' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) =>
          element?.textContent === 'You are invited to join the catalog Bridges as Inspector.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in to join' }));
    expect(window.sessionStorage.getItem('originalPath')).toBe(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('accepts for a signed-in user and opens the catalog', async () => {
    const catalog = createCatalog({ id: 7, name: 'Bridges', myRole: 'CTL_INSPECTOR' });
    const { callsTo } = stubFetch({
      ...catalogApi({ catalog }),
      [`GET ${API}`]: () => jsonResponse(invitation()),
      [`POST ${API}/acceptance`]: () => jsonResponse({ catalogId: 7, role: 'CTL_INSPECTOR' }),
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctl/catalog-detail/7'));
    expect(callsTo(`POST ${API}/acceptance`)).toHaveLength(1);
    expect(await screen.findByText('You joined Bridges')).toBeInTheDocument();
  });

  it('says in place when the invitation is for another address', async () => {
    stubFetch({
      [`GET ${API}`]: () => jsonResponse(invitation()),
      [`POST ${API}/acceptance`]: () => problemResponse(403, 'INVITE_EMAIL_MISMATCH'),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/another e-mail address/);
  });

  it('explains an invitation that was accepted, cancelled or resent, also when acceptance says 404', async () => {
    stubFetch({
      [`GET ${API}`]: () => jsonResponse(invitation()),
      [`POST ${API}/acceptance`]: () => problemResponse(404, 'NOT_FOUND'),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This invitation can no longer be used',
      }),
    ).toBeInTheDocument();
  });

  it('explains an unknown code in Czech', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    stubFetch({
      [`GET ${API}`]: () =>
        jsonResponse(invitation({ state: 'UNKNOWN', catalogName: null, role: null })),
    });
    renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pozvánku už nelze použít' }),
    ).toBeInTheDocument();
  });

  it('says when the link’s time is up and whom to ask, in English and Czech', async () => {
    stubFetch({
      [`GET ${API}`]: () =>
        jsonResponse(invitation({ state: 'EXPIRED', catalogName: null, role: null })),
    });
    const { unmount } = renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Its link works for 14 days. Ask the catalog’s admin to send the invitation again.',
      ),
    ).toBeInTheDocument();
    unmount();

    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Platnost pozvánky vypršela' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Odkaz platí 14 dní/)).toBeInTheDocument();
  });
});
