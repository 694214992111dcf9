// Journey: the sign-in page and the app's main pages run under the content security policy without a single violation (no eval).
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/session';

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('no page violates the content security policy', async ({ page }) => {
  const violations = await recordViolations(page);
  const seen: string[] = [];
  await page.goto('/login');
  await page.waitForURL(/\/login\?interaction=/);
  await expect(page.getByLabel(/^(E-mail)$/)).toBeVisible();
  seen.push(...(await violations()).map((violation) => `/login: ${violation}`));
  await signIn(page);
  for (const path of ['/', '/ctl', '/ctl/catalog-detail/1', '/company-profile/1']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    seen.push(...(await violations()).map((violation) => `${path}: ${violation}`));
  }
  expect(seen).toEqual([]);
});
