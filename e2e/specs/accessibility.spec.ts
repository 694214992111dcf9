// Journey: the shell passes axe's WCAG 2 A/AA checks in both themes and both languages, and every route (with the
// add-instance dialog) has no serious or critical WCAG 2.1 A/AA finding in either language.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  catalogAndCompanyRoutes,
  demo,
  LOCALES,
  PUBLIC_ROUTES,
  settle,
  storyRoutes,
  type AppRoute,
  type Locale,
} from '../fixtures/routes';
import { expect, signIn, test } from '../fixtures/session';

for (const { path, locale } of [
  { path: '/', locale: 'en' },
  { path: '/ctl', locale: 'cs' },
  { path: '/story-detail/3/summary/roles', locale: 'en' },
]) {
  test(`${path} in ${locale} has no accessibility violations`, async ({ signedInPage: page }) => {
    await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const violations = results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.help}`);
    expect(violations).toEqual([]);
  });
}

/** axe's serious and critical WCAG 2.1 A/AA findings on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.length} × ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
}

async function checkRoutes(page: Page, locale: Locale, routes: AppRoute[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route.path);
    await settle(page, route);
    expect.soft(await seriousViolations(page), `${route.path} (${locale})`).toEqual([]);
  }
}

for (const locale of LOCALES) {
  test.describe(`every route in ${locale}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    });

    test('public pages have no serious accessibility violations', async ({ page }) => {
      await checkRoutes(page, locale, PUBLIC_ROUTES);
    });

    test('story pages and the add-instance dialog have none', async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      const ids = await demo(baseURL);
      await signIn(page);
      await checkRoutes(page, locale, storyRoutes(ids));
      await page.goto(`/story-detail/${ids.storyId}/items/groups/itemsLabels`);
      await page
        .getByRole('button', { name: /^(Add instance|Přidat instanci)$/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect.soft(await seriousViolations(page), `add-instance dialog (${locale})`).toEqual([]);
    });

    test('catalog, company and list pages have none', async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      const ids = await demo(baseURL);
      await signIn(page);
      await checkRoutes(page, locale, catalogAndCompanyRoutes(ids));
    });
  });
}
