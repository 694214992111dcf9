// Browser benchmark of a 10,000-instance story on the built server (PGlite in a temporary folder), read by Debian
// Chromium through playwright-core: the story detail's and the items page's first load, edit -> updated total (in the
// editor and in the items grid, with the filtered subtotal and the story total), and 500 rows pasted from a spreadsheet.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import type { BrowserContext, Page } from 'playwright-core';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from '../apps/server/src/db/seed';
import {
  freePort,
  launchChromium,
  productIsBuilt,
  signIn,
  startServer,
  stopServer,
  waitForHealth,
} from './browser-kit';
import { median, percentile } from './stats';
import { generateStories, type GeneratedStories } from './story-data';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const PASTED_ROWS = Number(process.env.BENCH_PASTED_ROWS ?? 500);

async function seed(dataDir: string): Promise<{ generated: GeneratedStories; ms: number }> {
  const started = performance.now();
  const client = await PGlite.create(dataDir);
  const database = createPgliteDatabase(client);
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db);
    const generated = await generateStories(database.db, { instances: INSTANCES, stories: 1000 });
    await client.query('analyze');
    return { generated, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

interface PageLoad {
  /** Navigation -> the page's content painted without a skeleton left in it (page clock). */
  paintedMs: number;
  /** Navigation -> each named API answer fully received (page clock). */
  answers: Record<string, number>;
}

/** Opens `url` and waits, frame by frame, until `ready` holds in the page; then reads the API timings. */
async function load(
  page: Page,
  url: string,
  ready: string,
  apiPaths: Record<string, string>,
): Promise<PageLoad> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page
    .waitForFunction(
      // The check runs in the page: `ready` is a selector that must match, and no skeleton may remain.
      (selector) => {
        const main = document.querySelector('main');
        if (!main?.querySelector(selector) || main.querySelector('.MuiSkeleton-root')) return false;
        return performance.now();
      },
      ready,
      { polling: 'raf', timeout: 120_000 },
    )
    .catch(async (error: unknown) => {
      const shot = join(tmpdir(), 'costory-story-bench-failure.png');
      console.error(`${url} did not finish loading; screenshot: ${shot}`);
      // A page whose main thread is still busy may not take a screenshot either.
      await page.screenshot({ path: shot, timeout: 10_000 }).catch(() => undefined);
      throw error;
    });
  const paintedMs = (await handle.jsonValue()) as number;
  const answers = await page.evaluate((paths) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return Object.fromEntries(
      Object.entries(paths).map(([name, path]) => {
        const entry = entries.find((candidate) => new URL(candidate.name).pathname === path);
        return [name, entry ? entry.responseEnd : Number.NaN];
      }),
    );
  }, apiPaths);
  return { paintedMs, answers };
}

interface KeystrokeTargets {
  /** Elements whose text must change. */
  selectors: string[];
  /** The focused control's table row must change too (its figures). */
  focusedRow: boolean;
  /** How many elements the selectors and the row come to. */
  count: number;
}

/**
 * One keystroke in the focused field -> every target shows its new text, on the page's clock: from
 * the keydown to the last of the text changes, and to the frame after it (painted).
 */
async function keystrokeToText(
  page: Page,
  key: string,
  targets: KeystrokeTargets,
): Promise<{ textMs: number; paintMs: number }> {
  await page.evaluate((wanted) => {
    const found = wanted.selectors.flatMap((selector) => [...document.querySelectorAll(selector)]);
    const row = wanted.focusedRow ? document.activeElement?.closest('tr') : undefined;
    if (row) found.push(row);
    if (found.length !== wanted.count) {
      throw new Error(`missing targets: ${JSON.stringify(wanted)}`);
    }
    const probe = { down: -1, text: -1, paint: -1 };
    (window as unknown as { probe: typeof probe }).probe = probe;
    document.addEventListener('keydown', () => (probe.down = performance.now()), {
      once: true,
      capture: true,
    });
    const waiting = new Set<Node>(found);
    for (const target of waiting) {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        waiting.delete(target);
        if (waiting.size > 0) return;
        probe.text = performance.now();
        requestAnimationFrame(() => setTimeout(() => (probe.paint = performance.now())));
      });
      observer.observe(target, { childList: true, characterData: true, subtree: true });
    }
  }, targets);
  await page.keyboard.press(key);
  const handle = await page.waitForFunction(
    () => {
      const probe = (window as unknown as { probe: { down: number; text: number; paint: number } })
        .probe;
      return probe.paint > 0 ? probe : false;
    },
    undefined,
    { timeout: 10_000 },
  );
  const probe = (await handle.jsonValue()) as { down: number; text: number; paint: number };
  return { textMs: probe.text - probe.down, paintMs: probe.paint - probe.down };
}

/** The instance editor's total. */
const EDITOR_TOTAL: KeystrokeTargets = {
  selectors: ['[data-testid="instance-total"]'],
  focusedRow: false,
  count: 1,
};
/** The grid row's figures, the filtered subtotal and the story total (the totals bar's two outputs). */
const GRID_TOTALS: KeystrokeTargets = {
  selectors: ['[role="region"] output'],
  focusedRow: true,
  count: 3,
};

/** Rows as a spreadsheet copies them: reports of 4 to 23 columns, by position. */
function spreadsheetRows(count: number): string {
  return Array.from({ length: count }, (_, index) => `REPORT\t${4 + (index % 20)}\tyes`).join('\n');
}

/**
 * Pastes PASTED_ROWS rows into the focused grid cell: paste -> the preview lists every row ready
 * (page clock), then "Add" -> the toast that they were added.
 */
async function pasteRows(page: Page): Promise<{ previewMs: number; appliedMs: number }> {
  const previewMs = await page.evaluate(async (text) => {
    const started = performance.now();
    const transfer = new DataTransfer();
    transfer.setData('text/plain', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
    const rows = text.split('\n').length;
    // A loop, not a named callback: tsx would wrap a named function in a helper the page lacks.
    while (document.querySelector('[role="dialog"] table tbody')?.children.length !== rows) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - started;
  }, spreadsheetRows(PASTED_ROWS));
  const started = performance.now();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Add \d+ instances$/ })
    .click();
  await page.getByText(`${PASTED_ROWS} instances added`).waitFor({ timeout: 60_000 });
  return { previewMs, appliedMs: performance.now() - started };
}

/** Long tasks are recorded from the navigation on, in every page of the context. */
const RECORD_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });`;

/** How long the page stays quiet (no long task) before its blocking time is read. */
const QUIET_MS = 3000;

/**
 * Total blocking time as Lighthouse counts it: every long task from the first contentful paint on
 * adds what it ran past 50 ms; read once the page is ready and then quiet for QUIET_MS.
 */
async function totalBlockingTime(page: Page, url: string, ready: string): Promise<number> {
  await load(page, url, ready, {});
  await page.waitForFunction(
    (quietMs) => {
      const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
      const last = tasks.reduce((end, [start, duration]) => Math.max(end, start + duration), 0);
      return performance.now() - last > quietMs;
    },
    QUIET_MS,
    { polling: 250, timeout: 180_000 },
  );
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const from = paint ? paint.startTime : 0;
    const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
    return tasks
      .filter(([start]) => start >= from)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  });
}

async function measure(context: BrowserContext, origin: string, generated: GeneratedStories) {
  await context.addInitScript(RECORD_LONG_TASKS);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`page: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 || process.env.BENCH_TRACE)
      console.error(`page: ${response.status()} ${response.url()}`);
  });
  await signIn(page, origin, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
  const story = `/api/v1/stories/${generated.bigStoryId}`;
  const detailUrl = `${origin}/story-detail/${generated.bigStoryId}`;
  const itemsUrl = `${detailUrl}/items/groups/itemsLabels`;
  const detail: PageLoad[] = [];
  const items: PageLoad[] = [];
  const list: PageLoad[] = [];
  // One warm-up of each (the browser's cache holds the scripts afterwards, as for a returning user).
  for (let run = 0; run <= RUNS; run += 1) {
    const overview = await load(page, detailUrl, 'h1', {
      story,
      calculation: `${story}/calculation`,
      events: `${story}/events`,
    });
    const rows = await load(page, itemsUrl, 'table tbody tr a, table tbody tr button', {
      story,
      catalog: `${story}/catalog`,
      instances: `${story}/instances`,
    });
    const stories = await load(page, `${origin}/`, 'a[href^="/story-detail/"]', {
      list: '/api/v1/stories',
    });
    if (run > 0) {
      detail.push(overview);
      items.push(rows);
      list.push(stories);
    }
  }

  const blocking: Record<string, number[]> = {};
  for (const kind of ['roles', 'phases', 'ctl', 'ict']) {
    const times: number[] = [];
    for (let run = 0; run <= Math.min(RUNS, 3); run += 1) {
      const time = await totalBlockingTime(page, `${detailUrl}/summary/${kind}`, 'table tbody tr');
      if (run > 0) times.push(time);
    }
    blocking[kind] = times;
  }

  await page.goto(itemsUrl);
  await page.getByRole('button', { name: generated.editable.instanceName, exact: true }).click();
  const field = page
    .getByRole('dialog')
    .getByLabel(generated.editable.attributeName, { exact: false });
  await field.first().click();
  await page.keyboard.press('End');
  const edits: { textMs: number; paintMs: number }[] = [];
  for (let index = 0; index < EDITS + 2; index += 1) {
    // Append a digit, then take it away: the value and so the total change with every key.
    const result = await keystrokeToText(page, index % 2 === 0 ? '7' : 'Backspace', EDITOR_TOTAL);
    if (index >= 2) edits.push(result);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  // The same value in the items grid, the list filtered to the instances of its item (a page of
  // 100 rows still in the grid): its row, the filtered subtotal and the story total follow each key.
  const row = page.locator('tr', {
    has: page.getByRole('button', { name: generated.editable.instanceName, exact: true }),
  });
  const itemLine = (await row.locator('td').first().locator('p').first().textContent()) ?? '';
  const itemCode = itemLine.split(' · ')[0] ?? '';
  await page.getByRole('searchbox', { name: 'Search instances' }).fill(itemCode);
  await page.getByRole('status', { name: /^Filtered instances: \d/ }).waitFor();
  console.log(
    `grid: filtered by ${itemCode}, ${await page.locator('tbody tr[data-grid-row]').count()} rows in the grid`,
  );
  await row.getByRole('textbox', { name: generated.editable.attributeName }).click();
  await page.keyboard.press('End');
  const gridEdits: { textMs: number; paintMs: number }[] = [];
  for (let index = 0; index < EDITS + 2; index += 1) {
    const result = await keystrokeToText(page, index % 2 === 0 ? '7' : 'Backspace', GRID_TOTALS);
    if (index >= 2) gridEdits.push(result);
  }
  const paste = await pasteRows(page);
  return { detail, items, list, edits, gridEdits, paste, blocking };
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
    server = startServer(port, dataDir);
    await waitForHealth(`${origin}/api/health`, Date.now() + 120_000);
    context = await launchChromium(profileDir);
    const version = context.browser()?.version() ?? 'unknown';
    const result = await measure(context, origin, seeded.generated);

    const fixed = (value: number) => value.toFixed(0).padStart(7);
    const row = (name: string, values: readonly number[]) =>
      console.log(
        `${name.padEnd(60)} ${fixed(median(values))} ${fixed(Math.min(...values))} ${fixed(Math.max(...values))}`,
      );
    console.log(
      `\nStory in the browser: ${seeded.generated.instanceCount} instances, ${seeded.generated.storyCount} stories, ` +
        `Chromium ${version}, Node ${process.version}`,
    );
    console.log(
      `data generated in ${(seeded.ms / 1000).toFixed(1)} s; ${RUNS} loads after 1 warm-up, ${EDITS} keystrokes; ms on the page's clock\n`,
    );
    console.log(
      `${'scenario'.padEnd(60)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)}`,
    );
    const answer = (loads: PageLoad[], name: string) =>
      loads.map((run) => run.answers[name] ?? Number.NaN);
    row('story detail: navigation -> story answered', answer(result.detail, 'story'));
    row('story detail: navigation -> calculation answered', answer(result.detail, 'calculation'));
    row(
      'story detail: navigation -> every figure painted',
      result.detail.map((run) => run.paintedMs),
    );
    row('items page: navigation -> catalog answered', answer(result.items, 'catalog'));
    row(
      'items page: navigation -> first 100 instances answered',
      answer(result.items, 'instances'),
    );
    row(
      'items page: navigation -> first rows painted',
      result.items.map((run) => run.paintedMs),
    );
    row('story list: navigation -> list answered', answer(result.list, 'list'));
    row(
      'story list: navigation -> stories painted',
      result.list.map((run) => run.paintedMs),
    );
    row(
      'edit a value: keystroke -> new total in the document',
      result.edits.map((run) => run.textMs),
    );
    row(
      'edit a value: keystroke -> new total painted',
      result.edits.map((run) => run.paintMs),
    );
    row(
      'items grid: keystroke -> row, filtered subtotal and story total in the document',
      result.gridEdits.map((run) => run.textMs),
    );
    row(
      'items grid: keystroke -> row, filtered subtotal and story total painted',
      result.gridEdits.map((run) => run.paintMs),
    );
    row('items grid: keystroke -> painted, p95', [
      percentile(
        result.gridEdits.map((run) => run.paintMs),
        0.95,
      ),
    ]);
    row(`paste ${PASTED_ROWS} rows: paste -> every row previewed`, [result.paste.previewMs]);
    row(`paste ${PASTED_ROWS} rows: "Add" -> added (toast)`, [result.paste.appliedMs]);
    for (const [kind, times] of Object.entries(result.blocking)) {
      row(`summary page (${kind}): total blocking time`, times);
    }
  } finally {
    await context?.close();
    if (server) await stopServer(server);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
