// The drawer flags: shown by story-detail pages, kept between them, reset by any other navigation.
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { renderApp } from '@/test/render-app';
import { NavigationProvider, useAppNavigation } from './navigation-context';
import { flagsAfterNavigation } from './navigation-state';

describe('flagsAfterNavigation', () => {
  const on = { appBarIconShown: true, drawerOpen: true };
  const off = { appBarIconShown: false, drawerOpen: false };

  it('keeps both flags on a route with the app navigation when both are on', () => {
    expect(flagsAfterNavigation(on, true)).toEqual(on);
  });

  it('resets both flags otherwise', () => {
    expect(flagsAfterNavigation(on, false)).toEqual(off);
    expect(flagsAfterNavigation({ appBarIconShown: true, drawerOpen: false }, true)).toEqual(off);
    expect(flagsAfterNavigation(off, true)).toEqual(off);
  });
});

function Flags() {
  const { appBarIconShown, drawerOpen } = useAppNavigation();
  return <p>{`icon ${String(appBarIconShown)}, drawer ${String(drawerOpen)}`}</p>;
}

/** A first visit whose page code never arrives: what the shell shows while it loads. */
function renderLoading(path: string) {
  const neverLoads = () => new Promise<never>(() => {});
  const router = createMemoryRouter(
    [
      {
        element: (
          <NavigationProvider>
            <Flags />
            <Outlet />
          </NavigationProvider>
        ),
        children: [
          {
            // As in the app's route table: the page's place shows a progress bar meanwhile.
            hydrateFallbackElement: <p>loading</p>,
            children: [
              { path: '/story-detail/:storyId', handle: { appNavigation: true }, lazy: neverLoads },
              { path: '/ctl', lazy: neverLoads },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('navigation flags on a first visit', () => {
  it('start shown on a story page while its code loads, so the page does not move when it comes', async () => {
    renderLoading('/story-detail/12');
    expect(await screen.findByText('icon true, drawer true')).toBeInTheDocument();
  });

  it('start hidden elsewhere', async () => {
    renderLoading('/ctl');
    expect(await screen.findByText('icon false, drawer false')).toBeInTheDocument();
  });
});

describe('navigation drawer', () => {
  it('is shown on story-detail pages and lists the story sub-pages', async () => {
    renderApp('/story-detail/12/members');
    const nav = await screen.findByRole('navigation', { name: 'Story navigation' });
    for (const title of ['Overview', 'Items', 'Labels', 'Members', 'Roles', 'Phases', 'Lineups']) {
      expect(within(nav).getByRole('link', { name: title })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Items' })).toHaveAttribute(
      'href',
      '/story-detail/12/items/groups/itemsLabels',
    );
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeInTheDocument();
  });

  it('stays open between story-detail pages and is gone elsewhere', async () => {
    const { user, router } = renderApp('/story-detail/12');
    const nav = await screen.findByRole('navigation', { name: 'Story navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Labels' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/12/labels'));
    expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeInTheDocument();

    await act(() => router.navigate('/ctl'));
    await screen.findByRole('heading', { level: 1, name: 'Catalogs' });
    expect(screen.queryByRole('navigation', { name: 'Story navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /navigation/ })).not.toBeInTheDocument();

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'My Stories' });
    expect(screen.queryByRole('navigation', { name: 'Story navigation' })).not.toBeInTheDocument();
  });

  it('collapses to a rail with the menu icon and resets on the next navigation', async () => {
    const { user, router } = renderApp('/story-detail/12');
    await user.click(await screen.findByRole('button', { name: 'Collapse navigation' }));
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // The rail keeps the links, named by their tooltips.
    const nav = screen.getByRole('navigation', { name: 'Story navigation' });
    expect(within(nav).getByRole('link', { name: 'Lineups' })).toBeInTheDocument();

    // Not both flags on: the navigation resets them and the story page shows the drawer again.
    await act(() => router.navigate('/story-detail/12/lineups'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
  });

  it('is not offered outside the story pages', async () => {
    const { router } = renderApp('/ctl/catalog-detail/4');
    await screen.findByRole('main');
    expect(router.state.location.pathname).toBe('/ctl/catalog-detail/4');
    expect(screen.queryByRole('button', { name: /navigation/ })).not.toBeInTheDocument();
  });
});
