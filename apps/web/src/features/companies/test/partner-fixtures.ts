// Test data of the Companies area (createX(overrides)) and a stubbed partner company API answering from that data.
import type { PartnerCompany, SupplierPriceRole, SupplierPrices } from '@costory/shared';
import { jsonResponse, problemResponse, type Handler } from '@/test/fetch-stub';
import type { SupplierPriceCatalog } from '../api/supplier-prices';

export const PARTNERS = '/api/v1/partner-companies';

export function createPartnerCompany(overrides: Partial<PartnerCompany> = {}): PartnerCompany {
  return {
    id: 7,
    kind: 'SUPPLIER',
    name: 'Stavby Novák s.r.o.',
    email: 'info@stavby-novak.cz',
    phone: '+420 601 234 567',
    country: 'Česko',
    city: 'Brno',
    street: 'Údolní',
    streetNumber: '12',
    zip: '602 00',
    ico: '',
    dic: '',
    priceCount: 1,
    version: 3,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function createSupplierPriceRole(
  overrides: Partial<SupplierPriceRole> = {},
): SupplierPriceRole {
  return {
    roleId: 30,
    code: 'DEV',
    name: { en: 'Developer', cs: 'Vývojář' },
    unit: 'MANDAYS',
    catalogPrice: '1200.0000',
    price: null,
    version: null,
    ...overrides,
  };
}

export function createSupplierPriceCatalog(
  overrides: Partial<SupplierPriceCatalog> = {},
): SupplierPriceCatalog {
  return {
    catalogId: 1,
    name: 'Office fit-out',
    code: 'OFFICE',
    currency: 'CZK',
    defaultLanguage: 'en',
    roles: [
      createSupplierPriceRole(),
      createSupplierPriceRole({
        roleId: 31,
        code: 'PM',
        name: { en: 'Project manager', cs: 'Projektový manažer' },
        catalogPrice: '1500.0000',
        price: '1250.5000',
        version: 4,
      }),
    ],
    ...overrides,
  };
}

/** A supplier's price setup: by default one catalog with a role unpriced and one priced. */
export function createSupplierPrices(
  catalogs: SupplierPriceCatalog[] = [createSupplierPriceCatalog()],
): SupplierPrices {
  return { catalogs };
}

export interface PartnerApiData {
  company?: PartnerCompany;
  prices?: SupplierPrices;
}

/** GET of one company and its prices; tests add or override the writes they look at. */
export function partnerApi({
  company = createPartnerCompany(),
  prices = createSupplierPrices(),
}: PartnerApiData = {}): Record<string, Handler> {
  return {
    [`GET ${PARTNERS}/${company.id}`]: () => jsonResponse(company),
    [`GET ${PARTNERS}/${company.id}/prices`]: () =>
      company.kind === 'SUPPLIER' ? jsonResponse(prices) : problemResponse(404, 'NOT_FOUND'),
  };
}

export function partnerPage(items: PartnerCompany[], nextCursor: string | null = null) {
  return jsonResponse({ items, nextCursor });
}
