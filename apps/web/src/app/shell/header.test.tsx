// The header as a user sees it: language switching, context buttons, theme, account menu and logout.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { browserLocation } from '@/lib/browser-location';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';

function shellRoot(container: HTMLElement) {
  return container.querySelector('[data-theme]');
}

describe('language switcher', () => {
  it('switches texts, the document language, the stored locale and the flag, with a toast', async () => {
    const { user } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Stories' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Testing environment')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Change language (current: English)' }));
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Čeština' }));

    expect(await screen.findByText('Testovací prostředí')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Moje příběhy' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('cs');
    expect(window.localStorage.getItem('locale')).toBe('cs');
    expect(
      screen.getByRole('button', { name: 'Změnit jazyk (nyní: Čeština)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Jazyk: Čeština')).toBeInTheDocument();
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem('locale', 'cs');
    renderApp('/ctl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Katalogy' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('cs');
  });

  it('falls back to English for an unknown stored locale', async () => {
    window.localStorage.setItem('locale', 'de');
    renderApp('/');
    expect(await screen.findByText('Testing environment')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('header', () => {
  it('always shows the alpha and testing-environment labels', async () => {
    renderApp('/registration', { signedIn: false });
    expect(await screen.findByText('alpha')).toBeInTheDocument();
    expect(screen.getByText('Testing environment')).toBeInTheDocument();
  });

  it('offers the stories and catalogs buttons', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Catalogs' }));
    expect(router.state.location.pathname).toBe('/ctl');
    await user.click(screen.getByRole('link', { name: 'Stories' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/registration', 'Register a company'],
    ['/email-confirm', 'Error - Code parameter is missing'],
  ])('hides the context buttons on %s', async (path, heading) => {
    renderApp(path, { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.queryByRole('link', { name: 'Stories' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Catalogs' })).not.toBeInTheDocument();
  });

  it('links the logo to / in the ict theme and to /ctl in the ctl theme', async () => {
    const { container, router } = renderApp('/story-detail/3');
    expect(await screen.findByRole('link', { name: 'Costory home' })).toHaveAttribute('href', '/');
    expect(shellRoot(container)).toHaveAttribute('data-theme', 'ict');

    await router.navigate('/ctl/catalog-detail/3/role-list');
    await waitFor(() => expect(shellRoot(container)).toHaveAttribute('data-theme', 'ctl'));
    expect(screen.getByRole('link', { name: 'Costory home' })).toHaveAttribute('href', '/ctl');
  });

  it('uses the ict theme for /CTL, which is not the catalogue context', async () => {
    const { container } = renderApp('/CTL');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(shellRoot(container)).toHaveAttribute('data-theme', 'ict');
  });

  it('shows the username at once and opens the own company from the token subject', async () => {
    const { user, router } = renderApp('/', {
      username: 'Jana Nováková',
      accessToken: createAccessToken({ sub: '42' }),
    });
    expect(screen.getByRole('button', { name: 'Account of Jana Nováková' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company profile' })).toHaveAttribute(
      'href',
      '/company-profile/42',
    );

    await user.click(screen.getByRole('button', { name: 'Account of Jana Nováková' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-profile/42'));
  });

  it('opens the suppliers and subscribers from the account menu', async () => {
    stubFetch({
      'GET /api/v1/partner-companies': () => jsonResponse({ items: [], nextCursor: null }),
    });
    const { user, router } = renderApp('/', { username: 'Jana' });
    await user.click(screen.getByRole('button', { name: 'Account of Jana' }));
    await user.click(screen.getByRole('menuitem', { name: 'Companies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
  });

  it('hides the company icon without a JWT subject and in the ctl theme', async () => {
    const { router } = renderApp('/', { accessToken: 'opaque' });
    await screen.findByRole('heading', { level: 1, name: 'My Stories' });
    expect(screen.queryByRole('link', { name: 'Company profile' })).not.toBeInTheDocument();

    await router.navigate('/ctl');
    await screen.findByRole('heading', { level: 1, name: 'Catalogs' });
    expect(screen.queryByRole('link', { name: 'Company profile' })).not.toBeInTheDocument();
  });

  it('logs out in one click, clearing the session and ending it at the provider', async () => {
    stubFetch({ 'GET /api/v1/meta': () => jsonResponse(createMeta()) });
    const { user } = renderApp('/story-detail/3', { username: 'Jana' });
    await user.click(await screen.findByRole('button', { name: 'Account of Jana' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('isLogged')).toBeNull();
    expect(window.sessionStorage.getItem('username')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Account of/ })).not.toBeInTheDocument(),
    );
    // Only the end-session page: the sign-in that /login would start must not cancel it.
    expect(vi.mocked(browserLocation.assign).mock.calls).toEqual([
      [
        'http://localhost:3000/auth/session/end?client_id=costory-web&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2F&ui_locales=en',
      ],
    ]);
  });

  it('gives the page banner, navigation and main landmarks', async () => {
    renderApp('/story-detail/3');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Story navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
