// Journey: every route at 390×844 in both languages fits the phone's width (no sideways scrolling of the page), and the
// totals of the lineups, quotes and export previews stand inside the screen; each group of routes signs in once.
import { test, type Page } from '@playwright/test';
import { expect } from '../fixtures/catalog';
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
import { signIn } from '../fixtures/session';

test.use({ viewport: { width: 390, height: 844 } });

/** What makes the page wider than the screen: the outermost elements that reach past its right edge. */
function overflowCulprits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[
        ...element.classList,
      ]
        .filter((name) => !name.startsWith('css-'))
        .slice(0, 3)
        .join('.')} (right ${Math.round(element.getBoundingClientRect().right)}) "${(
        element.textContent ?? ''
      )
        .trim()
        .slice(0, 40)}"`;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        if (element.getBoundingClientRect().right <= width + 0.5) return false;
        // An absolutely placed element escapes a scrolling frame that is not its containing block.
        const { position } = getComputedStyle(element);
        if (position === 'absolute' || position === 'fixed') return true;
        const parent = element.parentElement;
        if (!parent) return true;
        // Inside a frame that scrolls or clips on its own, it does not widen the page.
        if (getComputedStyle(parent).overflowX !== 'visible') return false;
        return parent.getBoundingClientRect().right <= width + 0.5;
      })
      .slice(0, 5)
      .map(describe);
  });
}

async function checkRoutes(page: Page, locale: Locale, routes: AppRoute[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route.path);
    await settle(page, route);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect
      .soft(
        scrollWidth,
        `${route.path} (${locale}) is ${scrollWidth} px wide: ${(await overflowCulprits(page)).join('; ')}`,
      )
      .toBeLessThanOrEqual(innerWidth);
    for (const testId of route.totals ?? []) {
      // One per table: the lineup list and the lineup's prices, each table of a report.
      const totals = page.getByTestId(testId);
      await expect(totals.first()).toBeVisible();
      for (const total of await totals.all()) {
        const box = await total.boundingBox();
        expect
          .soft(
            box && box.x >= 0 && box.x + box.width <= innerWidth,
            `${route.path} (${locale}): ${testId} at ${JSON.stringify(box)} is outside the screen`,
          )
          .toBe(true);
      }
    }
  }
}

for (const locale of LOCALES) {
  test.describe(`at 390 px in ${locale}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    });

    test('public pages fit the screen', async ({ page }) => {
      await checkRoutes(page, locale, PUBLIC_ROUTES);
    });

    test('story pages fit the screen, totals in sight', async ({ page, baseURL }) => {
      // Every story page in turn: up to 3 minutes on a busy machine.
      test.setTimeout(360_000);
      const routes = storyRoutes(await demo(baseURL));
      await signIn(page);
      await checkRoutes(page, locale, routes);
    });

    test('catalog, company and list pages fit the screen', async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const routes = catalogAndCompanyRoutes(await demo(baseURL));
      await signIn(page);
      await checkRoutes(page, locale, routes);
    });
  });
}
