// Journey: a planner creates a story on the demo catalog with two instances, tags one with a story label, filters the
// items by that label and back, then reads the four summaries (figures worked out by hand, charts, copied values).
import { test, type Locator, type Page } from '@playwright/test';
import {
  expect,
  registerConfirmedUser,
  signInAs,
  testUser,
  snackbar,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

function rowWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text });
}

/** Adds an instance of `item` with the typed `values` and checks the editor's total before saving. */
async function addInstance(
  page: Page,
  item: string,
  values: Record<string, string>,
  total: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Add instance' }).click();
  await page.getByRole('dialog', { name: 'Add an instance of an item' }).getByText(item).click();
  const editor = page.getByRole('dialog', { name: `New instance of ${item}` });
  for (const [field, value] of Object.entries(values)) {
    await editor.getByRole('textbox', { name: field }).fill(value);
  }
  await expect(editor.getByTestId('instance-total')).toHaveText(total);
  await editor.getByRole('button', { name: 'Create instance' }).click();
  await expect(editor).toBeHidden();
  await expect(toasts(page).getByText('Instance successfully created').first()).toBeVisible();
}

async function createLabel(page: Page, title: string, preset: string): Promise<void> {
  await page.getByRole('button', { name: 'New label' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: preset }).click();
  await expect(dialog.getByRole('button', { name: preset })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog).toBeHidden();
}

/** A bar chart of the summary: its figure (named by the title) holds an svg with `bars` bars. */
async function expectChart(page: Page, title: string, bars: number): Promise<void> {
  const chart = page.getByRole('figure', { name: title });
  // A chart is drawn when it comes near the viewport, as the reader scrolls to it.
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(bars);
}

/** Clicks the figure shown as `display`, then reads what landed on the clipboard. */
async function copyValue(page: Page, display: string, plain: string): Promise<void> {
  // Emptied first, so the value read back is this copy's and not an earlier one's.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page
    .getByRole('button', { name: `Copy ${display}` })
    .first()
    .click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(plain);
  await expect(snackbar(page).getByText('Value copied to clipboard')).toBeVisible();
}

test('a planner labels instances, filters by a label and reads the four summaries', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const planner = testUser(tag, 'labeller', 'Lucie', 'Souhrnná');
  await registerConfirmedUser(baseURL, planner);
  // The summaries copy figures to the clipboard; the journey reads them back.
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signInAs(page, planner);

  await page.goto('/');
  await page.getByRole('button', { name: 'New story' }).first().click();
  const newStory = page.getByRole('dialog', { name: 'New story' });
  const storyName = `Portal ${tag}`;
  await newStory.getByRole('textbox', { name: 'Story name' }).fill(storyName);
  await newStory.getByRole('combobox', { name: 'Catalog' }).click();
  await page.getByRole('option', { name: /Software delivery/ }).click();
  await newStory.getByRole('button', { name: 'Create story' }).click();
  await expect(toasts(page).getByText('Story successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
  const storyUrl = new URL(page.url()).pathname;
  const itemsUrl = `${storyUrl}/items/groups/itemsLabels`;

  // Two instances, totals by hand from seed-catalog.ts (CZK; analyst 9,500 and developer 10,500 per
  // MD, tester 950 per hour, 8 hours a man-day):
  // Sign-in and registration, 4 screens: analyst 0.5 + 4 × 0.25 = 1.5 MD (14,250), developer
  //   4 × 1.5 = 6 MD (63,000), tester 4 × 4 = 16 h (15,200) = 92,450 in 9.5 MD; phase Development.
  // Report with export, 8 columns with the PDF export: analyst 1 MD (9,500), developer
  //   2 + 8 × 0.2 + 1.5 = 5.1 MD (53,550), tester 4 + 8 × 0.5 = 8 h (7,600) = 70,650 in 7.1 MD;
  //   phase Design.
  await page.goto(itemsUrl);
  await addInstance(
    page,
    'Sign-in and registration',
    { 'Number of screens': '4' },
    'CZK 92,450.00',
  );
  await addInstance(page, 'Report with export', { 'Number of columns': '8' }, 'CZK 70,650.00');
  const instances = page.getByRole('table', { name: 'Items' });
  await expect(rowWith(instances, 'Sign-in and registration')).toContainText('CZK 92,450.00');
  await expect(rowWith(instances, 'Report with export')).toContainText('CZK 70,650.00');

  // Two story labels with preset colours; none is applied yet.
  await page.goto(`${storyUrl}/labels`);
  await expect(page.getByText('No labels yet')).toBeVisible();
  await createLabel(page, 'Phase one', 'Green');
  await createLabel(page, 'Needs an offer', 'Purple');
  const labels = page.getByRole('table', { name: 'Labels of the story' });
  await expect(rowWith(labels, 'Phase one').getByRole('cell').nth(2)).toHaveText('0');
  await expect(rowWith(labels, 'Needs an offer').getByRole('cell').nth(2)).toHaveText('0');

  // "Phase one" on the report, in the instance editor.
  await page.goto(itemsUrl);
  await rowWith(instances, 'Report with export')
    .getByRole('button', { name: 'Report with export', exact: true })
    .click();
  const editor = page.getByRole('dialog', { name: 'Instance of Report with export' });
  await editor.getByRole('combobox', { name: 'Labels' }).click();
  await page.getByRole('option', { name: 'Phase one' }).click();
  await expect(editor.getByRole('button', { name: 'Phase one' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(toasts(page).getByText('Instance successfully updated')).toBeVisible();
  await expect(rowWith(instances, 'Report with export')).toContainText('Phase one');
  await expect(rowWith(instances, 'Sign-in and registration')).not.toContainText('Phase one');

  // The labels page counts it and links to the instance; the link carries the label's id.
  await page.goto(`${storyUrl}/labels`);
  const usage = page.getByRole('link', { name: 'Show the 1 instance labeled Phase one' });
  await expect(usage).toHaveText('1');
  const labelId = /\/itemsLabels\/(\d+)$/.exec((await usage.getAttribute('href')) ?? '')?.[1];
  expect(labelId).toBeTruthy();

  // The label chip in the filter panel filters the items, and a second click clears the filter.
  await page.goto(itemsUrl);
  // The instances' rows: each can be deleted (the header and the grid's add row cannot).
  const instanceRows = instances
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Delete / }) });
  await expect(instanceRows).toHaveCount(2);
  const labelFilter = page
    .getByRole('navigation', { name: 'Filter instances' })
    .getByRole('group', { name: 'Labels' });
  await labelFilter.getByRole('button', { name: 'Phase one' }).click();
  await expect(page).toHaveURL(`${itemsUrl}/${labelId}`);
  await expect(labelFilter.getByRole('button', { name: 'Phase one' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(instanceRows).toHaveCount(1);
  await expect(rowWith(instances, 'Report with export')).toBeVisible();
  await expect(rowWith(instances, 'Sign-in and registration')).toHaveCount(0);
  await labelFilter.getByRole('button', { name: 'Phase one' }).click();
  await expect(page).toHaveURL(itemsUrl);
  await expect(instanceRows).toHaveCount(2);
  await expect(rowWith(instances, 'Sign-in and registration')).toBeVisible();

  // Roles: analyst 1.5 + 1 = 2.5 MD (23,750), developer 6 + 5.1 = 11.1 MD (116,550), tester
  // 16 + 8 = 24 h = 3 MD (22,800); total 163,100 CZK in 16.6 MD.
  await page.goto(`${storyUrl}/summary/roles`);
  const tabs = page.getByRole('tablist', { name: 'Summaries' });
  await expect(tabs.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('CZK 163,100.00');
  await expect(totals).toContainText('16.6 MD');
  const roles = page.getByRole('table', { name: 'Roles' });
  const analyst = rowWith(roles, 'Business analyst');
  await expect(analyst).toContainText('2.5');
  await expect(analyst).toContainText('CZK 9,500.00');
  await expect(analyst).toContainText('CZK 23,750.00');
  const developer = rowWith(roles, 'Developer');
  await expect(developer).toContainText('11.1 MD');
  await expect(developer).toContainText('CZK 116,550.00');
  await expect(developer).toContainText('71.5%');
  const tester = rowWith(roles, 'Tester');
  await expect(tester).toContainText('Hours');
  await expect(tester).toContainText('24');
  await expect(tester).toContainText('3 MD');
  await expect(tester).toContainText('CZK 22,800.00');
  const rolesTotal = rowWith(roles, 'Total');
  await expect(rolesTotal).toContainText('16.6 MD');
  await expect(rolesTotal).toContainText('CZK 163,100.00');
  await expect(rolesTotal).toContainText('100%');
  // Man-days and hours share no amount axis: time compares them, and each unit has its amount chart.
  await expectChart(page, 'Estimated time by role', 3);
  await expectChart(page, 'Price by role', 3);
  await expectChart(page, 'Amount (MD) by role', 2);
  await expectChart(page, 'Amount (h) by role', 1);
  await copyValue(page, 'CZK 116,550.00', '116550.00');

  // Phases: Development has the sign-in (92,450 in 9.5 MD), Design the report (70,650 in 7.1 MD).
  await tabs.getByRole('tab', { name: 'Phases' }).click();
  await expect(page).toHaveURL(`${storyUrl}/summary/phases`);
  const phases = page.getByRole('table', { name: 'Phases' });
  await expect(rowWith(phases, 'Development')).toContainText('9.5 MD');
  await expect(rowWith(phases, 'Development')).toContainText('CZK 92,450.00');
  await expect(rowWith(phases, 'Design')).toContainText('7.1 MD');
  await expect(rowWith(phases, 'Design')).toContainText('CZK 70,650.00');
  await expect(rowWith(phases, 'Total')).toContainText('CZK 163,100.00');
  await expectChart(page, 'Estimated time by phase', 2);
  await expectChart(page, 'Price by phase', 2);
  await copyValue(page, '7.1 MD', '7.1');

  // Catalog groups: both items are in Frontend › User interface.
  await tabs.getByRole('tab', { name: 'Catalog groups' }).click();
  await expect(page).toHaveURL(`${storyUrl}/summary/ctl`);
  const groups = page.getByRole('table', { name: 'Catalog groups' });
  await expect(rowWith(groups, 'Frontend')).toContainText('CZK 163,100.00');
  await expect(rowWith(groups, 'User interface')).toContainText('16.6 MD');
  await expect(groups.getByRole('button', { name: 'Collapse Frontend' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectChart(page, 'Estimated time by catalog group', 1);
  await expectChart(page, 'Price by catalog group', 1);
  await copyValue(page, '16.6 MD', '16.6');

  // Instances: one row each, the larger first in the charts.
  await tabs.getByRole('tab', { name: 'Instances' }).click();
  await expect(page).toHaveURL(`${storyUrl}/summary/ict`);
  const byInstance = page.getByRole('table', { name: 'Instances' });
  await expect(rowWith(byInstance, 'Sign-in and registration')).toContainText('CZK 92,450.00');
  await expect(rowWith(byInstance, 'Report with export')).toContainText('CZK 70,650.00');
  await expect(rowWith(byInstance, 'Report with export')).toContainText('43.3%');
  await expectChart(page, 'Estimated time by instance', 2);
  await expectChart(page, 'Price by instance', 2);
  await copyValue(page, 'CZK 70,650.00', '70650.00');
  await context.close();
});
