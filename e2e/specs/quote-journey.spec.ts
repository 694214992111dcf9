// Journey (in Czech): an estimator builds a story, prices it in a lineup shared with the customer, issues a numbered
// quote with VAT and marks the story sent; the customer reads it without the margins (no catalog or supplier prices,
// no price sources, no internal lineup), accepts it and downloads the quote PDF, whose text (pdftotext) carries the
// number, the validity, the VAT and the totals without and with VAT.
import { execFileSync } from 'node:child_process';
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

const ADDRESS: Record<string, string> = {
  'E-mail společnosti': 'obchod@firma.test',
  Země: 'Česká republika',
  Město: 'Plzeň',
  Ulice: 'Náměstí Republiky',
  'Číslo popisné': '1',
  PSČ: '301 00',
};

async function createPartner(
  page: Page,
  kind: 'SUPPLIER' | 'SUBSCRIBER',
  company: { name: string; ico: string; dic: string },
): Promise<void> {
  const noun = kind === 'SUPPLIER' ? 'dodavatel' : 'odběratel';
  const nounCase = kind === 'SUPPLIER' ? 'dodavatele' : 'odběratele';
  await page.goto(kind === 'SUPPLIER' ? '/companies' : '/companies?kind=subscriber');
  await page
    .getByRole('button', { name: `Nový ${noun}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Nový ${noun}` });
  await dialog.getByRole('textbox', { name: 'Název společnosti' }).fill(company.name);
  for (const [label, value] of Object.entries(ADDRESS)) {
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  // A wrong check digit is refused in the field before anything is sent.
  await dialog.getByRole('textbox', { name: 'IČO (nepovinné)' }).fill('25596642');
  await dialog.getByRole('button', { name: `Vytvořit ${nounCase}` }).click();
  await expect(dialog.getByText(/IČO/).filter({ hasText: /kontrolní|neplatné/i })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'IČO (nepovinné)' }).fill(company.ico);
  await dialog.getByRole('textbox', { name: 'DIČ (nepovinné)' }).fill(company.dic);
  await dialog.getByRole('button', { name: `Vytvořit ${nounCase}` }).click();
  await expect(dialog).toBeHidden();
}

/** A date `days` from today: as the date field takes it, and as a Czech document writes it ("26. prosince 2026"). */
function czechDate(days: number): { input: string; text: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  const input = date.toISOString().slice(0, 10);
  const text = new Intl.DateTimeFormat('cs', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return { input, text };
}

test('a quote in Czech: built, shared, issued with VAT, read by the customer without margins, exported', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const estimator = testUser(tag, 'estimator', 'Eliška', 'Odhadová');
  const customer = testUser(tag, 'client', 'Zdeněk', 'Zákazník');
  for (const user of [estimator, customer]) await registerConfirmedUser(baseURL, user);

  // The estimator creates the story in the UI; its instance comes through the API
  // (story-estimate.spec.ts walks the instance editor).
  const page = await signedInPage(browser, estimator, 'cs');
  const storyName = `Portál ${tag}`;
  await page.getByRole('button', { name: 'Nový příběh' }).first().click();
  const create = page.getByRole('dialog', { name: 'Nový příběh' });
  await create.getByRole('textbox', { name: 'Název příběhu' }).fill(storyName);
  await create.getByRole('combobox', { name: 'Katalog' }).click();
  await page.getByRole('option', { name: /Software delivery/ }).click();
  await create.getByRole('button', { name: 'Vytvořit příběh' }).click();
  await expect(toasts(page).getByText('Příběh byl úspěšně vytvořen')).toBeVisible();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
  const storyId = Number(/\/story-detail\/(\d+)$/.exec(page.url())?.[1]);

  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, estimator));
  const storyCatalog = await api.get<{ items: { id: number; name: Record<string, string> }[] }>(
    `/stories/${storyId}/catalog`,
  );
  const item = storyCatalog.items.find((entry) => entry.name.en === 'Sign-in and registration');
  // 4 screens: analyst 1.5 MD, developer 6 MD, tester 16 h.
  await api.post(`/stories/${storyId}/instances`, {
    itemId: item?.id,
    name: '',
    description: '',
    optional: false,
    level: 1,
    values: { screens: 4 },
    labelIds: [],
  });
  // The customer joins through an invite link with the Customer role.
  const invite = await api.post<{ url: string }>(`/stories/${storyId}/invites`, {
    role: 'ICT_CUSTOMER',
  });
  const code = new URL(invite.url).pathname.split('/').pop() ?? '';
  const customerApi = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, customer));
  await customerApi.post(`/access-codes/${code}/acceptance`, undefined);

  const supplier = { name: `Dodavatel Řehoř ${tag}`, ico: '25596641', dic: 'CZ25596641' };
  const subscriber = { name: `Odběratel Ďuriš ${tag}`, ico: '27082440', dic: 'CZ27082440' };
  await createPartner(page, 'SUPPLIER', supplier);
  await page.getByRole('link', { name: supplier.name }).click();
  await page.getByRole('textbox', { name: 'Cena dodavatele za roli Vývojář' }).fill('10000');
  await page.getByRole('button', { name: 'Uložit ceny' }).click();
  await expect(toasts(page).getByText(/byla uložena 1 cena/)).toBeVisible();
  await createPartner(page, 'SUBSCRIBER', subscriber);

  // Two lineups: one shared with the customer, one internal.
  await page.goto(`/story-detail/${storyId}/lineups`);
  const lineup = async (name: string, shared: boolean) => {
    await page.getByRole('button', { name: 'Nová cenová varianta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nová cenová varianta' });
    await dialog.getByRole('textbox', { name: 'Název' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Dodavatel' }).click();
    await page.getByRole('option', { name: supplier.name }).click();
    await dialog.getByRole('combobox', { name: 'Odběratel', exact: true }).click();
    await page.getByRole('option', { name: subscriber.name }).click();
    if (shared) {
      await dialog.getByRole('combobox', { name: 'Sdíleno se zákazníky' }).click();
      await page.getByRole('option', { name: /Zdeněk Zákazník/ }).click();
    }
    await dialog.getByRole('textbox', { name: 'Vlastní cena role Tester' }).fill('900');
    await dialog.getByRole('button', { name: 'Vytvořit' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      toasts(page).getByText('Cenová varianta byla úspěšně vytvořena').first(),
    ).toBeVisible();
  };
  await lineup('Nabídka', true);
  await lineup('Interní propočet', false);
  // analyst 1.5 × 9 500 (catalog) + developer 6 × 10 000 (supplier) + tester 16 × 900 (custom) = 88 650
  const list = page.getByRole('table', { name: 'Cenové varianty příběhu' });
  await expect(list.getByRole('row', { name: /Nabídka/ })).toContainText('88 650,00');
  const internalPrices = page.getByRole('table', { name: /Ceny v cenové variantě/ });
  await expect(internalPrices.getByRole('columnheader', { name: 'Cena katalogu' })).toBeVisible();

  // The quote: validity in 30 days, VAT 21 %, payment terms and a note.
  await list
    .getByRole('row', { name: /Nabídka/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Vystavit nabídku' }).click();
  const issue = page.getByRole('dialog', { name: 'Vystavit nabídku' });
  const validity = czechDate(30);
  await issue.getByLabel('Platnost do').fill(validity.input);
  await issue.getByRole('textbox', { name: 'Sazba DPH (%)' }).fill('21');
  await issue.getByRole('textbox', { name: 'Platební podmínky' }).fill('Splatnost 14 dní');
  await issue.getByRole('textbox', { name: 'Poznámka' }).fill('Děkujeme za poptávku.');
  await issue.getByRole('button', { name: 'Vystavit nabídku' }).click();
  const issued = toasts(page).getByText(/^Nabídka .+ byla vystavena$/);
  await expect(issued).toBeVisible();
  const quoteNumber = /^Nabídka (.+) byla vystavena$/.exec((await issued.textContent()) ?? '')?.[1];
  expect(quoteNumber).toBeTruthy();

  // Sent: the status with who and when.
  await page.goto(`/story-detail/${storyId}`);
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  await page.getByRole('menuitem', { name: 'Označit jako odeslaný' }).click();
  await expect(toasts(page).getByText('Stav změněn na Odesláno')).toBeVisible();

  // The customer: the story is sent, their lineup shows final prices only.
  const client = await signedInPage(browser, customer, 'cs');
  await expect(client.getByRole('row', { name: new RegExp(storyName) })).toContainText('Odesláno');
  await client.goto(`/story-detail/${storyId}/lineups`);
  const clientList = client.getByRole('table', { name: 'Cenové varianty příběhu' });
  await expect(clientList.getByRole('row', { name: /Nabídka/ })).toContainText('88 650,00');
  await expect(clientList.getByText('Interní propočet')).toHaveCount(0);
  const prices = client.getByRole('table', { name: 'Ceny v cenové variantě Nabídka' });
  await expect(prices.getByRole('row', { name: /Vývojář/ })).toContainText('10 000,00');
  for (const internal of ['Cena katalogu', 'Cena dodavatele', 'Vlastní cena']) {
    await expect(prices.getByRole('columnheader', { name: internal })).toHaveCount(0);
  }
  // No price source, and the catalog's price of the developer (10 500) nowhere.
  await expect(prices.getByText('Dodavatel', { exact: true })).toHaveCount(0);
  await expect(client.getByText(/10 500,00/)).toHaveCount(0);
  await client.screenshot({ path: testInfo.outputPath('customer-lineup-cs.png'), fullPage: true });

  // The customer accepts the quote.
  await client.goto(`/story-detail/${storyId}`);
  await client.getByRole('button', { name: 'Změnit stav' }).click();
  await client.getByRole('menuitem', { name: 'Přijmout' }).click();
  await expect(toasts(client).getByText('Stav změněn na Přijato')).toBeVisible();

  // The quote PDF as the customer downloads it.
  await client.goto(`/story-detail/${storyId}/lineups`);
  const quotes = client.getByRole('table', { name: 'Nabídky cenové varianty' });
  const downloadPromise = client.waitForEvent('download');
  await quotes
    .getByRole('row', { name: new RegExp(quoteNumber ?? '') })
    .getByRole('button', { name: /PDF/ })
    .click();
  const download = await downloadPromise;
  const file = testInfo.outputPath('quote.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain(quoteNumber);
  expect(text).toContain(validity.text);
  expect(text).toContain(supplier.ico);
  expect(text).toContain(subscriber.dic);
  expect(text).toMatch(/21\s?%/);
  // 88 650,00 without VAT; VAT 21 % = 18 616,50; with VAT 107 266,50
  expect(text).toContain('88 650,00');
  expect(text).toContain('18 616,50');
  expect(text).toContain('107 266,50');
  expect(text).toContain('Splatnost 14 dní');
  expect(text).not.toContain('Cena z');
  expect(text).not.toContain('10 500,00');
});
