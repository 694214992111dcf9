// How registration and company fields are named in field errors, per language.
import type { LocalizedFieldLabels } from '../../plugins/errors';

const COMPANY_LABELS = {
  en: {
    name: 'company name',
    email: 'company e-mail',
    phone: 'phone',
    country: 'country',
    city: 'city',
    street: 'street',
    streetNumber: 'street number',
    zip: 'zip code',
    ico: 'registration number (IČO)',
    dic: 'VAT number (DIČ)',
    version: 'version',
  },
  cs: {
    name: 'název společnosti',
    email: 'e-mail společnosti',
    phone: 'telefon',
    country: 'země',
    city: 'město',
    street: 'ulice',
    streetNumber: 'číslo popisné',
    zip: 'PSČ',
    ico: 'IČO',
    dic: 'DIČ',
    version: 'verze',
  },
} as const;

function prefixed(
  prefix: string,
  labels: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).map(([key, label]) => [`${prefix}${key}`, label]),
  );
}

/** Labels of the company profile form (fields at the top level). */
export const COMPANY_FIELD_LABELS: LocalizedFieldLabels = COMPANY_LABELS;

/** Labels of the registration form (`company.*` and `user.*`). */
export const REGISTRATION_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...prefixed('company.', COMPANY_LABELS.en),
    'user.email': 'e-mail',
    'user.password': 'password',
    'user.firstName': 'first name',
    'user.lastName': 'last name',
  },
  cs: {
    ...prefixed('company.', COMPANY_LABELS.cs),
    'user.email': 'e-mail',
    'user.password': 'heslo',
    'user.firstName': 'jméno',
    'user.lastName': 'příjmení',
  },
};

/** Labels of the confirmation forms. */
export const CONFIRMATION_FIELD_LABELS: LocalizedFieldLabels = {
  en: { code: 'code', email: 'e-mail', oneTimeCode: 'one-time code' },
  cs: { code: 'kód', email: 'e-mail', oneTimeCode: 'jednorázový kód' },
};
