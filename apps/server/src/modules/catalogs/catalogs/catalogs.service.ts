// Rules of catalogs: the readable list, create (creator becomes CTL_ADMIN), read, versioned settings update, the stories on a catalog and soft delete.
import {
  CATALOG_LANGUAGE_CODES,
  roleAllows,
  type Catalog,
  type CatalogFields,
  type CatalogListQuery,
  type CatalogMemberRole,
  type CatalogUpdate,
  type CatalogUsage,
} from '@costory/shared';
import type { CatalogRow } from '../../../db/schema';
import {
  CatalogInUseError,
  ConflictError,
  ValidationError,
  type FieldProblem,
} from '../../../errors';
import { changesBetween, createdChanges } from '../../../lib/changes';
import { decodeCursor, keyAndIdCursor, toPage, type Page } from '../../../lib/cursor';
import { isUniqueViolation } from '../../../lib/db-errors';
import { containsPattern, foldForSearch } from '../../../lib/search';
import {
  canBuildStories,
  loadCatalogAccess,
  requireAction,
  type CatalogAccess,
} from '../common/access';
import { isCatalogClient } from '../common/access.repository';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import { LABELS } from '../common/field-labels';
import { checkLocalizedDescription, compactText } from '../common/localized';
import { catalogInUseDetail, DUPLICATE_CODE, STALE_WRITE } from '../common/messages';
import {
  countItems,
  findCompanyName,
  insertCatalog,
  insertMembership,
  isCatalogCodeTaken,
  listReadableCatalogs,
  softDeleteCatalog,
  storiesOnCatalog,
  updateCatalogIfVersion,
  type CatalogValues,
  type ItemCounts,
  type StoryOnCatalog,
} from './catalogs.repository';

interface CatalogViewContext {
  ownerName: string;
  role: CatalogMemberRole;
  member: boolean;
  isClient: boolean;
  counts: ItemCounts | undefined;
}

function toCatalog(row: CatalogRow, user: Actor, context: CatalogViewContext): Catalog {
  const counts = context.counts ?? { live: 0, complete: 0 };
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    companyCode: row.companyCode,
    type: row.type,
    defaultLanguage: row.defaultLanguage,
    supportedLanguages: row.supportedLanguages,
    description: row.description,
    currency: row.currency,
    visibility: row.visibility,
    ownerCompany: { id: row.companyId, name: context.ownerName },
    myRole: context.role,
    canBuildStories: canBuildStories(row, user, context.member, context.isClient),
    // What the caller can list: readers see COMPLETE items only.
    itemCount: roleAllows(context.role, 'READ_ALL_ITEM_STATES') ? counts.live : counts.complete,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The catalog as the caller sees it (role, client grant, item count). */
export async function catalogView(deps: CatalogDeps, access: CatalogAccess): Promise<Catalog> {
  const { catalog, user } = access;
  const [ownerName, isClient, counts] = await Promise.all([
    findCompanyName(deps.db, catalog.companyId),
    isCatalogClient(deps.db, catalog.id, user.companyId),
    countItems(deps.db, [catalog.id]),
  ]);
  return toCatalog(catalog, user, {
    ownerName,
    role: access.role,
    member: access.member,
    isClient,
    counts: counts.get(catalog.id),
  });
}

export async function listCatalogs(
  deps: CatalogDeps,
  user: Actor,
  query: CatalogListQuery,
): Promise<Page<Catalog>> {
  const q = query.q?.trim() ?? '';
  const rows = await listReadableCatalogs(deps.db, {
    user,
    mine: query.mine === true,
    pattern: q === '' ? undefined : containsPattern(q),
    sort: query.sort,
    after: decodeCursor(query.cursor, keyAndIdCursor(query.sort === 'name' ? 'text' : 'timestamp')),
    limit: query.limit,
  });
  const counts = await countItems(
    deps.db,
    rows.map((row) => row.catalog.id),
  );
  return toPage(
    rows,
    query.limit,
    (row) =>
      toCatalog(row.catalog, user, {
        ownerName: row.ownerName,
        role: row.memberRole ?? 'PUBLIC_READABLE',
        member: row.memberRole !== null,
        isClient: row.isClient,
        counts: counts.get(row.catalog.id),
      }),
    (row) => [row.sortKey, row.catalog.id],
  );
}

/** The stored form of the fields, or 400 with every field that breaks a rule. */
function catalogValues(fields: CatalogFields): CatalogValues {
  const supportedLanguages = [...new Set(fields.supportedLanguages)];
  const problems: FieldProblem[] = [];
  const unknown = supportedLanguages.filter((code) => !CATALOG_LANGUAGE_CODES.includes(code));
  if (unknown.length > 0) {
    problems.push({
      field: 'supportedLanguages',
      rule: 'one_of',
      params: { values: CATALOG_LANGUAGE_CODES },
    });
  }
  if (!supportedLanguages.includes(fields.defaultLanguage)) {
    problems.push({
      field: 'defaultLanguage',
      rule: 'one_of',
      message: {
        en: 'The default language must be one of the supported languages',
        cs: 'Výchozí jazyk musí být jedním z podporovaných jazyků',
      },
    });
  }
  const description = compactText(fields.description);
  problems.push(
    ...checkLocalizedDescription(
      'description',
      description,
      { defaultLanguage: fields.defaultLanguage, supportedLanguages },
      LABELS.description,
      supportedLanguages,
    ),
  );
  if (problems.length > 0) throw new ValidationError(problems);
  const name = fields.name.trim();
  const code = fields.code.trim();
  return {
    name,
    code,
    companyCode: fields.companyCode?.trim() ?? '',
    type: fields.type,
    defaultLanguage: fields.defaultLanguage,
    supportedLanguages,
    description,
    currency: fields.currency,
    visibility: fields.visibility,
    searchText: foldForSearch(`${name} ${code}`),
  };
}

function codeTaken(): ConflictError {
  return new ConflictError({
    detail: DUPLICATE_CODE.catalog,
    fields: [{ field: 'code', rule: 'unique', message: DUPLICATE_CODE.catalog }],
  });
}

const EVENT_FIELDS = [
  'name',
  'code',
  'companyCode',
  'type',
  'defaultLanguage',
  'supportedLanguages',
  'description',
  'currency',
  'visibility',
] as const satisfies readonly (keyof CatalogValues)[];

/** Creates a catalog of the user's company; the creator becomes its CTL_ADMIN. */
export async function createCatalog(
  deps: CatalogDeps,
  user: Actor,
  fields: CatalogFields,
): Promise<Catalog> {
  const values = catalogValues(fields);
  if (await isCatalogCodeTaken(deps.db, user.companyId, values.code)) throw codeTaken();
  try {
    const catalog = await deps.db.transaction(async (tx) => {
      const row = await insertCatalog(tx, { ...values, companyId: user.companyId });
      await insertMembership(tx, { catalogId: row.id, userId: user.id, role: 'CTL_ADMIN' });
      await recordEvent(tx, {
        catalogId: row.id,
        userId: user.id,
        type: 'CATALOG_CREATED',
        changes: createdChanges(values, ['name', 'code', 'type', 'visibility']),
      });
      return row;
    });
    return catalogView(deps, { catalog, role: 'CTL_ADMIN', member: true, user });
  } catch (error) {
    // Someone created the same code between the check and the insert.
    if (isUniqueViolation(error, 'catalogs_company_code_unique')) throw codeTaken();
    throw error;
  }
}

export async function getCatalog(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Catalog> {
  return catalogView(deps, await loadCatalogAccess(deps.db, catalogId, user));
}

/** Saves the settings when `version` is current (else 409, nothing changes); admins only. */
export async function updateCatalog(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  update: CatalogUpdate,
): Promise<Catalog> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  const values = catalogValues(update);
  const before = access.catalog;
  if (update.version !== before.version) throw new ConflictError({ detail: STALE_WRITE.catalog });
  const changes = changesBetween(before, values, EVENT_FIELDS);
  // Saving what is already stored changes nothing, not even the version.
  if (changes.length === 0) return catalogView(deps, access);
  if (await isCatalogCodeTaken(deps.db, before.companyId, values.code, before.id)) {
    throw codeTaken();
  }
  try {
    const catalog = await deps.db.transaction(async (tx) => {
      const row = await updateCatalogIfVersion(tx, before.id, update.version, values);
      if (!row) throw new ConflictError({ detail: STALE_WRITE.catalog });
      await recordEvent(tx, {
        catalogId: row.id,
        userId: user.id,
        type: 'CATALOG_UPDATED',
        changes,
      });
      return row;
    });
    return catalogView(deps, { ...access, catalog });
  } catch (error) {
    if (isUniqueViolation(error, 'catalogs_company_code_unique')) throw codeTaken();
    throw error;
  }
}

function toUsage(onCatalog: readonly StoryOnCatalog[]): CatalogUsage {
  const stories = onCatalog
    .filter((story) => story.visible)
    .map((story) => ({ id: story.id, name: story.name }));
  return { stories, hiddenCount: onCatalog.length - stories.length };
}

/** The stories on the catalog, for whoever may delete it (decision 0029). */
export async function getCatalogUsage(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<CatalogUsage> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  return toUsage(await storiesOnCatalog(deps.db, catalogId, user.id));
}

/**
 * Soft delete (decision 0017): the catalog answers 404 from now on and its code is free again.
 * Stories on it stay, readable with their figures, but take no new instances; so a catalog with
 * stories is deleted only when `confirmStories` repeats their current number (decision 0029),
 * else 409 CATALOG_IN_USE names them.
 */
export async function deleteCatalog(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  confirmStories: number | undefined,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  await deps.db.transaction(async (tx) => {
    // Read inside the transaction, so a story created since the user looked is not confirmed unseen.
    const onCatalog = await storiesOnCatalog(tx, catalogId, user.id);
    if (onCatalog.length > 0 && confirmStories !== onCatalog.length) {
      const usage = toUsage(onCatalog);
      throw new CatalogInUseError({
        detail: catalogInUseDetail(
          usage.stories.map((story) => story.name),
          usage.hiddenCount,
        ),
        extensions: { usage },
      });
    }
    await softDeleteCatalog(tx, catalogId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'CATALOG_DELETED',
      changes: [{ field: 'name', old: access.catalog.name, new: null }],
    });
  });
}
