// Rules of the company profile: any user of a company reads and edits it; other tenants see 404; stale versions are refused.
import {
  COMPANY_LOGO_MAX_BYTES,
  type CompanyLogoUpload,
  type CompanyProfile,
  type CompanyProfileUpdate,
} from '@costory/shared';
import type { Db } from '../../db/database';
import type { CompanyRow } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AuthenticatedUser } from '../../plugins/authentication';
import {
  deleteCompanyLogo,
  findCompanyLogo,
  findCompanyOfUserInCompany,
  hasCompanyLogo,
  saveCompanyLogo,
  updateCompanyIfVersion,
  type CompanyProfileFields,
} from './companies.repository';
import { logoImageType } from './logo-image';

function toProfile(company: CompanyRow, hasLogo: boolean): CompanyProfile {
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
    ico: company.ico,
    dic: company.dic,
    hasLogo,
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
  const company = await companyOfVisibleUser(db, caller, userId);
  return toProfile(company, await hasCompanyLogo(db, company.id));
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
    ico: update.ico?.trim() ?? '',
    dic: update.dic?.trim() ?? '',
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
  return toProfile(updated, await hasCompanyLogo(db, updated.id));
}

const LOGO_TYPE_MESSAGE = {
  en: 'The logo must be a PNG or JPEG image',
  cs: 'Logo musí být obrázek PNG nebo JPEG',
};

/** Stores the company's logo: a readable PNG or JPEG (by its bytes) of at most COMPANY_LOGO_MAX_BYTES. */
export async function uploadCompanyLogo(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
  upload: CompanyLogoUpload,
): Promise<CompanyProfile> {
  const company = await companyOfVisibleUser(db, caller, userId);
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length > COMPANY_LOGO_MAX_BYTES) {
    throw new ValidationError([
      { field: 'data', rule: 'file_over_limit', params: { maxSize: COMPANY_LOGO_MAX_BYTES } },
    ]);
  }
  const type = logoImageType(bytes);
  if (type === null) {
    throw new ValidationError([{ field: 'data', rule: 'mimes', message: LOGO_TYPE_MESSAGE }]);
  }
  await saveCompanyLogo(db, company.id, type, bytes);
  return toProfile(company, true);
}

export async function removeCompanyLogo(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
): Promise<CompanyProfile> {
  const company = await companyOfVisibleUser(db, caller, userId);
  await deleteCompanyLogo(db, company.id);
  return toProfile(company, false);
}

/** The logo's bytes (404 when none is uploaded). */
export async function getCompanyLogo(
  db: Db,
  caller: AuthenticatedUser,
  userId: number,
): Promise<{ contentType: string; data: Buffer }> {
  const company = await companyOfVisibleUser(db, caller, userId);
  const logo = await findCompanyLogo(db, company.id);
  if (!logo) throw new NotFoundError();
  return logo;
}
