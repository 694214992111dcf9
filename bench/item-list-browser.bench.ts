// Browser benchmark of the catalog item list: 2,000 items on the built server (PGlite in a temporary folder), read by
// Debian Chromium through playwright-core: first rows, the next page, a search, every page to the end, rows in the DOM.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/password';
import {
  freePort,
  launchChromium,
  productIsBuilt,
  signIn,
  startServer,
  stopServer,
  waitForHealth,
} from './browser-kit';
import { median } from './stats';
import { generateCatalog } from './catalog-data';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WALKS = Number(process.env.BENCH_WALKS ?? 2);
const PAGE_SIZE = 50;
/** Item codes are IT-00000 … IT-01999: this prefix matches 100 of them, two pages. */
const SEARCH = 'IT-019';
const EMAIL = 'admin@bench.test';
const PASSWORD = 'Bench1234';

/** Migrates a new PGlite folder and fills it with the benchmark catalog; the admin gets a real password. */
async function seed(dataDir: string): Promise<{ catalogId: number; ms: number }> {
  const started = performance.now();
  const client = await PGlite.create(dataDir);
  const database = createPgliteDatabase(client);
  try {
    await migrateDatabase(database);
    const generated = await generateCatalog(database.db, ITEMS);
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, generated.adminId));
    // What PostgreSQL's autovacuum gives a server database (see README: PGlite plans without it).
    await client.query('analyze');
    return { catalogId: generated.catalogId, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

/**
 * Runs in every page before its scripts: notes when the first item rows are in the document and a
 * frame later (so they are painted), on the page's own clock (milliseconds since navigation).
 */
function instrument(): void {
  const bench = { firstRowsAt: -1 };
  (window as unknown as { bench: typeof bench }).bench = bench;
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('table[aria-label="Items"] tbody tr:not([aria-hidden])');
    if (rows.length === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (bench.firstRowsAt = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface FirstRows {
  /** DOMContentLoaded: the scripts are loaded and run. */
  domReadyMs: number;
  /** The catalog's own answer (GET …/catalogs/:id), which the page frame waits for. */
  catalogMs: number;
  /** When the item page was asked for, and when it answered (resource timing). */
  itemsRequestedMs: number;
  itemsMs: number;
  /** The last catalog answer before the rows (catalog, groups, phases, labels, items). */
  dataMs: number;
  rowsMs: number;
  domRows: number;
}

/** A fresh navigation to the list: when the items answer arrived and when the first rows were painted. */
async function openList(page: Page, url: string): Promise<FirstRows> {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { bench: { firstRowsAt: number } }).bench.firstRowsAt >= 0,
  );
  return page.evaluate(() => {
    const rowsMs = (window as unknown as { bench: { firstRowsAt: number } }).bench.firstRowsAt;
    const catalogCalls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/api\/v1\/catalogs\/\d+/.test(entry.name))
      .filter((entry) => entry.responseEnd <= rowsMs);
    const items = catalogCalls.find((entry) => /\/items\?/.test(entry.name));
    const catalog = catalogCalls.find((entry) => /\/catalogs\/\d+$/.test(entry.name));
    const navigation = window.performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      domReadyMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      catalogMs: catalog?.responseEnd ?? Number.NaN,
      itemsRequestedMs: items?.startTime ?? Number.NaN,
      itemsMs: items?.responseEnd ?? Number.NaN,
      dataMs: Math.max(...catalogCalls.map((entry) => entry.responseEnd)),
      rowsMs,
      domRows: document.querySelectorAll('table[aria-label="Items"] tbody tr').length,
    };
  });
}

/**
 * Scrolls to the end of what is loaded and presses "Load more", as a person does; the time runs
 * from the click until the new rows are painted. Null when there is no next page.
 */
function loadNextPage(page: Page): Promise<{ ms: number; domRows: number } | null> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; domRows: number } | null>((resolve) => {
        const body = document.querySelector('table[aria-label="Items"] tbody');
        const button = [...document.querySelectorAll('button')].find(
          (candidate) => candidate.textContent?.trim() === 'Load more',
        );
        if (!body || !button) {
          resolve(null);
          return;
        }
        const before = body.querySelectorAll('tr').length;
        button.scrollIntoView({ block: 'end' });
        let start = 0;
        const observer = new MutationObserver(() => {
          const now = body.querySelectorAll('tr').length;
          if (now <= before) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => resolve({ ms: performance.now() - start, domRows: now })),
          );
        });
        observer.observe(body, { childList: true });
        start = performance.now();
        button.click();
      }),
  );
}

/** Types the search like a person; the time runs from the first keystroke to the filtered rows painted. */
async function search(page: Page, term: string): Promise<{ ms: number; domRows: number }> {
  await page.evaluate((prefix) => {
    const input = document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]');
    const body = document.querySelector('table[aria-label="Items"] tbody');
    if (!input || !body) throw new Error('no search field or item table');
    const state = window as unknown as { searched?: Promise<{ ms: number; domRows: number }> };
    state.searched = new Promise((resolve) => {
      let start = -1;
      input.addEventListener('input', () => (start = start < 0 ? performance.now() : start), {
        capture: true,
      });
      // No named helpers in page code: tsx would wrap them in a __name() the page does not have.
      const observer = new MutationObserver(() => {
        const now = [...body.querySelectorAll('tr')].map((row) => row.cells[0]?.textContent ?? '');
        if (start < 0 || now.length === 0 || !now.every((code) => code.startsWith(prefix))) {
          return;
        }
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => resolve({ ms: performance.now() - start, domRows: now.length })),
        );
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true });
    });
  }, term);
  await page.getByRole('searchbox', { name: 'Search items' }).pressSequentially(term);
  return page.evaluate(
    () => (window as unknown as { searched: Promise<{ ms: number; domRows: number }> }).searched,
  );
}

async function measure(context: BrowserContext, origin: string, catalogId: number) {
  await context.addInitScript(instrument);
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, origin, EMAIL, PASSWORD);
  const listUrl = `${origin}/ctl/catalog-detail/${catalogId}/item-list/groups/itemsLabels`;

  // One warm-up: the first load also fills the HTTP cache with the scripts.
  const cold = await openList(page, listUrl);
  const firstRows: FirstRows[] = [];
  const nextPage: { ms: number; domRows: number }[] = [];
  const searched: { ms: number; domRows: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    firstRows.push(await openList(page, listUrl));
    const next = await loadNextPage(page);
    if (next) nextPage.push(next);
    await openList(page, listUrl);
    searched.push(await search(page, SEARCH));
  }

  const walks: { total: number; pages: number[]; domRows: number; domElements: number }[] = [];
  for (let walk = 0; walk < WALKS; walk += 1) {
    await openList(page, listUrl);
    const started = performance.now();
    const pages: number[] = [];
    let domRows = PAGE_SIZE;
    for (;;) {
      const next = await loadNextPage(page);
      if (!next) break;
      pages.push(next.ms);
      domRows = next.domRows;
    }
    walks.push({
      total: performance.now() - started,
      pages,
      domRows,
      domElements: await page.evaluate(() => document.getElementsByTagName('*').length),
    });
  }
  return { cold, firstRows, nextPage, searched, walks };
}

async function main(): Promise<void> {
  if (!productIsBuilt()) {
    process.exitCode = 1;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'costory-bench-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'costory-bench-chromium-'));
  let server: ChildProcess | undefined;
  let context: BrowserContext | undefined;
  try {
    const seeded = await seed(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const serverStarted = performance.now();
    server = startServer(port, dataDir);
    await waitForHealth(`${origin}/api/health`, Date.now() + 120_000);
    const serverMs = performance.now() - serverStarted;

    context = await launchChromium(profileDir);
    const version = context.browser()?.version() ?? 'unknown';
    const result = await measure(context, origin, seeded.catalogId);

    const fixed = (value: number) => value.toFixed(0).padStart(7);
    const row = (name: string, values: readonly number[], rows: number | string) =>
      console.log(
        `${name.padEnd(58)} ${fixed(median(values))} ${fixed(Math.min(...values))} ${fixed(Math.max(...values))} ${String(rows).padStart(6)}`,
      );
    console.log(
      `\nCatalog item list in the browser: ${ITEMS} items, Chromium ${version}, Node ${process.version}`,
    );
    console.log(
      `data generated, migrated and analyzed in ${(seeded.ms / 1000).toFixed(1)} s; server healthy after ${(serverMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${RUNS} runs after 1 warm-up (cold first load: rows painted at ${result.cold.rowsMs.toFixed(0)} ms); ms on the page's clock\n`,
    );
    console.log(
      `${'scenario'.padEnd(58)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)} ${'DOM rows'.padStart(6)}`,
    );
    row(
      'navigation -> scripts run (DOMContentLoaded)',
      result.firstRows.map((run) => run.domReadyMs),
      '',
    );
    row(
      'navigation -> catalog answered (the frame waits for it)',
      result.firstRows.map((run) => run.catalogMs),
      '',
    );
    row(
      'navigation -> first item page requested',
      result.firstRows.map((run) => run.itemsRequestedMs),
      '',
    );
    row(
      'navigation -> first item page answered',
      result.firstRows.map((run) => run.itemsMs),
      '',
    );
    row(
      'navigation -> last catalog answer the rows wait for',
      result.firstRows.map((run) => run.dataMs),
      '',
    );
    row(
      'navigation -> first rows painted',
      result.firstRows.map((run) => run.rowsMs),
      result.firstRows[0]?.domRows ?? '',
    );
    row(
      'scroll to the end, "Load more" -> next 50 rows painted',
      result.nextPage.map((run) => run.ms),
      result.nextPage[0]?.domRows ?? '',
    );
    row(
      `type "${SEARCH}" -> filtered rows painted (300 ms debounce)`,
      result.searched.map((run) => run.ms),
      result.searched[0]?.domRows ?? '',
    );
    for (const [index, walk] of result.walks.entries()) {
      console.log(
        `\nevery page to the end, walk ${index + 1}: ${walk.pages.length} clicks in ${(walk.total / 1000).toFixed(1)} s; ` +
          `per page median ${median(walk.pages).toFixed(0)} ms, first ${walk.pages[0]?.toFixed(0)} ms, ` +
          `last ${walk.pages.at(-1)?.toFixed(0)} ms; ${walk.domRows} rows and ${walk.domElements} elements in the DOM`,
      );
    }
  } finally {
    await context?.close();
    if (server) await stopServer(server);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
