// Data generator of the story benchmarks: on the demo catalog, one story with N instances (values by attribute type,
// levels, optional ones, labels) and M small stories for the list, inserted directly, then calculated once.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';
import {
  catalogItems,
  catalogs,
  itemVersions,
  stories,
  storyFavourites,
  storyInstanceLabels,
  storyInstances,
  storyLabels,
  storyMembers,
  users,
  type PublishedAttribute,
  type StoredInstanceValue,
} from '../apps/server/src/db/schema';
import { DEMO_USER_EMAIL } from '../apps/server/src/db/seed';
import { DEMO_CATALOG_CODE } from '../apps/server/src/db/seed-catalog';
import { foldForSearch } from '../apps/server/src/lib/search';
import { recalculateStory } from '../apps/server/src/modules/stories/calculation/recalculate';

/** A deterministic generator (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}

function valueOf(attribute: PublishedAttribute, next: () => number): StoredInstanceValue {
  switch (attribute.type) {
    case 'NUMBER':
      return Math.round(next() * 4000) / 100;
    case 'INTEGER':
      return 1 + Math.floor(next() * 20);
    case 'BOOLEAN':
      return next() < 0.5;
    case 'ENUM':
      return attribute.enumValues[Math.floor(next() * attribute.enumValues.length)]?.code ?? null;
    case 'TEXT':
      return `note ${Math.floor(next() * 1000)}`;
  }
}

export interface GeneratedStories {
  userId: number;
  bigStoryId: number;
  /** An instance of the big story with a NUMBER or INTEGER attribute on level 1, for the edit scenario. */
  editable: {
    instanceId: number;
    instanceName: string;
    itemId: number;
    attribute: string;
    attributeName: string;
  };
  instanceCount: number;
  storyCount: number;
  /** The stories besides the big one (no instances yet), for write scenarios. */
  smallStoryIds: number[];
  /** A published repeatable item, so that a story can take any number of its instances. */
  repeatableItemId: number;
}

export async function generateStories(
  db: Db,
  options: { instances: number; stories: number },
): Promise<GeneratedStories> {
  const next = random(20_261_124);
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_USER_EMAIL));
  const [catalog] = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(eq(catalogs.code, DEMO_CATALOG_CODE));
  if (!user || !catalog) throw new Error('the demo data is missing: seed it first');

  const published = await db
    .selectDistinctOn([itemVersions.itemId], {
      itemId: itemVersions.itemId,
      attributes: itemVersions.attributes,
      name: catalogItems.name,
      code: catalogItems.code,
      repeatable: catalogItems.repeatable,
    })
    .from(itemVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, itemVersions.itemId))
    .where(and(eq(catalogItems.catalogId, catalog.id), eq(catalogItems.state, 'COMPLETE')))
    .orderBy(itemVersions.itemId, desc(itemVersions.version));
  if (published.length === 0) throw new Error('the demo catalog has no published items');
  const repeatable = published.find((item) => item.repeatable);
  if (!repeatable) throw new Error('the demo catalog has no published repeatable item');

  const storyRows = Array.from({ length: options.stories }, (_, index) => {
    const name =
      index === 0 ? 'Bench: the big story' : `Bench story ${String(index).padStart(4, '0')}`;
    return {
      companyId: user.companyId,
      catalogId: catalog.id,
      name,
      description: 'Generated for the story benchmarks.',
      createdByUserId: user.id,
      searchText: foldForSearch(name),
      lastActivityAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300 * 86_400_000)),
    };
  });
  const storyIds: number[] = [];
  await inBatches(storyRows, 500, async (batch) => {
    const inserted = await db.insert(stories).values(batch).returning({ id: stories.id });
    storyIds.push(...inserted.map((row) => row.id));
  });
  const bigStoryId = storyIds[0];
  if (bigStoryId === undefined) throw new Error('no story was generated');
  await inBatches(storyIds, 1000, (batch) =>
    db
      .insert(storyMembers)
      .values(batch.map((storyId) => ({ storyId, userId: user.id, role: 'ICT_ADMIN' as const }))),
  );
  await db
    .insert(storyFavourites)
    .values(
      storyIds
        .filter((_, index) => index % 10 === 0)
        .map((storyId) => ({ storyId, userId: user.id })),
    );

  const labelIds = (
    await db
      .insert(storyLabels)
      .values(
        ['#e53935', '#fb8c00', '#43a047', '#1e88e5', '#8e24aa', '#757575'].map((color, index) => ({
          storyId: bigStoryId,
          title: `Label ${index + 1}`,
          color,
        })),
      )
      .returning({ id: storyLabels.id })
  ).map((row) => row.id);

  const instanceRows = Array.from({ length: options.instances }, (_, index) => {
    const item = published[Math.floor(next() * published.length)] ?? published[0];
    if (!item) throw new Error('unreachable');
    const maxLevel = Math.max(1, ...item.attributes.map((attribute) => attribute.level));
    const level = 1 + Math.floor(next() * maxLevel);
    const values: Record<string, StoredInstanceValue> = {};
    for (const attribute of item.attributes) {
      if (attribute.level <= level) values[attribute.code] = valueOf(attribute, next);
    }
    const name = `Instance ${index + 1}`;
    return {
      storyId: bigStoryId,
      itemId: item.itemId,
      name,
      optional: next() < 0.1,
      level,
      values,
      position: index,
      searchText: foldForSearch(`${name} ${item.code} ${item.name.en ?? ''} ${item.name.cs ?? ''}`),
    };
  });
  const instanceIds: number[] = [];
  await inBatches(instanceRows, 1000, async (batch) => {
    const inserted = await db
      .insert(storyInstances)
      .values(batch)
      .returning({ id: storyInstances.id });
    instanceIds.push(...inserted.map((row) => row.id));
  });
  const links = instanceIds.flatMap((instanceId) =>
    next() < 0.3
      ? [{ instanceId, labelId: labelIds[Math.floor(next() * labelIds.length)] ?? 0 }]
      : [],
  );
  await inBatches(links, 2000, (batch) => db.insert(storyInstanceLabels).values(batch));
  await recalculateStory(db, { id: bigStoryId, catalogId: catalog.id });

  const editableIndex = instanceRows.findIndex((row) => {
    const item = published.find((candidate) => candidate.itemId === row.itemId);
    return item?.attributes.some(
      (attribute) =>
        attribute.level === 1 && (attribute.type === 'NUMBER' || attribute.type === 'INTEGER'),
    );
  });
  const editableRow = instanceRows[editableIndex];
  const editableItem = published.find((candidate) => candidate.itemId === editableRow?.itemId);
  const attribute = editableItem?.attributes.find(
    (candidate) =>
      candidate.level === 1 && (candidate.type === 'NUMBER' || candidate.type === 'INTEGER'),
  );
  const instanceId = instanceIds[editableIndex];
  if (!editableRow || !attribute || instanceId === undefined)
    throw new Error('no instance with a number on level 1');
  // The big story is the latest activity, so it heads the list.
  await db
    .update(stories)
    .set({ lastActivityAt: new Date(Date.UTC(2026, 10, 1)) })
    .where(inArray(stories.id, [bigStoryId]));
  return {
    userId: user.id,
    bigStoryId,
    editable: {
      instanceId,
      instanceName: editableRow.name,
      itemId: editableRow.itemId,
      attribute: attribute.code,
      attributeName: attribute.name.en ?? attribute.code,
    },
    instanceCount: instanceIds.length,
    storyCount: storyIds.length,
    smallStoryIds: storyIds.slice(1),
    repeatableItemId: repeatable.itemId,
  };
}
