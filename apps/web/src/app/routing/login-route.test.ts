// The /login route asks where to sign in while its page's code downloads, and the page then uses that answer.
import { describe, expect, it, vi } from 'vitest';
import type { LoaderFunction, RouteObject } from 'react-router';
import { loadMeta } from '@/lib/meta';
import { setSessionValues } from '@/lib/session';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { routes } from './routes';

function allRoutes(list: readonly RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

function runLoginLoader(path: string) {
  const loader = allRoutes(routes).find((route) => route.path === '/login')?.loader;
  if (typeof loader !== 'function') throw new Error('/login has no loader');
  const url = new URL(path, 'http://localhost:3000');
  return (loader as LoaderFunction)({
    request: new Request(url),
    url,
    pattern: '/login',
    params: {},
    context: undefined,
  });
}

describe('/login route', () => {
  it('asks for the installation’s meta before the page has loaded, once for both', async () => {
    const { callsTo } = stubFetch({ 'GET /api/v1/meta': () => jsonResponse(createMeta()) });
    expect(await runLoginLoader('/login')).toBeNull();
    expect(callsTo('GET /api/v1/meta')).toHaveLength(1);
    // The page's own start finds the answer already asked for.
    await loadMeta();
    expect(callsTo('GET /api/v1/meta')).toHaveLength(1);
  });

  it('asks nothing for a form already shown or for someone signed in', async () => {
    const { calls } = stubFetch({});
    await runLoginLoader('/login?interaction=shown');
    setSessionValues({ isLogged: 'true' });
    await runLoginLoader('/login');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(0);
  });

  it('lets the page ask again when the early question failed', async () => {
    stubFetch({});
    await runLoginLoader('/login');
    await vi.waitFor(async () => {
      await expect(loadMeta()).rejects.toThrow();
    });
    const { callsTo } = stubFetch({ 'GET /api/v1/meta': () => jsonResponse(createMeta()) });
    await expect(loadMeta()).resolves.toMatchObject({ auth: { external: false } });
    expect(callsTo('GET /api/v1/meta')).toHaveLength(1);
  });
});
