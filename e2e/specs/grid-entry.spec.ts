// Journey: an estimator enters ten instances in the items grid by keyboard only (the add row, Tab, typing, Enter), watches the story total move as each value is typed, filters to read a subtotal, then pastes rows copied from a spreadsheet, previews them and adds the ones that read.
import type { Page } from '@playwright/test';
import { test } from '@playwright/test';
import {
  expect,
  registerConfirmedUser,
  signedInPage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

async function newStory(page: Page, name: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'New story' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New story' });
  await dialog.getByRole('textbox', { name: 'Story name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Catalog' }).click();
  await page.getByRole('option', { name: /Software delivery/ }).click();
  await dialog.getByRole('button', { name: 'Create story' }).click();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
  return new URL(page.url()).pathname;
}

/** Pastes text as a spreadsheet puts it on the clipboard, into the focused cell. */
async function pasteInto(page: Page, text: string): Promise<void> {
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('an estimator enters ten instances by keyboard in the grid and pastes rows from a spreadsheet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const estimator = testUser(tag, 'estimator', 'Eva', 'Odhadová');
  await registerConfirmedUser(baseURL, estimator);
  const page = await signedInPage(browser, estimator);
  const storyUrl = await newStory(page, `Grid ${tag}`);
  await page.goto(`${storyUrl}/items/groups/itemsLabels`);

  const grid = page.getByRole('table', { name: 'Items' });
  const storyTotal = page.getByRole('status', { name: /^Story total/ });
  const picker = page.getByRole('combobox', { name: 'Add an instance: item code or name' });
  await expect(storyTotal).toHaveText('0 MD · CZK 0.00');

  // Ten forms with 1..10 fields. A form with f fields: developer 1 + 0.15 f MD × 10,500 and tester
  // 0.5 f h × 950 = 10,500 + 2,050 f CZK in 1 + 0.2125 f MD. Together: 217,750 CZK in 21.6875 MD.
  await picker.focus();
  for (let fields = 1; fields <= 10; fields += 1) {
    await page.keyboard.type('FORM');
    await page.keyboard.press('Enter');
    // The new row takes the focus at its level; Tab goes to "optional", then to the fields.
    await expect(grid.getByRole('combobox', { name: 'Level' }).last()).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(grid.getByRole('textbox', { name: 'Number of fields' }).last()).toBeFocused();
    await page.keyboard.type(String(fields));
    // The total moves as the value is typed, before it is saved.
    const before = 10_500 * (fields - 1) + (2_050 * ((fields - 1) * fields)) / 2;
    const typed = before + 10_500 + 2_050 * fields;
    await expect(storyTotal).toContainText(`CZK ${typed.toLocaleString('en-US')}.00`);
    // Enter leaves the cell (the row is saved) for the add row.
    await page.keyboard.press('Enter');
    await expect(picker).toBeFocused();
  }
  await expect(grid.getByRole('status').filter({ hasText: 'Saving…' })).toHaveCount(0);
  await expect(storyTotal).toHaveText('21.6875 MD · CZK 217,750.00');

  // After a reload the server has the same ten rows and totals.
  await page.reload();
  await expect(grid.getByRole('textbox', { name: 'Number of fields' })).toHaveCount(10);
  await expect(storyTotal).toHaveText('21.6875 MD · CZK 217,750.00');

  // A filter shows its own subtotal next to the story's: the forms with 10 fields.
  await page.getByRole('searchbox', { name: 'Search instances' }).fill('zzz-no-match');
  await expect(page.getByRole('status', { name: /^Filtered instances/ })).toHaveText(
    '0 MD · CZK 0.00',
  );
  await page.getByRole('searchbox', { name: 'Search instances' }).fill('');

  // Rows pasted from a spreadsheet: two reports (columns, PDF export) and a row with an unknown code.
  // A report: analyst 1 MD × 9,500; developer 2 + 0.2 c + 1.5 × PDF MD × 10,500; tester 4 + 0.5 c h × 950.
  // 8 columns with PDF: 70,650 CZK in 7.1 MD; 10 columns without: 60,050 CZK in 6.125 MD.
  await grid.getByRole('textbox', { name: 'Number of fields' }).first().focus();
  await pasteInto(page, 'REPORT\t8\tyes\nREPORT\t10\tno\nNOPE\t1\n');
  const dialog = page.getByRole('dialog', { name: 'Paste rows from a spreadsheet' });
  await expect(dialog.getByRole('status')).toHaveText('Rows ready to add: 2 of 3');
  const preview = dialog.getByRole('table', { name: 'Preview of the pasted rows' });
  await expect(preview.getByRole('row').nth(1)).toContainText('CZK 70,650.00');
  await expect(preview.getByRole('row').nth(2)).toContainText('CZK 60,050.00');
  await expect(preview.getByRole('row').nth(3)).toContainText('No item has the code “NOPE”');
  await dialog.getByRole('button', { name: 'Add 2 instances' }).click();
  await expect(toasts(page).getByText('2 instances added')).toBeVisible();
  await expect(storyTotal).toHaveText('34.9125 MD · CZK 348,450.00');
  await expect(grid.getByRole('textbox', { name: 'Number of columns' })).toHaveCount(2);
});

test('two estimators type in the same instance: the second is told, keeps the typing and saves it over the first', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const estimator = testUser(tag, 'estimator', 'Eva', 'Odhadová');
  await registerConfirmedUser(baseURL, estimator);
  const first = await signedInPage(browser, estimator);
  const storyUrl = await newStory(first, `Conflict ${tag}`);
  const itemsUrl = `${storyUrl}/items/groups/itemsLabels`;
  await first.goto(itemsUrl);
  const picker = first.getByRole('combobox', { name: 'Add an instance: item code or name' });
  await picker.fill('FORM');
  await first.keyboard.press('Enter');
  const firstFields = first.getByRole('textbox', { name: /^Number of fields/ });
  await expect(firstFields).toHaveCount(1);

  // A second window opens the story before the first one saves.
  const second = await signedInPage(browser, estimator);
  await second.goto(itemsUrl);
  const secondFields = second.getByRole('textbox', { name: /^Number of fields/ });
  await expect(secondFields).toHaveCount(1);

  // The second is typing when the first saves: the live update keeps the typing, and the save
  // that follows is told of the other change.
  await secondFields.fill('7');
  await firstFields.fill('4');
  await firstFields.press('Enter');
  await expect(first.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(1);
  await expect(secondFields).toHaveValue('7');
  await secondFields.press('Tab');
  const alert = second.getByRole('alert').filter({ hasText: 'Someone else changed this instance' });
  await expect(alert).toBeVisible();
  await expect(secondFields).toHaveValue('7');
  await alert.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(alert).toBeHidden();
  // A form with 7 fields: 10,500 + 2,050 × 7 CZK.
  const storyTotal = (page: Page) => page.getByRole('status', { name: /^Story total/ });
  await expect(storyTotal(second)).toContainText('CZK 24,850.00');

  await first.reload();
  await expect(firstFields).toHaveValue('7');
  await expect(storyTotal(first)).toContainText('CZK 24,850.00');
});
