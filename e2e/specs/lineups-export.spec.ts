// Journey: a planner sets up a supplier with a price and a customer, prices a story with two lineups (custom prices),
// compares them, and downloads the first lineup's quote as a PDF whose text (pdftotext) names the parties and total.
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signedInPage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

const COMPANY_FIELDS: Record<string, string> = {
  'Company e-mail': 'obchod@firma.test',
  Country: 'Česká republika',
  City: 'Ústí nad Labem',
  Street: 'Mírové náměstí',
  'Street number': '7',
  'ZIP code': '400 01',
};

/** axe's WCAG 2 A/AA checks of what the page shows now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.help}`)).toEqual([]);
}

async function createCompany(page: Page, kind: 'supplier' | 'subscriber', name: string) {
  await page.goto(kind === 'supplier' ? '/companies' : '/companies?kind=subscriber');
  await page
    .getByRole('button', { name: `New ${kind}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `New ${kind}` });
  await dialog.getByRole('textbox', { name: 'Company name' }).fill(name);
  for (const [label, value] of Object.entries(COMPANY_FIELDS)) {
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await dialog.getByRole('button', { name: `Create ${kind}` }).click();
  await expect(dialog).toBeHidden();
}

async function createLineup(
  page: Page,
  name: string,
  parties: { supplier: string; customer: string },
  customPrices: Record<string, string>,
) {
  await page.getByRole('button', { name: 'New lineup' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New lineup' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: parties.supplier }).click();
  await dialog.getByRole('combobox', { name: 'Subscriber', exact: true }).click();
  await page.getByRole('option', { name: parties.customer }).click();
  for (const [role, price] of Object.entries(customPrices)) {
    await dialog.getByRole('textbox', { name: `Custom price of ${role}` }).fill(price);
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Lineup successfully created').first()).toBeVisible();
}

test('a planner compares two lineups and downloads a quote as a PDF', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const planner = testUser(tag, 'quotes', 'Olga', 'Obchodníková');
  await registerConfirmedUser(baseURL, planner);

  // The story is set up through the API: story-estimate.spec.ts walks its pages.
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, planner));
  const { storyId, itemIdOf } = await api.createSoftwareStory(`Quote ${tag}`);
  // 4 screens: analyst 1.5 MD, developer 6 MD, tester 16 h (catalog total CZK 92,450.00).
  await api.post(`/stories/${storyId}/instances`, {
    itemId: itemIdOf('Sign-in and registration'),
    name: '',
    description: '',
    optional: false,
    level: 1,
    values: { screens: 4 },
    labelIds: [],
  });

  const page = await signedInPage(browser, planner);
  const supplier = `Dodavatel Řehoř ${tag}`;
  const customer = `Zákazník Ďuriš ${tag}`;
  await createCompany(page, 'supplier', supplier);
  await page.getByRole('link', { name: supplier }).click();
  await page.getByRole('textbox', { name: "Supplier's price of Developer" }).fill('10000');
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(toasts(page).getByText('1 price saved in Software delivery')).toBeVisible();
  await createCompany(page, 'subscriber', customer);

  await page.goto(`/story-detail/${storyId}/lineups`);
  await expect(page.getByText('No lineups yet')).toBeVisible();
  const parties = { supplier, customer };
  // A: analyst 1.5 × 9,500 (catalog) + developer 6 × 10,000 (supplier) + tester 16 × 900 (custom)
  //    = 14,250 + 60,000 + 14,400 = 88,650
  await createLineup(page, 'Quote A', parties, { Tester: '900' });
  // B: 14,250 + developer 6 × 11,000,5 (custom) = 66,003 + tester 16 × 950 (catalog) = 15,200 → 95,453
  await createLineup(page, 'Quote B', parties, { Developer: '11000,5' });
  const list = page.getByRole('table', { name: 'Lineups of the story' });
  await expect(list.getByRole('row', { name: /Quote A/ })).toContainText('CZK 88,650.00');
  await expect(list.getByRole('row', { name: /Quote B/ })).toContainText('CZK 95,453.00');

  const prices = page.getByRole('table', { name: 'Prices of Quote A' });
  await expect(prices.getByRole('row', { name: /Developer/ })).toContainText('Supplier');
  await expect(prices.getByRole('row', { name: /Tester/ })).toContainText('Custom');
  await expect(prices.getByRole('row', { name: /Business analyst/ })).toContainText('Catalog');

  await page.getByRole('checkbox', { name: 'Select Quote A for comparison' }).check();
  await page.getByRole('checkbox', { name: 'Select Quote B for comparison' }).check();
  const comparison = page.getByRole('table', { name: 'Comparison' });
  const total = comparison.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText('CZK 88,650.00(lowest)');
  await expect(comparison.getByRole('row', { name: /Difference from Quote A/ })).toContainText(
    '+CZK 6,803.00',
  );
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Export Quote A' }).click();
  await expect(page).toHaveURL(new RegExp(`/story-detail/${storyId}/lineups/export/\\d+$`));
  await expect(page.getByRole('heading', { name: 'Quote', exact: true })).toBeVisible();
  await expect(page.getByText(customer).first()).toBeVisible();
  await expectAccessible(page);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^quote-quote-a-quote-.*\.pdf$/);
  const file = testInfo.outputPath('quote.pdf');
  await download.saveAs(file);
  await expect(toasts(page).getByText(/^Downloaded quote-quote-a/)).toBeVisible();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain('Quote');
  expect(text).toContain(supplier);
  expect(text).toContain(customer);
  expect(text).toContain('88,650.00');
  expect(text).toMatch(/Page 1 of \d+/);
});
