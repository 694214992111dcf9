// Journey: a catalog admin imports items from a CSV, sees the dry run's problem by row and column, fixes the file and applies it; the exported workbook then re-imports as "nothing to change"; a script imports through the API with a personal token; the page in Czech and on a phone.
import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import {
  accessTokenOf,
  buildCatalogViaApi,
  CatalogApi,
  catalogUrl,
  expect,
  registerConfirmedUser,
  signedInPage,
  switchLanguage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

const csvFile = (name: string, lines: readonly string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

test('a catalog admin imports items from a spreadsheet, fixing what the dry run finds', async ({
  browser,
  baseURL,
}) => {
  const tag = uniqueTag();
  const admin = testUser(tag, 'import', 'Ivana', 'Importová');
  await registerConfirmedUser(baseURL, admin);
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const catalog = await buildCatalogViaApi(api, tag, []);
  const page = await signedInPage(browser, admin);

  await page.goto(catalogUrl.overview(catalog.catalogId));
  await page.getByRole('link', { name: 'Import and export' }).click();
  await expect(page).toHaveURL(/\/import$/);
  await expect(page).toHaveTitle(/Import and export/);

  const input = page.getByTestId('import-file-input');
  await input.setInputFiles(
    csvFile('items.csv', [
      'code,name.en,group,phase,labels',
      'TRENCH,Trench digging,EXCAV,BUILD,Needs review',
      'PIT,Foundation pit,NOWHERE,BUILD,',
    ]),
  );
  const problems = page.getByRole('table', { name: 'Problems' });
  const problem = problems.getByRole('row').filter({ hasText: 'NOWHERE' });
  await expect(problem).toContainText('3');
  await expect(problem).toContainText('group');
  await expect(problem).toContainText('There is no group “NOWHERE” in the catalog or in the file');
  await expect(page.getByRole('button', { name: 'Import the changes' })).toHaveCount(0);
  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (.csv)' }).click();
  const report = await readFile(await (await reportDownload).path());
  expect(report.toString('utf8')).toContain('NOWHERE');

  await page.getByRole('button', { name: 'Choose another file' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles(
      csvFile('items.csv', [
        'code,name.en,group,phase,labels',
        'TRENCH,Trench digging,EXCAV,BUILD,Needs review',
        'PIT,Foundation pit,EARTH,BUILD,',
      ]),
    );
  const changes = page.getByRole('table', { name: 'Planned changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'TRENCH' })).toContainText('Create');
  await page.getByRole('button', { name: 'Import the changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import the changes?' });
  await expect(dialog).toContainText('create 2 rows');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page)).toContainText('items.csv imported');

  await page.goto(catalogUrl.items(catalog.catalogId));
  await expect(page.getByText('Trench digging')).toBeVisible();
  await expect(page.getByText('Foundation pit')).toBeVisible();

  // The workbook the page exports is the template: importing it back changes nothing.
  await page.goto(`${catalogUrl.overview(catalog.catalogId)}/import`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download workbook (.xlsx)' }).click();
  const workbook = await download;
  expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByTestId('import-file-input').setInputFiles({
    name: workbook.suggestedFilename(),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await readFile(await workbook.path()),
  });
  await expect(page.getByText('The file matches the catalog: nothing to change.')).toBeVisible();

  // A script with a personal token: dry run, then apply, without the browser.
  const created = await api.post<{ secret: string }>('/me/api-tokens', {
    name: `Import script ${tag}`,
    scope: 'READ_WRITE',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const roles = 'code,price\r\nDIGGER,90\r\n';
  const importUrl = `${baseURL}/api/v1/catalogs/${catalog.catalogId}/imports?fileName=roles.csv`;
  const call = (apply: boolean) =>
    fetch(`${importUrl}&apply=${String(apply)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${created.secret}`,
        'content-type': 'text/csv',
        'accept-language': 'cs',
      },
      body: roles,
    });
  const dryRun = (await (await call(false)).json()) as { changes: unknown[]; applied: boolean };
  expect(dryRun).toMatchObject({
    applied: false,
    changes: [{ sheet: 'Roles', key: 'DIGGER', action: 'UPDATE', columns: ['price'] }],
  });
  expect(((await (await call(true)).json()) as { applied: boolean }).applied).toBe(true);

  // The same page in Czech.
  await switchLanguage(page, 'cs');
  await expect(page).toHaveTitle(/Import a export/);
  await page.getByRole('button', { name: 'Vybrat jiný soubor' }).click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles(csvFile('polozky.csv', ['code,name.en,group', 'BAD,Bad,NIKDE']));
  await expect(
    page.getByRole('table', { name: 'Problémy' }).getByRole('row').filter({ hasText: 'NIKDE' }),
  ).toContainText('Skupina „NIKDE“ v katalogu ani v souboru není');
  // On a phone the report's tables scroll inside their frames; the page itself does not.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
});
