// The comparison of story versions as an .xlsx (decision 0042 "Comparison"): the report's sheets read back with exceljs, in English and Czech, with prices for an admin and without for a customer.
import type { Instance, Report, StoryVersion } from '@costory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from '../exports/report-fixtures';
import { apiAs, expectStatus, problemOf, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createUser } from '../helpers/factories';
import { addStoryMember, storyBodies } from '../helpers/story-factories';
import { createWallCatalog } from '../helpers/version-fixtures';

describe('comparison of story versions as a spreadsheet', () => {
  let ctx: TestApp;
  let adminApi: ApiCaller;
  let customerApi: ApiCaller;
  let base: string;
  let versionId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const fixture = await createWallCatalog(ctx.app, {
      price: '1000',
      roleName: { en: 'Developer', cs: 'Vývojář' },
    });
    ({ adminApi } = fixture);
    const { storyId, base: storyBase } = await fixture.freshStory('Hala Brno');
    base = storyBase;
    const itemId = fixture.wallId;
    const customer = await addStoryMember(ctx.app.db, storyId, 'ICT_CUSTOMER');
    customerApi = await apiAs(ctx.app, customer.id);
    // 25 x 0.1 = 2.5 MD x 1000 = 2500.00
    const wall = expectStatus<Instance>(
      await adminApi.post(
        `${base}/instances`,
        storyBodies.instance(itemId, { name: 'Hall', values: { area: 25 } }),
      ),
      201,
    );
    versionId = expectStatus<StoryVersion>(
      await adminApi.post(`${base}/versions`, { name: 'Sent' }),
      201,
    ).id;
    // 30 x 0.1 = 3 MD = 3000.00: +500.00, +0.5 MD
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
  });
  afterAll(() => ctx.close());

  it('writes the totals, roles, phases and instances with both sides and the difference', async () => {
    const url = `${base}/versions/compare/export?from=${versionId}&to=live`;
    const response = await adminApi.get(`${url}&format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain('comparison-of-versions-hala-brno');
    const workbook = await readWorkbook(response.rawPayload);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toHaveLength(4);
    const roles = workbook.worksheets.find((sheet) => sheet.name.startsWith('By roles'));
    if (!roles) throw new Error(`no roles sheet in ${names.join(', ')}`);
    expect(roles.getRow(2).values).toEqual([
      undefined,
      'Code',
      'Role',
      'Price: Before',
      'Price: After',
      'Price: Difference',
      'Time (MD): Before',
      'Time (MD): After',
      'Time (MD): Difference',
      'Reason',
    ]);
    expect(roles.getRow(3).values).toEqual([
      undefined,
      'DEV',
      'Developer',
      2500,
      3000,
      500,
      2.5,
      3,
      0.5,
      '',
    ]);
    const instances = workbook.worksheets.find((sheet) => sheet.name.startsWith('Instances'));
    if (!instances) throw new Error('no instances sheet');
    const row = instances.getRow(3);
    expect([1, 2, 4, 5, 6, 7, 8, 9, 10].map((cell) => row.getCell(cell).value)).toEqual([
      'Changed',
      'Hall',
      'edit',
      'area: 25 → 30',
      '1 → 1',
      '1 → 1',
      2500,
      3000,
      500,
    ]);

    // The same report in Czech, and a customer's without prices.
    const czech = expectStatus<Report>(
      await adminApi.get(`${url}&format=json`, { 'accept-language': 'cs' }),
      200,
    );
    expect(czech.title).toBe('Porovnání verzí');
    expect(czech.tables[2]?.rows[0]?.cells.slice(0, 4)).toEqual([
      'Změněná',
      'Hall',
      'WALL Item WALL',
      'úprava',
    ]);
    const customer = expectStatus<Report>(await customerApi.get(`${url}&format=json`), 200);
    expect(customer.tables[0]?.columns.map((column) => column.format)).not.toContain('money');
    expect(customer.facts.map((fact) => fact.format)).not.toContain('money');
  });

  it('answers 404 for a stranger and for a version of another story', async () => {
    const stranger = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const url = `${base}/versions/compare/export?from=${versionId}&to=live&format=xlsx`;
    expect(problemOf(await stranger.get(url)).status).toBe(404);
    expect(
      problemOf(await adminApi.get(`${base}/versions/compare/export?from=999999&to=live`)).status,
    ).toBe(404);
  });
});
