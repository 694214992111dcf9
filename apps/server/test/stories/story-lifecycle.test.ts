// Story lifecycle and copy over the API (decision 0031): status transitions per role, who and when, the STATUS_CHANGED event, the list's status filter, and copying a story with and without lineups and members.
import type { Story, StoryMemberRole, StoryStatus } from '@costory/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lineupRolePrices,
  storyEvents,
  storyInstanceLabels,
  storyInstances,
  storyLabels,
  storyLineups,
  storyMembers,
} from '../../src/db/schema';
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

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describe('story lifecycle and copy', () => {
  let ctx: TestApp;
  let owner: CreatedUser;
  let ownerApi: ApiCaller;
  let catalogId: number;
  let roleId: number;
  let itemId: number;
  const partners = { supplier: 0, subscriber: 0 };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    catalogId = (await createCatalog(db, { visibility: 'PUBLIC' })).catalog.id;
    roleId = (await createRole(db, { catalogId, code: 'DEV', price: '100' })).id;
    itemId = (
      await createPublishedItem(db, {
        catalogId,
        repeatable: true,
        attributes: [{ level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' }],
        formulas: [{ roleId, expression: 'area * 0.5' }],
      })
    ).item.id;
    owner = await createUser(db, { firstName: 'Olga', lastName: 'Owner' });
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

  async function freshStory(name?: string) {
    const { story } = await createStory(ctx.app.db, {
      catalogId,
      admin: owner,
      ...(name === undefined ? {} : { name }),
    });
    return { story, base: `/api/v1/stories/${story.id}` };
  }

  async function member(storyId: number, role: StoryMemberRole, firstName = 'Member') {
    const user = await createUser(ctx.app.db, { firstName, lastName: role });
    await addStoryMember(ctx.app.db, storyId, role, user);
    return { user, api: await apiAs(ctx.app, user.id) };
  }

  async function read(base: string): Promise<Story> {
    return expectStatus<Story>(await ownerApi.get(base), 200);
  }

  async function setStatus(api: ApiCaller, base: string, status: StoryStatus) {
    const { version } = await read(base);
    return api.put(`${base}/status`, { status, version });
  }

  describe('status', () => {
    it('starts as DRAFT, set by the creator when the story was created', async () => {
      const created = expectStatus<Story>(
        await ownerApi.post('/api/v1/stories', storyBodies.story(catalogId)),
        201,
      );
      expect(created.status).toBe('DRAFT');
      expect(created.statusChangedBy).toEqual({ id: owner.id, name: 'Olga Owner' });
      expect(created.statusChangedAt).toBe(created.createdAt);
    });

    it('lets admins and modelers set any status, with who and when, and records STATUS_CHANGED', async () => {
      const { story, base } = await freshStory();
      const modeler = await member(story.id, 'ICT_MODELER', 'Mona');
      const before = Date.now();
      const sent = expectStatus<Story>(await setStatus(modeler.api, base, 'SENT'), 200);
      expect(sent.status).toBe('SENT');
      expect(sent.statusChangedBy).toEqual({ id: modeler.user.id, name: 'Mona ICT_MODELER' });
      expect(Date.parse(sent.statusChangedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(sent.version).toBe(story.version + 1);
      for (const status of ['ARCHIVED', 'ACCEPTED', 'DRAFT'] as const) {
        const changed = expectStatus<Story>(await setStatus(ownerApi, base, status), 200);
        expect(changed.status).toBe(status);
        expect(changed.statusChangedBy?.id).toBe(owner.id);
      }
      const events = await ctx.app.db
        .select()
        .from(storyEvents)
        .where(eq(storyEvents.storyId, story.id))
        .orderBy(asc(storyEvents.id));
      expect(
        events.filter((event) => event.type === 'STATUS_CHANGED').map((event) => event.changes),
      ).toEqual([
        [{ field: 'status', old: 'DRAFT', new: 'SENT' }],
        [{ field: 'status', old: 'SENT', new: 'ARCHIVED' }],
        [{ field: 'status', old: 'ARCHIVED', new: 'ACCEPTED' }],
        [{ field: 'status', old: 'ACCEPTED', new: 'DRAFT' }],
      ]);
      // The story's events list shows them too, in order, newest first.
      const listed = expectStatus<Page<{ type: string }>>(
        await ownerApi.get(`${base}/events`),
        200,
      );
      expect(listed.items[0]?.type).toBe('STATUS_CHANGED');
    });

    it('lets a customer only accept or reject a sent story', async () => {
      const { story, base } = await freshStory();
      const customer = await member(story.id, 'ICT_CUSTOMER');
      // Not sent yet: no answer is possible.
      const early = problemOf(await setStatus(customer.api, base, 'ACCEPTED'));
      expect(early).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(early.detail).toMatch(/only accepting or rejecting/);
      expectStatus(await setStatus(ownerApi, base, 'SENT'), 200);
      for (const status of ['ARCHIVED', 'DRAFT'] as const) {
        expect(problemOf(await setStatus(customer.api, base, status)).status).toBe(403);
      }
      expect((await read(base)).status).toBe('SENT');
      const rejected = expectStatus<Story>(await setStatus(customer.api, base, 'REJECTED'), 200);
      expect(rejected.status).toBe('REJECTED');
      expect(rejected.statusChangedBy?.id).toBe(customer.user.id);
      // Rejected: the answer is given, the customer cannot change it.
      expect(problemOf(await setStatus(customer.api, base, 'ACCEPTED')).status).toBe(403);
      expectStatus(await setStatus(ownerApi, base, 'SENT'), 200);
      expect(expectStatus<Story>(await setStatus(customer.api, base, 'ACCEPTED'), 200).status).toBe(
        'ACCEPTED',
      );
    });

    it('refuses verifiers and readers (403, in Czech too) and answers 404 to non-members', async () => {
      const { story, base } = await freshStory();
      for (const role of ['ICT_VERIFIER', 'CTL_READER'] as const) {
        const { api } = await member(story.id, role);
        const problem = problemOf(await setStatus(api, base, 'SENT'));
        expect(problem).toMatchObject({ status: 403, code: 'FORBIDDEN' });
        expect(problem.detail).toMatch(/change the status of this story/);
      }
      const { api: reader } = await member(story.id, 'CTL_READER');
      const czech = problemOf(
        await reader.put(
          `${base}/status`,
          { status: 'SENT', version: story.version },
          { 'accept-language': 'cs' },
        ),
      );
      expect(czech.detail).toBe(
        'Vaše role v tomto příběhu (Čtenář) vám neumožňuje měnit stav tohoto příběhu.',
      );
      for (const stranger of [
        await createUser(ctx.app.db, { companyId: owner.companyId }),
        await createUser(ctx.app.db),
      ]) {
        const api = await apiAs(ctx.app, stranger.id);
        expect(problemOf(await setStatus(api, base, 'SENT')).status).toBe(404);
      }
      expect((await read(base)).status).toBe('DRAFT');
    });

    it('answers 409 to a stale version and 400 to an unknown status, changing nothing', async () => {
      const { story, base } = await freshStory();
      expectStatus(await setStatus(ownerApi, base, 'SENT'), 200);
      const stale = problemOf(
        await ownerApi.put(`${base}/status`, { status: 'ARCHIVED', version: story.version }),
      );
      expect(stale).toMatchObject({ status: 409, code: 'CONFLICT' });
      const bad = problemOf(
        await ownerApi.put(`${base}/status`, { status: 'LOST', version: story.version + 1 }),
      );
      expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect((await read(base)).status).toBe('SENT');
    });
  });

  describe('list by status', () => {
    it('leaves archived stories out by default, lists them by status=ARCHIVED, and a search finds them', async () => {
      const user = await createUser(ctx.app.db);
      const api = await apiAs(ctx.app, user.id);
      const ids: Record<string, number> = {};
      for (const [name, status] of [
        ['Harbour draft', 'DRAFT'],
        ['Harbour sent', 'SENT'],
        ['Harbour archive', 'ARCHIVED'],
      ] as const) {
        const { story } = await createStory(ctx.app.db, { catalogId, admin: user, name });
        ids[status] = story.id;
        if (status !== 'DRAFT') {
          expectStatus(
            await api.put(`/api/v1/stories/${story.id}/status`, { status, version: 0 }),
            200,
          );
        }
      }
      const names = async (query: string) =>
        expectStatus<Page<Story>>(await api.get(`/api/v1/stories${query}`), 200)
          .items.map((story) => `${story.name}:${story.status}`)
          .sort();
      expect(await names('')).toEqual(['Harbour draft:DRAFT', 'Harbour sent:SENT']);
      expect(await names('?status=ARCHIVED')).toEqual(['Harbour archive:ARCHIVED']);
      expect(await names('?status=SENT')).toEqual(['Harbour sent:SENT']);
      expect(await names('?q=archive')).toEqual(['Harbour archive:ARCHIVED']);
      expect(await names('?q=harbour')).toHaveLength(3);
      expect(await names('?q=harbour&status=DRAFT')).toEqual(['Harbour draft:DRAFT']);
      const bad = problemOf(await api.get('/api/v1/stories?status=archived'));
      expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(bad.errors?.[0]?.field).toBe('status');
    });
  });

  describe('copy', () => {
    /** A story with two labels, two instances (one labelled), a lineup with a custom price, a modeler and a customer. */
    async function richStory() {
      const { story, base } = await freshStory();
      await ownerApi.put(base, { name: story.name, description: 'Two floors', version: 0 });
      const first = await createStoryLabel(ctx.app.db, story.id, { title: 'Phase one' });
      await createStoryLabel(ctx.app.db, story.id, { title: 'Phase two' });
      expectStatus(
        await ownerApi.post(
          `${base}/instances`,
          storyBodies.instance(itemId, {
            name: 'Ground floor',
            values: { area: 40 },
            labelIds: [first.id],
          }),
        ),
        201,
      );
      expectStatus(
        await ownerApi.post(
          `${base}/instances`,
          storyBodies.instance(itemId, { name: 'Roof', optional: true, values: { area: 10 } }),
        ),
        201,
      );
      const modeler = await member(story.id, 'ICT_MODELER');
      const customer = await member(story.id, 'ICT_CUSTOMER');
      expectStatus(
        await ownerApi.post(`${base}/lineups`, {
          name: 'Quote A',
          supplierId: partners.supplier,
          subscriberId: partners.subscriber,
          customPrices: [{ roleId, price: '80' }],
          sharedWith: [customer.user.id],
        }),
        201,
      );
      expectStatus(await setStatus(ownerApi, base, 'SENT'), 200);
      return { story, base, modeler, customer };
    }

    async function contentsOf(storyId: number) {
      const db = ctx.app.db;
      const labels = await db
        .select()
        .from(storyLabels)
        .where(eq(storyLabels.storyId, storyId))
        .orderBy(asc(storyLabels.id));
      const instances = await db
        .select()
        .from(storyInstances)
        .where(eq(storyInstances.storyId, storyId))
        .orderBy(asc(storyInstances.id));
      const instanceLabels = [];
      for (const instance of instances) {
        const links = await db
          .select()
          .from(storyInstanceLabels)
          .where(eq(storyInstanceLabels.instanceId, instance.id));
        instanceLabels.push(
          links.map((link) => labels.find((label) => label.id === link.labelId)?.title),
        );
      }
      const lineups = await db
        .select()
        .from(storyLineups)
        .where(eq(storyLineups.storyId, storyId))
        .orderBy(asc(storyLineups.id));
      const prices = [];
      for (const lineup of lineups) {
        prices.push(
          ...(await db
            .select({ roleId: lineupRolePrices.roleId, price: lineupRolePrices.price })
            .from(lineupRolePrices)
            .where(eq(lineupRolePrices.lineupId, lineup.id))),
        );
      }
      const members = await db
        .select({ userId: storyMembers.userId, role: storyMembers.role })
        .from(storyMembers)
        .where(eq(storyMembers.storyId, storyId))
        .orderBy(asc(storyMembers.id));
      return {
        labels: labels.map((label) => [label.title, label.color]),
        instances: instances.map((instance) => ({
          itemId: instance.itemId,
          name: instance.name,
          optional: instance.optional,
          level: instance.level,
          values: instance.values,
          price: instance.price,
        })),
        instanceLabels,
        lineups: lineups.map((lineup) => [lineup.name, lineup.supplierId, lineup.subscriberId]),
        prices,
        members,
      };
    }

    it('copies description, labels and instances (values, levels, labels) as a DRAFT with the copier as admin, and nothing else unless asked', async () => {
      const { story, base } = await richStory();
      const source = await contentsOf(story.id);
      const copy = expectStatus<Story>(
        await ownerApi.post(`${base}/copies`, {
          name: 'Variant B',
          includeLineups: false,
          includeMembers: false,
        }),
        201,
      );
      expect(copy).toMatchObject({
        name: 'Variant B',
        description: 'Two floors',
        status: 'DRAFT',
        myRole: 'ICT_ADMIN',
        instanceCount: 2,
        catalog: { id: catalogId },
        ownerCompany: { id: owner.companyId },
      });
      expect(copy.price).toBe((await read(base)).price);
      const copied = await contentsOf(copy.id);
      expect(copied.labels).toEqual(source.labels);
      expect(copied.instances).toEqual(source.instances);
      expect(copied.instanceLabels).toEqual([['Phase one'], []]);
      expect(copied.lineups).toEqual([]);
      expect(copied.members).toEqual([{ userId: owner.id, role: 'ICT_ADMIN' }]);
      const events = expectStatus<Page<{ type: string; changes: unknown[] }>>(
        await ownerApi.get(`/api/v1/stories/${copy.id}/events`),
        200,
      );
      expect(events.items.map((event) => event.type)).toEqual(['STORY_COPIED']);
      expect(events.items[0]?.changes).toContainEqual({
        field: 'copiedFrom',
        old: null,
        new: story.name,
      });
      // The source is unchanged.
      expect(await contentsOf(story.id)).toEqual(source);
    });

    it('copies lineups with their custom prices and the members with their roles when asked', async () => {
      const { story, base, modeler, customer } = await richStory();
      const source = await contentsOf(story.id);
      const copy = expectStatus<Story>(
        await ownerApi.post(`${base}/copies`, {
          name: 'Variant C',
          includeLineups: true,
          includeMembers: true,
        }),
        201,
      );
      const copied = await contentsOf(copy.id);
      expect(copied.lineups).toEqual(source.lineups);
      expect(copied.prices).toEqual([{ roleId, price: '80.0000' }]);
      expect(copied.members).toEqual([
        { userId: owner.id, role: 'ICT_ADMIN' },
        { userId: modeler.user.id, role: 'ICT_MODELER' },
        { userId: customer.user.id, role: 'ICT_CUSTOMER' },
      ]);
      // The customer still reads the lineup shared with them in the copy.
      const shared = expectStatus<{ name: string }[]>(
        await customer.api.get(`/api/v1/stories/${copy.id}/lineups`),
        200,
      );
      expect(shared.map((lineup) => lineup.name)).toEqual(['Quote A']);
    });

    it('makes the copier (a modeler of the owner company) the admin of the copy', async () => {
      const { story, base } = await freshStory();
      const colleague = await createUser(ctx.app.db, { companyId: owner.companyId });
      await addStoryMember(ctx.app.db, story.id, 'ICT_MODELER', colleague);
      const api = await apiAs(ctx.app, colleague.id);
      const copy = expectStatus<Story>(
        await api.post(`${base}/copies`, { name: 'Modeler variant', includeLineups: true }),
        201,
      );
      expect(copy.myRole).toBe('ICT_ADMIN');
      expect((await contentsOf(copy.id)).members).toEqual([
        { userId: colleague.id, role: 'ICT_ADMIN' },
      ]);
      // Members only with the right to manage them.
      const members = problemOf(
        await api.post(`${base}/copies`, { name: 'With members', includeMembers: true }),
      );
      expect(members).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    });

    it('refuses a name the company uses with the spec’s message', async () => {
      const { base } = await freshStory();
      const { story: other } = await freshStory();
      for (const [locale, message] of [
        ['en', 'Some story is already using this name'],
        ['cs', undefined],
      ] as const) {
        const problem = problemOf(
          await ownerApi.post(
            `${base}/copies`,
            { name: other.name.toUpperCase() },
            { 'accept-language': locale },
          ),
        );
        expect(problem).toMatchObject({ status: 409, code: 'STORY_NAME_TAKEN' });
        expect(problem.errors?.[0]?.field).toBe('name');
        if (message !== undefined) expect(problem.errors?.[0]?.message).toBe(message);
        else expect(problem.errors?.[0]?.message).not.toBe('Some story is already using this name');
      }
      const empty = problemOf(await ownerApi.post(`${base}/copies`, { name: '  ' }));
      expect(empty.status).toBe(400);
    });

    it('refuses members of another company (403), customers’ lineups (403) and non-members (404)', async () => {
      const { story, base, customer } = await richStory();
      // The customer belongs to another company: the story is not theirs to copy.
      const foreign = problemOf(await customer.api.post(`${base}/copies`, { name: 'Mine' }));
      expect(foreign).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(foreign.detail).toMatch(/company that owns this story/);
      const colleagueCustomer = await createUser(ctx.app.db, { companyId: owner.companyId });
      await addStoryMember(ctx.app.db, story.id, 'ICT_CUSTOMER', colleagueCustomer);
      const colleagueApi = await apiAs(ctx.app, colleagueCustomer.id);
      expect(
        problemOf(
          await colleagueApi.post(`${base}/copies`, { name: 'Priced', includeLineups: true }),
        ).status,
      ).toBe(403);
      for (const stranger of [
        await createUser(ctx.app.db, { companyId: owner.companyId }),
        await createUser(ctx.app.db),
      ]) {
        const api = await apiAs(ctx.app, stranger.id);
        expect(problemOf(await api.post(`${base}/copies`, { name: 'Stolen' })).status).toBe(404);
      }
      const list = expectStatus<Page<Story>>(await ownerApi.get('/api/v1/stories?q=stolen'), 200);
      expect(list.items).toEqual([]);
    });
  });
});
