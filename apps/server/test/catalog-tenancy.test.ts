// Tenancy over every catalogue route: outsiders get 404 (never data), sub-resources stay in their catalog, 401 without a token, 403 without the XSRF pair.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMembers } from '../src/db/schema';
import { apiAs, problemOf, type ApiCaller } from './helpers/api';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  addClient,
  addMember,
  bodies,
  createCatalog,
  createGroup,
  createItem,
  createLabel,
  createPhase,
  createRole,
} from './helpers/catalog-factories';
import { snapshotCatalog } from './helpers/catalog-snapshot';
import { createCompany, createUser } from './helpers/factories';
import { accessTokenFor, bearer } from './helpers/tokens';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Ids {
  catalog: number;
  group: number;
  phase: number;
  role: number;
  label: number;
  item: number;
  member: number;
  client: number;
}

interface Route {
  method: Method;
  path: (ids: Ids) => string;
  body?: () => unknown;
}

/** Every route below /api/v1/catalogs/{catalogId}, with a valid body for the writes. */
const ROUTES: Route[] = [
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}`,
    body: () => ({ ...bodies.catalog(), version: 0 }),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/groups` },
  { method: 'POST', path: (i) => `/catalogs/${i.catalog}/groups`, body: () => bodies.group() },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/groups/${i.group}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/groups/${i.group}`,
    body: () => bodies.group(),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/groups/${i.group}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/phases` },
  { method: 'POST', path: (i) => `/catalogs/${i.catalog}/phases`, body: () => bodies.phase() },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/phases/${i.phase}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/phases/${i.phase}`,
    body: () => bodies.phase(),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/phases/${i.phase}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/roles` },
  { method: 'POST', path: (i) => `/catalogs/${i.catalog}/roles`, body: () => bodies.role() },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/roles/${i.role}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/roles/${i.role}`,
    body: () => ({ ...bodies.role(), version: 0 }),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/roles/${i.role}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/labels` },
  { method: 'POST', path: (i) => `/catalogs/${i.catalog}/labels`, body: () => bodies.label() },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/labels/${i.label}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/labels/${i.label}`,
    body: () => bodies.label(),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/labels/${i.label}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/items` },
  { method: 'POST', path: (i) => `/catalogs/${i.catalog}/items`, body: () => bodies.item() },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/items/${i.item}` },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/items/${i.item}`,
    body: () => ({ ...bodies.item(), revision: 0 }),
  },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/items/${i.item}/attributes`,
    body: () => ({ revision: 0, attributes: [bodies.attribute()] }),
  },
  {
    method: 'POST',
    path: (i) => `/catalogs/${i.catalog}/items/${i.item}/transitions`,
    body: () => ({ action: 'MOVE_TO_INSPECT', revision: 0 }),
  },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/members` },
  {
    method: 'POST',
    path: (i) => `/catalogs/${i.catalog}/members`,
    body: () => ({ email: 'someone@example.test', role: 'CTL_READER' }),
  },
  {
    method: 'PUT',
    path: (i) => `/catalogs/${i.catalog}/members/${i.member}`,
    body: () => ({ role: 'CTL_ADMIN' }),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/members/${i.member}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/clients` },
  {
    method: 'POST',
    path: (i) => `/catalogs/${i.catalog}/clients`,
    body: () => ({ companyId: anyCompanyId }),
  },
  { method: 'DELETE', path: (i) => `/catalogs/${i.catalog}/clients/${i.client}` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/events` },
  { method: 'GET', path: (i) => `/catalogs/${i.catalog}/events?itemId=${i.item}` },
];

// A company that exists (the clients route checks that first); set in beforeAll.
let anyCompanyId = 1;

function describeRoute(route: Route): string {
  return `${route.method} ${route
    .path({
      catalog: 0,
      group: 0,
      phase: 0,
      role: 0,
      label: 0,
      item: 0,
      member: 0,
      client: 0,
    })
    .replace(/\/0(?=\/|$|\?)/g, '/{id}')}`;
}

describe('catalogue tenancy', () => {
  let ctx: TestApp;
  let ids: Ids;
  let ownAdmin: ApiCaller;
  let own: Ids;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const { catalog } = await createCatalog(db, { visibility: 'PRIVATE' });
    const member = await addMember(db, catalog.id, 'CTL_READER');
    const [membership] = await db
      .select()
      .from(catalogMembers)
      .where(eq(catalogMembers.userId, member.id));
    const clientCompany = await createCompany(db);
    await addClient(db, catalog.id, clientCompany.id);
    anyCompanyId = clientCompany.id;
    ids = {
      catalog: catalog.id,
      group: (await createGroup(db, { catalogId: catalog.id })).id,
      phase: (await createPhase(db, { catalogId: catalog.id })).id,
      role: (await createRole(db, { catalogId: catalog.id })).id,
      label: (await createLabel(db, { catalogId: catalog.id })).id,
      item: (await createItem(db, { catalogId: catalog.id, state: 'PENDING' })).id,
      member: membership?.id ?? 0,
      client: clientCompany.id,
    };
    // Another catalog whose admin tries the first catalog's sub-resources through it.
    const other = await createCatalog(db, { visibility: 'PUBLIC' });
    ownAdmin = await apiAs(ctx.app, other.admin.id);
    own = { ...ids, catalog: other.catalog.id };
  });
  afterAll(() => ctx.close());

  function send(api: ApiCaller, route: Route, path: string) {
    const url = `/api/v1${path}`;
    const body = route.body?.();
    switch (route.method) {
      case 'GET':
        return api.get(url);
      case 'POST':
        return api.post(url, body);
      case 'PUT':
        return api.put(url, body);
      case 'DELETE':
        return api.delete(url);
    }
  }

  it('answers 404 on every route of a PRIVATE catalog to another company’s user and to a colleague who is no member, changing nothing', async () => {
    const before = await snapshotCatalog(ctx.app.db, ids.catalog);
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const { catalog } = await createCatalog(ctx.app.db);
    const colleagueOfNoOne = await createUser(ctx.app.db, { companyId: catalog.companyId });
    const colleague = await apiAs(ctx.app, colleagueOfNoOne.id);
    for (const api of [stranger, colleague]) {
      for (const route of ROUTES) {
        const response = await send(api, route, route.path(ids));
        expect(response.statusCode, describeRoute(route)).toBe(404);
        expect(problemOf(response).code).toBe('NOT_FOUND');
      }
    }
    expect(await snapshotCatalog(ctx.app.db, ids.catalog)).toEqual(before);
  });

  it('keeps sub-resources in their catalog: their ids under another catalog answer 404', async () => {
    const before = await snapshotCatalog(ctx.app.db, ids.catalog);
    const nested = ROUTES.filter((route) => {
      const path = route.path(own);
      return (
        /\/(groups|phases|roles|labels|items|members|clients)\/\d+/.test(path) ||
        path.includes('itemId=')
      );
    });
    expect(nested.length).toBeGreaterThan(15);
    for (const route of nested) {
      const response = await send(ownAdmin, route, route.path(own));
      expect(response.statusCode, describeRoute(route)).toBe(404);
    }
    expect(await snapshotCatalog(ctx.app.db, ids.catalog)).toEqual(before);
  });

  it('answers 401 on every route without a token, and 403 XSRF_MISMATCH on every write without the pair', async () => {
    const before = await snapshotCatalog(ctx.app.db, ids.catalog);
    const { catalog, admin } = await createCatalog(ctx.app.db);
    const adminIds = { ...ids, catalog: catalog.id };
    const token = await accessTokenFor(ctx.app.db, 'http://localhost:3000', admin.id);
    for (const route of [...ROUTES, { method: 'GET' as const, path: () => '/catalogs' }]) {
      const url = `/api/v1${route.path(adminIds)}`;
      const anonymous = await ctx.app.inject({
        method: route.method,
        url,
        headers: route.method === 'GET' ? {} : { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
        ...(route.body ? { payload: route.body() as Record<string, unknown> } : {}),
      });
      expect(anonymous.statusCode, describeRoute(route)).toBe(401);
      if (route.method === 'GET') continue;
      const noPair = await ctx.app.inject({
        method: route.method,
        url,
        headers: bearer(token),
        ...(route.body ? { payload: route.body() as Record<string, unknown> } : {}),
      });
      expect(noPair.statusCode, describeRoute(route)).toBe(403);
      expect(problemOf(noPair).code).toBe('XSRF_MISMATCH');
    }
    expect(await snapshotCatalog(ctx.app.db, ids.catalog)).toEqual(before);
  });
});
