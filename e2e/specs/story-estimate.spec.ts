// Journey: a planner creates a story on the demo catalog (the spec's name messages), adds an instance whose total
// follows the typed values before saving, raises it to level 2, and reads the confirmed totals on the overview.
import { test } from '@playwright/test';
import {
  expect,
  registerConfirmedUser,
  signedInPage,
  testUser,
  toasts,
  uniqueTag,
} from '../fixtures/catalog';

test('a planner creates a story, adds an instance on two levels and reads the totals', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const planner = testUser(tag, 'planner', 'Petra', 'Plánovačová');
  await registerConfirmedUser(baseURL, planner);
  const page = await signedInPage(browser, planner);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My Stories' })).toBeVisible();
  await expect(page.getByText('No stories yet')).toBeVisible();

  // The spec's two name messages: empty, then taken.
  const storyName = `E-shop ${tag}`;
  const createStory = async (name: string) => {
    await page.getByRole('button', { name: 'New story' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New story' });
    await dialog.getByRole('button', { name: 'Create story' }).click();
    await expect(dialog.getByText('Story name cannot be empty')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Story name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Catalog' }).click();
    await page.getByRole('option', { name: /Software delivery/ }).click();
    await dialog.getByRole('button', { name: 'Create story' }).click();
    return dialog;
  };
  await createStory(storyName);
  await expect(toasts(page).getByText('Story successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/story-detail\/\d+$/);
  const storyUrl = new URL(page.url()).pathname;

  await page.goto('/');
  await expect(page.getByRole('link', { name: storyName })).toBeVisible();
  const duplicate = await createStory(storyName);
  await expect(duplicate.getByText('Some story is already using this name')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  // An instance of "Sign-in and registration": 4 screens, no single sign-on. By hand:
  // analyst 0.5 + 4 × 0.25 = 1.5 MD × 9,500 = 14,250; developer 4 × 1.5 = 6 MD × 10,500 = 63,000;
  // tester 4 × 4 = 16 h × 950 = 15,200; total 92,450 CZK and 1.5 + 6 + 16 / 8 = 9.5 MD.
  await page.goto(`${storyUrl}/items/groups/itemsLabels`);
  await page.getByRole('button', { name: 'Add instance' }).click();
  await page
    .getByRole('dialog', { name: 'Add an instance of an item' })
    .getByText('Sign-in and registration')
    .click();
  const editor = page.getByRole('dialog', { name: 'New instance of Sign-in and registration' });
  const total = editor.getByTestId('instance-total');
  await editor.getByRole('textbox', { name: 'Number of screens' }).fill('4');
  await expect(total).toHaveText('CZK 92,450.00');
  await expect(editor.getByTestId('instance-mandays')).toHaveText('9.5 MD');
  await editor.getByRole('textbox', { name: 'Number of screens' }).fill('4.5');
  // A value that does not read is marked as it is typed, and the total waits for it.
  await expect(editor.getByText('Enter a whole number')).toBeVisible();
  await expect(total).toHaveText('—');
  await editor.getByRole('textbox', { name: 'Number of screens' }).fill('4');
  await editor.getByRole('button', { name: 'Create instance' }).click();
  await expect(toasts(page).getByText('Instance successfully created')).toBeVisible();
  const row = page.getByRole('row', { name: /Sign-in and registration/ });
  await expect(row.getByText('CZK 92,450.00')).toBeVisible();

  // Level 2 with an SMS second factor: developer + 2 MD (21,000), tester + 8 h (7,600) = 121,050.
  await row.getByRole('button', { name: 'Sign-in and registration', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Instance of Sign-in and registration' });
  await edit.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'Level 2' }).click();
  await edit.getByRole('combobox', { name: 'Second factor' }).click();
  await page.getByRole('option', { name: 'SMS code' }).click();
  await expect(edit.getByTestId('instance-total')).toHaveText('CZK 121,050.00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Instance successfully updated')).toBeVisible();
  await expect(row.getByText('CZK 121,050.00')).toBeVisible();

  await page.goto(storyUrl);
  await expect(page.getByText('CZK 121,050.00').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/story-overview-en.png', fullPage: true });
});
