// Walks the catalog permission table of design.md §4 over the API: every role against every action; grants succeed, denials answer 403 (or 404 where the item is hidden) and change nothing.
import { CATALOG_MEMBER_ROLES, type CatalogMemberRole, type Item } from '@costory/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogClients,
  catalogGroups,
  catalogItems,
  catalogLabels,
  catalogMembers,
  catalogPhases,
  catalogRoles,
  catalogs,
  itemAttributes,
} from '../src/db/schema';
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
import { createCompany, createUser, type CreatedUser } from './helpers/factories';

type Role = CatalogMemberRole;
type Expected = Readonly<Record<Role, number>>;

/** One status for every role, with exceptions. */
function statuses(otherwise: number, overrides: Partial<Record<Role, number>>): Expected {
  return Object.fromEntries(
    CATALOG_MEMBER_ROLES.map((role) => [role, overrides[role] ?? otherwise]),
  ) as Expected;
}

const ALL_STATES_READERS = ['CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_MATHEMATICIAN', 'CTL_ADMIN'];

interface Prepared {
  /** The catalog the request concerns (the shared one unless the case makes its own). */
  catalogId: number;
  request(api: ApiCaller): Promise<LightMyRequestResponse>;
  /** What a granted request must have done. */
  granted?(response: LightMyRequestResponse): void | Promise<void>;
}

interface Case {
  action: string;
  expected: Expected;
  prepare(role: Role, user: CreatedUser): Prepared | Promise<Prepared>;
}

describe('catalog permissions (design.md §4, every role and action)', () => {
  let ctx: TestApp;
  let catalogId: number;
  let base: string;
  let author: CreatedUser;
  const users = {} as Record<Role, CreatedUser>;
  const apis = {} as Record<Role, ApiCaller>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    // PUBLIC, so that a signed-in non-member is PUBLIC_READABLE.
    const { catalog, admin } = await createCatalog(db, { visibility: 'PUBLIC' });
    catalogId = catalog.id;
    base = `/api/v1/catalogs/${catalogId}`;
    users.CTL_ADMIN = admin;
    for (const role of [
      'CTL_READER',
      'CTL_REPORTER',
      'CTL_INSPECTOR',
      'CTL_MATHEMATICIAN',
    ] as const) {
      users[role] = await addMember(db, catalogId, role);
    }
    // Another company's user who is no member: reader rights on a PUBLIC catalog.
    users.PUBLIC_READABLE = await createUser(db);
    author = await addMember(db, catalogId, 'CTL_REPORTER');
    for (const role of CATALOG_MEMBER_ROLES) apis[role] = await apiAs(ctx.app, users[role].id);
  });
  afterAll(() => ctx.close());

  const shared = (request: Prepared['request'], granted?: Prepared['granted']): Prepared => ({
    catalogId,
    request,
    ...(granted ? { granted } : {}),
  });

  async function itemRow(itemId: number) {
    const [row] = await ctx.app.db.select().from(catalogItems).where(eq(catalogItems.id, itemId));
    return row;
  }

  /** A catalog of its own for a case that changes the catalog itself, with `user` as `role`. */
  async function ownCatalog(role: Role, user: CreatedUser): Promise<number> {
    const db = ctx.app.db;
    const { catalog } = await createCatalog(db, { visibility: 'PUBLIC' });
    if (role !== 'PUBLIC_READABLE') await addMember(db, catalog.id, role, user);
    return catalog.id;
  }

  function transition(
    action: string,
    from: Item['state'],
    own: boolean,
    expected: Expected,
    to: Item['state'] | 'DEPRECATED',
  ): Case {
    return {
      action: `${action} from ${from} (${own ? 'own' : "someone else's"} item)`,
      expected,
      async prepare(_role, user) {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: from,
          createdByUserId: own ? user.id : author.id,
        });
        return shared(
          (api) => api.post(`${base}/items/${item.id}/transitions`, { action, revision: 0 }),
          async (response) => {
            const row = await itemRow(item.id);
            if (to === 'DEPRECATED') {
              expect(row?.deprecatedAt).toBeInstanceOf(Date);
              expect(response.json<Item>().deprecated).toBe(true);
            } else {
              expect(row?.state).toBe(to);
              expect(response.json<Item>().state).toBe(to);
            }
            expect(row?.revision).toBe(1);
          },
        );
      },
    };
  }

  const CASES: Case[] = [
    // ---- reading --------------------------------------------------------------------------
    {
      action: 'read the catalog',
      expected: statuses(200, {}),
      prepare: (role) =>
        shared(
          (api) => api.get(base),
          (response) => {
            expect(response.json()).toMatchObject({ id: catalogId, myRole: role });
          },
        ),
    },
    {
      action: 'read a COMPLETE item',
      expected: statuses(200, {}),
      async prepare() {
        const item = await createItem(ctx.app.db, { catalogId, state: 'COMPLETE' });
        return shared((api) => api.get(`${base}/items/${item.id}`));
      },
    },
    {
      action: 'read a PENDING item (hidden from readers: 404)',
      expected: statuses(404, { ...Object.fromEntries(ALL_STATES_READERS.map((r) => [r, 200])) }),
      async prepare() {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'PENDING',
          createdByUserId: author.id,
        });
        return shared((api) => api.get(`${base}/items/${item.id}`));
      },
    },
    {
      action: 'list items (a PENDING one only for roles that read every state)',
      expected: statuses(200, {}),
      async prepare(role) {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'PENDING',
          createdByUserId: author.id,
        });
        return shared(
          (api) => api.get(`${base}/items?q=${item.code}`),
          (response) => {
            const listed = response.json<{ items: { id: number }[] }>().items;
            expect(listed.map((candidate) => candidate.id)).toEqual(
              ALL_STATES_READERS.includes(role) ? [item.id] : [],
            );
          },
        );
      },
    },
    {
      action: 'read members',
      expected: statuses(200, { PUBLIC_READABLE: 403 }),
      prepare: () => shared((api) => api.get(`${base}/members`)),
    },
    {
      action: 'read clients',
      expected: statuses(200, { PUBLIC_READABLE: 403 }),
      prepare: () => shared((api) => api.get(`${base}/clients`)),
    },
    {
      action: 'read groups, phases, roles, labels and events',
      expected: statuses(200, {}),
      prepare: () =>
        shared(async (api) => {
          for (const path of ['groups', 'phases', 'roles', 'labels']) {
            expect((await api.get(`${base}/${path}`)).statusCode).toBe(200);
          }
          return api.get(`${base}/events`);
        }),
    },

    // ---- suggesting and editing items ------------------------------------------------------
    {
      action: 'suggest an item',
      expected: statuses(403, { CTL_REPORTER: 201, CTL_INSPECTOR: 201, CTL_ADMIN: 201 }),
      prepare(_role, user) {
        const body = bodies.item();
        return shared(
          (api) => api.post(`${base}/items`, body),
          async (response) => {
            const row = await itemRow(response.json<Item>().id);
            expect(row).toMatchObject({
              code: body.code,
              state: 'PENDING',
              version: 0,
              createdByUserId: user.id,
            });
          },
        );
      },
    },
    {
      action: 'edit an own PENDING item',
      expected: statuses(404, {
        CTL_REPORTER: 200,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      async prepare(_role, user) {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'PENDING',
          createdByUserId: user.id,
        });
        return shared(
          (api) =>
            api.put(`${base}/items/${item.id}`, {
              ...bodies.item({ code: item.code, name: { en: 'Renamed' } }),
              revision: 0,
            }),
          async () => {
            expect(await itemRow(item.id)).toMatchObject({ name: { en: 'Renamed' }, revision: 1 });
          },
        );
      },
    },
    {
      action: "edit someone else's PENDING item",
      expected: statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      async prepare() {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'PENDING',
          createdByUserId: author.id,
        });
        return shared(
          (api) =>
            api.put(`${base}/items/${item.id}`, {
              ...bodies.item({ code: item.code, name: { en: 'Renamed' } }),
              revision: 0,
            }),
          async () => {
            expect(await itemRow(item.id)).toMatchObject({ name: { en: 'Renamed' } });
          },
        );
      },
    },
    {
      action: 'edit a COMPLETE item',
      expected: statuses(403, { CTL_INSPECTOR: 200, CTL_ADMIN: 200 }),
      async prepare(_role, user) {
        // Even the reporter's own item: it has left PENDING.
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'COMPLETE',
          createdByUserId: user.id,
        });
        return shared((api) =>
          api.put(`${base}/items/${item.id}`, {
            ...bodies.item({ code: item.code, repeatable: true }),
            revision: 0,
          }),
        );
      },
    },
    {
      action: 'replace the attributes of an own PENDING item',
      expected: statuses(404, {
        CTL_REPORTER: 200,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      async prepare(_role, user) {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'PENDING',
          createdByUserId: user.id,
        });
        return shared(
          (api) =>
            api.put(`${base}/items/${item.id}/attributes`, {
              revision: 0,
              attributes: [bodies.attribute({ code: 'length', level: 2 })],
            }),
          async (response) => {
            expect(response.json<Item>().maxLevel).toBe(2);
            const attributes = await ctx.app.db
              .select()
              .from(itemAttributes)
              .where(eq(itemAttributes.itemId, item.id));
            expect(attributes.map((attribute) => attribute.code)).toEqual(['length']);
          },
        );
      },
    },
    {
      action: "replace the attributes of someone else's TO_INSPECT item",
      expected: statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      async prepare() {
        const item = await createItem(ctx.app.db, {
          catalogId,
          state: 'TO_INSPECT',
          createdByUserId: author.id,
        });
        return shared((api) =>
          api.put(`${base}/items/${item.id}/attributes`, {
            revision: 0,
            attributes: [bodies.attribute({ code: 'width' })],
          }),
        );
      },
    },
    {
      action: 'replace the attributes of a COMPLETE item',
      expected: statuses(403, { CTL_INSPECTOR: 200, CTL_ADMIN: 200 }),
      async prepare() {
        const item = await createItem(ctx.app.db, { catalogId, state: 'COMPLETE' });
        return shared((api) =>
          api.put(`${base}/items/${item.id}/attributes`, {
            revision: 0,
            attributes: [bodies.attribute({ code: 'depth' })],
          }),
        );
      },
    },

    // ---- the workflow ----------------------------------------------------------------------
    transition(
      'MOVE_TO_INSPECT',
      'PENDING',
      true,
      statuses(404, {
        CTL_REPORTER: 200,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      'TO_INSPECT',
    ),
    transition(
      'MOVE_TO_INSPECT',
      'PENDING',
      false,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      'TO_INSPECT',
    ),
    transition(
      'MOVE_TO_PENDING',
      'TO_INSPECT',
      true,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      'PENDING',
    ),
    transition(
      'MOVE_TO_EQUATION',
      'TO_INSPECT',
      false,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      'TO_EQUATION',
    ),
    transition(
      'MOVE_TO_INSPECT',
      'TO_EQUATION',
      false,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 200,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 403,
      }),
      'TO_INSPECT',
    ),
    transition(
      'MOVE_TO_COMPLETE',
      'TO_EQUATION',
      false,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 403,
        CTL_ADMIN: 200,
        CTL_MATHEMATICIAN: 200,
      }),
      'COMPLETE',
    ),
    transition(
      'MOVE_TO_EQUATION',
      'COMPLETE',
      false,
      statuses(403, { CTL_ADMIN: 200, CTL_MATHEMATICIAN: 200 }),
      'TO_EQUATION',
    ),
    transition('DEPRECATE', 'COMPLETE', false, statuses(403, { CTL_ADMIN: 200 }), 'DEPRECATED'),
    transition(
      'DEPRECATE',
      'PENDING',
      true,
      statuses(404, {
        CTL_REPORTER: 403,
        CTL_INSPECTOR: 403,
        CTL_MATHEMATICIAN: 403,
        CTL_ADMIN: 200,
      }),
      'DEPRECATED',
    ),

    // ---- structure: groups, phases, roles, labels (admins only) ---------------------------
    {
      action: 'create a group',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      prepare() {
        const body = bodies.group();
        return shared(
          (api) => api.post(`${base}/groups`, body),
          async () => {
            const rows = await ctx.app.db
              .select()
              .from(catalogGroups)
              .where(
                and(eq(catalogGroups.catalogId, catalogId), eq(catalogGroups.code, body.code)),
              );
            expect(rows).toHaveLength(1);
          },
        );
      },
    },
    {
      action: 'rename a group',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const group = await createGroup(ctx.app.db, { catalogId });
        return shared((api) =>
          api.put(
            `${base}/groups/${group.id}`,
            bodies.group({ code: group.code, name: { en: 'New' } }),
          ),
        );
      },
    },
    {
      action: 'delete a group',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare() {
        const group = await createGroup(ctx.app.db, { catalogId });
        return shared(
          (api) => api.delete(`${base}/groups/${group.id}`),
          async () => {
            const rows = await ctx.app.db
              .select()
              .from(catalogGroups)
              .where(eq(catalogGroups.id, group.id));
            expect(rows).toEqual([]);
          },
        );
      },
    },
    {
      action: 'create a phase',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      prepare: () => shared((api) => api.post(`${base}/phases`, bodies.phase())),
    },
    {
      action: 'update a phase',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const phase = await createPhase(ctx.app.db, { catalogId });
        return shared((api) =>
          api.put(`${base}/phases/${phase.id}`, bodies.phase({ code: phase.code })),
        );
      },
    },
    {
      action: 'delete a phase',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare() {
        const phase = await createPhase(ctx.app.db, { catalogId });
        return shared(
          (api) => api.delete(`${base}/phases/${phase.id}`),
          async () => {
            expect(
              await ctx.app.db.select().from(catalogPhases).where(eq(catalogPhases.id, phase.id)),
            ).toEqual([]);
          },
        );
      },
    },
    {
      action: 'create a role',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      prepare: () => shared((api) => api.post(`${base}/roles`, bodies.role())),
    },
    {
      action: 'update a role',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const role = await createRole(ctx.app.db, { catalogId });
        return shared(
          (api) =>
            api.put(`${base}/roles/${role.id}`, {
              ...bodies.role({ code: role.code, price: '999' }),
              version: 0,
            }),
          async () => {
            const [row] = await ctx.app.db
              .select()
              .from(catalogRoles)
              .where(eq(catalogRoles.id, role.id));
            expect(row).toMatchObject({ price: '999.0000', version: 1 });
          },
        );
      },
    },
    {
      action: 'delete a role',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare() {
        const role = await createRole(ctx.app.db, { catalogId });
        return shared((api) => api.delete(`${base}/roles/${role.id}`));
      },
    },
    {
      action: 'create a label',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      prepare: () => shared((api) => api.post(`${base}/labels`, bodies.label())),
    },
    {
      action: 'update a label',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const label = await createLabel(ctx.app.db, { catalogId });
        return shared((api) =>
          api.put(`${base}/labels/${label.id}`, bodies.label({ title: 'Renamed' })),
        );
      },
    },
    {
      action: 'delete a label',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const label = await createLabel(ctx.app.db, { catalogId });
        return shared(
          (api) => api.delete(`${base}/labels/${label.id}`),
          async () => {
            expect(
              await ctx.app.db.select().from(catalogLabels).where(eq(catalogLabels.id, label.id)),
            ).toEqual([]);
          },
        );
      },
    },

    // ---- members, clients, settings, delete (admins only) ---------------------------------
    {
      action: 'invite a member',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      async prepare() {
        const invitee = await createUser(ctx.app.db);
        return shared(
          (api) => api.post(`${base}/members`, { email: invitee.email, role: 'CTL_READER' }),
          async () => {
            const rows = await ctx.app.db
              .select()
              .from(catalogMembers)
              .where(
                and(
                  eq(catalogMembers.catalogId, catalogId),
                  eq(catalogMembers.email, invitee.email),
                ),
              );
            // A pending invitation: the invitee joins only by accepting it.
            expect(rows).toMatchObject([{ userId: null }]);
          },
        );
      },
    },
    {
      action: "change a member's role",
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare() {
        const member = await addMember(ctx.app.db, catalogId, 'CTL_READER');
        const [row] = await ctx.app.db
          .select()
          .from(catalogMembers)
          .where(
            and(eq(catalogMembers.catalogId, catalogId), eq(catalogMembers.userId, member.id)),
          );
        return shared(
          (api) => api.put(`${base}/members/${row?.id}`, { role: 'CTL_INSPECTOR' }),
          (response) => {
            expect(response.json()).toMatchObject({ role: 'CTL_INSPECTOR' });
          },
        );
      },
    },
    {
      action: 'remove a member',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare() {
        const member = await addMember(ctx.app.db, catalogId, 'CTL_READER');
        const [row] = await ctx.app.db
          .select()
          .from(catalogMembers)
          .where(
            and(eq(catalogMembers.catalogId, catalogId), eq(catalogMembers.userId, member.id)),
          );
        return shared((api) => api.delete(`${base}/members/${row?.id}`));
      },
    },
    {
      action: 'add a client',
      expected: statuses(403, { CTL_ADMIN: 201 }),
      async prepare() {
        const company = await createCompany(ctx.app.db);
        return shared(
          (api) => api.post(`${base}/clients`, { companyId: company.id }),
          async () => {
            const rows = await ctx.app.db
              .select()
              .from(catalogClients)
              .where(eq(catalogClients.companyId, company.id));
            expect(rows).toHaveLength(1);
          },
        );
      },
    },
    {
      action: 'remove a client',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare() {
        const company = await createCompany(ctx.app.db);
        await addClient(ctx.app.db, catalogId, company.id);
        return shared((api) => api.delete(`${base}/clients/${company.id}`));
      },
    },
    {
      action: 'change the catalog settings',
      expected: statuses(403, { CTL_ADMIN: 200 }),
      async prepare(role, user) {
        const id = await ownCatalog(role, user);
        return {
          catalogId: id,
          request: (api) =>
            api.put(`/api/v1/catalogs/${id}`, {
              ...bodies.catalog({ visibility: 'PUBLIC', name: 'Renamed' }),
              version: 0,
            }),
          granted: async () => {
            const [row] = await ctx.app.db.select().from(catalogs).where(eq(catalogs.id, id));
            expect(row).toMatchObject({ name: 'Renamed', version: 1 });
          },
        };
      },
    },
    {
      action: 'delete the catalog',
      expected: statuses(403, { CTL_ADMIN: 204 }),
      async prepare(role, user) {
        const id = await ownCatalog(role, user);
        return {
          catalogId: id,
          request: (api) => api.delete(`/api/v1/catalogs/${id}`),
          granted: async () => {
            const [row] = await ctx.app.db.select().from(catalogs).where(eq(catalogs.id, id));
            expect(row?.deletedAt).toBeInstanceOf(Date);
          },
        };
      },
    },
  ];

  for (const testCase of CASES) {
    describe(testCase.action, () => {
      for (const role of CATALOG_MEMBER_ROLES) {
        const status = testCase.expected[role];
        const verdict = status < 300 ? `may (${status})` : `may not (${status})`;
        it(`${role} ${verdict}`, async () => {
          const prepared = await testCase.prepare(role, users[role]);
          const before = await snapshotCatalog(ctx.app.db, prepared.catalogId);
          const response = await prepared.request(apis[role]);
          expect(response.statusCode, response.body).toBe(status);
          if (status >= 300) {
            const problem = problemOf(response);
            expect(problem.code).toBe(status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
            // A refusal changes nothing at all (rows, events, mails).
            expect(await snapshotCatalog(ctx.app.db, prepared.catalogId)).toEqual(before);
          } else {
            await prepared.granted?.(response);
          }
        });
      }
    });
  }

  it('explains a refusal in the caller’s language', async () => {
    const en = await apis.CTL_READER.post(`${base}/groups`, bodies.group());
    expect(problemOf(en).detail).toBe(
      'Your role in this catalog (Reader) does not allow you to change groups, phases, roles and labels.',
    );
    const cs = await apis.CTL_READER.post(`${base}/groups`, bodies.group(), {
      'accept-language': 'cs',
    });
    expect(problemOf(cs).detail).toBe(
      'Vaše role v tomto katalogu (Čtenář) vám neumožňuje měnit skupiny, fáze, role a štítky.',
    );
    const item = await createItem(ctx.app.db, {
      catalogId,
      state: 'PENDING',
      createdByUserId: author.id,
    });
    const reporter = await apis.CTL_REPORTER.put(`${base}/items/${item.id}`, {
      ...bodies.item({ code: item.code }),
      revision: 0,
    });
    expect(reporter.statusCode).toBe(403);
    expect(problemOf(reporter).detail).toBe(
      'As a Reporter you may change only the items you suggested, and only while they are Pending.',
    );
  });
});
