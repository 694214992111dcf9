// Story test data: published items, stories with members, story labels; rows go in directly, creating whatever parent is missing.
import { randomBytes } from 'node:crypto';
import type { StoryMemberRole } from '@costory/shared';
import type { Db } from '../../src/db/database';
import {
  itemFormulas,
  stories,
  storyLabels,
  storyMembers,
  type CatalogItemRow,
  type CatalogRoleRow,
  type CatalogRow,
  type ItemVersionRow,
  type StoryLabelRow,
  type StoryRow,
} from '../../src/db/schema';
import { foldForSearch } from '../../src/lib/search';
import { publishItemVersion } from '../../src/modules/catalogs/items/item-versions.repository';
import { createCatalog, createItem, createRole, type ItemOverrides } from './catalog-factories';
import { createUser, type CreatedUser } from './factories';

function suffix(): string {
  return randomBytes(3).toString('hex').toUpperCase();
}

export interface FormulaOverrides {
  roleId: number;
  level?: number;
  name?: string;
  expression: string;
}

export interface PublishedItem {
  item: CatalogItemRow;
  version: ItemVersionRow;
}

/**
 * A COMPLETE item with its attributes and formulas, published as version 1 through the same
 * function a move to COMPLETE uses.
 */
export async function createPublishedItem(
  db: Db,
  overrides: ItemOverrides & { catalogId: number; formulas?: FormulaOverrides[] },
): Promise<PublishedItem> {
  const { formulas = [], ...itemOverrides } = overrides;
  const item = await createItem(db, { version: 1, ...itemOverrides, state: 'COMPLETE' });
  if (formulas.length > 0) {
    await db.insert(itemFormulas).values(
      formulas.map((formula, position) => ({
        itemId: item.id,
        roleId: formula.roleId,
        level: formula.level ?? 1,
        name: formula.name ?? `Formula ${position + 1}`,
        expression: formula.expression,
        position,
      })),
    );
  }
  const version = await publishItemVersion(db, item.id, item.version);
  return { item, version };
}

export interface CreatedStory {
  story: StoryRow;
  /** The ICT_ADMIN who created it (created when not given). */
  admin: CreatedUser;
}

/** A story of the admin's company on `catalogId` with the admin as its only member (ICT_ADMIN). */
export async function createStory(
  db: Db,
  overrides: { catalogId: number; admin?: CreatedUser; name?: string; description?: string },
): Promise<CreatedStory> {
  const admin = overrides.admin ?? (await createUser(db, { firstName: 'Ida', lastName: 'Story' }));
  const name = overrides.name ?? `Story ${suffix()}`;
  const [story] = await db
    .insert(stories)
    .values({
      companyId: admin.companyId,
      catalogId: overrides.catalogId,
      name,
      description: overrides.description ?? '',
      createdByUserId: admin.id,
      searchText: foldForSearch(name),
    })
    .returning();
  if (!story) throw new Error('no story');
  await addStoryMember(db, story.id, 'ICT_ADMIN', admin);
  return { story, admin };
}

/** Makes `user` (a new one when not given) a member of the story with `role`. */
export async function addStoryMember(
  db: Db,
  storyId: number,
  role: StoryMemberRole,
  user?: CreatedUser,
): Promise<CreatedUser> {
  const member = user ?? (await createUser(db));
  await db.insert(storyMembers).values({ storyId, userId: member.id, role });
  return member;
}

export async function createStoryLabel(
  db: Db,
  storyId: number,
  overrides: Partial<typeof storyLabels.$inferInsert> = {},
): Promise<StoryLabelRow> {
  const [row] = await db
    .insert(storyLabels)
    .values({ title: `Label ${suffix()}`, color: '#336699', ...overrides, storyId })
    .returning();
  if (!row) throw new Error('no story label');
  return row;
}

/** Request bodies the story forms would send. */
export const storyBodies = {
  story: (catalogId: number, overrides: Record<string, unknown> = {}) => ({
    name: `Office move ${suffix()}`,
    description: '',
    catalogId,
    ...overrides,
  }),
  instance: (itemId: number, overrides: Record<string, unknown> = {}) => ({
    itemId,
    name: '',
    description: '',
    optional: false,
    level: 1,
    values: {},
    labelIds: [],
    ...overrides,
  }),
  label: (overrides: Record<string, unknown> = {}) => ({
    title: 'Phase one',
    description: '',
    color: '#00AA55',
    ...overrides,
  }),
};

export interface WallStory extends CreatedStory {
  catalog: CatalogRow;
  role: CatalogRoleRow;
  item: PublishedItem;
}

/**
 * The fixture of the load and fault checks: a catalog with one role (DEV at 100 a manday) and one
 * repeatable item (WALL, 2 mandays: 200.00 an instance), and a story on it whose admin is the
 * catalog's admin.
 */
export async function createWallStory(db: Db): Promise<WallStory> {
  const { catalog, admin } = await createCatalog(db);
  const role = await createRole(db, { catalogId: catalog.id, code: 'DEV', price: '100' });
  const item = await createPublishedItem(db, {
    catalogId: catalog.id,
    code: 'WALL',
    repeatable: true,
    formulas: [{ roleId: role.id, expression: '2' }],
  });
  const { story } = await createStory(db, { catalogId: catalog.id, admin });
  return { catalog, admin, role, item, story };
}
