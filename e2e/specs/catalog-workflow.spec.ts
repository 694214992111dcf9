// Journey: a reporter suggests an item with an ENUM attribute on level 1 and a NUMBER attribute on level 2 and sends
// it to inspection; an inspector (in Czech) moves it to equations; a mathematician completes it. Each sees only the
// workflow buttons their role allows, the version counts up on COMPLETE and the item's history lists every step.
import { test, type Locator, type Page } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  buildCatalogViaApi,
  CatalogApi,
  catalogUrl,
  itemView,
  registerConfirmedUser,
  sessionPage,
  signedInPage,
  switchLanguage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

/** The texts of the workflow buttons the page offers, in order (none when the group is absent). */
async function workflowButtons(scope: Locator, name: 'Workflow' | 'Schvalování') {
  const group = scope.getByRole('group', { name });
  if ((await group.count()) === 0) return [];
  return group.getByRole('button').allTextContents();
}

/** Opens an item from the item list by its link, as a person would; gives the item view. */
async function openItem(page: Page, itemName: string, table: 'Items' | 'Položky') {
  await page.getByRole('table', { name: table }).getByRole('link', { name: itemName }).click();
  await expect(itemView(page, itemName).getByRole('heading', { name: itemName })).toBeVisible();
  return itemView(page, itemName);
}

test('a reporter suggests an item, an inspector (in Czech) and a mathematician take it to COMPLETE', async ({
  browser,
  baseURL,
}) => {
  // The reporter signs in through the sign-in pages and fills a long form; the inspector and the
  // mathematician get their sessions from the provider over HTTP. A cap, not a target: with other
  // suites on the same two cores (load average above 10) this journey has taken over 150 s.
  test.setTimeout(300_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'admin', 'Alena', 'Správcová');
  const reporter = testUser(tag, 'reporter', 'Radek', 'Navrhovatel');
  const inspector = testUser(tag, 'inspector', 'Ivana', 'Kontrolorová');
  const mathematician = testUser(tag, 'mathematician', 'Marek', 'Matematik');
  for (const user of [admin, reporter, inspector, mathematician]) {
    await registerConfirmedUser(baseURL, user);
  }
  // The catalog as the build journey makes it through the UI; here through the API.
  const api = new CatalogApi(baseURL ?? '', await accessTokenOf(baseURL, admin));
  const { catalogId, subGroup } = await buildCatalogViaApi(api, tag, [
    { user: reporter, role: 'CTL_REPORTER' },
    { user: inspector, role: 'CTL_INSPECTOR' },
    { user: mathematician, role: 'CTL_MATHEMATICIAN' },
  ]);
  const itemName = 'Trench excavation';

  // --- The reporter suggests the item in the sub-group and sends it to inspection. -------------
  const reporterPage = await signedInPage(browser, reporter);
  await reporterPage.goto(catalogUrl.items(catalogId));
  await expect(reporterPage.getByText('Your role: Reporter')).toBeVisible();
  const groups = reporterPage.getByRole('navigation', { name: 'Groups' });
  await groups.getByRole('link', { name: new RegExp(`^${subGroup.name}`) }).click();
  await expect(reporterPage).toHaveURL(catalogUrl.items(catalogId, subGroup.id));
  // A reporter suggests; only admins create items outright.
  await expect(reporterPage.getByRole('link', { name: 'New item' })).toHaveCount(0);
  await reporterPage.getByRole('link', { name: 'Suggest item' }).first().click();
  await expect(reporterPage.getByRole('heading', { name: 'New item' })).toBeVisible();

  const details = reporterPage.getByRole('tabpanel', { name: 'Details' });
  await details.getByRole('textbox', { name: 'Name (English)' }).fill(itemName);
  await details
    .getByRole('textbox', { name: 'Description (English)' })
    .fill('Digging a trench for pipes, by soil and depth.');
  await details.getByRole('textbox', { name: 'Code', exact: true }).fill(`TRENCH-${tag}`);
  await expect(details.getByRole('combobox', { name: 'Group' })).toHaveText(subGroup.name);

  await reporterPage.getByRole('tab', { name: 'Attributes' }).click();
  const attributes = reporterPage.getByRole('tabpanel', { name: 'Attributes' });
  await expect(attributes.getByText('No attributes yet')).toBeVisible();
  // Level 1: the soil, a list of two values, Sand by default.
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  const soil = attributes.getByRole('group', { name: 'Attribute 1' });
  await expect(soil.getByRole('combobox', { name: 'Level' })).toHaveText('1');
  await soil.getByRole('textbox', { name: 'Code', exact: true }).fill('SOIL');
  await soil.getByRole('textbox', { name: 'Name (English)' }).fill('Soil');
  await soil.getByRole('combobox', { name: 'Type' }).click();
  await reporterPage.getByRole('option', { name: 'List of values' }).click();
  for (const [index, code, label] of [
    [1, 'SAND', 'Sand'],
    [2, 'CLAY', 'Clay'],
  ] as const) {
    await soil.getByRole('button', { name: 'Add value' }).click();
    const value = soil.getByRole('group', { name: `Value ${index}` });
    await value.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await value.getByRole('textbox', { name: 'Label (English)' }).fill(label);
  }
  await soil.getByRole('combobox', { name: 'Default value' }).click();
  await reporterPage.getByRole('option', { name: 'Sand' }).click();
  await soil.getByRole('checkbox', { name: 'Mandatory' }).check();
  // Level 2: the depth, a number.
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  const depth = attributes.getByRole('group', { name: 'Attribute 2' });
  await depth.getByRole('combobox', { name: 'Level' }).click();
  await reporterPage.getByRole('option', { name: '2', exact: true }).click();
  await depth.getByRole('textbox', { name: 'Code', exact: true }).fill('DEPTH');
  await depth.getByRole('textbox', { name: 'Name (English)' }).fill('Depth in metres');
  await expect(depth.getByRole('combobox', { name: 'Type' })).toHaveText('Number');
  await depth.getByRole('textbox', { name: 'Default value' }).fill('1.5');

  await reporterPage.getByRole('button', { name: 'Save as pending' }).click();
  await expect(
    toasts(reporterPage).getByText('New catalog item suggested successfully'),
  ).toBeVisible();
  await expect(reporterPage).toHaveURL(
    new RegExp(
      `/ctl/catalog-detail/${catalogId}/item-list/\\d+/groups/${subGroup.id}/itemsLabels$`,
    ),
  );
  const itemId = Number(/item-list\/(\d+)\//.exec(reporterPage.url())?.[1]);
  let drawer = itemView(reporterPage, itemName);
  await expect(drawer.getByRole('heading', { name: itemName })).toBeVisible();
  await expect(drawer.getByText('Pending', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Version 0', { exact: true })).toBeVisible();
  const attributeTable = drawer.getByRole('table', { name: 'Attributes' });
  const soilRow = attributeTable.getByRole('row').filter({ hasText: 'SOIL' });
  await expect(soilRow.getByRole('cell').first()).toHaveText('1');
  await expect(soilRow).toContainText('List of values');
  await expect(soilRow).toContainText('Sand, Clay');
  const depthRow = attributeTable.getByRole('row').filter({ hasText: 'DEPTH' });
  await expect(depthRow.getByRole('cell').first()).toHaveText('2');
  await expect(depthRow).toContainText('Number');
  await expect(depthRow).toContainText('1.5');
  // The reporter's own pending item: they may edit it and send it on, nothing more.
  await expect(drawer.getByRole('link', { name: 'Edit item' })).toBeVisible();
  expect(await workflowButtons(drawer, 'Workflow')).toEqual(['Send to inspection']);

  await drawer.getByRole('button', { name: 'Send to inspection' }).click();
  await expect(toasts(reporterPage).getByText('The item is now: To inspect')).toBeVisible();
  await expect(drawer.getByText('To inspect', { exact: true })).toBeVisible();
  // No longer theirs to change: no edit, no workflow step (least of all Complete).
  await expect(drawer.getByRole('group', { name: 'Workflow' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Edit item' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Move to equation' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  // Behind the closed view, the list row shows the new state too.
  await drawer.getByRole('button', { name: 'Close item' }).click();
  await expect(
    reporterPage
      .getByRole('table', { name: 'Items' })
      .getByRole('row')
      .filter({ hasText: itemName }),
  ).toContainText('To inspect');
  await reporterPage.context().close();

  // --- The inspector, in Czech, moves it to equations (signed in at another computer). ---------
  const inspectorPage = await sessionPage(browser, baseURL, inspector);
  await inspectorPage.goto(catalogUrl.items(catalogId));
  await switchLanguage(inspectorPage, 'cs');
  await expect(inspectorPage.getByText('Vaše role: Kontrolor')).toBeVisible();
  await expect(inspectorPage.getByRole('heading', { name: 'Položky' })).toBeVisible();
  drawer = await openItem(inspectorPage, itemName, 'Položky');
  await expect(drawer.getByText('Ke kontrole', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Verze 0', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Atributy' })).toContainText('Výběr z hodnot');
  await expect(drawer.getByRole('link', { name: 'Upravit položku' })).toBeVisible();
  expect(await workflowButtons(drawer, 'Schvalování')).toEqual([
    'Vrátit mezi čekající',
    'Posunout k sestavení vzorců',
  ]);
  await drawer.getByRole('button', { name: 'Posunout k sestavení vzorců' }).click();
  await expect(
    toasts(inspectorPage).getByText('Položka je nyní ve stavu: K sestavení vzorců'),
  ).toBeVisible();
  await expect(drawer.getByText('K sestavení vzorců', { exact: true })).toBeVisible();
  // Back to inspection is theirs; completing is not.
  expect(await workflowButtons(drawer, 'Schvalování')).toEqual(['Poslat ke kontrole']);
  await expect(drawer.getByRole('button', { name: 'Dokončit' })).toHaveCount(0);
  await inspectorPage.context().close();

  // --- The mathematician completes it: version 1. -----------------------------------------------
  const mathPage = await sessionPage(browser, baseURL, mathematician);
  await mathPage.goto(catalogUrl.items(catalogId));
  drawer = await openItem(mathPage, itemName, 'Items');
  await expect(mathPage.getByText('Your role: Mathematician')).toBeVisible();
  await expect(drawer.getByText('To equation', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Version 0', { exact: true })).toBeVisible();
  // Mathematicians write formulas and complete items; they do not edit the item itself.
  await expect(drawer.getByRole('link', { name: 'Edit item' })).toHaveCount(0);
  expect(await workflowButtons(drawer, 'Workflow')).toEqual(['Complete']);
  await drawer.getByRole('button', { name: 'Complete' }).click();
  // With no formulas there is none invalid, so nothing stops the item from completing.
  await expect(toasts(mathPage).getByText('The item is complete, now in version 1')).toBeVisible();
  await expect(drawer.getByText('Complete', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Version 1', { exact: true })).toBeVisible();
  expect(await workflowButtons(drawer, 'Workflow')).toEqual(['Move to equation']);
  await drawer.getByRole('button', { name: 'Close item' }).click();
  const listRow = mathPage
    .getByRole('table', { name: 'Items' })
    .getByRole('row')
    .filter({ hasText: itemName });
  await expect(listRow).toContainText('Complete');
  await expect(listRow.getByRole('cell').nth(3)).toHaveText('1');

  // The item's History tab lists every step, with who took it.
  await mathPage.goto(catalogUrl.itemEdit(catalogId, itemId));
  await expect(mathPage.getByText('Version 1', { exact: true })).toBeVisible();
  // The item's details are not the mathematician's to change.
  await expect(
    mathPage
      .getByRole('tabpanel', { name: 'Details' })
      .getByRole('textbox', { name: 'Name (English)' }),
  ).toBeDisabled();
  await mathPage.getByRole('tab', { name: 'History' }).click();
  const history = mathPage.getByRole('tabpanel', { name: 'History' }).getByRole('list', {
    name: 'History',
  });
  // One entry per event (each entry lists its changes in a nested list).
  const events = history.locator(':scope > li');
  await expect(events).toHaveCount(4);
  // Newest first.
  await expect(events.nth(0)).toContainText('Item moved in the workflow');
  await expect(events.nth(0)).toContainText(mathematician.name);
  await expect(events.nth(0)).toContainText('State: To equation → Complete');
  await expect(events.nth(0)).toContainText('Version: 0 → 1');
  await expect(events.nth(1)).toContainText(inspector.name);
  await expect(events.nth(1)).toContainText('State: To inspect → To equation');
  await expect(events.nth(2)).toContainText(reporter.name);
  await expect(events.nth(2)).toContainText('State: Pending → To inspect');
  await expect(events.nth(3)).toContainText('Item suggested');
  await expect(events.nth(3)).toContainText(reporter.name);
  await mathPage.context().close();
});
