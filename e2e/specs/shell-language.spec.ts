// Journey: a signed-in user switches the interface language; it survives a reload.
import { expect, test } from '../fixtures/session';

test('switching to Czech changes texts, flag, lang and survives reload', async ({
  signedInPage: page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('alpha', { exact: true })).toBeVisible();
  await expect(banner.getByText('Testing environment')).toBeVisible();

  await page.getByRole('button', { name: 'Change language (current: English)' }).click();
  await page.getByRole('menuitem', { name: /Čeština/ }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(banner.getByText('Testovací prostředí')).toBeVisible();
  await expect(page.getByRole('button', { name: /Změnit jazyk.*Čeština/ })).toBeVisible();
  await expect(page.locator('.costory-toasts').getByRole('status')).toContainText('Čeština');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('cs');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(banner.getByText('Testovací prostředí')).toBeVisible();

  await page.getByRole('button', { name: /Změnit jazyk/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(banner.getByText('Testing environment')).toBeVisible();
});

test('an unknown stored locale falls back to English', async ({ signedInPage: page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'de'));
  await page.goto('/ctl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByText('Testing environment')).toBeVisible();
});

test('toasts stack at most three at a time', async ({ signedInPage: page }) => {
  await page.goto('/');
  // Record the largest number of toasts on screen at any moment while four are raised.
  await page.evaluate(() => {
    const win = window as unknown as { maxToasts: number };
    win.maxToasts = 0;
    new MutationObserver(() => {
      const count = document.querySelectorAll('.costory-toasts [role="status"]').length;
      win.maxToasts = Math.max(win.maxToasts, count);
    }).observe(document.body, { childList: true, subtree: true });
  });
  const toasts = page.locator('.costory-toasts').getByRole('status');
  // Each switch raises a toast; the window losing focus holds the ones on screen (notistack pauses
  // their timers), so a slow machine cannot let one expire before the next arrives. A toast
  // listens for the blur from an effect, which runs after it is drawn: the blur waits two frames.
  const switches = [
    ['Change language', 'Čeština'],
    ['Změnit jazyk', 'English'],
    ['Change language', 'Čeština'],
    ['Změnit jazyk', 'English'],
  ] as const;
  for (const [index, [from, to]] of switches.entries()) {
    await page.getByRole('button', { name: new RegExp(from) }).click();
    await page.getByRole('menuitem', { name: new RegExp(to) }).click();
    await expect(toasts).toHaveCount(Math.min(index + 1, 3));
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              window.dispatchEvent(new Event('blur'));
              resolve();
            }),
          ),
        ),
    );
  }
  const maxToasts = () =>
    page.evaluate(() => (window as unknown as { maxToasts: number }).maxToasts);
  expect(await maxToasts()).toBe(3);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
  expect(await maxToasts()).toBe(3);
});
