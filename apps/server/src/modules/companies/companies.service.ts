// Rules of the company profile: any user of a company reads and edits it; other tenants see 404; stale versions are refused.
import type { CompanyProfile, CompanyProfileUpdate } from '@costory/shared';
import type { Db } from '../../db/database';
import type { CompanyRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AuthenticatedUser } from '../../plugins/authentication';
import {
  findCompanyOfUserInCompany,
  updateCompanyIfVersion,
  type CompanyProfileFields,
} from './companies.repository';

function toProfile(company: CompanyRow): CompanyProfile {
  return {
    id: company.id,
    name: company.name,
    email: company.email ?? '',
    phone: company.phone ?? '',
    country: company.country ?? '',
    city: company.city ?? '',
    street: company.street ?? '',
    streetNumber: company.streetNumber ?? '',
    zip: company.zip ?? '',
    version: company.version,
  };
}

/** Another tenant's user and an unknown user look the same: 404, never data (design.md §4). */
async function companyOfVisibleUser(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
): Promise<CompanyRow> {
  const company = await findCompanyOfUserInCompany(db, userId, caller.companyId);
  if (!company) throw new NotFoundError();
  return company;
}

export async function getCompanyProfile(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
): Promise<CompanyProfile> {
  return toProfile(await companyOfVisibleUser(db, caller, userId));
}

function fieldsOf(update: CompanyProfileUpdate): CompanyProfileFields {
  const phone = update.phone?.trim() ?? '';
  return {
    name: update.name.trim(),
    email: update.email.trim(),
    phone: phone === '' ? null : phone,
    country: update.country.trim(),
    city: update.city.trim(),
    street: update.street.trim(),
    streetNumber: update.streetNumber.trim(),
    zip: update.zip.trim(),
  };
}

/** Saves the profile when `version` is current; a stale one is 409 CONFLICT and changes nothing. */
export async function updateCompanyProfile(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
  update: CompanyProfileUpdate,
): Promise<CompanyProfile> {
  const company = await companyOfVisibleUser(db, caller, userId);
  const updated = await updateCompanyIfVersion(db, company.id, update.version, fieldsOf(update));
  if (!updated) {
    throw new ConflictError({
      detail: {
        en: 'Someone else has changed the company profile in the meantime. Reload it and try again.',
        cs: 'Profil společnosti mezitím změnil někdo jiný. Načtěte jej znovu a zkuste to znovu.',
      },
    });
  }
  return toProfile(updated);
}
