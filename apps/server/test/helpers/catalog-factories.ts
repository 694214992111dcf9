// Catalogue test data: createCatalog / createGroup / createItem … insert rows directly, creating whatever parent is missing.
import { randomBytes } from 'node:crypto';
import type { ItemState, LocalizedText } from '@costory/shared';
import type { Db } from '../../src/db/database';
import {
  catalogClients,
  catalogGroups,
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  catalogMembers,
  catalogPhases,
  catalogRoles,
  catalogs,
  itemAttributes,
  type CatalogGroupRow,
  type CatalogItemRow,
  type CatalogLabelRow,
  type CatalogMemberRoleValue,
  type CatalogPhaseRow,
  type CatalogRoleRow,
  type CatalogRow,
  type NewItemAttributeRow,
} from '../../src/db/schema';
import { foldForSearch } from '../../src/lib/search';
import { createUser, type CreatedUser } from './factories';

function suffix(): string {
  return randomBytes(3).toString('hex').toUpperCase();
}

export interface CreatedCatalog {
  catalog: CatalogRow;
  /** The CTL_ADMIN who owns it (created when not given). */
  admin: CreatedUser;
}

/** A catalog with its admin as the only member; the admin (and company) is created when missing. */
export async function createCatalog(
  db: Db,
  overrides: Partial<typeof catalogs.$inferInsert> & { admin?: CreatedUser } = {},
): Promise<CreatedCatalog> {
  const { admin: givenAdmin, ...values } = overrides;
  const admin = givenAdmin ?? (await createUser(db, { firstName: 'Ada', lastName: 'Admin' }));
  const name = values.name ?? `Catalog ${suffix()}`;
  const code = values.code ?? `CAT-${suffix()}`;
  const [catalog] = await db
    .insert(catalogs)
    .values({
      companyId: admin.companyId,
      name,
      code,
      type: 'BDT',
      defaultLanguage: 'en',
      supportedLanguages: ['en', 'cs'],
      description: { en: 'Test catalog', cs: 'Testovací katalog' },
      currency: 'EUR',
      visibility: 'PRIVATE',
      searchText: foldForSearch(`${name} ${code}`),
      ...values,
    })
    .returning();
  if (!catalog) throw new Error('no catalog');
  await addMember(db, catalog.id, 'CTL_ADMIN', admin);
  return { catalog, admin };
}

/** Makes `user` (a new one when not given) a member with `role`. */
export async function addMember(
  db: Db,
  catalogId: number,
  role: CatalogMemberRoleValue,
  user?: CreatedUser,
): Promise<CreatedUser> {
  const member = user ?? (await createUser(db));
  await db.insert(catalogMembers).values({ catalogId, userId: member.id, role });
  return member;
}

/** A pending invitation of an address without an account. */
export async function addInvitation(
  db: Db,
  catalogId: number,
  email: string,
  role: CatalogMemberRoleValue,
): Promise<number> {
  const [row] = await db
    .insert(catalogMembers)
    .values({ catalogId, email, role })
    .returning({ id: catalogMembers.id });
  if (!row) throw new Error('no invitation');
  return row.id;
}

export async function addClient(db: Db, catalogId: number, companyId: number): Promise<void> {
  await db.insert(catalogClients).values({ catalogId, companyId });
}

async function catalogIdOf(db: Db, catalogId: number | undefined): Promise<number> {
  return catalogId ?? (await createCatalog(db)).catalog.id;
}

export async function createGroup(
  db: Db,
  overrides: Partial<typeof catalogGroups.$inferInsert> = {},
): Promise<CatalogGroupRow> {
  const catalogId = await catalogIdOf(db, overrides.catalogId);
  const code = overrides.code ?? `G-${suffix()}`;
  const [row] = await db
    .insert(catalogGroups)
    .values({ code, name: { en: `Group ${code}` }, ...overrides, catalogId })
    .returning();
  if (!row) throw new Error('no group');
  return row;
}

export async function createPhase(
  db: Db,
  overrides: Partial<typeof catalogPhases.$inferInsert> = {},
): Promise<CatalogPhaseRow> {
  const catalogId = await catalogIdOf(db, overrides.catalogId);
  const code = overrides.code ?? `P-${suffix()}`;
  const [row] = await db
    .insert(catalogPhases)
    .values({ code, name: { en: `Phase ${code}` }, ...overrides, catalogId })
    .returning();
  if (!row) throw new Error('no phase');
  return row;
}

export async function createRole(
  db: Db,
  overrides: Partial<typeof catalogRoles.$inferInsert> = {},
): Promise<CatalogRoleRow> {
  const catalogId = await catalogIdOf(db, overrides.catalogId);
  const code = overrides.code ?? `R-${suffix()}`;
  const [row] = await db
    .insert(catalogRoles)
    .values({
      code,
      name: { en: `Role ${code}` },
      unit: 'MANDAYS',
      price: '800',
      ...overrides,
      catalogId,
    })
    .returning();
  if (!row) throw new Error('no role');
  return row;
}

export async function createLabel(
  db: Db,
  overrides: Partial<typeof catalogLabels.$inferInsert> = {},
): Promise<CatalogLabelRow> {
  const catalogId = await catalogIdOf(db, overrides.catalogId);
  const [row] = await db
    .insert(catalogLabels)
    .values({ title: `Label ${suffix()}`, color: '#336699', ...overrides, catalogId })
    .returning();
  if (!row) throw new Error('no label');
  return row;
}

export interface ItemOverrides {
  catalogId?: number;
  code?: string;
  name?: LocalizedText;
  state?: ItemState;
  createdByUserId?: number | null;
  groupId?: number | null;
  phaseId?: number | null;
  labelIds?: number[];
  attributes?: Omit<NewItemAttributeRow, 'itemId'>[];
  deprecated?: boolean;
  version?: number;
  revision?: number;
  repeatable?: boolean;
}

/** An item (COMPLETE unless told otherwise) with its labels and attributes. */
export async function createItem(db: Db, overrides: ItemOverrides = {}): Promise<CatalogItemRow> {
  const catalogId = await catalogIdOf(db, overrides.catalogId);
  const code = overrides.code ?? `I-${suffix()}`;
  const name = overrides.name ?? { en: `Item ${code}` };
  const [row] = await db
    .insert(catalogItems)
    .values({
      catalogId,
      code,
      name,
      state: overrides.state ?? 'COMPLETE',
      createdByUserId: overrides.createdByUserId ?? null,
      repeatable: overrides.repeatable ?? false,
      groupId: overrides.groupId ?? null,
      phaseId: overrides.phaseId ?? null,
      version: overrides.version ?? 0,
      revision: overrides.revision ?? 0,
      deprecatedAt: overrides.deprecated === true ? new Date() : null,
      searchText: foldForSearch([code, ...Object.values(name)].join(' ')),
    })
    .returning();
  if (!row) throw new Error('no item');
  if (overrides.labelIds && overrides.labelIds.length > 0) {
    await db
      .insert(catalogItemLabels)
      .values(overrides.labelIds.map((labelId) => ({ itemId: row.id, labelId })));
  }
  if (overrides.attributes && overrides.attributes.length > 0) {
    await db
      .insert(itemAttributes)
      .values(overrides.attributes.map((attribute) => ({ ...attribute, itemId: row.id })));
  }
  return row;
}

/** Request bodies the forms would send. */
export const bodies = {
  catalog: (overrides: Record<string, unknown> = {}) => ({
    name: 'Road construction',
    code: `ROAD-${suffix()}`,
    companyCode: '',
    type: 'BDT',
    defaultLanguage: 'en',
    supportedLanguages: ['en', 'cs'],
    description: { en: 'Roads and bridges', cs: 'Silnice a mosty' },
    currency: 'EUR',
    visibility: 'PRIVATE',
    ...overrides,
  }),
  group: (overrides: Record<string, unknown> = {}) => ({
    name: { en: 'Earthworks', cs: 'Zemní práce' },
    code: `G-${suffix()}`,
    description: {},
    parentId: null,
    ...overrides,
  }),
  phase: (overrides: Record<string, unknown> = {}) => ({
    name: { en: 'Analysis', cs: 'Analýza' },
    code: `P-${suffix()}`,
    description: {},
    ...overrides,
  }),
  role: (overrides: Record<string, unknown> = {}) => ({
    name: { en: 'Developer', cs: 'Vývojář' },
    code: `R-${suffix()}`,
    description: {},
    unit: 'MANDAYS',
    price: '850.50',
    ...overrides,
  }),
  label: (overrides: Record<string, unknown> = {}) => ({
    title: 'Urgent',
    description: '',
    color: '#AA0000',
    ...overrides,
  }),
  item: (overrides: Record<string, unknown> = {}) => ({
    name: { en: 'Excavation', cs: 'Výkop' },
    description: {},
    code: `I-${suffix()}`,
    groupId: null,
    phaseId: null,
    icon: '',
    repeatable: false,
    labelIds: [],
    ...overrides,
  }),
  attribute: (overrides: Record<string, unknown> = {}) => ({
    level: 1,
    code: `a_${suffix().toLowerCase()}`,
    name: { en: 'Length' },
    type: 'NUMBER',
    mandatory: false,
    description: {},
    defaultValue: null,
    enumValues: [],
    ...overrides,
  }),
};
