// Walks the story permission table of design.md §4 over the API: every role against every route; grants succeed, denials answer 403 and change nothing; non-members (of the owner company or another) get 404 everywhere.
import {
  STORY_MEMBER_ROLES,
  storyRoleAllows,
  type StoryAction,
  type StoryMemberRole,
} from '@costory/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import { createUser, type CreatedUser } from '../helpers/factories';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  createStoryLabel,
  storyBodies,
} from '../helpers/story-factories';
import { snapshotStory } from '../helpers/story-snapshot';

/** A story with one instance and one label, and a member of the role under test. */
interface Scene {
  base: string;
  storyId: number;
  instanceId: number;
  labelId: number;
  lineupId: number;
  /** A version frozen by the owner (decision 0042). */
  versionId: number;
  /** The story's contentVersion once set up: what a restore sends back. */
  contentVersion: number;
}

interface Route {
  name: string;
  action: StoryAction;
  /** The status of a granted request. */
  granted: number;
  /**
   * Sent by a member of the owner company (copying a story is for them only, decision 0031);
   * otherwise by a user of another company.
   */
  colleague?: true;
  send(api: ApiCaller, scene: Scene): Promise<LightMyRequestResponse>;
}

describe('story permissions (design.md §4, every role and route)', () => {
  let ctx: TestApp;
  let catalogId: number;
  let itemId: number;
  let owner: CreatedUser;
  let ownerApi: ApiCaller;
  const partners = { supplier: 0, subscriber: 0 };

  const instanceFields = {
    name: 'Changed',
    description: '',
    optional: false,
    level: 1,
    values: {},
    labelIds: [],
  };

  const ROUTES: Route[] = [
    { name: 'GET story', action: 'READ_STORY', granted: 200, send: (api, s) => api.get(s.base) },
    {
      name: 'PUT story',
      action: 'MANAGE_STORY',
      granted: 200,
      send: (api, s) =>
        api.put(s.base, { name: `Renamed ${s.storyId}`, description: '', version: 0 }),
    },
    {
      name: 'DELETE story',
      action: 'MANAGE_STORY',
      granted: 204,
      send: (api, s) => api.delete(s.base),
    },
    {
      name: 'PUT status',
      action: 'SET_STATUS',
      granted: 200,
      send: (api, s) => api.put(`${s.base}/status`, { status: 'ARCHIVED', version: 0 }),
    },
    {
      name: 'PUT favourite',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.put(`${s.base}/favourite`, { favourite: true }),
    },
    {
      name: 'GET instances',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/instances`),
    },
    {
      name: 'POST instance',
      action: 'EDIT_INSTANCES',
      granted: 201,
      send: (api, s) => api.post(`${s.base}/instances`, storyBodies.instance(itemId)),
    },
    {
      name: 'GET instances subtotal',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/instances/subtotal`),
    },
    {
      name: 'POST instances batch',
      action: 'EDIT_INSTANCES',
      granted: 201,
      send: (api, s) =>
        api.post(`${s.base}/instances/batch`, {
          instances: [storyBodies.instance(itemId), storyBodies.instance(itemId)],
        }),
    },
    {
      name: 'GET instance sheet',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/instances/sheet?format=csv`),
    },
    {
      name: 'GET instance',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/instances/${s.instanceId}`),
    },
    {
      name: 'PUT instance',
      action: 'EDIT_INSTANCES',
      granted: 200,
      send: (api, s) =>
        api.put(`${s.base}/instances/${s.instanceId}`, { ...instanceFields, revision: 0 }),
    },
    {
      name: 'DELETE instance',
      action: 'EDIT_INSTANCES',
      granted: 204,
      send: (api, s) => api.delete(`${s.base}/instances/${s.instanceId}`),
    },
    {
      name: 'POST instance copy',
      action: 'EDIT_INSTANCES',
      granted: 201,
      send: (api, s) => api.post(`${s.base}/instances/${s.instanceId}/copy`),
    },
    {
      name: 'PUT instance verification',
      action: 'VERIFY_INSTANCES',
      granted: 200,
      send: (api, s) =>
        api.put(`${s.base}/instances/${s.instanceId}/verification`, {
          verified: true,
          revision: 0,
        }),
    },
    {
      name: 'GET labels',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/labels`),
    },
    {
      name: 'POST label',
      action: 'EDIT_INSTANCES',
      granted: 201,
      send: (api, s) => api.post(`${s.base}/labels`, storyBodies.label()),
    },
    {
      name: 'GET label',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/labels/${s.labelId}`),
    },
    {
      name: 'PUT label',
      action: 'EDIT_INSTANCES',
      granted: 200,
      send: (api, s) =>
        api.put(`${s.base}/labels/${s.labelId}`, storyBodies.label({ title: 'Renamed' })),
    },
    {
      name: 'DELETE label',
      action: 'EDIT_INSTANCES',
      granted: 200,
      send: (api, s) => api.delete(`${s.base}/labels/${s.labelId}`),
    },
    {
      name: 'GET calculation',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/calculation`),
    },
    {
      name: 'GET events',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/events`),
    },
    {
      name: 'GET lineups',
      action: 'READ_LINEUPS',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/lineups`),
    },
    {
      name: 'GET lineup',
      action: 'READ_LINEUPS',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/lineups/${s.lineupId}`),
    },
    {
      name: 'POST lineup',
      action: 'EDIT_LINEUPS',
      granted: 201,
      send: (api, s) => api.post(`${s.base}/lineups`, lineupBody('Second quote')),
    },
    {
      name: 'PUT lineup',
      action: 'EDIT_LINEUPS',
      granted: 200,
      send: (api, s) =>
        api.put(`${s.base}/lineups/${s.lineupId}`, { ...lineupBody('Renamed'), version: 0 }),
    },
    {
      name: 'DELETE lineup',
      action: 'EDIT_LINEUPS',
      granted: 204,
      send: (api, s) => api.delete(`${s.base}/lineups/${s.lineupId}`),
    },
    {
      name: 'GET versions',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions`),
    },
    {
      name: 'POST version',
      action: 'FREEZE_VERSIONS',
      granted: 201,
      send: (api, s) => api.post(`${s.base}/versions`, { name: 'Quote for Novák, 25 Nov' }),
    },
    {
      name: 'GET version',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/${s.versionId}`),
    },
    {
      name: 'GET versions compare',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/compare?from=${s.versionId}&to=live`),
    },
    {
      name: 'GET versions compare export',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) =>
        api.get(`${s.base}/versions/compare/export?from=${s.versionId}&to=live&format=json`),
    },
    {
      name: 'DELETE version',
      action: 'DELETE_VERSIONS',
      granted: 204,
      send: (api, s) => api.delete(`${s.base}/versions/${s.versionId}`),
    },
    {
      name: 'POST version restore',
      action: 'RESTORE_VERSIONS',
      granted: 200,
      send: (api, s) =>
        api.post(`${s.base}/versions/${s.versionId}/restore`, { contentVersion: s.contentVersion }),
    },
    {
      name: 'POST version copy',
      action: 'READ_STORY',
      granted: 201,
      colleague: true,
      send: (api, s) =>
        api.post(`${s.base}/versions/${s.versionId}/copy`, {
          name: `From version ${s.versionId}`,
        }),
    },
    {
      name: 'GET upgrades',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/upgrades`),
    },
    {
      name: 'PUT pinning',
      action: 'UPGRADE_ITEMS',
      granted: 200,
      send: (api, s) => api.put(`${s.base}/pinning`, { pinned: true }),
    },
    {
      name: 'POST upgrades',
      action: 'UPGRADE_ITEMS',
      granted: 200,
      send: (api, s) => api.post(`${s.base}/upgrades`, {}),
    },
    {
      name: 'GET versions compare with upgrades',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/compare?from=live&to=upgraded`),
    },
    {
      name: 'GET version lineups',
      action: 'READ_LINEUPS',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/${s.versionId}/lineups`),
    },
    {
      name: 'GET version lineup',
      action: 'READ_LINEUPS',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/${s.versionId}/lineups/${s.lineupId}`),
    },
    {
      name: 'GET version export',
      action: 'READ_STORY',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/versions/${s.versionId}/exports/roles?format=json`),
    },
    {
      name: 'GET version lineup export',
      action: 'READ_LINEUPS',
      granted: 200,
      send: (api, s) =>
        api.get(`${s.base}/versions/${s.versionId}/lineups/${s.lineupId}/export?format=json`),
    },
    {
      name: 'GET lineup partners',
      action: 'EDIT_LINEUPS',
      granted: 200,
      send: (api, s) => api.get(`${s.base}/lineup-partners?kind=SUPPLIER`),
    },
  ];

  /** A lineup of the owner company's partners. */
  function lineupBody(name: string, sharedWith: number[] = []) {
    return { name, supplierId: partners.supplier, subscriberId: partners.subscriber, sharedWith };
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    const role = await createRole(db, { catalogId, code: 'DEV', price: '100' });
    itemId = (
      await createPublishedItem(db, {
        catalogId,
        repeatable: true,
        formulas: [{ roleId: role.id, expression: '1.5' }],
      })
    ).item.id;
    owner = await createUser(db, { firstName: 'Otto', lastName: 'Owner' });
    ownerApi = await apiAs(ctx.app, owner.id);
    for (const kind of ['SUPPLIER', 'SUBSCRIBER'] as const) {
      const partner = expectStatus<{ id: number }>(
        await ownerApi.post('/api/v1/partner-companies', {
          kind,
          name: `${kind} company`,
          email: 'partner@firma.test',
          country: 'CZ',
          city: 'Brno',
          street: 'Lidická',
          streetNumber: '1',
          zip: '602 00',
        }),
        201,
      );
      partners[kind === 'SUPPLIER' ? 'supplier' : 'subscriber'] = partner.id;
    }
  });
  afterAll(() => ctx.close());

  /** A story of the owner with an instance and a label; `role` is given to `user` (unless admin). */
  async function scene(role: StoryMemberRole, user: CreatedUser | undefined): Promise<Scene> {
    const db = ctx.app.db;
    const { story } = await createStory(db, { catalogId, admin: owner });
    if (user !== undefined && role !== 'ICT_ADMIN') await addStoryMember(db, story.id, role, user);
    if (user !== undefined && role === 'ICT_ADMIN' && user.id !== owner.id) {
      await addStoryMember(db, story.id, role, user);
    }
    const base = `/api/v1/stories/${story.id}`;
    const label = await createStoryLabel(db, story.id);
    const instance = expectStatus<{ id: number }>(
      await ownerApi.post(
        `${base}/instances`,
        storyBodies.instance(itemId, { labelIds: [label.id] }),
      ),
      201,
    );
    // A customer reads the lineups shared with them (decision 0033).
    const sharedWith = role === 'ICT_CUSTOMER' && user !== undefined ? [user.id] : [];
    const lineup = expectStatus<{ id: number }>(
      await ownerApi.post(`${base}/lineups`, lineupBody('Quote', sharedWith)),
      201,
    );
    const version = expectStatus<{ id: number }>(
      await ownerApi.post(`${base}/versions`, { name: 'Frozen' }),
      201,
    );
    const { contentVersion } = expectStatus<{ contentVersion: number }>(
      await ownerApi.get(base),
      200,
    );
    return {
      base,
      storyId: story.id,
      instanceId: instance.id,
      labelId: label.id,
      lineupId: lineup.id,
      versionId: version.id,
      contentVersion,
    };
  }

  for (const role of STORY_MEMBER_ROLES) {
    describe(role, () => {
      // The member under test: of another company, and of the owner company for the routes
      // that need one.
      const callers = new Map<'stranger' | 'colleague', { user: CreatedUser; api: ApiCaller }>();

      beforeAll(async () => {
        const db = ctx.app.db;
        for (const [kind, user] of [
          ['stranger', await createUser(db)],
          ['colleague', await createUser(db, { companyId: owner.companyId })],
        ] as const) {
          callers.set(kind, { user, api: await apiAs(ctx.app, user.id) });
        }
      });

      for (const route of ROUTES) {
        const allowed = storyRoleAllows(role, route.action);
        it(`${allowed ? 'may' : 'may not'} ${route.name} (${route.action})`, async () => {
          const caller = callers.get(route.colleague ? 'colleague' : 'stranger');
          if (!caller) throw new Error('The callers are made before the routes run');
          const current = await scene(role, caller.user);
          const before = await snapshotStory(ctx.app.db, current.storyId);
          const response = await route.send(caller.api, current);
          if (allowed) {
            expect(response.statusCode, response.body).toBe(route.granted);
          } else {
            const problem = problemOf(response);
            expect(problem).toMatchObject({ status: 403, code: 'FORBIDDEN' });
            expect(problem.detail).toMatch(/Your role in this story/);
            expect(await snapshotStory(ctx.app.db, current.storyId)).toEqual(before);
          }
        });
      }
    });
  }

  it('names the role and the action in the caller’s language', async () => {
    const reader = await createUser(ctx.app.db);
    const current = await scene('ICT_VERIFIER', reader);
    const api = await apiAs(ctx.app, reader.id);
    const problem = problemOf(
      await api.post(`${current.base}/labels`, storyBodies.label(), { 'accept-language': 'cs' }),
    );
    expect(problem.detail).toBe(
      'Vaše role v tomto příběhu (Ověřovatel) vám neumožňuje měnit instance položek a štítky tohoto příběhu.',
    );
  });

  for (const who of ['a colleague of the owner company', 'a user of another company']) {
    it(`answers 404 to ${who} who is no member, on every route, and changes nothing`, async () => {
      const db = ctx.app.db;
      const stranger = await createUser(
        db,
        who.startsWith('a colleague') ? { companyId: owner.companyId } : {},
      );
      const api = await apiAs(ctx.app, stranger.id);
      const current = await scene('ICT_ADMIN', undefined);
      const before = await snapshotStory(db, current.storyId);
      for (const route of ROUTES) {
        const problem = problemOf(await route.send(api, current));
        expect(problem.status, route.name).toBe(404);
      }
      expect(await snapshotStory(db, current.storyId)).toEqual(before);
      const list = expectStatus<{ items: unknown[] }>(await api.get('/api/v1/stories'), 200);
      expect(list.items).toEqual([]);
    });
  }
});
