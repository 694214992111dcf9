// Rules of partner companies (decision 0024): any user of a tenant manages the tenant's suppliers and subscribers; other tenants' answer 404; stale versions 409.
import type {
  CompanyFields,
  CompanyTaxIds,
  PartnerCompany,
  PartnerCompanyCreate,
  PartnerCompanyListQuery,
  PartnerCompanyUpdate,
} from '@costory/shared';
import type { Db } from '../../../db/database';
import type { PartnerCompanyRow } from '../../../db/schema';
import { CompanyInUseError, ConflictError, NotFoundError } from '../../../errors';
import { isForeignKeyViolation } from '../../../lib/db-errors';
import { decodeCursor, keyAndIdCursor, toPage, type Page } from '../../../lib/cursor';
import { containsPattern, foldForSearch } from '../../../lib/search';
import type { AuthenticatedUser } from '../../../plugins/authentication';
import { lineupsUsingPartner } from '../../stories/lineups/lineups.repository';
import { PARTNER_STALE_WRITE, companyInUseDetail } from './messages';
import {
  deletePartnerCompanyRow,
  findPartnerCompanyRow,
  findPartnerCompanyView,
  insertPartnerCompany,
  listPartnerCompanyViews,
  updatePartnerCompanyIfVersion,
  type PartnerCompanyValues,
  type PartnerCompanyView,
} from './partner-companies.repository';

function toPartnerCompany(company: PartnerCompanyRow, priceCount: number): PartnerCompany {
  return {
    id: company.id,
    kind: company.kind,
    name: company.name,
    email: company.email,
    phone: company.phone,
    country: company.country,
    city: company.city,
    street: company.street,
    streetNumber: company.streetNumber,
    zip: company.zip,
    ico: company.ico,
    dic: company.dic,
    // Only a supplier has a price setup.
    priceCount: company.kind === 'SUPPLIER' ? priceCount : 0,
    version: company.version,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}

function fromView(view: PartnerCompanyView): PartnerCompany {
  return toPartnerCompany(view.company, view.priceCount);
}

function valuesOf(fields: CompanyFields & CompanyTaxIds): PartnerCompanyValues {
  const name = fields.name.trim();
  const email = fields.email.trim();
  const city = fields.city.trim();
  return {
    name,
    email,
    phone: fields.phone?.trim() ?? '',
    country: fields.country.trim(),
    city,
    street: fields.street.trim(),
    streetNumber: fields.streetNumber.trim(),
    zip: fields.zip.trim(),
    ico: fields.ico?.trim() ?? '',
    dic: fields.dic?.trim() ?? '',
    // The list searches the name, the e-mail and the city.
    searchText: foldForSearch(`${name} ${email} ${city}`),
  };
}

/**
 * The tenant's partner company `id` as its list shows it. Another tenant's and an unknown one
 * look the same: 404, never data (design.md §4).
 */
export async function getPartnerCompany(
  db: Db,
  user: AuthenticatedUser,
  id: number,
): Promise<PartnerCompany> {
  const view = await findPartnerCompanyView(db, user.companyId, id);
  if (!view) throw new NotFoundError();
  return fromView(view);
}

/** The row of the tenant's partner company `id` (404 otherwise), for the price setup. */
export async function partnerCompanyOfTenant(
  db: Db,
  user: AuthenticatedUser,
  id: number,
): Promise<PartnerCompanyRow> {
  const row = await findPartnerCompanyRow(db, user.companyId, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** The tenant's companies of one kind, by name, searched by name, e-mail or city (accents folded). */
export async function listPartnerCompanies(
  db: Db,
  tenantId: number,
  query: PartnerCompanyListQuery,
): Promise<Page<PartnerCompany>> {
  const q = query.q?.trim() ?? '';
  const rows = await listPartnerCompanyViews(db, {
    tenantId,
    kind: query.kind,
    pattern: q === '' ? undefined : containsPattern(q),
    after: decodeCursor(query.cursor, keyAndIdCursor('text')),
    limit: query.limit,
  });
  return toPage(rows, query.limit, fromView, (row) => [row.sortKey, row.company.id]);
}

export async function createPartnerCompany(
  db: Db,
  user: AuthenticatedUser,
  fields: PartnerCompanyCreate,
): Promise<PartnerCompany> {
  const row = await insertPartnerCompany(db, {
    ...valuesOf(fields),
    companyId: user.companyId,
    kind: fields.kind,
  });
  return toPartnerCompany(row, 0);
}

/** Saves the fields when `version` is current; a stale one is 409 CONFLICT and changes nothing. */
export async function updatePartnerCompany(
  db: Db,
  user: AuthenticatedUser,
  id: number,
  update: PartnerCompanyUpdate,
): Promise<PartnerCompany> {
  const current = await partnerCompanyOfTenant(db, user, id);
  const updated = await updatePartnerCompanyIfVersion(
    db,
    current.id,
    update.version,
    valuesOf(update),
  );
  if (!updated) throw new ConflictError({ detail: PARTNER_STALE_WRITE });
  return getPartnerCompany(db, user, updated.id);
}

/**
 * Deletes the company and its prices; refused with 409 COMPANY_IN_USE, naming the lineups, while
 * lineups use it (decision 0025).
 */
export async function deletePartnerCompany(
  db: Db,
  user: AuthenticatedUser,
  id: number,
): Promise<void> {
  await partnerCompanyOfTenant(db, user, id);
  const lineups = await lineupsUsingPartner(db, id, user.id);
  if (lineups.length > 0) throw companyInUse(lineups);
  try {
    if (!(await deletePartnerCompanyRow(db, user.companyId, id))) throw new NotFoundError();
  } catch (error) {
    // A lineup took the company between the check and the delete.
    if (isForeignKeyViolation(error))
      throw companyInUse(await lineupsUsingPartner(db, id, user.id));
    throw error;
  }
}

function companyInUse(lineups: readonly { name: string; visible: boolean }[]): CompanyInUseError {
  // Names of lineups in stories the user is not a member of stay unsaid; they are only counted.
  const names = lineups.filter((lineup) => lineup.visible).map((lineup) => lineup.name);
  return new CompanyInUseError({ detail: companyInUseDetail(lineups.length, names) });
}
