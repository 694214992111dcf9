// The route table as a user meets it: the right page per address, parsed parameters, 404s and the guard.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { catalogApi, createCatalog, createItem } from '@/features/catalogs/test/catalog-fixtures';
import { createReport } from '@/components/exports/test/report-fixtures';
import { createStory, storyApi } from '@/features/stories/test/story-fixtures';

async function expectNotFound() {
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
}

describe('routes', () => {
  it('lists the stories at /', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/stories': () => jsonResponse({ items: [], nextCursor: null }),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Stories' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/v1/stories')).not.toHaveLength(0));
    // Lineups price stories for suppliers and subscribers, so the list leads to them.
    expect(screen.getByRole('link', { name: 'Suppliers and subscribers' })).toHaveAttribute(
      'href',
      '/companies',
    );
  });

  it('/story-detail/7 loads story 7 and shows the not-found page for a story one cannot see', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/stories/7': () => problemResponse(404, 'NOT_FOUND'),
    });
    renderApp('/story-detail/7');
    await waitFor(() => expect(callsTo('GET /api/v1/stories/7')).not.toHaveLength(0));
    await expectNotFound();
  });

  it.each([
    ['/story-detail/12/items/groups/3/itemsLabels/1,2', '3', '1,2'],
    ['/story-detail/12/items/groups/itemsLabels', null, null],
  ])('%s asks for the instances of that group and those labels', async (path, groupId, labels) => {
    const { callsTo } = stubFetch(storyApi({ story: createStory({ id: 12 }) }));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Items' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/v1/stories/12/instances')).not.toHaveLength(0));
    const query = callsTo('GET /api/v1/stories/12/instances')[0]?.url.searchParams;
    expect(query?.get('groupId')).toBe(groupId);
    expect(query?.get('labelIds')).toBe(labels);
  });

  it.each(['roles', 'phases', 'ctl', 'ict'])(
    '/story-detail/7/summary/%s loads the calculation of story 7',
    async (kind) => {
      const { callsTo } = stubFetch(storyApi({ story: createStory({ id: 7 }) }));
      renderApp(`/story-detail/7/summary/${kind}`);
      await waitFor(() => expect(callsTo('GET /api/v1/stories/7/calculation')).not.toHaveLength(0));
      expect(
        await screen.findByRole('tablist', { name: 'Summaries' }, { timeout: 5000 }),
      ).toBeInTheDocument();
    },
  );

  it.each([
    '/story-detail/12/items/groups/x/itemsLabels',
    '/story-detail/12/items/groups/3/itemsLabels/1,a',
    '/story-detail/abc',
    '/story-detail/0/labels',
    '/story-detail/12/versions/abc',
    '/story-detail/12/versions/0',
    '/ctl/catalog-detail/1.5',
    '/company-profile/me',
    '/companies/abc',
    '/companies/0',
  ])('shows the 404 page for invalid parameters in %s', async (path) => {
    renderApp(path);
    await expectNotFound();
  });

  it.each([
    ['/story-detail/7/summary/ict/export', 'GET /api/v1/stories/7/exports/ict'],
    ['/story-detail/7/summary/export', 'GET /api/v1/stories/7/exports/story'],
    ['/story-detail/7/lineups/export/4', 'GET /api/v1/stories/7/lineups/4/export'],
  ])('%s previews the report of %s', async (path, call) => {
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory({ id: 7 }) }),
      [call]: () => jsonResponse(createReport({ title: 'Exported report' })),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Exported report' })).toBeInTheDocument();
    expect(callsTo(call)[0]?.url.searchParams.get('format')).toBe('json');
  });

  it('/story-detail/7/lineups loads the lineups of story 7', async () => {
    const { callsTo } = stubFetch({
      ...storyApi({ story: createStory({ id: 7 }) }),
      'GET /api/v1/stories/7/lineups': () => jsonResponse([]),
    });
    renderApp('/story-detail/7/lineups');
    expect(await screen.findByText('No lineups yet')).toBeInTheDocument();
    expect(callsTo('GET /api/v1/stories/7/lineups')).toHaveLength(1);
  });

  it('/story-detail/7/members loads the members of story 7', async () => {
    const { callsTo } = stubFetch(storyApi({ story: createStory({ id: 7 }) }));
    renderApp('/story-detail/7/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/v1/stories/7/members')).not.toHaveLength(0));
  });

  it('/public-access/Zx-81_q asks what the code Zx-81_q leads to', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/access-codes/Zx-81_q': () =>
        jsonResponse({ state: 'VALID', storyName: 'Office fit-out', role: 'ICT_CUSTOMER' }),
    });
    renderApp('/public-access/Zx-81_q');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a story' }),
    ).toBeInTheDocument();
    expect(callsTo('GET /api/v1/access-codes/Zx-81_q')).toHaveLength(1);
  });

  it('/ctl lists the catalogs', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/catalogs': () => jsonResponse({ items: [], nextCursor: null }),
    });
    renderApp('/ctl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogs' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/v1/catalogs')).not.toHaveLength(0));
  });

  it.each([
    ['/ctl/catalog-detail/5', '/api/v1/catalogs/5/events', {}],
    [
      '/ctl/catalog-detail/5/item-list/9/groups/2/itemsLabels/3',
      '/api/v1/catalogs/5/items',
      { groupId: '2', labelIds: '3' },
    ],
    ['/ctl/catalog-detail/5/item-list/9/groups/2/itemsLabels/3', '/api/v1/catalogs/5/items/9', {}],
    [
      '/ctl/catalog-detail/5/item-list/groups/itemsLabels',
      '/api/v1/catalogs/5/items',
      { groupId: null, labelIds: null },
    ],
    ['/ctl/catalog-detail/5/item-list/edit/9', '/api/v1/catalogs/5/items/9', {}],
    ['/ctl/catalog-detail/5/item-list/create/8', '/api/v1/catalogs/5/groups', {}],
    ['/ctl/catalog-detail/5/member-list', '/api/v1/catalogs/5/members', {}],
    ['/ctl/catalog-detail/5/role-list', '/api/v1/catalogs/5/roles', {}],
    ['/ctl/catalog-detail/5/phase-list', '/api/v1/catalogs/5/phases', {}],
    ['/ctl/catalog-detail/5/labels', '/api/v1/catalogs/5/labels', {}],
    ['/ctl/catalog-detail/5/import', '/api/v1/catalogs/5', {}],
  ])('%s loads %s with the route parameters', async (path, apiPath, query) => {
    const catalog = createCatalog({ id: 5 });
    const { calls } = stubFetch(catalogApi({ catalog, item: createItem({ id: 9 }) }));
    renderApp(path);
    await waitFor(() => {
      const call = calls.find((request) => request.url.pathname === apiPath);
      expect(call).toBeDefined();
      for (const [name, value] of Object.entries(query)) {
        expect(call?.url.searchParams.get(name)).toBe(value);
      }
    });
  });

  it.each([
    ['/registration', 'Register a company'],
    ['/email-confirm', 'Error - Code parameter is missing'],
    ['/oauth2-redirect', 'Sign-in failed'],
  ])('%s shows its page, headed %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('/company-profile/42 loads the company of user 42', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/users/42/company': () =>
        jsonResponse({
          id: 3,
          name: 'Stavby Novák s.r.o.',
          email: 'info@stavby.cz',
          phone: '',
          country: 'Česko',
          city: 'Brno',
          street: 'Údolní',
          streetNumber: '12',
          zip: '602 00',
          ico: '25596641',
          dic: 'CZ25596641',
          hasLogo: false,
          version: 1,
        }),
    });
    renderApp('/company-profile/42');
    expect(await screen.findByDisplayValue('Stavby Novák s.r.o.')).toBeInTheDocument();
    expect(callsTo('GET /api/v1/users/42/company')).toHaveLength(1);
  });

  it('/companies lists the suppliers and /companies?kind=subscriber the subscribers', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/partner-companies': () => jsonResponse({ items: [], nextCursor: null }),
    });
    const first = renderApp('/companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/v1/partner-companies')).toHaveLength(1));
    first.unmount();

    renderApp('/companies?kind=subscriber');
    await waitFor(() => expect(callsTo('GET /api/v1/partner-companies')).toHaveLength(2));
    expect(
      callsTo('GET /api/v1/partner-companies').map((c) => c.url.searchParams.get('kind')),
    ).toEqual(['SUPPLIER', 'SUBSCRIBER']);
  });

  it('/companies/7 loads partner company 7 and shows the not-found page for one it cannot see', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/partner-companies/7': () => problemResponse(404, 'NOT_FOUND'),
    });
    renderApp('/companies/7');
    await waitFor(() => expect(callsTo('GET /api/v1/partner-companies/7')).toHaveLength(1));
    await expectNotFound();
  });

  it('matches /ctl and /company-profile case-sensitively', async () => {
    renderApp('/CTL');
    await expectNotFound();
  });

  it('matches other routes case-insensitively', async () => {
    const { callsTo } = stubFetch(storyApi({ story: createStory({ id: 7 }) }));
    renderApp('/Story-Detail/7/Labels');
    await waitFor(() => expect(callsTo('GET /api/v1/stories/7/labels')).not.toHaveLength(0));
  });

  it.each(['/Company-Profile/1', '/ctl/Catalog-Detail/1'])('%s is not found', async (path) => {
    renderApp(path);
    await expectNotFound();
  });

  it('shows the 404 page with a link home for unknown addresses', async () => {
    const { user, router } = renderApp('/no/such/page');
    await expectNotFound();
    expect(screen.getByText(/\/no\/such\/page/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('auth guard', () => {
  it('sends a signed-out visitor of /companies to /login', async () => {
    const { router } = renderApp('/companies?kind=subscriber', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('originalPath')).toBe('/companies?kind=subscriber');
  });

  it('sends a signed-out visitor to /login and remembers the attempted path', async () => {
    const { router } = renderApp('/story-detail/5/labels?tab=all', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('originalPath')).toBe('/story-detail/5/labels?tab=all');
    expect(await screen.findByText('Taking you to sign-in…')).toBeInTheDocument();
  });

  it('treats any isLogged value but "true" as signed out', async () => {
    window.sessionStorage.setItem('isLogged', 'yes');
    const { router } = renderApp('/ctl', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('originalPath')).toBe('/ctl');
  });

  it.each([
    ['/registration', 'Register a company'],
    ['/email-confirm', 'Error - Code parameter is missing'],
    ['/oauth2-redirect', 'Sign-in failed'],
    ['/login', 'Taking you to sign-in…'],
  ])('lets a signed-out visitor open the public route %s', async (path, heading) => {
    const { router } = renderApp(path, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(window.sessionStorage.getItem('originalPath')).toBeNull();
  });

  it('lets a signed-out visitor open a shared link at /public-access/abc', async () => {
    const { callsTo } = stubFetch({
      'GET /api/v1/access-codes/abc': () =>
        jsonResponse({ state: 'VALID', storyName: 'Office fit-out', role: 'ICT_CUSTOMER' }),
    });
    const { router } = renderApp('/public-access/abc', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Sign in to join' })).toBeInTheDocument();
    expect(callsTo('GET /api/v1/access-codes/abc')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/public-access/abc');
    expect(window.sessionStorage.getItem('originalPath')).toBeNull();
  });
});
