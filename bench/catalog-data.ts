// Data generator of the catalog benchmarks: one catalog with two-level groups, phases, labels and N items with attributes, inserted directly.
import type { Db } from '../apps/server/src/db/database';
import {
  catalogGroups,
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  catalogMembers,
  catalogPhases,
  catalogs,
  companies,
  itemAttributes,
  users,
} from '../apps/server/src/db/schema';
import { foldForSearch } from '../apps/server/src/lib/search';

const STATES = [
  'COMPLETE',
  'COMPLETE',
  'COMPLETE',
  'PENDING',
  'TO_INSPECT',
  'TO_EQUATION',
] as const;
const WORDS = [
  'excavation',
  'výkop',
  'asphalt',
  'bridge',
  'drainage',
  'lighting',
  'signage',
  'kerb',
];

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

function one<T>(list: readonly T[], next: () => number): T {
  const value = list[Math.floor(next() * list.length)];
  if (value === undefined) throw new Error('empty list');
  return value;
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}

export interface Generated {
  catalogId: number;
  adminId: number;
  readerId: number;
  topGroupId: number;
  labelIds: number[];
}

/** One company, an admin and a reader, a catalog with 10 x 5 groups, 4 phases, 12 labels and the items. */
export async function generateCatalog(db: Db, itemCount: number): Promise<Generated> {
  const next = random(20_261_123);
  const [company] = await db.insert(companies).values({ name: 'Bench s.r.o.' }).returning();
  if (!company) throw new Error('no company');
  const people = await db
    .insert(users)
    .values(
      ['admin', 'reader'].map((name) => ({
        companyId: company.id,
        email: `${name}@bench.test`,
        passwordHash: 'not-used',
        firstName: name,
        lastName: 'Bench',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const [admin, reader] = people;
  if (!admin || !reader) throw new Error('no users');
  const [catalog] = await db
    .insert(catalogs)
    .values({
      companyId: company.id,
      name: 'Road construction',
      code: 'ROADS',
      type: 'BDT',
      defaultLanguage: 'en',
      supportedLanguages: ['en', 'cs'],
      description: { en: 'Roads', cs: 'Silnice' },
      visibility: 'PRIVATE',
      searchText: 'road construction roads',
    })
    .returning({ id: catalogs.id });
  if (!catalog) throw new Error('no catalog');
  const catalogId = catalog.id;
  await db.insert(catalogMembers).values([
    { catalogId, userId: admin.id, role: 'CTL_ADMIN' },
    { catalogId, userId: reader.id, role: 'CTL_READER' },
  ]);

  const groupIds: number[] = [];
  let topGroupId = 0;
  for (let top = 0; top < 10; top += 1) {
    const [parent] = await db
      .insert(catalogGroups)
      .values({ catalogId, code: `G${top}`, name: { en: `Group ${top}` }, position: top })
      .returning({ id: catalogGroups.id });
    if (!parent) throw new Error('no group');
    if (top === 0) topGroupId = parent.id;
    const children = await db
      .insert(catalogGroups)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          catalogId,
          parentId: parent.id,
          code: `G${top}-${index}`,
          name: { en: `Group ${top}.${index}` },
          position: index,
        })),
      )
      .returning({ id: catalogGroups.id });
    groupIds.push(parent.id, ...children.map((child) => child.id));
  }
  const phases = await db
    .insert(catalogPhases)
    .values(
      ['Analysis', 'Design', 'Development', 'Testing'].map((name, position) => ({
        catalogId,
        code: name.toUpperCase(),
        name: { en: name },
        position,
      })),
    )
    .returning({ id: catalogPhases.id });
  const labels = await db
    .insert(catalogLabels)
    .values(
      Array.from({ length: 12 }, (_, index) => ({
        catalogId,
        title: `Label ${index}`,
        color: '#336699',
      })),
    )
    .returning({ id: catalogLabels.id });
  const labelIds = labels.map((label) => label.id);

  const itemRows = Array.from({ length: itemCount }, (_, index) => {
    const code = `IT-${String(index).padStart(5, '0')}`;
    const name = { en: `${one(WORDS, next)} ${index}`, cs: `${one(WORDS, next)} ${index}` };
    return {
      catalogId,
      code,
      name,
      groupId: one(groupIds, next),
      phaseId: one(phases, next).id,
      state: one(STATES, next),
      version: 1,
      searchText: foldForSearch([code, ...Object.values(name)].join(' ')),
    };
  });
  const items: { id: number }[] = [];
  await inBatches(itemRows, 500, async (batch) => {
    items.push(...(await db.insert(catalogItems).values(batch).returning({ id: catalogItems.id })));
  });

  const links: { itemId: number; labelId: number }[] = [];
  const attributes: (typeof itemAttributes.$inferInsert)[] = [];
  for (const { id } of items) {
    for (const labelId of new Set([one(labelIds, next), one(labelIds, next)])) {
      if (next() < 0.6) links.push({ itemId: id, labelId });
    }
    attributes.push(
      {
        itemId: id,
        level: 1,
        code: 'length',
        name: { en: 'Length' },
        type: 'NUMBER',
        defaultValue: 10,
        position: 0,
      },
      {
        itemId: id,
        level: 1,
        code: 'lanes',
        name: { en: 'Lanes' },
        type: 'INTEGER',
        defaultValue: 2,
        position: 1,
      },
      {
        itemId: id,
        level: 2,
        code: 'lit',
        name: { en: 'Lit' },
        type: 'BOOLEAN',
        defaultValue: false,
        position: 2,
      },
      {
        itemId: id,
        level: 2,
        code: 'surface',
        name: { en: 'Surface' },
        type: 'ENUM',
        defaultValue: 'ASPHALT',
        enumValues: [
          { code: 'ASPHALT', label: { en: 'Asphalt' } },
          { code: 'CONCRETE', label: { en: 'Concrete' } },
        ],
        position: 3,
      },
    );
  }
  await inBatches(links, 1000, (batch) => db.insert(catalogItemLabels).values(batch));
  await inBatches(attributes, 1000, (batch) => db.insert(itemAttributes).values(batch));
  return { catalogId, adminId: admin.id, readerId: reader.id, topGroupId, labelIds };
}
