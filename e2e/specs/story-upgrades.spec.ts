// Journey: an estimator pins the item versions of a story; the catalog publishes a new version of its item; the story keeps its total, the overview and the story list say an upgrade waits, the comparison shows what the total would become, and one click (after confirming) upgrades it — in English, then the section in Czech.
import { test } from '@playwright/test';
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

interface ItemRow {
  id: number;
  revision: number;
}

/** Moves the item through the review workflow to COMPLETE with one formula (its next published version). */
async function publish(
  api: CatalogApi,
  catalogId: number,
  itemId: number,
  roleId: number,
  expression: string,
): Promise<void> {
  const url = `/catalogs/${catalogId}/items/${itemId}`;
  let item = await api.get<ItemRow & { state: string }>(url);
  const move = async (action: string) => {
    item = await api.post<ItemRow & { state: string }>(`${url}/transitions`, {
      action,
      revision: item.revision,
    });
  };
  if (item.state === 'COMPLETE') await move('MOVE_TO_EQUATION');
  if (item.state === 'PENDING') await move('MOVE_TO_INSPECT');
  if (item.state === 'TO_INSPECT') await move('MOVE_TO_EQUATION');
  const current = await api.get<{ formulas: { id: number }[] }>(`${url}/formulas`);
  const saved = await api.put<{ revision: number }>(`${url}/formulas`, {
    revision: item.revision,
    formulas: [{ id: current.formulas[0]?.id, roleId, level: 1, name: 'Wall area', expression }],
  });
  item = { ...item, revision: saved.revision };
  await move('MOVE_TO_COMPLETE');
}

test('a pinned story waits for a deliberate upgrade of a newly published item version', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'upgrades', 'Petr', 'Připínal');
  await registerConfirmedUser(baseURL, admin);
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));

  // A catalog with one role (1,000 EUR a manday) and WALL at area × 0.1 MD; a story of 100 m²: 10,000.00 EUR.
  const catalogId = await api.createCatalog(`Plastering ${tag}`, `PL-${tag}`);
  const role = await api.post(`/catalogs/${catalogId}/roles`, {
    name: { en: 'Plasterer' },
    code: 'PLASTER',
    description: {},
    unit: 'MANDAYS',
    price: '1000',
  });
  const item = await api.post(`/catalogs/${catalogId}/items`, {
    name: { en: 'Wall' },
    code: 'WALL',
    icon: '',
    groupId: null,
    phaseId: null,
    repeatable: true,
    attributes: [
      {
        level: 1,
        code: 'area',
        name: { en: 'Area' },
        type: 'NUMBER',
        mandatory: true,
        defaultValue: null,
        minimum: null,
        maximum: null,
      },
    ],
  });
  await publish(api, catalogId, item.id, role.id, 'area * 0.1');
  const story = await api.post('/stories', { name: `Flat ${tag}`, description: '', catalogId });
  await api.post(`/stories/${story.id}/instances`, {
    itemId: item.id,
    name: 'Living room',
    description: '',
    optional: false,
    level: 1,
    values: { area: 100 },
    labelIds: [],
  });
  const total = async () =>
    (await api.get<{ total: { price: string } }>(`/stories/${story.id}/calculation`)).total.price;
  expect(await total()).toBe('10000.00');

  const page = await signedInPage(browser, admin);
  await page.goto(`/story-detail/${story.id}`);
  const section = page.getByRole('region', { name: 'Catalog upgrades' });
  await section.getByRole('switch', { name: 'Pin item versions' }).check();
  await expect(toasts(page).getByText(/Item versions pinned/)).toBeVisible();
  await expect(section.getByText('Every item uses its latest version')).toBeVisible();

  // The catalog publishes WALL v2 at area × 0.2 MD: the pinned story keeps 10,000.00.
  await publish(api, catalogId, item.id, role.id, 'area * 0.2');
  expect(await total()).toBe('10000.00');

  await page.goto('/');
  await expect(page.getByText('Upgrades waiting: 1')).toBeVisible();
  await page.goto(`/story-detail/${story.id}`);
  const row = section.getByRole('row', { name: /WALL/ });
  await expect(row).toContainText('v1 → v2');

  // What the total would become: 10,000.00 → 20,000.00.
  await section.getByRole('link', { name: 'Compare totals after upgrade' }).click();
  await expect(page).toHaveURL(/versions\/compare\?from=live&to=upgraded/);
  await expect(page.getByText('Live story with upgrades').first()).toBeVisible();
  await expect(page.getByText(/20,000\.00/).first()).toBeVisible();
  await page.goBack();

  await section.getByRole('button', { name: 'Upgrade WALL' }).click();
  const confirm = page.getByRole('dialog', { name: 'Upgrade WALL to version 2?' });
  await expect(confirm).toContainText('moves from version 1 to version 2');
  await confirm.getByRole('button', { name: 'Upgrade' }).click();
  await expect(toasts(page).getByText(/Upgraded: 1 instance/)).toBeVisible();
  await expect(section.getByText('Every item uses its latest version')).toBeVisible();
  expect(await total()).toBe('20000.00');

  await switchLanguage(page, 'cs');
  await expect(page.getByRole('region', { name: 'Aktualizace z katalogu' })).toBeVisible();
});
