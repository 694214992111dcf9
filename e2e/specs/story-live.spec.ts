// Journey: two members work on one story at once — each sees the other in the story's header, an instance the modeler adds appears with its total on the admin's page without a reload (said in English and in Czech), a save made meanwhile shows inside the admin's open editor (take their values), and a member removed loses the story at once.
import { test, type Locator } from '@playwright/test';
import {
  accessTokenOf,
  CatalogApi,
  expect,
  registerConfirmedUser,
  signedInPage,
  switchLanguage,
  testUser,
  uniqueTag,
} from '../fixtures/catalog';

const instanceBody = (itemId: number | undefined, name: string, screens: number) => ({
  itemId,
  name,
  description: '',
  optional: false,
  level: 1,
  values: { screens },
  labelIds: [],
});

function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

test('two members see each other’s changes live, and a removed member loses the story', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'live-admin', 'Alena', 'Souběžná');
  const modeler = testUser(tag, 'live-modeler', 'Marek', 'Živý');
  for (const user of [admin, modeler]) await registerConfirmedUser(baseURL, user);
  const adminApi = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const modelerApi = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, modeler));

  // The admin's story with one instance; the modeler joins through an invite link.
  const { storyId, itemIdOf } = await adminApi.createSoftwareStory(`Portal ${tag}`);
  const login = itemIdOf('Sign-in and registration');
  const first = await adminApi.post(
    `/stories/${storyId}/instances`,
    instanceBody(login, 'Customer sign-in', 4),
  );
  const invite = await adminApi.post<{ url: string }>(`/stories/${storyId}/invites`, {
    role: 'ICT_MODELER',
  });
  const code = invite.url.split('/').pop() ?? '';
  await modelerApi.post(`/access-codes/${code}/acceptance`, {});

  const itemsUrl = `/story-detail/${storyId}/items/groups/itemsLabels`;
  const adminPage = await signedInPage(browser, admin);
  const modelerPage = await signedInPage(browser, modeler);
  await adminPage.goto(itemsUrl);
  await modelerPage.goto(itemsUrl);

  // Presence: each sees the other in the story's header.
  await expect(
    adminPage.getByRole('group', { name: 'Also in this story' }).getByLabel('Marek Živý'),
  ).toBeVisible();
  await expect(
    modelerPage.getByRole('group', { name: 'Also in this story' }).getByLabel('Alena Souběžná'),
  ).toBeVisible();

  // The modeler adds an instance: the admin's grid and totals show it without a reload.
  const adminTable = adminPage.getByRole('table', { name: 'Items' });
  const totals = adminPage.getByRole('region', { name: 'Totals' });
  await expect(rowWith(adminTable, 'Customer sign-in')).toContainText('92,450.00');
  await expect(totals).toContainText('92,450.00');
  await modelerApi.post(`/stories/${storyId}/instances`, {
    ...instanceBody(itemIdOf('Data entry form'), 'Order form', 0),
    values: { fields: 12, complexity: 'SIMPLE' },
  });
  // 12 simple fields: 35,100 CZK; the story 92,450 + 35,100.
  await expect(rowWith(adminTable, 'Order form')).toContainText('35,100.00', { timeout: 5000 });
  await expect(totals).toContainText('127,550.00');
  await expect(adminPage.getByRole('status', { name: 'Changes by others' })).toContainText(
    'Marek Živý added an instance',
  );

  // The admin edits the first instance; the modeler saves it meanwhile: the editor says so at once.
  await rowWith(adminTable, 'Customer sign-in')
    .getByRole('button', { name: 'Customer sign-in', exact: true })
    .click();
  const editor = adminPage.getByRole('dialog', { name: 'Instance of Sign-in and registration' });
  const screens = editor.getByRole('textbox', { name: 'Number of screens' });
  await expect(screens).toHaveValue('4');
  // The modeler's page shows who edits which instance.
  await expect(
    rowWith(modelerPage.getByRole('table', { name: 'Items' }), 'Customer sign-in').getByText(
      'Alena Souběžná is editing this instance',
    ),
  ).toBeVisible();
  const current = await modelerApi.get<{ revision: number }>(
    `/stories/${storyId}/instances/${first.id}`,
  );
  await modelerApi.put(`/stories/${storyId}/instances/${first.id}`, {
    name: 'Customer sign-in',
    description: '',
    optional: false,
    level: 1,
    values: { screens: 6 },
    labelIds: [],
    revision: current.revision,
  });
  await expect(editor.getByText('Marek Živý saved this instance meanwhile.')).toBeVisible({
    timeout: 5000,
  });
  await editor.getByRole('button', { name: 'Take their values' }).click();
  await expect(screens).toHaveValue('6');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // In Czech: the notice of the next change, and who else has the story open.
  await switchLanguage(adminPage, 'cs');
  await expect(
    adminPage.getByRole('group', { name: 'Také v tomto příběhu' }).getByLabel('Marek Živý'),
  ).toBeVisible();
  await modelerApi.post(`/stories/${storyId}/instances`, {
    ...instanceBody(itemIdOf('Data entry form'), 'Invoice form', 0),
    values: { fields: 12, complexity: 'SIMPLE' },
  });
  await expect(adminPage.getByRole('status', { name: 'Změny od ostatních' })).toContainText(
    'Marek Živý přidal(a) instanci',
  );
  await expect(adminPage.getByRole('region', { name: 'Součty' })).toContainText(/206\s500,00/);

  // The admin removes the modeler: the modeler's page says so at once and offers the story list.
  const members = await adminApi.get<{ id: number; email: string }[]>(
    `/stories/${storyId}/members`,
  );
  const membership = members.find((member) => member.email === modeler.email);
  await adminApi.delete(`/stories/${storyId}/members/${membership?.id}`);
  await expect(
    modelerPage.getByRole('alert').filter({ hasText: 'You no longer have access to this story.' }),
  ).toBeVisible({ timeout: 5000 });
  await expect(modelerPage.getByRole('link', { name: 'Go to the story list' })).toBeVisible();
  await expect(
    adminPage.getByRole('group', { name: 'Také v tomto příběhu' }).getByLabel('Marek Živý'),
  ).toHaveCount(0);
});
