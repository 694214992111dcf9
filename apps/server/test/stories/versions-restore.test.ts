// Restoring story versions (decision 0042, fourth slice): the live story put back to a version to the cent with its state frozen first, a stale view refused in the caller's language, rights and 404s, and a new story started from a version.
import type {
  Instance,
  Story,
  StoryCalculationDto,
  StoryEvent,
  StoryLabel,
  StoryVersion,
  StoryVersionComparison,
  StoryVersionDetail,
  StoryVersionRestored,
} from '@costory/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, storyInstances } from '../../src/db/schema';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createPublishedItem, storyBodies } from '../helpers/story-factories';
import { createWallCatalog, type WallCatalog } from '../helpers/version-fixtures';

describe('restoring story versions', () => {
  let ctx: TestApp;
  let admin: CreatedUser;
  let adminApi: ApiCaller;
  let catalogId: number;
  let wallId: number;
  let gateId: number;

  let freshStory: WallCatalog['freshStory'];
  let addInstance: WallCatalog['addInstance'];

  beforeAll(async () => {
    ctx = await buildTestApp();
    const fixture = await createWallCatalog(ctx.app, { price: '100' });
    ({ catalogId, admin, adminApi, wallId, freshStory, addInstance } = fixture);
    gateId = (
      await createPublishedItem(ctx.app.db, {
        catalogId,
        code: 'GATE',
        repeatable: true,
        formulas: [{ roleId: fixture.roleId, expression: '2.5' }],
      })
    ).item.id;
  });
  afterAll(() => ctx.close());

  async function addLabel(base: string, title: string, color: string): Promise<StoryLabel> {
    return expectStatus<StoryLabel>(
      await adminApi.post(`${base}/labels`, storyBodies.label({ title, color })),
      201,
    );
  }

  async function freeze(base: string, name: string): Promise<StoryVersion> {
    return expectStatus<StoryVersion>(await adminApi.post(`${base}/versions`, { name }), 201);
  }

  async function contentVersion(api: ApiCaller, base: string): Promise<number> {
    return expectStatus<Story>(await api.get(base), 200).contentVersion;
  }

  async function calculation(base: string): Promise<StoryCalculationDto> {
    return expectStatus<StoryCalculationDto>(await adminApi.get(`${base}/calculation`), 200);
  }

  /** A story frozen as "Quote 1" (1000.00 main, 500.00 optional, a label), then changed. */
  async function changedStory() {
    const { storyId, base } = await freshStory();
    const label = await addLabel(base, 'Ground floor', '#00aa55');
    // 100 x 0.1 = 10 MD x 100 = 1000.00; the optional one 5 MD = 500.00.
    const wall = await addInstance(base, wallId, {
      name: 'Hall',
      description: 'North side',
      values: { area: 100 },
      labelIds: [label.id],
    });
    const optional = await addInstance(base, wallId, { optional: true, values: { area: 50 } });
    const version = await freeze(base, 'Quote 1');
    const frozen = expectStatus<StoryVersionDetail>(
      await adminApi.get(`${base}/versions/${version.id}`),
      200,
    );
    // Since: the hall is edited (120 m², renamed, no label), the optional one deleted, the label
    // deleted, a gate added with a label of its own.
    const { itemId: _itemId, ...edit } = storyBodies.instance(wallId, {
      name: 'Big hall',
      values: { area: 120 },
    });
    expectStatus(
      await adminApi.put(`${base}/instances/${wall.id}`, { ...edit, revision: wall.revision }),
      200,
    );
    expectStatus(await adminApi.delete(`${base}/instances/${optional.id}`), 204);
    expectStatus(await adminApi.delete(`${base}/labels/${label.id}`), 200);
    const extra = await addLabel(base, 'Outside', '#aa0000');
    const gate = await addInstance(base, gateId, { labelIds: [extra.id] });
    return { storyId, base, label, wall, optional, gate, version, frozen };
  }

  it('counts a new revision for an instance whose labels alone changed, none for one alike', async () => {
    const { base } = await freshStory();
    const label = await addLabel(base, 'Roof', '#0055aa');
    const labelled = await addInstance(base, wallId, {
      values: { area: 10 },
      labelIds: [label.id],
    });
    const alike = await addInstance(base, wallId, { values: { area: 20 } });
    const version = await freeze(base, 'Labelled');
    const { itemId: _itemId, ...unlabelled } = storyBodies.instance(wallId, {
      values: { area: 10 },
    });
    expectStatus(
      await adminApi.put(`${base}/instances/${labelled.id}`, {
        ...unlabelled,
        revision: labelled.revision,
      }),
      200,
    );
    expectStatus(
      await adminApi.post(`${base}/versions/${version.id}/restore`, {
        contentVersion: await contentVersion(adminApi, base),
      }),
      200,
    );
    const relabelled = expectStatus<Instance>(
      await adminApi.get(`${base}/instances/${labelled.id}`),
      200,
    );
    expect(relabelled).toMatchObject({ labelIds: [label.id], revision: labelled.revision + 2 });
    // A stale editor of the labelled instance is told of the restore, not overwriting it.
    expect(
      problemOf(
        await adminApi.put(`${base}/instances/${labelled.id}`, {
          ...unlabelled,
          revision: labelled.revision + 1,
        }),
      ).status,
    ).toBe(409);
    expect(
      expectStatus<Instance>(await adminApi.get(`${base}/instances/${alike.id}`), 200).revision,
    ).toBe(alike.revision);
  });

  it('puts the story back to the version to the cent, its state frozen first', async () => {
    const { base, label, wall, optional, version, frozen } = await changedStory();
    const before = await calculation(base);
    // 12 MD for the hall and 2.5 for the gate.
    expect(before.total).toEqual({ price: '1450.00', mandays: 14.5 });

    const restored = expectStatus<StoryVersionRestored>(
      await adminApi.post(`${base}/versions/${version.id}/restore`, {
        contentVersion: await contentVersion(adminApi, base),
      }),
      200,
    );
    expect(restored.keptAs).toMatchObject({
      name: 'Before restoring “Quote 1”',
      note: 'Frozen automatically before version “Quote 1” was restored into the story.',
      total: before.total,
      optional: before.optional,
      instanceCount: 2,
      createdBy: { id: admin.id },
    });
    expect(restored.retiredItems).toEqual([]);
    // The automatic version holds the state before the restore, summary for summary.
    const kept = expectStatus<StoryVersionDetail>(
      await adminApi.get(`${base}/versions/${restored.keptAs.id}`),
      200,
    );
    expect(kept.calculation).toEqual(before);
    expect(kept.legend.labels.map((entry) => entry.title)).toEqual(['Outside']);

    // The live story is the version again: the same answer, instance and label ids included.
    const after = await calculation(base);
    expect(after).toEqual(frozen.calculation);
    expect(after.total).toEqual({ price: '1000.00', mandays: 10 });
    const story = expectStatus<Story>(await adminApi.get(base), 200);
    expect(story).toMatchObject({ price: '1000.00', estimatedMandays: 10, instanceCount: 2 });
    const labels = expectStatus<StoryLabel[]>(await adminApi.get(`${base}/labels`), 200);
    expect(labels).toEqual([
      expect.objectContaining({ id: label.id, title: 'Ground floor', color: '#00aa55' }),
    ]);
    const hall = expectStatus<Instance>(await adminApi.get(`${base}/instances/${wall.id}`), 200);
    expect(hall).toMatchObject({
      name: 'Hall',
      description: 'North side',
      values: { area: 100 },
      labelIds: [label.id],
      price: '1000.00',
      revision: wall.revision + 2,
    });
    const back = expectStatus<Instance>(
      await adminApi.get(`${base}/instances/${optional.id}`),
      200,
    );
    expect(back).toMatchObject({ optional: true, values: { area: 50 }, price: '500.00' });
    // Nothing is left to tell the version and the live story apart.
    const comparison = expectStatus<StoryVersionComparison>(
      await adminApi.get(`${base}/versions/compare?from=${version.id}&to=live`),
      200,
    );
    expect(comparison.instances).toEqual({ added: [], removed: [], changed: [] });
    expect(comparison.total.difference).toEqual({ price: '0.00', mandays: 0 });

    // Recorded: the automatic freeze, then the restore.
    const events = expectStatus<{ items: StoryEvent[] }>(
      await adminApi.get(`${base}/events`),
      200,
    ).items;
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'VERSION_RESTORED',
        user: { id: admin.id, name: 'Ada Admin' },
        changes: [
          { field: 'name', old: null, new: 'Quote 1' },
          { field: 'keptAs', old: null, new: 'Before restoring “Quote 1”' },
        ],
      }),
      expect.objectContaining({
        type: 'VERSION_FROZEN',
        changes: expect.arrayContaining([
          { field: 'name', old: null, new: 'Before restoring “Quote 1”' },
        ]) as unknown,
      }),
    ]);

    // Restoring again keeps the state under a name of its own, in the caller's language.
    const again = expectStatus<StoryVersionRestored>(
      await adminApi.post(
        `${base}/versions/${version.id}/restore`,
        { contentVersion: await contentVersion(adminApi, base) },
        { 'accept-language': 'cs' },
      ),
      200,
    );
    expect(again.keptAs.name).toBe('Před obnovením verze „Quote 1“');
    const third = expectStatus<StoryVersionRestored>(
      await adminApi.post(`${base}/versions/${version.id}/restore`, {
        contentVersion: await contentVersion(adminApi, base),
      }),
      200,
    );
    expect(third.keptAs.name).toBe('Before restoring “Quote 1” (2)');
    // Nothing differed for the hall in those two: an editor holding it saves without a conflict.
    expect(
      expectStatus<Instance>(await adminApi.get(`${base}/instances/${wall.id}`), 200).revision,
    ).toBe(wall.revision + 2);
    expect(await calculation(base)).toEqual(frozen.calculation);
  });

  it('refuses a stale view of the story with the way forward, in English and Czech', async () => {
    const { base, version } = await changedStory();
    const seen = await contentVersion(adminApi, base);
    await addInstance(base, gateId);
    const before = await calculation(base);
    const versions = expectStatus<StoryVersion[]>(await adminApi.get(`${base}/versions`), 200);

    const url = `${base}/versions/${version.id}/restore`;
    const english = problemOf(await adminApi.post(url, { contentVersion: seen }));
    expect(english).toMatchObject({
      status: 409,
      code: 'STORY_CHANGED_SINCE',
      detail:
        'The story changed since you opened it. Compare it with the version again and restore once more.',
    });
    const czech = problemOf(
      await adminApi.post(url, { contentVersion: seen }, { 'accept-language': 'cs' }),
    );
    expect(czech).toMatchObject({
      status: 409,
      code: 'STORY_CHANGED_SINCE',
      detail:
        'Příběh se od chvíle, kdy jste jej otevřeli, změnil. Porovnejte jej s verzí znovu a obnovte ji ještě jednou.',
    });
    // Nothing changed: no automatic version, the same figures.
    expect(expectStatus(await adminApi.get(`${base}/versions`), 200)).toEqual(versions);
    expect(await calculation(base)).toEqual(before);
    // A missing marker is a field error.
    expect(problemOf(await adminApi.post(url, {}))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers 404 for a version of another story, a missing one and a non-member', async () => {
    const { base, version } = await changedStory();
    const other = await changedStory();
    const marker = { contentVersion: await contentVersion(adminApi, base) };
    for (const path of [
      `${base}/versions/${other.version.id}`,
      `${base}/versions/${version.id + other.version.id + 1000}`,
    ]) {
      expect(problemOf(await adminApi.post(`${path}/restore`, marker)).status).toBe(404);
      expect(problemOf(await adminApi.post(`${path}/copy`, { name: 'Lost' })).status).toBe(404);
    }
    const stranger = await apiAs(
      ctx.app,
      (await createUser(ctx.app.db, { companyId: admin.companyId })).id,
    );
    const url = `${base}/versions/${version.id}`;
    expect(problemOf(await stranger.post(`${url}/restore`, marker)).status).toBe(404);
    expect(problemOf(await stranger.post(`${url}/copy`, { name: 'Stolen' })).status).toBe(404);
  });

  it('lets only admins and modelers restore; a colleague of any role may start a story', async () => {
    const { storyId, base, version } = await changedStory();
    const url = `${base}/versions/${version.id}`;
    for (const role of ['ICT_VERIFIER', 'ICT_CUSTOMER'] as const) {
      const member = await addStoryMember(
        ctx.app.db,
        storyId,
        role,
        await createUser(ctx.app.db, { companyId: admin.companyId }),
      );
      const api = await apiAs(ctx.app, member.id);
      const problem = problemOf(
        await api.post(`${url}/restore`, { contentVersion: await contentVersion(api, base) }),
      );
      expect(problem).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(problem.detail).toMatch(/does not allow you to restore versions into this story/);
      // Copying a story is open to every member of the owner company (decision 0031).
      const copy = expectStatus<Story>(
        await api.post(`${url}/copy`, { name: `From the version, ${role}` }),
        201,
      );
      expect(copy.myRole).toBe('ICT_ADMIN');
    }
    const modeler = await addStoryMember(ctx.app.db, storyId, 'ICT_MODELER');
    const modelerApi = await apiAs(ctx.app, modeler.id);
    expectStatus(
      await modelerApi.post(`${url}/restore`, {
        contentVersion: await contentVersion(modelerApi, base),
      }),
      200,
    );
    // A customer of another company may not copy the story, as for copying a story.
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    const customerApi = await apiAs(ctx.app, customer.id);
    expect(problemOf(await customerApi.post(`${url}/copy`, { name: 'Elsewhere' }))).toMatchObject({
      status: 403,
      detail: 'Only users of the company that owns this story can copy it.',
    });
  });

  it('restores instances of items retired since and names them; an item gone is 409', async () => {
    const db = ctx.app.db;
    const { base } = await freshStory();
    const item = await createPublishedItem(db, {
      catalogId,
      code: 'OLD',
      repeatable: true,
      formulas: [],
    });
    const old = await addInstance(base, item.item.id);
    const version = await freeze(base, 'With the old item');
    expectStatus(await adminApi.delete(`${base}/instances/${old.id}`), 204);
    await db
      .update(catalogItems)
      .set({ deprecatedAt: new Date() })
      .where(eq(catalogItems.id, item.item.id));
    const restored = expectStatus<StoryVersionRestored>(
      await adminApi.post(`${base}/versions/${version.id}/restore`, {
        contentVersion: await contentVersion(adminApi, base),
      }),
      200,
    );
    expect(restored.retiredItems).toEqual([
      { id: item.item.id, code: 'OLD', name: item.item.name },
    ]);
    expect(
      expectStatus<Instance>(await adminApi.get(`${base}/instances/${old.id}`), 200).item,
    ).toMatchObject({ code: 'OLD', deprecated: true });

    // The schema never removes an item instances used; a hand-made deletion is named.
    await db.delete(storyInstances).where(eq(storyInstances.itemId, item.item.id));
    await db.delete(catalogItems).where(eq(catalogItems.id, item.item.id));
    const problem = problemOf(
      await adminApi.post(`${base}/versions/${version.id}/restore`, {
        contentVersion: await contentVersion(adminApi, base),
      }),
    );
    expect(problem).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(problem.detail).toBe(
      'The version has instances of items that are no longer in the catalog: OLD.',
    );
  });

  it('starts a new story from a version whose summary is the version’s', async () => {
    const { storyId, base, version, frozen } = await changedStory();
    const copy = expectStatus<Story>(
      await adminApi.post(`${base}/versions/${version.id}/copy`, { name: '  Quote 1 again ' }),
      201,
    );
    expect(copy).toMatchObject({
      name: 'Quote 1 again',
      status: 'DRAFT',
      myRole: 'ICT_ADMIN',
      price: '1000.00',
      estimatedMandays: 10,
      instanceCount: 2,
      catalog: { id: catalogId },
    });
    expect(copy.id).not.toBe(storyId);
    const copyBase = `/api/v1/stories/${copy.id}`;
    const summary = await calculation(copyBase);
    expect(summary.total).toEqual(frozen.calculation.total);
    expect(summary.optional).toEqual(frozen.calculation.optional);
    expect(summary.byRole).toEqual(frozen.calculation.byRole);
    expect(summary.byPhase).toEqual(frozen.calculation.byPhase);
    expect(summary.byGroup).toEqual(frozen.calculation.byGroup);
    expect(summary.byLabel.map(({ price, mandays }) => ({ price, mandays }))).toEqual(
      frozen.calculation.byLabel.map(({ price, mandays }) => ({ price, mandays })),
    );
    const labels = expectStatus<StoryLabel[]>(await adminApi.get(`${copyBase}/labels`), 200);
    expect(labels.map(({ title, color }) => ({ title, color }))).toEqual([
      { title: 'Ground floor', color: '#00aa55' },
    ]);
    const events = expectStatus<{ items: StoryEvent[] }>(
      await adminApi.get(`${copyBase}/events`),
      200,
    ).items;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'STORY_COPIED',
        changes: expect.arrayContaining([
          { field: 'version', old: null, new: 'Quote 1' },
        ]) as unknown,
      }),
    ]);
    // The live story is left as it was.
    expect((await calculation(base)).total).toEqual({ price: '1450.00', mandays: 14.5 });
    // The company-wide name rule of a new story.
    expect(
      problemOf(
        await adminApi.post(`${base}/versions/${version.id}/copy`, { name: 'quote 1 AGAIN' }),
      ),
    ).toMatchObject({ status: 409, code: 'STORY_NAME_TAKEN' });
  });
});
