// Journey: what a reporter may not do. Another member's item opens read-only (no edit, no workflow step, a
// read-only editor), and a private catalog of another company is "not found", in English and in Czech.
import { test } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  CatalogApi,
  catalogUrl,
  itemView,
  registerConfirmedUser,
  signInAs,
  switchLanguage,
  testUser,
  uniqueTag,
} from '../fixtures/catalog';

test('a reporter cannot change another member’s item nor open another company’s private catalog', async ({
  page,
  baseURL,
}) => {
  // Three registrations, two sign-ins over HTTP and one through the pages; up to 70 s under load.
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'admin', 'Alena', 'Správcová');
  const reporter = testUser(tag, 'reporter', 'Radek', 'Navrhovatel');
  const stranger = testUser(tag, 'stranger', 'Sára', 'Cizí');
  for (const user of [admin, reporter, stranger]) await registerConfirmedUser(baseURL, user);

  // The admin's catalog, where the reporter is a member, with an item the admin suggested.
  const adminApi = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const catalogId = await adminApi.createCatalog(`Bridges ${tag}`, `BR-${tag}`);
  await adminApi.invite(catalogId, reporter, 'CTL_REPORTER');
  const itemName = 'Bearing replacement';
  const item = await adminApi.post(`/catalogs/${catalogId}/items`, {
    name: { en: itemName },
    description: { en: 'Replacing one bridge bearing.' },
    code: `BEAR-${tag}`,
    groupId: null,
    phaseId: null,
    icon: '',
    repeatable: false,
    labelIds: [],
    attributes: [],
  });
  // Another company's private catalog, where the reporter is nobody.
  const strangerApi = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, stranger));
  const privateId = await strangerApi.createCatalog(`Tunnels ${tag}`, `TN-${tag}`);

  await signInAs(page, reporter);

  // The item view: the state and the data, but no edit and no workflow step.
  await page.goto(catalogUrl.item(catalogId, item.id));
  const drawer = itemView(page, itemName);
  await expect(drawer.getByRole('heading', { name: itemName })).toBeVisible();
  await expect(drawer.getByText('Pending', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Replacing one bridge bearing.')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Edit item' })).toHaveCount(0);
  await expect(drawer.getByRole('group', { name: 'Workflow' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Send to inspection' })).toHaveCount(0);

  // The editor by its address: read-only, with no save and no workflow button.
  await page.goto(catalogUrl.itemEdit(catalogId, item.id));
  await expect(page.getByText('You can read this item but not change it.')).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details.getByRole('textbox', { name: 'Name (English)' })).toHaveValue(itemName);
  await expect(details.getByRole('textbox', { name: 'Name (English)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save item' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Workflow' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Attributes' }).click();
  await expect(page.getByText('This item has no attributes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add attribute' })).toHaveCount(0);

  // An item that does not exist in the catalog says so.
  await page.goto(catalogUrl.item(catalogId, item.id + 100_000));
  await expect(itemView(page)).toContainText('This item does not exist or was deleted.');

  // The private catalog of another company: not found, and nothing of it shown.
  await page.goto(catalogUrl.overview(privateId));
  await expect(page.getByRole('heading', { name: 'Catalog not found' })).toBeVisible();
  await expect(
    page.getByText('This catalog does not exist, was deleted, or you do not have access to it.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByText(`Tunnels ${tag}`)).toHaveCount(0);
  await page.goto(catalogUrl.items(privateId));
  await expect(page.getByRole('heading', { name: 'Catalog not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suggest item' })).toHaveCount(0);

  // The same in Czech.
  await switchLanguage(page, 'cs');
  await expect(page.getByRole('heading', { name: 'Katalog nebyl nalezen' })).toBeVisible();
  await expect(
    page.getByText('Tento katalog neexistuje, byl smazán, nebo k němu nemáte přístup.', {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zpět na katalogy' }).click();
  await expect(page).toHaveURL(/\/ctl$/);
  await expect(page.getByRole('heading', { name: 'Katalogy', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Tunnels ${tag}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Bridges ${tag}` })).toBeVisible();
});
