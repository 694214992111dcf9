// / and /ctl ask for their list's first page while the page's code downloads, as the page will ask for it, when the token needs no renewal.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunction, Params, RouteObject } from 'react-router';
import { createQueryClient } from '@/app/providers';
import { storyKeys } from '@/features/stories/api/query-keys';
import { FIRST_STORY_LIST } from '@/features/stories/api/stories';
import { catalogListKeys, FIRST_CATALOG_LIST } from '@/lib/api/catalog-list';
import { setSessionValues } from '@/lib/session';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';
import { setRouteQueryClient } from './route-prefetch';
import { routes } from './routes';

function allRoutes(list: readonly RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

function runLoader(route: RouteObject | undefined, path: string, params: Params = {}) {
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
  const url = new URL(path, 'http://localhost:3000');
  return (loader as LoaderFunction)({
    request: new Request(url),
    url,
    pattern: route?.path ?? '/',
    params,
    context: undefined,
  });
}

function runStoryListLoader(path: string) {
  return runLoader(
    allRoutes(routes).find((route) => route.index === true),
    path,
  );
}

function signInWithTokenExpiringIn(ms: number) {
  setSessionValues({
    isLogged: 'true',
    accessToken: createAccessToken({ sub: '7', exp: Math.floor((Date.now() + ms) / 1000) }),
  });
}

const EMPTY_PAGE = { items: [], nextCursor: null };

afterEach(() => setRouteQueryClient(null));

describe('/ route', () => {
  it('fills the app’s client with the list the page asks for on arrival', async () => {
    const client = createQueryClient();
    setRouteQueryClient(client);
    signInWithTokenExpiringIn(10 * 60_000);
    const { callsTo } = stubFetch({ 'GET /api/v1/stories': () => jsonResponse(EMPTY_PAGE) });

    expect(await runStoryListLoader('/?status=ARCHIVED')).toBeNull();
    const key = storyKeys.list({ ...FIRST_STORY_LIST, status: 'ARCHIVED' });
    await expect.poll(() => client.getQueryState(key)?.status).toBe('success');
    const [request] = callsTo('GET /api/v1/stories');
    expect(request?.url.searchParams.get('filter')).toBe('all');
    expect(request?.url.searchParams.get('sort')).toBe('lastActivity');
    expect(request?.url.searchParams.get('status')).toBe('ARCHIVED');
  });

  it('lets the page show that answer without asking again', async () => {
    const { callsTo } = stubFetch({ 'GET /api/v1/stories': () => jsonResponse(EMPTY_PAGE) });
    renderApp('/', {
      accessToken: createAccessToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 600 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Stories' })).toBeVisible();
    await waitFor(() => expect(callsTo('GET /api/v1/stories')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('GET /api/v1/stories')).toHaveLength(1);
  });

  it('does the same for the catalogs page at /ctl', async () => {
    const client = createQueryClient();
    setRouteQueryClient(client);
    signInWithTokenExpiringIn(10 * 60_000);
    stubFetch({ 'GET /api/v1/catalogs': () => jsonResponse(EMPTY_PAGE) });
    await runLoader(
      allRoutes(routes).find((route) => route.path === '/ctl'),
      '/ctl',
    );
    await expect
      .poll(() => client.getQueryState(catalogListKeys.list(FIRST_CATALOG_LIST))?.status)
      .toBe('success');
  });

  it('lets the catalogs page show that answer without asking again', async () => {
    const { callsTo } = stubFetch({ 'GET /api/v1/catalogs': () => jsonResponse(EMPTY_PAGE) });
    renderApp('/ctl', {
      accessToken: createAccessToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 600 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogs' })).toBeVisible();
    await waitFor(() => expect(callsTo('GET /api/v1/catalogs')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('GET /api/v1/catalogs')).toHaveLength(1);
    expect(callsTo('GET /api/v1/catalogs')[0]?.url.searchParams.get('sort')).toBe('name');
  });

  it('asks for a story, and for a summary its calculation and catalog too, all at once', async () => {
    const client = createQueryClient();
    setRouteQueryClient(client);
    signInWithTokenExpiringIn(10 * 60_000);
    const { callsTo } = stubFetch({
      'GET /api/v1/stories/5': () => jsonResponse({}),
      'GET /api/v1/stories/5/calculation': () => jsonResponse({}),
      'GET /api/v1/stories/5/catalog': () => jsonResponse({}),
    });
    const route = (path: string) => allRoutes(routes).find((candidate) => candidate.path === path);
    await runLoader(
      route('/story-detail/:storyId/summary/roles'),
      '/story-detail/5/summary/roles',
      {
        storyId: '5',
      },
    );
    await vi.waitFor(() => {
      expect(callsTo('GET /api/v1/stories/5')).toHaveLength(1);
      expect(callsTo('GET /api/v1/stories/5/calculation')).toHaveLength(1);
      expect(callsTo('GET /api/v1/stories/5/catalog')).toHaveLength(1);
    });
    // Any other page of the story: the story, which its frame shows first.
    client.clear();
    await runLoader(route('/story-detail/:storyId/labels'), '/story-detail/5/labels', {
      storyId: '5',
    });
    await vi.waitFor(() => expect(callsTo('GET /api/v1/stories/5')).toHaveLength(2));
    expect(callsTo('GET /api/v1/stories/5/calculation')).toHaveLength(1);
  });

  it('asks nothing for a story address whose id is not one', async () => {
    setRouteQueryClient(createQueryClient());
    signInWithTokenExpiringIn(10 * 60_000);
    const { calls } = stubFetch({});
    const summary = allRoutes(routes).find(
      (candidate) => candidate.path === '/story-detail/:storyId/summary/roles',
    );
    await runLoader(summary, '/story-detail/x/summary/roles', { storyId: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });

  it('asks nothing with a token about to be renewed, or signed out', async () => {
    const client = createQueryClient();
    setRouteQueryClient(client);
    const { calls } = stubFetch({});
    signInWithTokenExpiringIn(30_000);
    await runStoryListLoader('/');
    setSessionValues({ isLogged: null, accessToken: null });
    await runStoryListLoader('/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
