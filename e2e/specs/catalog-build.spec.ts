// Journey: a newly registered admin builds a catalog through the UI (groups, phase, priced roles, label) and invites a
// reporter, an inspector and a mathematician, who join by accepting their invitations; each step is checked as the user sees it, and all of it again after a
// reload, section by section (the data then comes from the server, not from the page's cache).
import { test, type Locator, type Page } from '@playwright/test';
import {
  acceptCatalogInvitation,
  catalogInvitationCode,
  expect,
  registerConfirmedUser,
  sessionPage,
  signInAs,
  switchLanguage,
  testUser,
  toasts,
  uniqueTag,
  type TestUser,
} from '../fixtures/catalog';

/** The section tabs of the catalog frame (Overview, Items, Roles, …). */
function sectionTab(page: Page, name: string): Locator {
  return page.getByRole('tablist', { name: 'Catalog sections' }).getByRole('tab', { name });
}

function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

async function checkGroups(page: Page): Promise<void> {
  const groups = page.getByRole('navigation', { name: 'Groups' });
  await expect(groups.getByRole('link', { name: /^Earthworks/ })).toBeVisible();
  await expect(groups.getByRole('link', { name: /^Excavation/ })).toBeVisible();
  // The sub-group sits under its parent, which folds it away.
  await groups.getByRole('button', { name: 'Collapse Earthworks' }).click();
  await expect(groups.getByRole('link', { name: /^Excavation/ })).toBeHidden();
  await groups.getByRole('button', { name: 'Expand Earthworks' }).click();
  await expect(groups.getByRole('link', { name: /^Excavation/ })).toBeVisible();
}

async function checkPhases(page: Page): Promise<void> {
  const row = rowWith(page.getByRole('table', { name: 'Phases' }), 'Construction');
  await expect(row).toContainText('BUILD');
  await expect(row).toContainText('Work on the site itself.');
}

interface RoleTexts {
  table: string;
  manDays: string;
  hours: string;
  engineerPrice: string;
  diggerPrice: string;
}

const ROLES_EN: RoleTexts = {
  table: 'Roles',
  manDays: 'Man-days',
  hours: 'Hours',
  engineerPrice: '€1,250.50 / MD',
  diggerPrice: '€85.00 / h',
};

/** Czech number format: a space between thousands, a decimal comma, the € sign after. */
const ROLES_CS: RoleTexts = {
  table: 'Role',
  manDays: 'Člověkodny',
  hours: 'Hodiny',
  engineerPrice: '1 250,50 € / MD',
  diggerPrice: '85,00 € / h',
};

async function checkRoles(page: Page, texts: RoleTexts): Promise<void> {
  const table = page.getByRole('table', { name: texts.table });
  const engineer = rowWith(table, 'Site engineer');
  await expect(engineer).toContainText('ENG');
  await expect(engineer).toContainText(texts.manDays);
  await expect(engineer).toContainText(texts.engineerPrice);
  const digger = rowWith(table, 'Digger operator');
  await expect(digger).toContainText('DIG');
  await expect(digger).toContainText(texts.hours);
  await expect(digger).toContainText(texts.diggerPrice);
}

async function checkLabels(page: Page): Promise<void> {
  const row = rowWith(page.getByRole('table', { name: 'Labels' }), 'Needs review');
  await expect(row).toContainText('Check before pricing.');
  // Applied to no item yet.
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
}

async function checkMembers(
  page: Page,
  admin: TestUser,
  members: readonly { user: TestUser; role: string }[],
): Promise<void> {
  const table = page.getByRole('table', { name: 'Members' });
  // The header row and four people.
  await expect(table.getByRole('row')).toHaveCount(5);
  for (const { user, role } of [{ user: admin, role: 'Admin' }, ...members]) {
    const row = rowWith(table, user.email);
    await expect(row).toContainText(user.name);
    await expect(row).toContainText(user.company);
    await expect(row.getByRole('combobox')).toHaveText(role);
    // They accepted their invitations: none waits any longer.
    await expect(row.getByText('Invitation pending')).toHaveCount(0);
  }
}

test('an admin builds a catalog with groups, a phase, priced roles, a label and three members', async ({
  page,
  browser,
  baseURL,
}) => {
  // Some twenty saves through the UI. A cap, not a target: with other suites running on the same
  // two cores (load average above 10) this journey took up to 160 s.
  test.setTimeout(300_000);
  const tag = uniqueTag();
  const admin = testUser(tag, 'admin', 'Alena', 'Správcová');
  const members = [
    { user: testUser(tag, 'reporter', 'Radek', 'Navrhovatel'), role: 'Reporter' },
    { user: testUser(tag, 'inspector', 'Ivana', 'Kontrolorová'), role: 'Inspector' },
    { user: testUser(tag, 'mathematician', 'Marek', 'Matematik'), role: 'Mathematician' },
  ] as const;
  for (const user of [admin, ...members.map((member) => member.user)]) {
    await registerConfirmedUser(baseURL, user);
  }
  await signInAs(page, admin);

  // The catalog: name, code, description and visibility; it opens on its overview.
  const catalogName = `Road works ${tag}`;
  const catalogCode = `RW-${tag}`;
  await page.goto('/ctl');
  await expect(page.getByRole('heading', { name: 'Catalogs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New catalog' }).first().click();
  const catalogDialog = page.getByRole('dialog', { name: 'New catalog' });
  await catalogDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(catalogName);
  await catalogDialog.getByRole('textbox', { name: 'Code', exact: true }).fill(catalogCode);
  await catalogDialog
    .getByRole('textbox', { name: 'Description (English)' })
    .fill('Earthworks, paving and drainage of municipal roads.');
  await catalogDialog.getByRole('radio', { name: 'Private', exact: true }).check();
  await catalogDialog.getByRole('button', { name: 'Create catalog' }).click();
  await expect(toasts(page).getByText('Catalog created')).toBeVisible();
  await expect(catalogDialog).toBeHidden();
  await expect(page).toHaveURL(/\/ctl\/catalog-detail\/\d+$/);
  const catalogId = Number(/catalog-detail\/(\d+)$/.exec(page.url())?.[1]);
  const title = page.getByRole('heading', { name: catalogName, level: 1 });
  await expect(title).toBeVisible();
  const header = page.locator('header').filter({ has: title });
  for (const chip of ['Budget', 'Private', `Owner: ${admin.company}`, 'Your role: Admin']) {
    await expect(header.getByText(chip, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Earthworks, paving and drainage of municipal roads.')).toBeVisible();

  // Groups: a top group and a sub-group under it, from the group tree beside the items.
  await sectionTab(page, 'Items').click();
  await expect(page).toHaveURL(`/ctl/catalog-detail/${catalogId}/item-list/groups/itemsLabels`);
  const groups = page.getByRole('navigation', { name: 'Groups' });
  await expect(groups.getByText('No groups yet. Add one to sort the items.')).toBeVisible();
  await groups.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByRole('textbox', { name: 'Name (English)' }).fill('Earthworks');
  await groupDialog.getByRole('textbox', { name: 'Code', exact: true }).fill('EARTH');
  await groupDialog.getByRole('button', { name: 'Create group' }).click();
  await expect(groupDialog).toBeHidden();
  await expect(groups.getByRole('link', { name: /^Earthworks/ })).toBeVisible();
  await groups.getByRole('button', { name: 'Actions for group Earthworks' }).click();
  await page.getByRole('menuitem', { name: 'Add a sub-group' }).click();
  await expect(groupDialog.getByRole('combobox', { name: 'Parent group' })).toHaveText(
    'Earthworks',
  );
  await groupDialog.getByRole('textbox', { name: 'Name (English)' }).fill('Excavation');
  await groupDialog.getByRole('textbox', { name: 'Code', exact: true }).fill('EXCAV');
  await groupDialog.getByRole('button', { name: 'Create group' }).click();
  await expect(groupDialog).toBeHidden();
  await checkGroups(page);

  // A phase.
  await sectionTab(page, 'Phases').click();
  await expect(page.getByText('No phases yet')).toBeVisible();
  await page.getByRole('button', { name: 'New phase' }).first().click();
  const phaseDialog = page.getByRole('dialog', { name: 'New phase' });
  await phaseDialog.getByRole('textbox', { name: 'Name (English)' }).fill('Construction');
  await phaseDialog.getByRole('textbox', { name: 'Code', exact: true }).fill('BUILD');
  await phaseDialog
    .getByRole('textbox', { name: 'Description (English)' })
    .fill('Work on the site itself.');
  await phaseDialog.getByRole('button', { name: 'Create phase' }).click();
  await expect(phaseDialog).toBeHidden();
  await checkPhases(page);

  // Two roles: per man-day with a decimal price, and per hour.
  await sectionTab(page, 'Roles').click();
  await expect(page.getByText('No roles yet')).toBeVisible();
  for (const role of [
    { name: 'Site engineer', code: 'ENG', unit: undefined, price: '1250.5' },
    { name: 'Digger operator', code: 'DIG', unit: 'Hours (h)', price: '85' },
  ]) {
    await page.getByRole('button', { name: 'New role' }).first().click();
    const roleDialog = page.getByRole('dialog', { name: 'New role' });
    await roleDialog.getByRole('textbox', { name: 'Name (English)' }).fill(role.name);
    await roleDialog.getByRole('textbox', { name: 'Code', exact: true }).fill(role.code);
    const unit = roleDialog.getByRole('combobox', { name: 'Unit of measure' });
    if (role.unit) {
      await unit.click();
      await page.getByRole('option', { name: role.unit }).click();
    }
    await expect(unit).toHaveText(role.unit ?? 'Man-days (MD)');
    await roleDialog.getByRole('textbox', { name: 'Price per unit' }).fill(role.price);
    await expect(roleDialog.getByText('EUR', { exact: true })).toBeVisible();
    await roleDialog.getByRole('button', { name: 'Create role' }).click();
    await expect(roleDialog).toBeHidden();
  }
  await checkRoles(page, ROLES_EN);

  // A label with a preset colour.
  await sectionTab(page, 'Labels').click();
  await expect(page.getByText('No labels yet')).toBeVisible();
  await page.getByRole('button', { name: 'New label' }).first().click();
  const labelDialog = page.getByRole('dialog', { name: 'New label' });
  await labelDialog.getByRole('textbox', { name: 'Title' }).fill('Needs review');
  await labelDialog.getByRole('textbox', { name: 'Description' }).fill('Check before pricing.');
  await labelDialog.getByRole('button', { name: 'Orange' }).click();
  await expect(labelDialog.getByRole('button', { name: 'Orange' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(labelDialog.getByRole('textbox', { name: 'Color code' })).toHaveValue('#fb8c00');
  await labelDialog.getByRole('button', { name: 'Create label' }).click();
  await expect(labelDialog).toBeHidden();
  await checkLabels(page);
  // Deleting asks first, in a dialog at most 500 px wide (spec section 9); cancel keeps the label.
  await page.getByRole('button', { name: 'Delete Needs review' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete label' });
  await expect(confirmDelete).toBeVisible();
  expect((await confirmDelete.boundingBox())?.width).toBeLessThanOrEqual(500);
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDelete).toHaveCount(0);
  await checkLabels(page);

  // Members: the admin, then three registered people invited by e-mail with their roles.
  await sectionTab(page, 'Members').click();
  await expect(
    rowWith(page.getByRole('table', { name: 'Members' }), admin.email).getByRole('combobox'),
  ).toHaveText('Admin');
  for (const { user, role } of members) {
    await page.getByRole('button', { name: 'Invite member' }).first().click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite a member' });
    await inviteDialog.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await inviteDialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await expect(inviteDialog.getByRole('combobox', { name: 'Role' })).toHaveText(role);
    await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toasts(page).getByText(`Invitation sent to ${user.email}`)).toBeVisible();
    await expect(inviteDialog).toBeHidden();
  }
  // Invited, not added: until they accept, the list shows addresses only (decision 0026).
  for (const { user } of members) {
    const row = rowWith(page.getByRole('table', { name: 'Members' }), user.email);
    await expect(row.getByText('Invitation pending')).toBeVisible();
    await expect(row).not.toContainText(user.company);
  }
  // The first accepts through the mail's link and lands in the catalog; the others the same way
  // through the API.
  const [first, ...others] = members;
  const firstPage = await sessionPage(browser, baseURL, first.user);
  await firstPage.goto(
    `/ctl/catalog-invitation/${await catalogInvitationCode(baseURL ?? '', first.user.email)}`,
  );
  await expect(
    firstPage.getByText(`You are invited to join the catalog ${catalogName}`),
  ).toBeVisible();
  await firstPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(firstPage).toHaveURL(/\/ctl\/catalog-detail\/\d+$/);
  await firstPage.context().close();
  for (const { user } of others) await acceptCatalogInvitation(baseURL ?? '', user);
  await page.reload();
  await checkMembers(page, admin, members);

  // After a reload every section reads its data from the server again: all of it was stored.
  await page.reload();
  await checkMembers(page, admin, members);
  await sectionTab(page, 'Overview').click();
  for (const count of [
    /^0\s*Items$/,
    /^2\s*Groups$/,
    /^2\s*Roles$/,
    /^1\s*Phases$/,
    /^1\s*Labels$/,
  ]) {
    await expect(page.getByRole('link', { name: count })).toBeVisible();
  }
  const history = page.getByRole('list', { name: 'History' });
  for (const event of [
    'Catalog created',
    'Group created',
    'Phase created',
    'Role created',
    'Label created',
    'Member invited',
  ]) {
    await expect(history.getByText(event, { exact: true }).first()).toBeVisible();
  }
  await sectionTab(page, 'Items').click();
  await checkGroups(page);
  await sectionTab(page, 'Phases').click();
  await checkPhases(page);
  await sectionTab(page, 'Labels').click();
  await checkLabels(page);
  await sectionTab(page, 'Roles').click();
  await checkRoles(page, ROLES_EN);
  // The same prices in the Czech number format.
  await switchLanguage(page, 'cs');
  await checkRoles(page, ROLES_CS);
  await switchLanguage(page, 'en');

  // The catalog is among the admin's own catalogs.
  await page.goto('/ctl');
  await page.getByRole('button', { name: 'My catalogs' }).click();
  const listRow = rowWith(page.getByRole('table', { name: 'Catalogs' }), catalogName);
  await expect(listRow).toContainText(catalogCode);
  await expect(listRow).toContainText('Private');
  await expect(listRow).toContainText(admin.company);
});
