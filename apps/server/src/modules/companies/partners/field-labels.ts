// How the Companies area's fields are named in validation messages, in English and Czech.
import type { LocalizedFieldLabels } from '../../../plugins/errors';

const COMPANY = {
  en: {
    kind: 'kind',
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
    q: 'search',
    cursor: 'cursor',
    limit: 'limit',
  },
  cs: {
    kind: 'druh',
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
    q: 'hledání',
    cursor: 'ukazatel stránky',
    limit: 'počet',
  },
} as const;

/** The partner company form and list. */
export const PARTNER_COMPANY_FIELD_LABELS: LocalizedFieldLabels = COMPANY;

/** The price setup table and the bulk change by percentage. */
export const SUPPLIER_PRICE_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    catalogId: 'catalog',
    prices: 'prices',
    'prices.*.roleId': 'role',
    'prices.*.price': 'price',
    'prices.*.version': 'version',
    percent: 'percentage',
    apply: 'apply',
  },
  cs: {
    catalogId: 'katalog',
    prices: 'ceny',
    'prices.*.roleId': 'role',
    'prices.*.price': 'cena',
    'prices.*.version': 'verze',
    percent: 'procento',
    apply: 'použít',
  },
};
