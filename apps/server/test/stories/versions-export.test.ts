// Exports of a story version (decision 0042 "Exports of a version"): its summaries and its lineups' quotes keep the version's figures while the live story and the catalog change, are marked with its name and date in English and Czech, and follow the version's rights.
import type { Instance, LineupPricing, Report, StoryVersion } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from '../exports/report-fixtures';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createUser, type CreatedUser } from '../helpers/factories';
import { addStoryMember, createStory, storyBodies } from '../helpers/story-factories';
import { createPartnerPair, createWallCatalog } from '../helpers/version-fixtures';

function fact(report: Report, label: string): string | null | undefined {
  return report.facts.find((entry) => entry.label === label)?.value;
}

describe('exports of a story version', () => {
  let ctx: TestApp;
  let adminApi: ApiCaller;
  let customerApi: ApiCaller;
  let base: string;
  let version: StoryVersion;
  let shared: LineupPricing;
  let internal: LineupPricing;
  let catalogId: number;
  let admin: CreatedUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const fixture = await createWallCatalog(ctx.app, {
      price: '1000',
      roleName: { en: 'Developer', cs: 'Vývojář' },
    });
    ({ catalogId, admin, adminApi } = fixture);
    const itemId = fixture.wallId;
    const role = { id: fixture.roleId };
    const { storyId } = await fixture.freshStory('Hala Brno');
    base = `/api/v1/stories/${storyId}`;
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    customerApi = await apiAs(ctx.app, customer.id);
    const partners = await createPartnerPair(adminApi);
    const lineup = (name: string, extra: Record<string, unknown>) => ({
      name,
      supplierId: partners.supplier,
      subscriberId: partners.subscriber,
      ...extra,
    });
    // 25 x 0.1 = 2.5 MD: 2,500.00 at the catalog's 1,000; 2,250.00 at the lineup's own 900.
    const wall = expectStatus<Instance>(
      await adminApi.post(
        `${base}/instances`,
        storyBodies.instance(itemId, { name: 'Hall', values: { area: 25 } }),
      ),
      201,
    );
    shared = expectStatus<LineupPricing>(
      await adminApi.post(
        `${base}/lineups`,
        lineup('For Novák', {
          sharedWith: [customer.id],
          customPrices: [{ roleId: role.id, price: '900' }],
        }),
      ),
      201,
    );
    internal = expectStatus<LineupPricing>(
      await adminApi.post(`${base}/lineups`, lineup('Internal', {})),
      201,
    );
    version = expectStatus<StoryVersion>(
      await adminApi.post(`${base}/versions`, { name: 'Quote for Novák' }),
      201,
    );
    // Afterwards the story grows to 30 (3 MD) and the catalog's price to 1,200: 3,600.00 live.
    expectStatus(
      await adminApi.put(`${base}/instances/${wall.id}`, {
        name: 'Hall',
        description: '',
        optional: false,
        level: 1,
        values: { area: 30 },
        labelIds: [],
        revision: wall.revision,
      }),
      200,
    );
    expectStatus(
      await adminApi.put(`/api/v1/catalogs/${catalogId}/roles/${role.id}`, {
        name: { en: 'Developer', cs: 'Vývojář' },
        code: 'DEV',
        description: {},
        unit: 'MANDAYS',
        price: '1200',
        version: 0,
      }),
      200,
    );
    await ctx.app.jobs.drain();
  });
  afterAll(() => ctx.close());

  it('exports a summary with the version’s figures, marked with its name and date', async () => {
    const url = `${base}/versions/${version.id}/exports/roles`;
    const live = expectStatus<Report>(await adminApi.get(`${base}/exports/roles?format=json`), 200);
    expect(fact(live, 'Total price')).toBe('3600.00');

    const report = expectStatus<Report>(await adminApi.get(`${url}?format=json`), 200);
    expect(report.facts[0]).toMatchObject({ label: 'Version', format: 'text' });
    expect(report.facts[0]?.value).toMatch(
      /^Quote for Novák \(frozen on \d{1,2} [A-Z][a-z]+ \d{4}\)$/,
    );
    expect(report.subject).toBe('Hala Brno · Quote for Novák');
    expect(fact(report, 'Total price')).toBe('2500.00');
    expect(report.tables[0]?.rows[0]?.cells).toEqual([
      'Developer (DEV)',
      'MD',
      '2.5',
      '1000.0000',
      '2.5',
      '2500.00',
    ]);

    const czech = expectStatus<Report>(
      await adminApi.get(`${url}?format=json`, { 'accept-language': 'cs' }),
      200,
    );
    expect(czech.facts[0]?.label).toBe('Verze');
    expect(czech.facts[0]?.value).toMatch(/^Quote for Novák \(zmrazena \d{1,2}\. \p{L}+ \d{4}\)$/u);

    const file = await adminApi.get(`${url}?format=xlsx`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('quote-for-novak');
    const sheet = (await readWorkbook(file.rawPayload)).worksheets[0];
    const cells = sheet?.getSheetValues().flat().map(String) ?? [];
    expect(cells.join(' | ')).toContain('Quote for Novák (frozen on');
    expect(cells).toContain('2500');
  });

  it('exports a lineup’s quote with the prices the version froze', async () => {
    const live = expectStatus<Report>(
      await adminApi.get(`${base}/lineups/${shared.id}/export?format=json`),
      200,
    );
    // 3 MD at the lineup's 900.
    expect(fact(live, 'Total price')).toBe('2700.00');
    const url = `${base}/versions/${version.id}/lineups/${shared.id}/export`;
    const report = expectStatus<Report>(await adminApi.get(`${url}?format=json`), 200);
    expect(report.facts.slice(0, 2).map((entry) => entry.value)).toEqual([
      expect.stringMatching(/^Quote for Novák \(frozen on /),
      'For Novák',
    ]);
    expect(fact(report, 'Total price')).toBe('2250.00');
    expect(report.parties.map((party) => party.name)).toContain('SUPPLIER s.r.o.');
    const pdf = await adminApi.get(`${url}?format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('gives a customer amounts only, and only the lineups shared with them then', async () => {
    const summary = expectStatus<Report>(
      await customerApi.get(`${base}/versions/${version.id}/exports/story?format=json`),
      200,
    );
    expect(summary.facts[0]?.label).toBe('Version');
    expect(summary.facts.map((entry) => entry.format)).not.toContain('money');
    const lineups = `${base}/versions/${version.id}/lineups`;
    const quote = expectStatus<Report>(
      await customerApi.get(`${lineups}/${shared.id}/export?format=json`),
      200,
    );
    // A customer's quote: the lineup's total under the plain "Total".
    expect(quote.facts.find((entry) => entry.format === 'money')?.value).toBe('2250.00');
    expect(
      problemOf(await customerApi.get(`${lineups}/${internal.id}/export?format=json`)).status,
    ).toBe(404);
  });

  it('answers 404 for a stranger, a missing version and a version of another story', async () => {
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const summary = `${base}/versions/${version.id}/exports/roles?format=json`;
    const quote = `${base}/versions/${version.id}/lineups/${shared.id}/export?format=json`;
    for (const url of [summary, quote]) expect(problemOf(await stranger.get(url)).status).toBe(404);
    expect(
      problemOf(await adminApi.get(`${base}/versions/999999/exports/roles?format=json`)).status,
    ).toBe(404);
    const other = await createStory(ctx.app.db, { catalogId, admin });
    const otherBase = `/api/v1/stories/${other.story.id}`;
    expect(
      problemOf(await adminApi.get(`${otherBase}/versions/${version.id}/exports/roles`)).status,
    ).toBe(404);
  });
});
