// Quotes (decision 0032): IČO/DIČ of partner companies and of the own company, the company logo, issuing quotes (permissions, dates, numbering per company, 20 at once) and the quote PDF for the customer read back with pdftotext and pdfimages.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import type {
  CompanyProfile,
  Instance,
  LineupPricing,
  PartnerCompany,
  Quote,
} from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { lineupShares } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addMember, createCatalog, createRole } from '../helpers/catalog-factories';
import { createCompany, createUser, type CreatedUser } from '../helpers/factories';
import { readPdf } from '../helpers/read-pdf';
import {
  addStoryMember,
  createPublishedItem,
  createStory,
  storyBodies,
} from '../helpers/story-factories';

const run = promisify(execFile);
const CS = { 'accept-language': 'cs' };
const ZONE = 'Europe/Prague';

/** A date `days` from today in Prague, as YYYY-MM-DD. */
function pragueDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

function longDate(iso: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** A real 4×4 red PNG (signature, IHDR, IDAT, IEND with their CRCs). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () => Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function imagesIn(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'costory-quote-'));
  try {
    const file = join(dir, 'quote.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfimages', ['-list', file]);
    // Two header lines, then one line per image.
    return stdout.trim().split('\n').length - 2;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const partnerBody = (kind: 'SUPPLIER' | 'SUBSCRIBER', name: string, extra = {}) => ({
  kind,
  name,
  email: 'obchod@firma.test',
  country: 'Česká republika',
  city: 'Ústí nad Labem',
  street: 'Mírové náměstí',
  streetNumber: '7',
  zip: '400 01',
  ...extra,
});

describe('quotes', () => {
  let ctx: TestApp;
  let owner: CreatedUser;
  let admin: ApiCaller;
  let base: string;
  let storyId = 0;
  let lineupId = 0;
  let supplierId = 0;
  let subscriberId = 0;
  let companyId = 0;

  const quotes = () => `${base}/lineups/${lineupId}/quotes`;
  const issue = (caller: ApiCaller, body: object, headers?: Record<string, string>) =>
    caller.post(quotes(), { validUntil: pragueDate(30), timeZone: ZONE, ...body }, headers);

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const catalogId = (
      await createCatalog(db, { visibility: 'PRIVATE', name: 'Vývoj software', currency: 'CZK' })
    ).catalog.id;
    const dev = await createRole(db, {
      catalogId,
      code: 'DEV',
      name: { en: 'Developer', cs: 'Vývojář' },
      price: '812.35',
    });
    const qa = await createRole(db, {
      catalogId,
      code: 'QA',
      name: { en: 'Tester', cs: 'Tester' },
      unit: 'HOUR',
      price: '37.9',
    });
    const item = await createPublishedItem(db, {
      catalogId,
      code: 'SCREENS',
      repeatable: true,
      name: { en: 'Screens', cs: 'Obrazovky' },
      attributes: [
        { level: 1, code: 'screens', name: { en: 'Screens' }, type: 'NUMBER', mandatory: true },
      ],
      formulas: [
        { roleId: dev.id, level: 1, expression: 'screens * 0.75' },
        { roleId: qa.id, level: 1, expression: 'screens * 2.5' },
      ],
    });
    const company = await createCompany(db, { name: 'Šťastný tým s.r.o.' });
    companyId = company.id;
    owner = await createUser(db, { companyId: company.id });
    await addMember(db, catalogId, 'CTL_READER', owner);
    const { story } = await createStory(db, { catalogId, admin: owner, name: 'Portál' });
    storyId = story.id;
    base = `/api/v1/stories/${story.id}`;
    admin = await apiAs(ctx.app, owner.id);
    for (const [values, name] of [
      [{ screens: 3 }, 'Přihlášení'],
      [{ screens: 5 }, 'Objednávka'],
      [{}, 'Chybějící údaje'],
    ] as const) {
      expectStatus<Instance>(
        await admin.post(
          `${base}/instances`,
          storyBodies.instance(item.item.id, { values, optional: false, name }),
        ),
        201,
      );
    }
    supplierId = expectStatus<PartnerCompany>(
      await admin.post(
        '/api/v1/partner-companies',
        partnerBody('SUPPLIER', 'Dodavatel Řehoř a.s.', { ico: '25596641', dic: 'CZ25596641' }),
      ),
      201,
    ).id;
    subscriberId = expectStatus<PartnerCompany>(
      await admin.post(
        '/api/v1/partner-companies',
        partnerBody('SUBSCRIBER', 'Zákazník Ďuriš', { ico: '27082440', dic: 'CZ27082440' }),
      ),
      201,
    ).id;
    lineupId = expectStatus<LineupPricing>(
      await admin.post(`${base}/lineups`, {
        name: 'Nabídka A',
        supplierId,
        subscriberId,
        customPrices: [{ roleId: qa.id, price: '40' }],
      }),
      201,
    ).id;
  });
  afterAll(() => ctx.close());

  describe('IČO and DIČ', () => {
    it('saves them on a partner company and refuses wrong ones with localized messages', async () => {
      const supplier = expectStatus<PartnerCompany>(
        await admin.get(`/api/v1/partner-companies/${supplierId}`),
        200,
      );
      expect([supplier.ico, supplier.dic]).toEqual(['25596641', 'CZ25596641']);
      const bad = partnerBody('SUPPLIER', 'Špatný', { ico: '25596642', dic: 'CZ12' });
      const problem = problemOf(await admin.post('/api/v1/partner-companies', bad));
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'ico',
            rule: 'company_id_number',
            message: expect.stringContaining('check digit') as string,
          }),
          expect.objectContaining({ field: 'dic', rule: 'vat_id_number' }),
        ]),
      );
      const cs = problemOf(
        await admin.post(
          '/api/v1/partner-companies',
          partnerBody('SUPPLIER', 'Špatný', { ico: '1234567' }),
          CS,
        ),
      );
      expect(cs.errors).toEqual([
        {
          field: 'ico',
          rule: 'company_id_number',
          message:
            'Pole IČO musí mít 8 číslic s platnou kontrolní číslicí (poslední číslice nesouhlasí)',
        },
      ]);
    });

    it('saves them on the own company profile and refuses letters in the IČO', async () => {
      const url = `/api/v1/users/${owner.id}/company`;
      const profile = expectStatus<CompanyProfile>(await admin.get(url), 200);
      const fields = {
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        country: profile.country,
        city: profile.city,
        street: profile.street,
        streetNumber: profile.streetNumber,
        zip: profile.zip,
      };
      const refused = problemOf(
        await admin.put(url, { ...fields, ico: '2559664A', version: profile.version }),
      );
      expect(refused.errors?.map((error) => [error.field, error.rule])).toEqual([
        ['ico', 'company_id_number'],
      ]);
      const saved = expectStatus<CompanyProfile>(
        await admin.put(url, {
          ...fields,
          ico: '45274649',
          dic: 'CZ45274649',
          version: profile.version,
        }),
        200,
      );
      expect([saved.ico, saved.dic]).toEqual(['45274649', 'CZ45274649']);
    });
  });

  describe('logo', () => {
    const url = () => `/api/v1/users/${owner.id}/company/logo`;

    it('refuses a text file named .png and a file over 512 KB, with localized messages', async () => {
      const text = problemOf(
        await admin.put(url(), { data: Buffer.from('not a picture').toString('base64') }, CS),
      );
      expect(text.errors).toEqual([
        { field: 'data', rule: 'mimes', message: 'Logo musí být obrázek PNG nebo JPEG' },
      ]);
      const large = Buffer.concat([tinyPng(), Buffer.alloc(600 * 1024)]);
      const tooLarge = problemOf(await admin.put(url(), { data: large.toString('base64') }));
      expect(tooLarge.errors?.map((error) => [error.field, error.rule])).toEqual([
        ['data', 'file_over_limit'],
      ]);
      expect((await admin.get(url())).statusCode).toBe(404);
    });

    it('refuses a PNG or JPEG the quote could not print: cut short, damaged, or only a header', async () => {
      const png = tinyPng();
      const damaged = Buffer.from(png);
      damaged[png.length - 20] = (damaged[png.length - 20] ?? 0) ^ 0xff;
      const jpegHeaderOnly = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46]);
      for (const bytes of [png.subarray(0, png.length - 16), damaged, jpegHeaderOnly]) {
        const problem = problemOf(await admin.put(url(), { data: bytes.toString('base64') }, CS));
        expect(problem.errors).toEqual([
          { field: 'data', rule: 'mimes', message: 'Logo musí být obrázek PNG nebo JPEG' },
        ]);
      }
      expect((await admin.get(url())).statusCode).toBe(404);
    });

    it('accepts a PNG, serves it, and can remove it', async () => {
      const png = tinyPng();
      const profile = expectStatus<CompanyProfile>(
        await admin.put(url(), { data: png.toString('base64') }),
        200,
      );
      expect(profile.hasLogo).toBe(true);
      const served = await admin.get(url());
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);
      expect(expectStatus<CompanyProfile>(await admin.delete(url()), 200).hasLogo).toBe(false);
      expect((await admin.get(url())).statusCode).toBe(404);
    });
  });

  describe('issuing', () => {
    it('lets admins and modelers issue, others 403, strangers 404', async () => {
      const modeler = await apiAs(
        ctx.app,
        (await addStoryMember(ctx.app.db, storyId, 'ICT_MODELER')).id,
      );
      expect((await issue(modeler, {})).statusCode).toBe(201);
      for (const role of ['ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'] as const) {
        const member = await apiAs(ctx.app, (await addStoryMember(ctx.app.db, storyId, role)).id);
        expect((await issue(member, {})).statusCode, role).toBe(403);
      }
      const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
      expect((await issue(stranger, {})).statusCode).toBe(404);
      expect((await stranger.get(quotes())).statusCode).toBe(404);
    });

    it('refuses a validity date before the issue date and a VAT rate out of range (400)', async () => {
      const before = problemOf(await issue(admin, { validUntil: pragueDate(-1) }, CS));
      expect(before.errors?.[0]).toMatchObject({
        field: 'validUntil',
        message: `Platnost nabídky nesmí končit před datem vystavení (${pragueDate()})`,
      });
      const rate = problemOf(await issue(admin, { vatRate: '100.5' }));
      expect(rate.errors?.map((error) => [error.field, error.rule])).toEqual([
        ['vatRate', 'max_value'],
      ]);
      const decimals = problemOf(await issue(admin, { vatRate: '21.125' }));
      expect(decimals.errors?.map((error) => error.field)).toEqual(['vatRate']);
      // Valid until today is fine.
      expect((await issue(admin, { validUntil: pragueDate() })).statusCode).toBe(201);
    });

    it('numbers quotes one after another per company, independently between companies', async () => {
      const first = expectStatus<Quote>(await issue(admin, {}), 201);
      const second = expectStatus<Quote>(await issue(admin, {}), 201);
      const year = pragueDate().slice(0, 4);
      const counter = (quote: Quote) => Number(quote.number.slice(5));
      expect(first.number).toMatch(new RegExp(`^${year}-\\d{4}$`));
      expect(counter(second)).toBe(counter(first) + 1);

      // Another company's story starts its own counter at 1.
      const db = ctx.app.db;
      const other = await createCompany(db);
      const otherOwner = await createUser(db, { companyId: other.id });
      const catalog = await createCatalog(db, { visibility: 'PUBLIC', currency: 'EUR' });
      const { story } = await createStory(db, {
        catalogId: catalog.catalog.id,
        admin: otherOwner,
      });
      const otherApi = await apiAs(ctx.app, otherOwner.id);
      const partner = async (kind: 'SUPPLIER' | 'SUBSCRIBER') =>
        expectStatus<PartnerCompany>(
          await otherApi.post('/api/v1/partner-companies', partnerBody(kind, kind)),
          201,
        ).id;
      const otherLineup = expectStatus<LineupPricing>(
        await otherApi.post(`/api/v1/stories/${story.id}/lineups`, {
          name: 'B',
          supplierId: await partner('SUPPLIER'),
          subscriberId: await partner('SUBSCRIBER'),
        }),
        201,
      ).id;
      const otherQuote = expectStatus<Quote>(
        await otherApi.post(`/api/v1/stories/${story.id}/lineups/${otherLineup}/quotes`, {
          validUntil: pragueDate(10),
        }),
        201,
      );
      expect(otherQuote.number).toBe(`${year}-0001`);
      expect(companyId).not.toBe(other.id);
    });

    it('gives 20 concurrent requests 20 distinct consecutive numbers', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => issue(admin, {})));
      const numbers = responses
        .map((response) => Number(expectStatus<Quote>(response, 201).number.slice(5)))
        .sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(20);
      expect(numbers.at(-1)! - numbers[0]!).toBe(19);
      const listed = expectStatus<Quote[]>(await admin.get(quotes()), 200);
      expect(new Set(listed.map((quote) => quote.number)).size).toBe(listed.length);
    });

    it('records QUOTE_ISSUED with the number in the story history', async () => {
      const quote = expectStatus<Quote>(await issue(admin, {}), 201);
      const events = expectStatus<{ items: { type: string; changes: unknown[] }[] }>(
        await admin.get(`${base}/events`),
        200,
      );
      expect(events.items[0]).toMatchObject({
        type: 'QUOTE_ISSUED',
        changes: expect.arrayContaining([
          { field: 'number', old: null, new: quote.number },
        ]) as unknown[],
      });
    });
  });

  describe('the quote PDF', () => {
    it('is a customer document with the number, dates, IČO/DIČ, VAT and totals, without internal lines', async () => {
      const quote = expectStatus<Quote>(
        await issue(admin, {
          vatRate: '21',
          paymentTerms: 'Splatnost 14 dní od doručení faktury',
          note: 'Ceny platí při objednání do konce měsíce',
        }),
        201,
      );
      // DEV 2.25 MD × 812.35 = 1827.79 and 3.75 MD × 812.35 = 3046.31; QA 20 h × 40 = 800.00
      // -> 5674.10 without VAT; 21 % = 1191.561 -> 1191.56; with VAT 6865.66.
      expect([quote.totalWithoutVat, quote.vatAmount, quote.totalWithVat]).toEqual([
        '5674.10',
        '1191.56',
        '6865.66',
      ]);
      const response = await admin.get(
        `${quotes()}/${quote.id}/export?format=pdf&timeZone=${ZONE}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = await readPdf(response.rawPayload);
      expect(pdf.flat).toContain(`Quote ${quote.number}`);
      expect(pdf.flat).toContain(`Quote number ${quote.number}`);
      expect(pdf.flat).toContain(`Issue date ${longDate(quote.issueDate, 'en-GB')}`);
      expect(pdf.flat).toContain(`Valid until ${longDate(quote.validUntil, 'en-GB')}`);
      expect(pdf.flat).toContain('Dodavatel Řehoř a.s.');
      expect(pdf.flat).toContain('Zákazník Ďuriš');
      expect(pdf.flat).toContain('Reg. No. (IČO): 25596641');
      expect(pdf.flat).toContain('VAT No. (DIČ): CZ25596641');
      expect(pdf.flat).toContain('Reg. No. (IČO): 27082440');
      expect(pdf.flat).toContain('VAT No. (DIČ): CZ27082440');
      // The issuer (the story's company) with its own numbers.
      expect(pdf.flat).toContain('Šťastný tým s.r.o.');
      expect(pdf.flat).toContain('Reg. No. (IČO): 45274649');
      expect(pdf.flat).toMatch(
        /Total without VAT \(1 instance with formula errors not priced\) CZK ?5,674\.10/,
      );
      expect(pdf.flat).toContain('VAT rate 21 %');
      expect(pdf.flat).toMatch(/VAT CZK ?1,191\.56/);
      expect(pdf.flat).toMatch(/Total with VAT CZK ?6,865\.66/);
      expect(pdf.flat).toContain('Payment terms Splatnost 14 dní od doručení faktury');
      expect(pdf.flat).toContain('Note: Ceny platí při objednání do konce měsíce');
      expect(pdf.flat).toContain('Developer (DEV)');
      expect(pdf.flat).toMatch(/CZK ?812\.35/);
      // No internal lines: price sources, catalog or supplier prices, formula errors.
      expect(pdf.flat).not.toContain('Price from');
      expect(pdf.flat).not.toMatch(/\bcatalog\b/i);
      expect(pdf.flat).not.toContain('Errors in formulas');
      expect(pdf.flat).not.toContain('Number of errors in formula');
      expect(pdf.flat).not.toMatch(/37\.9/);
      expect(await imagesIn(response.rawPayload)).toBe(0);
    });

    it('is written in Czech with Czech numbers, and carries the uploaded logo', async () => {
      expectStatus(
        await admin.put(`/api/v1/users/${owner.id}/company/logo`, {
          data: tinyPng().toString('base64'),
        }),
        200,
      );
      const quote = expectStatus<Quote>(await issue(admin, { vatRate: '15' }), 201);
      // 5674.10 × 15 % = 851.115 -> 851.12 (half away from zero); 6525.22 with VAT.
      expect([quote.vatAmount, quote.totalWithVat]).toEqual(['851.12', '6525.22']);
      const response = await admin.get(`${quotes()}/${quote.id}/export?format=pdf`, CS);
      const pdf = await readPdf(response.rawPayload);
      expect(pdf.flat).toContain(`Nabídka ${quote.number}`);
      expect(pdf.flat).toContain(`Číslo nabídky ${quote.number}`);
      expect(pdf.flat).toContain(`Datum vystavení ${longDate(quote.issueDate, 'cs-CZ')}`);
      expect(pdf.flat).toContain(`Platnost do ${longDate(quote.validUntil, 'cs-CZ')}`);
      expect(pdf.flat).toContain('IČO: 25596641');
      expect(pdf.flat).toContain('DIČ: CZ27082440');
      expect(pdf.flat).toContain('Sazba DPH 15 %');
      expect(pdf.flat).toMatch(/Celkem bez DPH .*5 ?674,10 Kč/);
      expect(pdf.flat).toMatch(/DPH 851,12 Kč/);
      expect(pdf.flat).toMatch(/Celkem s DPH 6 ?525,22 Kč/);
      expect(pdf.flat).not.toContain('Cena z');
      expect(pdf.flat).not.toContain('Chyby ve vzorcích');
      expect(await imagesIn(response.rawPayload)).toBeGreaterThanOrEqual(1);
    });

    it('is also a spreadsheet, and readers of the lineup may download it (a customer once it is shared); strangers 404', async () => {
      const [quote] = expectStatus<Quote[]>(await admin.get(quotes()), 200);
      if (!quote) throw new Error('no quote');
      const xlsx = await admin.get(`${quotes()}/${quote.id}/export?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      const customerUser = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
      const customer = await apiAs(ctx.app, customerUser.id);
      // A customer reads the quotes of a lineup shared with them only (decision 0033).
      expect((await customer.get(quotes())).statusCode).toBe(404);
      expect((await customer.get(`${quotes()}/${quote.id}/export?format=json`)).statusCode).toBe(
        404,
      );
      await ctx.app.db.insert(lineupShares).values({ lineupId, userId: customerUser.id });
      expect(expectStatus<Quote[]>(await customer.get(quotes()), 200)).toHaveLength(
        expectStatus<Quote[]>(await admin.get(quotes()), 200).length,
      );
      expect((await customer.get(`${quotes()}/${quote.id}/export?format=json`)).statusCode).toBe(
        200,
      );
      const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
      expect((await stranger.get(`${quotes()}/${quote.id}/export`)).statusCode).toBe(404);
      expect((await admin.get(`${quotes()}/999999/export`)).statusCode).toBe(404);
    });
  });
});
