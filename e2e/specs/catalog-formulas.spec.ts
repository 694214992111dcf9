// Journey: a mathematician writes formulas for two roles on two levels, is told that a level-1 formula may not read a
// level-2 attribute, fixes it, emulates with sample values (amounts and prices checked by hand), saves and completes
// the item.
import { test, type Locator } from '@playwright/test';
import {
  accessTokenOf,
  buildCatalogViaApi,
  CatalogApi,
  catalogUrl,
  expect,
  itemView,
  registerConfirmedUser,
  sessionPage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

interface CreatedItem {
  id: number;
  revision: number;
}

/** Fills a formula row (the group named "{role} – level {n}") with a name and an expression. */
async function writeFormula(row: Locator, name: string, expression: string) {
  await row.getByRole('textbox', { name: 'Formula name' }).fill(name);
  await row.getByRole('textbox', { name: 'Expression' }).fill(expression);
}

test('a mathematician writes formulas on two levels, fixes a level error, emulates, saves and completes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'admin', 'Alena', 'Správcová');
  const mathematician = testUser(tag, 'mathematician', 'Marek', 'Matematik');
  for (const user of [admin, mathematician]) await registerConfirmedUser(baseURL, user);

  // Set-up through the API: the catalog (roles Digger 85.50 €/h and Engineer 1,250 €/MD) and an
  // item with a NUMBER attribute on level 1 and an ENUM attribute on level 2, waiting for formulas.
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const { catalogId, subGroup } = await buildCatalogViaApi(api, tag, [
    { user: mathematician, role: 'CTL_MATHEMATICIAN' },
  ]);
  const itemName = 'Trench excavation';
  let item = await api.post<CreatedItem>(`/catalogs/${catalogId}/items`, {
    name: { en: itemName },
    description: {},
    code: `TRENCH-${tag}`,
    groupId: subGroup.id,
    phaseId: null,
    icon: '',
    repeatable: false,
    labelIds: [],
    attributes: [
      {
        level: 1,
        code: 'length',
        name: { en: 'Length' },
        type: 'NUMBER',
        mandatory: true,
        description: {},
        defaultValue: 10,
        enumValues: [],
      },
      {
        level: 2,
        code: 'soil',
        name: { en: 'Soil' },
        type: 'ENUM',
        mandatory: false,
        description: {},
        defaultValue: 'SAND',
        enumValues: [
          { code: 'SAND', label: { en: 'Sand' } },
          { code: 'CLAY', label: { en: 'Clay' } },
        ],
      },
    ],
  });
  for (const action of ['MOVE_TO_INSPECT', 'MOVE_TO_EQUATION']) {
    item = await api.post<CreatedItem>(`/catalogs/${catalogId}/items/${item.id}/transitions`, {
      action,
      revision: item.revision,
    });
  }

  const page = await sessionPage(browser, baseURL, mathematician);
  await page.goto(`${catalogUrl.itemEdit(catalogId, item.id)}?tab=formulas`);
  const digger = page.getByRole('region', { name: /^Digger/ });
  const engineer = page.getByRole('region', { name: /^Engineer/ });
  // No formulas yet: the empty state explains them and starts the first role's level-1 formula.
  await expect(page.getByRole('heading', { name: 'No formulas yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add formula' }).click();
  await expect(digger).toBeVisible();

  // Level 1 reads the level-2 soil: refused in place, and saving is not offered.
  const diggerLevel1 = digger.getByRole('group', { name: 'Digger – level 1' });
  await writeFormula(diggerLevel1, 'Digging', 'length * 2 + (soil == "CLAY" ? 4 : 0)');
  await expect(
    diggerLevel1.getByText(
      /Attributes may only come from the same or a lower level than the formula level/,
    ),
  ).toBeVisible();
  const save = page.getByRole('button', { name: 'Save formulas' });
  await expect(save).toBeDisabled();

  // Fixed: level 1 uses the length only; level 2 adds the soil.
  await diggerLevel1.getByRole('textbox', { name: 'Expression' }).fill('length * 2');
  await expect(diggerLevel1.getByText(/Attributes may only come/)).toHaveCount(0);
  await digger.getByRole('button', { name: 'Add formula for level 2' }).click();
  await writeFormula(
    digger.getByRole('group', { name: 'Digger – level 2' }),
    'Digging by soil',
    'length * 2 + (soil == "CLAY" ? 4 : 0)',
  );
  await engineer.getByRole('button', { name: 'Add formula for level 1' }).click();
  await writeFormula(
    engineer.getByRole('group', { name: 'Engineer – level 1' }),
    'Supervision',
    'ceil(length / 10)',
  );
  await expect(save).toBeEnabled();

  // Emulation on level 2 with 20 m of clay: Digger 20 * 2 + 4 = 44 h * 85.50 = 3,762.00 €;
  // Engineer ceil(20 / 10) = 2 MD * 1,250 = 2,500.00 €; total 6,262.00 €, time 44 / 8 + 2 = 7.5 MD.
  const emulation = page.getByRole('region', { name: 'Emulation' });
  await emulation.getByRole('combobox', { name: 'Level of the instance' }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await emulation.getByRole('textbox', { name: 'Length' }).fill('20');
  await emulation.getByRole('combobox', { name: 'Soil' }).click();
  await page.getByRole('option', { name: 'Clay' }).click();
  const results = emulation.getByRole('table', { name: 'Emulation results' });
  await expect(results.getByRole('row', { name: /^Digger/ })).toContainText('44 h');
  await expect(results.getByRole('row', { name: /^Digger/ })).toContainText('€3,762.00');
  await expect(results.getByRole('row', { name: /^Engineer/ })).toContainText('€2,500.00');
  await expect(results.getByRole('row', { name: /^Total price/ })).toContainText('€6,262.00');
  await expect(results.getByRole('row', { name: /^Estimated time/ })).toContainText('7.5');

  await save.click();
  await expect(toasts(page).getByText('Formulas saved')).toBeVisible();

  // Saved on the server: after a reload the three formulas are there, then the item is completed.
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Digger – level 2' })
      .getByRole('textbox', { name: 'Expression' }),
  ).toHaveValue('length * 2 + (soil == "CLAY" ? 4 : 0)');
  await page.goto(catalogUrl.item(catalogId, item.id));
  const view = itemView(page, itemName);
  await view
    .getByRole('group', { name: 'Workflow' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(toasts(page).getByText('The item is complete, now in version 1')).toBeVisible();
});
