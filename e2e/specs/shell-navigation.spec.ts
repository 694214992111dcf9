// Journey: the header buttons, the story navigation drawer, themes and the one-click logout.
import { expect, test } from '../fixtures/session';

test('the drawer opens on story pages, collapses to a rail and is gone elsewhere', async ({
  signedInPage: page,
}) => {
  await page.goto('/story-detail/12');
  const nav = page.getByRole('navigation', { name: 'Story navigation' });
  await expect(nav).toBeVisible();
  expect((await nav.boundingBox())?.width).toBeCloseTo(256, -1);

  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThanOrEqual(57);
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeGreaterThan(250);

  await nav.getByRole('link', { name: 'Labels' }).click();
  await expect(page).toHaveURL(/\/story-detail\/12\/labels$/);
  await expect(nav).toBeVisible();

  await page.getByRole('link', { name: 'Catalogs' }).click();
  await expect(page).toHaveURL(/\/ctl$/);
  await expect(page.getByRole('navigation', { name: 'Story navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /navigation/i })).toHaveCount(0);
});

test('themes follow the context: green for stories, purple-blue for catalogues', async ({
  signedInPage: page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const ictColour = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'ict');
  await expect(banner.getByRole('link', { name: 'Costory home' })).toHaveAttribute('href', '/');

  await page.goto('/ctl');
  await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'ctl');
  const ctlColour = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(ctlColour).not.toBe(ictColour);
  await expect(banner.getByRole('link', { name: 'Costory home' })).toHaveAttribute('href', '/ctl');
  const logo = banner.getByRole('link', { name: 'Costory home' }).locator('svg').first();
  const box = await logo.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(200);
  expect(box?.height).toBeLessThanOrEqual(70);
});

test('logout is one click: the session ends at the provider without a second question, back at /', async ({
  signedInPage: page,
}) => {
  await page.goto('/ctl');
  await page.getByRole('button', { name: 'Account of Demo User' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // Back at the root, signed out: the guard goes on to the sign-in form.
  await page.waitForURL(/\/login\?interaction=/);
  expect(await page.evaluate(() => sessionStorage.getItem('isLogged'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBeNull();
  await page.goto('/ctl');
  await page.waitForURL(/\/login\?interaction=/);
});

test('registration and e-mail confirmation hide the header buttons', async ({ page }) => {
  for (const path of ['/registration', '/email-confirm']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stories' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Catalogs' })).toHaveCount(0);
  }
});
