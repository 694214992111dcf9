// Journey: every route at 390×844 in both languages fits the phone's width (no sideways scrolling of the page), and the
// totals of the lineups, quotes and export previews stand inside the screen; each group of routes signs in once.
import { test, type Page } from '@playwright/test';
import { accessTokenOf, CatalogApi, expect, type TestUser } from '../fixtures/catalog';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from '../fixtures/session';

test.use({ viewport: { width: 390, height: 844 } });

const LOCALES = ['en', 'cs'] as const;
type Locale = (typeof LOCALES)[number];

const DEMO: TestUser = {
  email: DEMO_EMAIL,
  password: DEMO_PASSWORD,
  firstName: 'Demo',
  lastName: 'User',
  company: '',
  name: 'Demo User',
};

/** A list answer: an array, or a page of `items` (apps/web/src/lib/api/list-schema.ts). */
type List<T> = T[] | { items: T[] };
const itemsOf = <T>(list: List<T>): T[] => (Array.isArray(list) ? list : list.items);

interface DemoIds {
  storyId: number;
  catalogId: number;
  itemId: number;
  lineupId: number;
  partnerId: number;
  userId: number;
}

/**
 * The ids of the demo data (apps/server/src/db/seed.ts): the story "Customer portal", its catalog
 * and first item, its first lineup (given a quote when it has none, so the quote list shows), a
 * supplier and the demo user.
 */
async function demoIds(baseURL: string): Promise<DemoIds> {
  const api = new CatalogApi(baseURL, await accessTokenOf(baseURL, DEMO));
  const stories = itemsOf(
    await api.get<List<{ id: number; name: string }>>('/stories?q=Customer%20portal'),
  );
  const storyId = stories.find((story) => story.name === 'Customer portal')?.id;
  if (storyId === undefined) throw new Error('the demo story "Customer portal" is missing');
  const story = await api.get<{ catalog: { id: number } }>(`/stories/${storyId}`);
  const catalogId = story.catalog.id;
  const items = itemsOf(await api.get<List<{ id: number }>>(`/catalogs/${catalogId}/items`));
  const lineups = itemsOf(await api.get<List<{ id: number }>>(`/stories/${storyId}/lineups`));
  const lineupId = lineups[0]?.id;
  if (items[0] === undefined || lineupId === undefined) throw new Error('demo data incomplete');
  const quotesPath = `/stories/${storyId}/lineups/${lineupId}/quotes`;
  if (itemsOf(await api.get<List<unknown>>(quotesPath)).length === 0) {
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await api.post(quotesPath, { validUntil, vatRate: '21', paymentTerms: '', note: '' });
  }
  const partners = itemsOf(await api.get<List<{ id: number }>>('/partner-companies?kind=SUPPLIER'));
  const me = await api.get<{ id: number }>('/me');
  if (partners[0] === undefined) throw new Error('the demo supplier is missing');
  return {
    storyId,
    catalogId,
    itemId: items[0].id,
    lineupId,
    partnerId: partners[0].id,
    userId: me.id,
  };
}

interface PhoneRoute {
  path: string;
  /** Shown once the page's content has loaded (the first table by default: most routes have one). */
  ready?: (page: Page) => ReturnType<Page['locator']>;
  /** Totals that must stand inside the screen, not only inside a frame scrolled sideways. */
  totals?: string[];
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const table = (page: Page) => page.getByRole('main').getByRole('table').first();
const dialog = (page: Page) => page.getByRole('dialog');

/** Waits for the page's content: the route's own sign, then no skeleton, busy table or spinner. */
async function settle(page: Page, route: PhoneRoute): Promise<void> {
  await expect((route.ready ?? heading)(page).first()).toBeVisible();
  await expect(
    page
      .locator('main .MuiSkeleton-root, main [aria-busy="true"], [role="progressbar"]')
      // The global loading overlay stays mounted, hidden, between loads.
      .filter({ visible: true }),
  ).toHaveCount(0);
  // Fonts and late answers can still widen a line.
  await page.evaluate(() => document.fonts.ready);
}

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

async function checkRoutes(page: Page, locale: Locale, routes: PhoneRoute[]): Promise<void> {
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

function storyRoutes(ids: DemoIds): PhoneRoute[] {
  const story = `/story-detail/${ids.storyId}`;
  const summaries = ['roles', 'phases', 'ctl', 'ict'].flatMap((kind) => [
    { path: `${story}/summary/${kind}`, ready: table },
    { path: `${story}/summary/${kind}/export`, ready: table, totals: ['report-total'] },
  ]);
  return [
    { path: story },
    { path: `${story}/items/groups/itemsLabels`, ready: table },
    { path: `${story}/labels`, ready: table },
    { path: `${story}/members`, ready: table },
    ...summaries,
    { path: `${story}/summary/export`, ready: table, totals: ['report-total'] },
    { path: `${story}/lineups`, ready: table, totals: ['lineup-total', 'quote-total'] },
    { path: `${story}/lineups/export/${ids.lineupId}`, ready: table, totals: ['report-total'] },
  ];
}

function catalogAndCompanyRoutes(ids: DemoIds): PhoneRoute[] {
  const catalog = `/ctl/catalog-detail/${ids.catalogId}`;
  return [
    { path: '/', ready: table },
    { path: '/ctl', ready: table },
    { path: catalog },
    { path: `${catalog}/item-list/groups/itemsLabels`, ready: table },
    // The item opens in a dialog over the list.
    { path: `${catalog}/item-list/${ids.itemId}/groups/itemsLabels`, ready: dialog },
    { path: `${catalog}/item-list/create` },
    { path: `${catalog}/item-list/edit/${ids.itemId}` },
    { path: `${catalog}/member-list`, ready: table },
    { path: `${catalog}/role-list`, ready: table },
    { path: `${catalog}/phase-list`, ready: table },
    { path: `${catalog}/labels`, ready: table },
    { path: '/companies', ready: table },
    { path: '/companies?kind=subscriber', ready: table },
    { path: `/companies/${ids.partnerId}` },
    { path: `/company-profile/${ids.userId}` },
  ];
}

const PUBLIC_ROUTES: PhoneRoute[] = [
  {
    path: '/login',
    ready: (page) => page.getByRole('button', { name: /^(Sign in|Přihlásit se)$/ }),
  },
  { path: '/registration' },
  // Without a code: the failed sign-in explained.
  { path: '/oauth2-redirect' },
  { path: '/email-confirm' },
  { path: '/public-access/UnknownCode123' },
  { path: '/ctl/catalog-invitation/UnknownCode123' },
  { path: '/no-such-page' },
];

let ids: DemoIds | undefined;
async function demo(baseURL: string | undefined): Promise<DemoIds> {
  if (!baseURL) throw new Error('baseURL is not configured');
  ids ??= await demoIds(baseURL);
  return ids;
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
      test.setTimeout(180_000);
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
