// Journey (in Czech): a story's admin invites a colleague of another company by e-mail as Verifier, who follows the
// mail's link, signs in, joins and verifies an instance without being able to change it; then an invite link for a
// Customer is created and copied, a third person joins through it, and once revoked the link says so.
import { test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signInAs,
  testUser,
  snackbar,
  toasts,
  uniqueTag,
  type TestUser,
} from '../fixtures/catalog';

function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

/** Someone at another computer who has not signed in yet, with the interface in Czech. */
async function signedOutCzechPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem('locale', 'cs'));
  return page;
}

/**
 * On /public-access/{code} signed out: "Sign in and join" leads through the sign-in service and
 * back to the invitation, where joining lands on the story.
 */
async function signInAndJoin(page: Page, user: TestUser, storyName: string): Promise<void> {
  await page.getByRole('button', { name: 'Přihlásit se a připojit' }).click();
  await page.waitForURL(/\/login\?interaction=/);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se', exact: true }).click();
  await page.waitForURL(/\/public-access\//);
  await page.getByRole('button', { name: 'Připojit se k příběhu' }).click();
  await expect(toasts(page).getByText(`Připojili jste se k příběhu ${storyName}`)).toBeVisible();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
}

/** The path of the newest invitation mailed to `email`, from the dev mailbox. */
async function invitationFromMailbox(page: Page, email: string, storyName: string) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article').filter({ hasText: email }).first();
  await expect(mail.getByRole('heading')).toHaveText(`Pozvánka do příběhu ${storyName} v Costory`);
  await expect(mail).toContainText('s rolí Ověřovatel');
  const href = await mail.locator('a[href*="/public-access/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return new URL(href ?? '').pathname;
}

test('a story team in Czech: an e-mail invite to a verifier and a revoked invite link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'owner', 'Tereza', 'Vlastníková');
  const colleague = testUser(tag, 'verifier', 'Viktor', 'Ověřil');
  const customer = testUser(tag, 'customer', 'Karel', 'Zákazník');
  for (const user of [admin, colleague, customer]) await registerConfirmedUser(baseURL, user);

  // Set up through the API (story-estimate.spec.ts creates stories and instances in the UI): a
  // story of the admin's on the demo catalog with one instance of "Sign-in and registration".
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const catalogs = await api.get<{ items: { id: number; code: string }[] }>(
    '/catalogs?q=Software&sort=name',
  );
  const catalogId = catalogs.items.find((catalog) => catalog.code === 'SW-DELIVERY')?.id;
  const storyName = `Intranet ${tag}`;
  const story = await api.post('/stories', { name: storyName, description: '', catalogId });
  const storyUrl = `/story-detail/${story.id}`;
  const storyCatalog = await api.get<{ items: { id: number; code: string }[] }>(
    `/stories/${story.id}/catalog`,
  );
  const login = storyCatalog.items.find((item) => item.code === 'LOGIN');
  await api.post(`/stories/${story.id}/instances`, {
    itemId: login?.id,
    name: '',
    description: '',
    optional: false,
    level: 1,
    values: { screens: 4 },
    labelIds: [],
  });

  // The admin invites the colleague by e-mail as Verifier. The invite link below is copied to
  // the clipboard, and the journey reads it back from there.
  const adminContext = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin, 'cs');
  await adminPage.goto(`${storyUrl}/members`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Členové' })).toBeVisible();
  const members = adminPage.getByRole('table', { name: 'Lidé v příběhu' });
  await expect(rowWith(members, admin.email)).toContainText('Správce');
  const invites = adminPage.getByRole('table', { name: 'Pozvánky' });
  await expect(adminPage.getByText('Žádné pozvánky')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Pozvat e-mailem' }).click();
  const emailDialog = adminPage.getByRole('dialog', { name: 'Pozvat e-mailem' });
  await emailDialog.getByRole('textbox', { name: 'E-mail' }).fill(colleague.email);
  await emailDialog.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Ověřovatel' }).click();
  await expect(
    emailDialog.getByText('Označuje instance položek jako ověřené a čte cenové varianty.'),
  ).toBeVisible();
  await emailDialog.getByRole('button', { name: 'Odeslat pozvánku' }).click();
  await expect(
    toasts(adminPage).getByText(`Pozvánka byla odeslána na ${colleague.email}`),
  ).toBeVisible();
  await expect(rowWith(invites, colleague.email)).toContainText('Ověřovatel');
  await expect(rowWith(invites, colleague.email)).toContainText('Platná');

  // The colleague reads the Czech mail, follows its link, signs in and joins.
  const colleaguePage = await signedOutCzechPage(browser);
  const invitation = await invitationFromMailbox(colleaguePage, colleague.email, storyName);
  expect(invitation).toMatch(/^\/public-access\/[\w-]+$/);
  await colleaguePage.goto(invitation);
  await expect(
    colleaguePage.getByRole('heading', { name: 'Máte pozvánku do příběhu' }),
  ).toBeVisible();
  await expect(
    colleaguePage.getByText(`Jste zváni do příběhu ${storyName} s rolí Ověřovatel.`),
  ).toBeVisible();
  await signInAndJoin(colleaguePage, colleague, storyName);
  await expect(colleaguePage).toHaveURL(storyUrl);
  await expect(colleaguePage.getByText('Vaše role: Ověřovatel')).toBeVisible();

  // A verifier sees the instances but cannot add or change them; marking one verified is theirs.
  await colleaguePage.goto(`${storyUrl}/items/groups/itemsLabels`);
  const instances = colleaguePage.getByRole('table', { name: 'Položky' });
  const signIn = rowWith(instances, 'Přihlášení a registrace');
  // 4 screens: 92,450 CZK (story-estimate.spec.ts works it out), written the Czech way.
  await expect(signIn).toContainText(/92\s450,00\sKč/);
  await expect(colleaguePage.getByRole('button', { name: 'Přidat instanci' })).toHaveCount(0);
  await expect(signIn.getByRole('button', { name: /^Smazat/ })).toHaveCount(0);
  await signIn.getByRole('button', { name: 'Přihlášení a registrace', exact: true }).click();
  const editor = colleaguePage.getByRole('dialog', {
    name: 'Instance položky Přihlášení a registrace',
  });
  await expect(editor.getByRole('textbox', { name: 'Počet obrazovek' })).toBeDisabled();
  await expect(editor.getByRole('textbox', { name: 'Počet obrazovek' })).toHaveValue('4');
  await expect(editor.getByRole('button', { name: 'Uložit' })).toHaveCount(0);
  const verified = editor.getByRole('switch', { name: /^Ověřeno/ });
  await expect(verified).not.toBeChecked();
  await verified.check();
  await expect(verified).toBeChecked();
  await expect(verified).toBeEnabled();
  await editor.getByRole('button', { name: 'Zavřít' }).click();
  await expect(editor).toBeHidden();
  await expect(signIn.getByText('Ověřeno')).toBeVisible();

  // The admin sees the colleague as a verifier and the e-mail invite used.
  await adminPage.reload();
  await expect(rowWith(members, colleague.email)).toContainText('Ověřovatel');
  await expect(rowWith(members, colleague.email)).toContainText(colleague.company);
  await expect(rowWith(invites, colleague.email)).toContainText('Přijatá');

  // An invite link for a Customer goes straight to the clipboard.
  await adminPage.getByRole('button', { name: 'Vytvořit odkaz s pozvánkou' }).click();
  const linkDialog = adminPage.getByRole('dialog', { name: 'Vytvořit odkaz s pozvánkou' });
  await linkDialog.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Zákazník' }).click();
  await linkDialog.getByRole('button', { name: 'Vytvořit a zkopírovat' }).click();
  await expect(
    snackbar(adminPage).getByText('Odkaz s pozvánkou byl zkopírován do schránky'),
  ).toBeVisible();
  await expect(linkDialog).toBeHidden();
  const copied = await adminPage.evaluate(() => navigator.clipboard.readText());
  const link = new URL(copied);
  expect(link.origin).toBe(new URL(baseURL ?? '').origin);
  expect(link.pathname).toMatch(/^\/public-access\/[\w-]+$/);
  const linkRow = rowWith(invites, 'Odkaz s pozvánkou');
  await expect(linkRow).toContainText('Zákazník');
  await expect(linkRow).toContainText('Platná');

  // A third person opens the link signed out, sees the story, signs in and joins as a customer.
  const customerPage = await signedOutCzechPage(browser);
  await customerPage.goto(link.pathname);
  await expect(
    customerPage.getByText(`Jste zváni do příběhu ${storyName} s rolí Zákazník.`),
  ).toBeVisible();
  await expect(
    customerPage.getByText('Role Zákazník: Čte příběh, jeho souhrny a cenové varianty.'),
  ).toBeVisible();
  await signInAndJoin(customerPage, customer, storyName);
  await expect(customerPage).toHaveURL(storyUrl);
  await expect(customerPage.getByText('Vaše role: Zákazník')).toBeVisible();

  // The admin revokes the link; who joined through it stays a member.
  await adminPage.reload();
  await expect(linkRow.getByRole('cell').nth(5)).toHaveText('1');
  await linkRow
    .getByRole('button', { name: /^Zrušit odkaz s pozvánkou …\S+ pro roli Zákazník/ })
    .click();
  const confirm = adminPage.getByRole('dialog', { name: 'Zrušit pozvánku' });
  await expect(confirm).toContainText(
    'Opravdu chcete zrušit tento odkaz s pozvánkou pro roli Zákazník? Už se přes něj nikdo nepřipojí. 1 člověk, který se přes něj připojil, zůstává členem.',
  );
  await confirm.getByRole('button', { name: 'Zrušit pozvánku' }).click();
  await expect(toasts(adminPage).getByText('Pozvánka byla zrušena')).toBeVisible();
  await expect(linkRow).toContainText('Zrušená');
  await expect(rowWith(members, customer.email)).toContainText('Zákazník');

  // A fresh visit to the link says it was revoked.
  const latePage = await signedOutCzechPage(browser);
  await latePage.goto(link.pathname);
  await expect(latePage.getByRole('heading', { name: 'Pozvánka byla zrušena' })).toBeVisible();
  await expect(
    latePage.getByText(
      'Správce příběhu ji stáhl. Pokud přístup stále potřebujete, požádejte ho o novou.',
    ),
  ).toBeVisible();
  await expect(latePage.getByRole('button', { name: 'Přihlásit se a připojit' })).toHaveCount(0);

  for (const page of [adminPage, colleaguePage, customerPage, latePage]) {
    await page.context().close();
  }
});
