// A supplier's price sheet (issue 20 item 2): export then import is the identity, a Czech Windows-1250 CSV updates prices, every problem by row and column in English and Czech, all or nothing, and bad files answered clearly.
import type { PartnerCompany, SupplierPriceImportReport } from '@costory/shared';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierRolePrices, type CatalogRoleRow } from '../../src/db/schema';
import { readSheets } from '../../src/lib/spreadsheets/sheet-reader';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createCatalog, createRole } from '../helpers/catalog-factories';
import { createCompany, createUser } from '../helpers/factories';
import { createStory } from '../helpers/story-factories';

const BASE = '/api/v1/partner-companies';
const OCTETS = { 'content-type': 'application/octet-stream' };

function companyBody(kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) {
  return {
    kind,
    name,
    email: 'ceny@dodavatel.test',
    country: 'Česká republika',
    city: 'Brno',
    street: 'Údolní',
    streetNumber: '5',
    zip: '602 00',
  };
}

describe('supplier price sheet', () => {
  let ctx: TestApp;
  let aliceApi: ApiCaller;
  let strangerApi: ApiCaller;
  let development: { id: number; dev: CatalogRoleRow; pm: CatalogRoleRow; qa: CatalogRoleRow };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const tenant = await createCompany(db, { name: 'Alice s.r.o.' });
    const alice = await createUser(db, { companyId: tenant.id });
    aliceApi = await apiAs(ctx.app, alice.id);
    const stranger = await createUser(db);
    strangerApi = await apiAs(ctx.app, stranger.id);
    const owner = await createUser(db, { firstName: 'Owen', lastName: 'Owner' });
    const dev = await createCatalog(db, {
      admin: owner,
      name: 'Development',
      code: 'DEV-CAT',
      visibility: 'PUBLIC',
    });
    development = {
      id: dev.catalog.id,
      qa: await createRole(db, { catalogId: dev.catalog.id, code: 'QA', price: '950.15' }),
      dev: await createRole(db, { catalogId: dev.catalog.id, code: 'DEV', price: '9500' }),
      pm: await createRole(db, { catalogId: dev.catalog.id, code: 'PM', price: '1200.5' }),
    };
    await createStory(db, { catalogId: development.id, admin: alice });
    // PRIVATE of another company, nobody of Alice's company a member: its code is unknown to her.
    const secret = await createCatalog(db, { admin: owner, name: 'Secret', code: 'SECRET' });
    await createRole(db, { catalogId: secret.catalog.id, code: 'DEV' });
  });
  afterAll(() => ctx.close());

  async function newPartner(
    kind: 'SUPPLIER' | 'SUBSCRIBER' = 'SUPPLIER',
    api: ApiCaller = aliceApi,
  ): Promise<PartnerCompany> {
    return expectStatus<PartnerCompany>(await api.post(BASE, companyBody(kind, 'Dodavatel')), 201);
  }

  async function pricesOf(partnerId: number): Promise<Record<string, string>> {
    const rows = await ctx.app.db
      .select()
      .from(supplierRolePrices)
      .where(eq(supplierRolePrices.partnerCompanyId, partnerId))
      .orderBy(asc(supplierRolePrices.id));
    const codes = new Map(
      [development.dev, development.pm, development.qa].map((role) => [role.id, role.code]),
    );
    return Object.fromEntries(
      rows.map((row) => [codes.get(row.roleId) ?? String(row.roleId), row.price]),
    );
  }

  /** A supplier with DEV 9500 and QA 950.15 of its own; PM at the catalog's price. */
  async function pricedSupplier(): Promise<PartnerCompany> {
    const supplier = await newPartner();
    expectStatus(
      await aliceApi.put(`${BASE}/${supplier.id}/prices`, {
        catalogId: development.id,
        prices: [
          { roleId: development.dev.id, price: '9500', version: null },
          { roleId: development.qa.id, price: '950.15', version: null },
        ],
      }),
      200,
    );
    return supplier;
  }

  async function exportOf(partnerId: number, format = 'xlsx'): Promise<Buffer> {
    const response = await aliceApi.get(`${BASE}/${partnerId}/prices/sheet?format=${format}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  }

  async function importInto(
    partnerId: number,
    file: Buffer | string,
    options: { apply?: boolean; fileName?: string; locale?: string } = {},
  ): Promise<SupplierPriceImportReport> {
    const query = new URLSearchParams({
      apply: String(options.apply ?? false),
      ...(options.fileName === undefined ? {} : { fileName: options.fileName }),
    });
    const response = await aliceApi.post(
      `${BASE}/${partnerId}/prices/imports?${query.toString()}`,
      typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
      { ...OCTETS, 'accept-language': options.locale ?? 'en' },
    );
    return expectStatus<SupplierPriceImportReport>(response, 200);
  }

  it('exports every role of the setup’s catalogs, the price empty where the catalog’s applies (xlsx and CSV)', async () => {
    const supplier = await pricedSupplier();
    const xlsx = await exportOf(supplier.id);
    const [sheet, ...others] = await readSheets(xlsx, 'xlsx', { maxRows: 100 });
    expect(others).toEqual([]);
    expect(sheet?.name).toBe('Prices');
    expect(sheet?.header).toEqual(['catalog', 'role', 'price']);
    expect(sheet?.rows.map((row) => row.cells)).toEqual([
      [
        { kind: 'text', text: 'DEV-CAT' },
        { kind: 'text', text: 'DEV' },
        { kind: 'number', value: 9500 },
      ],
      [
        { kind: 'text', text: 'DEV-CAT' },
        { kind: 'text', text: 'PM' },
      ],
      [
        { kind: 'text', text: 'DEV-CAT' },
        { kind: 'text', text: 'QA' },
        { kind: 'number', value: 950.15 },
      ],
    ]);
    const csv = (await exportOf(supplier.id, 'csv')).toString('utf8');
    expect(csv).toBe(
      '\uFEFFcatalog,role,price\r\nDEV-CAT,DEV,9500\r\nDEV-CAT,PM,\r\nDEV-CAT,QA,950.15\r\n',
    );
  });

  it('export then import changes nothing and says so, also when asked to apply', async () => {
    const supplier = await pricedSupplier();
    const before = await pricesOf(supplier.id);
    for (const format of ['xlsx', 'csv']) {
      const file = await exportOf(supplier.id, format);
      const dry = await importInto(supplier.id, file, { fileName: `prices.${format}` });
      expect(dry.problems).toEqual([]);
      expect(dry.changeCount).toBe(0);
      expect(dry.sheets).toEqual([
        { sheet: 'Prices', rows: 3, created: 0, updated: 0, removed: 0, unchanged: 3 },
      ]);
      const applied = await importInto(supplier.id, file, { apply: true, fileName: `x.${format}` });
      expect(applied.applied).toBe(false);
      expect(applied.changeCount).toBe(0);
      expect(applied.partnerId).toBe(supplier.id);
    }
    expect(await pricesOf(supplier.id)).toEqual(before);
  });

  it('applies a Czech CSV in Windows-1250 with semicolons: creates, updates and removes by code', async () => {
    const supplier = await pricedSupplier();
    // "DEV-CAT;DEV;9 600,50" with a no-break space (0xA0 in Windows-1250) as thousands separator.
    const cp1250 = Buffer.concat([
      Buffer.from('catalog;role;price\r\nDEV-CAT;DEV;9', 'latin1'),
      Buffer.from([0xa0]),
      Buffer.from('600,50\r\nDEV-CAT;PM;1300\r\nDEV-CAT;QA;\r\n', 'latin1'),
    ]);
    const dry = await importInto(supplier.id, cp1250, { fileName: 'ceny.csv', locale: 'cs' });
    expect(dry.problems).toEqual([]);
    expect(dry.format).toBe('csv');
    expect(dry.changes).toEqual([
      { sheet: 'Prices', key: 'DEV-CAT / PM', action: 'CREATE', columns: [] },
      { sheet: 'Prices', key: 'DEV-CAT / DEV', action: 'UPDATE', columns: ['price'] },
      { sheet: 'Prices', key: 'DEV-CAT / QA', action: 'REMOVE', columns: [] },
    ]);
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9500.0000', QA: '950.1500' });
    const applied = await importInto(supplier.id, cp1250, { fileName: 'ceny.csv', apply: true });
    expect(applied.applied).toBe(true);
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9600.5000', PM: '1300.0000' });
    const [dev] = await ctx.app.db
      .select()
      .from(supplierRolePrices)
      .where(
        and(
          eq(supplierRolePrices.partnerCompanyId, supplier.id),
          eq(supplierRolePrices.roleId, development.dev.id),
        ),
      );
    // The same write as the price form's: a changed price gets a new version.
    expect(dev?.version).toBe(1);
    // The same file again: nothing to change.
    const again = await importInto(supplier.id, cp1250, { fileName: 'ceny.csv', apply: true });
    expect(again.applied).toBe(false);
    expect(again.changeCount).toBe(0);
    expect(again.sheets[0]?.unchanged).toBe(3);
  });

  it('lists every problem by row and column in English and Czech, and applies nothing', async () => {
    const supplier = await pricedSupplier();
    const csv = [
      'catalog,role,price,note',
      'DEV-CAT,DEV,9700', // row 2: fine on its own
      'NOPE,DEV,10', // row 3: unknown catalog
      'SECRET,DEV,10', // row 4: a PRIVATE catalog of another company reads as unknown
      'DEV-CAT,CEO,10', // row 5: unknown role
      'DEV-CAT,PM,0', // row 6: not above zero
      'DEV-CAT,QA,abc', // row 7: not a number
      'DEV-CAT,DEV,9800', // row 8: duplicate of row 2
      ',PM,5', // row 9: no catalog
    ].join('\n');
    const en = await importInto(supplier.id, csv, { fileName: 'prices.csv', apply: true });
    expect(en.applied).toBe(false);
    expect(en.problems).toEqual([
      {
        sheet: 'Prices',
        row: 1,
        column: 'note',
        message: 'Unknown column “note”; the sheet Prices has the columns catalog, role, price',
      },
      {
        sheet: 'Prices',
        row: 3,
        column: 'catalog',
        message: 'There is no catalog “NOPE” among the catalogs you can read',
      },
      {
        sheet: 'Prices',
        row: 4,
        column: 'catalog',
        message: 'There is no catalog “SECRET” among the catalogs you can read',
      },
      {
        sheet: 'Prices',
        row: 5,
        column: 'role',
        message: 'The catalog “DEV-CAT” has no role “CEO”',
      },
      { sheet: 'Prices', row: 6, column: 'price', message: expect.any(String) as string },
      { sheet: 'Prices', row: 7, column: 'price', message: 'Must be a number' },
      {
        sheet: 'Prices',
        row: 8,
        column: 'role',
        message: '“DEV-CAT / DEV” is already on row 2',
      },
      { sheet: 'Prices', row: 9, column: 'catalog', message: 'Required' },
    ]);
    expect(en.problemCount).toBe(8);
    const cs = await importInto(supplier.id, csv, { fileName: 'prices.csv', locale: 'cs' });
    expect(cs.problems.map((problem) => problem.message)).toEqual([
      'Neznámý sloupec „note“; list Prices má sloupce catalog, role, price',
      'Mezi katalogy, které můžete číst, není katalog „NOPE“',
      'Mezi katalogy, které můžete číst, není katalog „SECRET“',
      'Katalog „DEV-CAT“ nemá roli „CEO“',
      expect.any(String),
      'Musí být číslo',
      '„DEV-CAT / DEV“ už je na řádku 2',
      'Povinné',
    ]);
    // The price rule's own words (the price form's), different in each language.
    expect(cs.problems[4]?.message).not.toBe(en.problems[4]?.message);
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9500.0000', QA: '950.1500' });
  });

  it('reports a missing column and a wrong sheet; refuses formulas, dates and merged cells as prices', async () => {
    const supplier = await pricedSupplier();
    const missing = await importInto(supplier.id, 'catalog,role\nDEV-CAT,DEV\n', {
      fileName: 'p.csv',
    });
    expect(missing.problems).toEqual([
      { sheet: 'Prices', row: 1, column: 'price', message: 'The column “price” is missing' },
    ]);
    const workbook = new ExcelJS.Workbook();
    const prices = workbook.addWorksheet('Prices');
    prices.addRows([
      ['catalog', 'role', 'price'],
      ['DEV-CAT', 'DEV', { formula: '1+1', result: 2 }],
      ['DEV-CAT', 'PM', new Date(Date.UTC(2026, 0, 2))],
      ['DEV-CAT', 'QA', 5],
      ['DEV-CAT', 'QA', 5],
    ]);
    prices.mergeCells('B4:C4');
    workbook.addWorksheet('Notes').addRow(['anything']);
    const report = await importInto(supplier.id, Buffer.from(await workbook.xlsx.writeBuffer()), {
      apply: true,
      locale: 'en',
    });
    expect(report.applied).toBe(false);
    expect(report.format).toBe('xlsx');
    expect(report.problems).toEqual(
      expect.arrayContaining([
        {
          sheet: 'Notes',
          row: null,
          column: null,
          message: 'The sheet “Notes” is not part of the supplier prices workbook (Prices)',
        },
        {
          sheet: 'Prices',
          row: 2,
          column: 'price',
          message: 'A formula: formulas are never calculated; type the value itself',
        },
        { sheet: 'Prices', row: 3, column: 'price', message: 'A date where a number belongs' },
        expect.objectContaining({ sheet: 'Prices', row: 4, column: 'price' }),
      ]),
    );
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9500.0000', QA: '950.1500' });
  });

  it('answers 404 for another tenant’s supplier and a subscriber, on both routes', async () => {
    const supplier = await pricedSupplier();
    const subscriber = await newPartner('SUBSCRIBER');
    for (const [api, id] of [
      [strangerApi, supplier.id],
      [aliceApi, subscriber.id],
    ] as const) {
      expect((await api.get(`${BASE}/${id}/prices/sheet`)).statusCode).toBe(404);
      const response = await api.post(
        `${BASE}/${id}/prices/imports?apply=true`,
        Buffer.from('catalog,role,price\nDEV-CAT,DEV,1\n'),
        OCTETS,
      );
      expect(response.statusCode).toBe(404);
    }
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9500.0000', QA: '950.1500' });
  });

  it('answers bad files clearly: empty, header only, not a spreadsheet, too large', async () => {
    const supplier = await pricedSupplier();
    const empty = await importInto(supplier.id, Buffer.alloc(0), { fileName: 'empty.csv' });
    expect(empty.problems).toEqual([
      { sheet: '', row: null, column: null, message: 'The file is empty' },
    ]);
    const headerOnly = await importInto(supplier.id, 'catalog,role,price\n', { fileName: 'p.csv' });
    expect(headerOnly.problems).toEqual([
      { sheet: 'Prices', row: null, column: null, message: 'The file has no rows to import' },
    ]);
    const binary = await aliceApi.post(
      `${BASE}/${supplier.id}/prices/imports`,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0, 1, 2, 3]),
      { ...OCTETS, 'accept-language': 'cs' },
    );
    expect(binary.statusCode).toBe(400);
    expect(problemOf(binary).detail).toMatch(/není sešit Excelu/);
    const large = await aliceApi.post(
      `${BASE}/${supplier.id}/prices/imports`,
      Buffer.alloc(21 * 1024 * 1024, 65),
      OCTETS,
    );
    expect(large.statusCode).toBeGreaterThanOrEqual(400);
    expect(large.statusCode).toBeLessThan(500);
    const noBody = await aliceApi.post(`${BASE}/${supplier.id}/prices/imports`, undefined);
    expect(noBody.statusCode).toBeLessThan(500);
    expect(await pricesOf(supplier.id)).toEqual({ DEV: '9500.0000', QA: '950.1500' });
  });
});
