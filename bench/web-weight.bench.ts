// What the first pages cost a visitor: JavaScript per route (built files gzipped, and bytes on the wire in a real load by
// Debian Chromium) and Lighthouse 12's performance score, desktop and mobile, signed in where the page needs it.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { desktopConfig, navigation, type Config } from 'lighthouse';
import puppeteer, { type Browser, type Page as PuppeteerPage } from 'puppeteer-core';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../apps/server/src/db/seed';
import {
  freePort,
  launchChromium,
  productIsBuilt,
  productRoot,
  signIn,
  startServer,
  stopServer,
  waitForHealth,
} from './browser-kit';
import { median } from './stats';

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
/**
 * `devtools` throttles the real load (observed timings) instead of Lighthouse's default simulation
 * from an unthrottled load, which adds up bytes and round trips and cannot see requests overlap.
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : undefined;
const MOBILE_CONFIG: Config | undefined = THROTTLING
  ? { extends: 'lighthouse:default', settings: { throttlingMethod: THROTTLING } }
  : undefined;
const DESKTOP_CONFIG: Config = THROTTLING
  ? { ...desktopConfig, settings: { ...desktopConfig.settings, throttlingMethod: THROTTLING } }
  : desktopConfig;
/** Route names to measure, comma-separated (e.g. `/login,roles summary`); all when unset. */
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim());
/** When set, each Lighthouse report and its trace are written there as JSON (long tasks, script evaluation). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const webDist = join(productRoot, 'apps/web/dist');

interface RouteUnderTest {
  readonly name: string;
  readonly path: (storyId: number) => string;
  readonly signedIn: boolean;
  /** Visible when the page has its content, not a skeleton. */
  readonly ready: (page: Page) => Promise<void>;
}

const ALL_ROUTES: readonly RouteUnderTest[] = [
  {
    name: '/login',
    path: () => '/login',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
  },
  {
    name: '/ (story list)',
    path: () => '/',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'My Stories' }).waitFor(),
  },
  {
    name: '/ctl (catalogs)',
    path: () => '/ctl',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Catalogs' }).waitFor(),
  },
  {
    name: 'story items',
    path: (storyId) => `/story-detail/${storyId}/items/groups/itemsLabels`,
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Items' }).waitFor(),
  },
  {
    name: 'roles summary',
    path: (storyId) => `/story-detail/${storyId}/summary/roles`,
    signedIn: true,
    ready: (page) => page.getByRole('table').first().waitFor(),
  },
];

const ROUTES = ALL_ROUTES.filter(
  (route) => !ONLY_ROUTES || ONLY_ROUTES.some((name) => route.name.startsWith(name)),
);

interface Weight {
  scripts: number;
  /** The scripts as built, gzipped at level 9 (what the build's budget counts). */
  builtGzipBytes: number;
  /** What crossed the network for them (the server sends the brotli copies). */
  wireBytes: number;
}

async function seed(dataDir: string): Promise<void> {
  const client = await PGlite.create(dataDir);
  const database = createPgliteDatabase(client);
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

/** A story page's live stream stays open for as long as the page: it never lets the network idle. */
const STREAM = /\/live(\?|$)/;

/** Resolves once no request but a live stream has been in flight for `quietMs`. */
async function networkQuiet(page: Page, load: () => Promise<void>, quietMs = 500): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => {
    if (!STREAM.test(new URL(request.url()).pathname)) inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await load();
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Loads `url` with an empty cache in `page` and adds up the scripts it fetched. */
async function weigh(page: Page, url: string, ready: () => Promise<void>): Promise<Weight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts: { path: string; wireBytes: Promise<number> }[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    scripts.push({
      path: new URL(response.url()).pathname,
      wireBytes: request.sizes().then((sizes) => sizes.responseBodySize),
    });
  };
  page.on('response', onResponse);
  await networkQuiet(page, async () => {
    await page.goto(url);
    await ready();
  });
  page.off('response', onResponse);
  await cdp.detach();
  // /login loads the app twice (the sign-in service sends the browser back with an interaction),
  // the second time from the cache: each script counts once as built, every transfer as sent.
  const paths = new Set(scripts.map((script) => script.path));
  let builtGzipBytes = 0;
  for (const path of paths) {
    builtGzipBytes += gzipSync(readFileSync(join(webDist, path)), { level: 9 }).length;
  }
  let wireBytes = 0;
  for (const script of scripts) wireBytes += await script.wireBytes;
  return { scripts: paths.size, builtGzipBytes, wireBytes };
}

interface Score {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function lighthouse(page: PuppeteerPage, url: string, config?: Config): Promise<Score> {
  const runs: Score[] = [];
  // A run whose trace Lighthouse could not read (NO_NAVSTART now and then) is run again, twice at most.
  for (let run = 0, failed = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // Storage stays: the session lives in the tab's sessionStorage.
    const result = await navigation(page, url, {
      config,
      flags: { disableStorageReset: true, onlyCategories: ['performance'], logLevel: 'error' },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError && failed < 2) {
      console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); running it again`);
      failed += 1;
      run -= 1;
      continue;
    }
    if (REPORT_DIR) {
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${lhr.configSettings.formFactor}-${run}.json`;
      writeFileSync(join(REPORT_DIR, name), JSON.stringify(lhr));
      // The main thread's tasks as the unthrottled load ran them, which the simulated phone's figures are made from.
      writeFileSync(
        join(REPORT_DIR, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    });
  }
  const pick = (key: keyof Score) => median(runs.map((run) => run[key]));
  return {
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function scoreText(score: Score): string {
  return `${score.score} (FCP ${Math.round(score.fcpMs)} ms, LCP ${Math.round(score.lcpMs)} ms, TBT ${Math.round(score.tbtMs)} ms, CLS ${score.cls.toFixed(3)})`;
}

async function main(): Promise<void> {
  if (!productIsBuilt()) process.exit(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'costory-web-weight-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'costory-web-weight-chromium-'));
  let server: ChildProcess | undefined;
  let context: BrowserContext | undefined;
  let browser: Browser | undefined;
  try {
    await seed(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = startServer(port, dataDir);
    await waitForHealth(`${origin}/api/health`, Date.now() + 60_000);

    const debuggingPort = await freePort();
    context = await launchChromium(profileDir, [`--remote-debugging-port=${debuggingPort}`]);
    const tab = context.pages()[0] ?? (await context.newPage());
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}` });
    const lighthouseTab = (await browser.pages())[0];
    if (!lighthouseTab) throw new Error('the tab is not visible over CDP');

    const weights = new Map<string, Weight>();
    const scores = new Map<string, { desktop: Score; mobile: Score }>();
    const measureRoute = async (route: RouteUnderTest, storyId: number) => {
      const url = `${origin}${route.path(storyId)}`;
      weights.set(route.name, await weigh(tab, url, () => route.ready(tab)));
      scores.set(route.name, {
        desktop: await lighthouse(lighthouseTab, url, DESKTOP_CONFIG),
        mobile: await lighthouse(lighthouseTab, url, MOBILE_CONFIG),
      });
    };
    // Signed-out pages first: once signed in, the sign-in service's cookie signs every tab in.
    for (const route of ROUTES.filter((candidate) => !candidate.signedIn)) {
      await measureRoute(route, 0);
    }
    await signIn(tab, origin, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    const storyHref = await tab.locator('a[href^="/story-detail/"]').first().getAttribute('href');
    const storyId = Number(storyHref?.split('/')[2]);
    if (!Number.isInteger(storyId)) throw new Error('the demo user sees no story');
    for (const route of ROUTES.filter((candidate) => candidate.signedIn)) {
      await measureRoute(route, storyId);
    }

    console.log(
      `\nWeb app weight and Lighthouse 12 performance (${LIGHTHOUSE_RUNS} run(s) each, median); ` +
        'JavaScript only, first load with an empty cache\n',
    );
    console.log(
      [
        'route'.padEnd(16),
        'scripts'.padStart(8),
        'built gzip'.padStart(12),
        'on the wire'.padStart(12),
        '  desktop',
      ].join(' '),
    );
    for (const route of ROUTES) {
      const weight = weights.get(route.name);
      const score = scores.get(route.name);
      if (!weight || !score) continue;
      console.log(
        [
          route.name.padEnd(16),
          String(weight.scripts).padStart(8),
          kb(weight.builtGzipBytes).padStart(12),
          kb(weight.wireBytes).padStart(12),
          `  ${scoreText(score.desktop)}`,
        ].join(' '),
      );
      console.log(`${''.padEnd(52)}   mobile ${scoreText(score.mobile)}`);
    }
  } finally {
    await browser?.disconnect();
    await context?.close();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
