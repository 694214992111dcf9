// Journey: an admin freezes the story (with a lineup) as a named version from the overview, changes an instance so the
// live figures move, reads the version page still at the old total (in English and Czech), downloads the version's roles
// summary (.xlsx, read back with exceljs) and its lineup's quote (PDF, read with pdftotext) at the frozen total, compares
// the version with the live story (the changed instance, the difference, the .xlsx, Czech, 390 px), and deletes the
// version after confirming.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
// exceljs reads the .xlsx files back, as the server's export tests do.
import ExcelJS from 'exceljs';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signedInPage,
  switchLanguage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

/** A partner company of the caller's company, made through the API. */
function partnerCompany(kind: 'SUPPLIER' | 'SUBSCRIBER', name: string) {
  return {
    kind,
    name,
    email: 'nabidky@firma.test',
    country: 'Česká republika',
    city: 'Brno',
    street: 'Cejl',
    streetNumber: '62',
    zip: '602 00',
  };
}

/** The label → value rows of an .xlsx report's first sheet (its title, subject and facts). */
async function summaryRows(file: string): Promise<Map<string, unknown>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(file)).buffer);
  const rows = new Map<string, unknown>();
  workbook.worksheets[0]?.eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === 'string') rows.set(label, row.getCell(2).value);
  });
  return rows;
}

test('a version keeps the figures it was frozen with while the story changes', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'versions', 'Věra', 'Verzová');
  await registerConfirmedUser(baseURL, admin);
  const page = await signedInPage(browser, admin);

  await page.goto('/');
  await page.getByRole('button', { name: 'New story' }).first().click();
  const create = page.getByRole('dialog', { name: 'New story' });
  await create.getByRole('textbox', { name: 'Story name' }).fill(`Portal ${tag}`);
  await create.getByRole('combobox', { name: 'Catalog' }).click();
  await page.getByRole('option', { name: /Software delivery/ }).click();
  await create.getByRole('button', { name: 'Create story' }).click();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
  const storyUrl = new URL(page.url()).pathname;

  // One "Sign-in and registration" of 4 screens: 92,450 CZK and 9.5 MD (story-estimate.spec.ts works it out).
  await page.goto(`${storyUrl}/items/groups/itemsLabels`);
  await page.getByRole('button', { name: 'Add instance' }).click();
  await page
    .getByRole('dialog', { name: 'Add an instance of an item' })
    .getByText('Sign-in and registration')
    .click();
  const editor = page.getByRole('dialog', { name: 'New instance of Sign-in and registration' });
  await editor.getByRole('textbox', { name: 'Number of screens' }).fill('4');
  await editor.getByRole('button', { name: 'Create instance' }).click();
  await expect(toasts(page).getByText('Instance successfully created')).toBeVisible();

  // A lineup priced with the catalog's prices (the companies' pages are walked by lineups-export.spec.ts).
  const storyId = Number(storyUrl.split('/').pop());
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const supplier = await api.post(
    '/partner-companies',
    partnerCompany('SUPPLIER', `Dodavatel ${tag}`),
  );
  const customer = await api.post(
    '/partner-companies',
    partnerCompany('SUBSCRIBER', `Zákazník ${tag}`),
  );
  const lineupName = 'Offer for Novák';
  await api.post(`/stories/${storyId}/lineups`, {
    name: lineupName,
    supplierId: supplier.id,
    subscriberId: customer.id,
  });

  // Freezing from the overview: the empty section explains, the name is required and unique.
  await page.goto(storyUrl);
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByText('No versions yet')).toBeVisible();
  const versionName = 'Quote for Novák, 25 Nov';
  const freeze = async (name: string) => {
    await versions.getByRole('button', { name: 'Freeze version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze a version of the story' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Sent by e-mail');
    await dialog.getByRole('button', { name: 'Freeze' }).click();
    return dialog;
  };
  await freeze(versionName);
  await expect(toasts(page).getByText(`Version ${versionName} frozen`)).toBeVisible();
  const row = versions.getByRole('row', { name: new RegExp(versionName) });
  await expect(row.getByTestId('version-total')).toHaveText('CZK 92,450.00');
  await expect(row.getByText('1 instance')).toBeVisible();
  const duplicate = await freeze(versionName.toUpperCase());
  await expect(
    duplicate.getByText('Another version of this story already has this name.'),
  ).toBeVisible();
  await expect(duplicate.getByRole('textbox', { name: 'Name' })).toHaveValue(
    versionName.toUpperCase(),
  );
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await versions.scrollIntoViewIfNeeded();
  await versions.screenshot({ path: '/tmp/versions-overview-en.png' });

  // Level 2 with an SMS second factor: the live story goes to 121,050 CZK.
  await page.goto(`${storyUrl}/items/groups/itemsLabels`);
  const instance = page.getByRole('row', { name: /Sign-in and registration/ });
  await instance.getByRole('button', { name: 'Sign-in and registration', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Instance of Sign-in and registration' });
  await edit.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'Level 2' }).click();
  await edit.getByRole('combobox', { name: 'Second factor' }).click();
  await page.getByRole('option', { name: 'SMS code' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Instance successfully updated')).toBeVisible();

  await page.goto(`${storyUrl}/summary/roles`);
  await expect(
    page.getByRole('region', { name: 'Totals' }).getByText('CZK 121,050.00'),
  ).toBeVisible();

  // The version's page keeps the old figures, read-only.
  await page.goto(storyUrl);
  await expect(row.getByTestId('version-total')).toHaveText('CZK 92,450.00');
  await row.getByRole('link', { name: versionName, exact: true }).click();
  await expect(page).toHaveURL(/\/versions\/\d+$/);
  await expect(
    page.getByText(
      new RegExp(`^Version “${versionName}” frozen on .* by Věra Verzová — read-only$`),
    ),
  ).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('CZK 92,450.00')).toBeVisible();
  await expect(totals.getByText('9.5 MD').first()).toBeVisible();
  await expect(page.getByText('CZK 121,050.00')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit|Delete|Freeze/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Instances' }).click();
  await expect(page).toHaveURL(/\?view=ict$/);
  await expect(
    page.getByRole('table', { name: 'Instances' }).getByText('Sign-in and registration'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  const frozenLineups = page.getByRole('table', { name: 'Lineups as frozen' });
  await expect(
    frozenLineups
      .getByRole('row', { name: new RegExp(lineupName) })
      .getByTestId('version-lineup-total'),
  ).toHaveText('CZK 92,450.00');
  await page.screenshot({ path: '/tmp/versions-page-en.png', fullPage: true });

  // Its exports are made from what it froze: the roles summary and the lineup's quote at 92,450, not 121,050.
  await page
    .getByRole('region', { name: 'Summary as frozen' })
    .getByRole('button', { name: 'Export this summary' })
    .click();
  const summaryExport = page.getByRole('dialog', {
    name: `Summary by roles of version “${versionName}”`,
  });
  await summaryExport.screenshot({ path: '/tmp/versions-export-dialog-en.png' });
  let downloadPromise = page.waitForEvent('download');
  await summaryExport.getByRole('button', { name: 'Download spreadsheet (.xlsx)' }).click();
  let download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^quote-for-novak-25-nov-.*\.xlsx$/);
  const xlsx = testInfo.outputPath('version-roles.xlsx');
  await download.saveAs(xlsx);
  await expect(toasts(page).getByText(/^Downloaded .*\.xlsx$/)).toBeVisible();
  const facts = await summaryRows(xlsx);
  // The subject names the story and the version.
  expect(facts.has(`Portal ${tag} · ${versionName}`)).toBe(true);
  expect(facts.get('Version')).toEqual(
    expect.stringMatching(new RegExp(`^${versionName} \\(frozen on `)),
  );
  expect(facts.get('Total price')).toBe(92450);
  await summaryExport.getByRole('button', { name: 'Close' }).click();

  await frozenLineups.getByRole('button', { name: `Export ${lineupName}` }).click();
  const lineupExport = page.getByRole('dialog', {
    name: `Lineup “${lineupName}” of version “${versionName}”`,
  });
  downloadPromise = page.waitForEvent('download');
  await lineupExport.getByRole('button', { name: 'Download PDF' }).click();
  download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = testInfo.outputPath('version-lineup.pdf');
  await download.saveAs(pdf);
  const quote = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(quote).toMatch(new RegExp(`Version:? ${versionName} \\(frozen on `));
  expect(quote).toContain(`Zákazník ${tag}`);
  expect(quote).toContain('92,450.00');
  expect(quote).not.toContain('121,050.00');
  await lineupExport.getByRole('button', { name: 'Close' }).click();
  await expect(lineupExport).toBeHidden();

  await switchLanguage(page, 'cs');
  await expect(
    page.getByText(new RegExp(`^Verze „${versionName}“ zmrazená .*, autor Věra Verzová`)),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Součty' }).getByText(/92\s450,00/)).toBeVisible();
  await expect(page.getByRole('button', { name: `Exportovat ${lineupName}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/versions-page-cs.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Exportovat tento souhrn' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/versions-page-phone-cs.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(storyUrl);
  const verze = page.getByRole('region', { name: 'Verze' });
  await expect(verze.getByTestId('version-total')).toHaveText(/92\s450,00/);
  await verze.scrollIntoViewIfNeeded();
  await verze.screenshot({ path: '/tmp/versions-overview-cs.png' });
  await switchLanguage(page, 'en');

  // On a phone neither page is wider than the screen once it has laid itself out again (the drawer
  // folds, rows become cards): the price column stays pinned in sight.
  await page.setViewportSize({ width: 390, height: 844 });
  const pageWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect(versions.getByTestId('version-total')).toBeVisible();
  await expect.poll(pageWidth).toBeLessThanOrEqual(0);
  await versions.getByRole('link', { name: versionName, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
  await expect.poll(pageWidth).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/versions-page-phone-en.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(storyUrl);

  // Comparing the version with the live story: the edited instance, what changed and by how much.
  await versions.getByRole('link', { name: `Compare ${versionName} with the live story` }).click();
  await expect(page).toHaveURL(/\/versions\/compare\?from=\d+&to=live$/);
  await expect(page.getByRole('combobox', { name: 'From' })).toContainText(versionName);
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveText('Live story');
  const totalPrice = page
    .getByRole('table', { name: 'Totals' })
    .getByRole('row', { name: /^Total price/ });
  await expect(totalPrice).toContainText('CZK 92,450.00');
  await expect(totalPrice).toContainText('CZK 121,050.00');
  await expect(totalPrice).toContainText('+CZK 28,600.00');
  const changed = page.getByRole('table', { name: 'Changed (1)' });
  const signIn = changed.getByRole('row', { name: /Sign-in and registration/ });
  await expect(signIn).toContainText('1 → 2');
  await expect(signIn).toContainText('+CZK 28,600.00');
  await expect(signIn.getByText('Edited')).toBeVisible();
  await expect(page.getByText('Added (0)')).toBeVisible();
  downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download spreadsheet (.xlsx)' }).click();
  download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(toasts(page).getByText(/^Downloaded .*\.xlsx$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/versions-compare-en.png', fullPage: true });

  await switchLanguage(page, 'cs');
  await expect(page.getByRole('table', { name: 'Změněné (1)' })).toContainText(/\+28\s600,00\sKč/);
  await expect(page.getByRole('combobox', { name: 'Nově' })).toHaveText('Aktuální příběh');
  await page.screenshot({ path: '/tmp/versions-compare-cs.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Součty' })).toBeVisible();
  await expect.poll(pageWidth).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/versions-compare-phone-cs.png', fullPage: true });
  await switchLanguage(page, 'en');
  await expect(page.getByRole('table', { name: 'Totals' })).toBeVisible();
  await expect.poll(pageWidth).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/versions-compare-phone-en.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(storyUrl);

  // Deleting asks first, naming the version.
  await versions.getByRole('button', { name: `Delete version ${versionName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete version?' });
  await expect(confirm.getByText(`Version “${versionName}” and its frozen figures`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText(`${versionName} deleted successfully`)).toBeVisible();
  await expect(versions.getByText('No versions yet')).toBeVisible();
});
