// Load benchmark (issue 16): the built product on PGlite and on PostgreSQL under autocannon, next to a bare Fastify hello-world in the same run: story list, story detail, summary, instance write, /api/health during a large export, and an overload burst with its recovery.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  createPostgresPool,
  type Database,
} from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed';
import {
  createEmptyPostgresDatabase,
  dropPostgresDatabase,
} from '../apps/server/test/helpers/postgres-admin';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { freePort, productIsBuilt, stopServer, waitForHealth } from './browser-kit';
import { HELLO_WORLD_PATH, startHelloWorld } from './hello-world';
import { generateStories, type GeneratedStories } from './story-data';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const STORIES = Number(process.env.BENCH_STORIES ?? 1000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
/** Only the scenarios whose name contains this text (e.g. BENCH_ONLY="story list"). */
const ONLY = process.env.BENCH_ONLY;
const serverMain = join(import.meta.dirname, '..', 'apps/server/dist/main.js');

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers other than the expected status, by status. */
  statuses: Record<string, number>;
}

interface Target {
  name: string;
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  pipelining?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** A body per request (writes), numbered from 0. */
  body?: (n: number) => { path: string; body: string };
}

async function run(target: Target): Promise<Figures> {
  let n = 0;
  const result = await autocannon({
    url: target.url,
    connections: target.connections,
    pipelining: target.pipelining ?? 1,
    duration: target.seconds ?? SECONDS,
    method: target.method ?? 'GET',
    headers: target.headers,
    ...(target.body
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const next = target.body?.((n += 1)) ?? { path: '/', body: '' };
                return { ...request, path: next.path, body: next.body };
              },
            },
          ],
        }
      : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) statuses[code] = (stats as { count: number }).count;
  }
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts timeouts among its errors.
    errors: result.errors + result.non2xx,
    statuses,
  };
}

interface Prepared {
  env: Record<string, string>;
  token: string;
  generated: GeneratedStories;
  cleanup: () => Promise<void>;
}

/** Seeds the demo data and the generated stories, starts the app once in-process (it creates its signing key) and signs an access token. */
async function prepare(
  database: Database,
  origin: string,
): Promise<{ generated: GeneratedStories; token: string }> {
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const generated = await generateStories(database.db, {
    instances: INSTANCES,
    stories: STORIES,
  });
  await database.db.execute(sql`analyze`);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: origin }),
    seedDemo: false,
    jobWorkers: false,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  await app.close();
  return { generated, token: await accessTokenFor(database.db, origin, generated.userId) };
}

async function preparePglite(origin: string): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), 'costory-load-'));
  const client = await PGlite.create(dataDir);
  const database = createPgliteDatabase(client);
  const { generated, token } = await prepare(database, origin);
  await database.close();
  return {
    env: { DATA_DIR: dataDir },
    token,
    generated,
    cleanup: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function preparePostgres(origin: string): Promise<Prepared> {
  const name = `costory_load_${randomBytes(4).toString('hex')}`;
  const url = await createEmptyPostgresDatabase(PG_URL, name);
  const database = createPostgresDatabase(createPostgresPool(url));
  try {
    const { generated, token } = await prepare(database, origin);
    return {
      env: { DATABASE_URL: url },
      token,
      generated,
      cleanup: () => dropPostgresDatabase(PG_URL, name),
    };
  } finally {
    await database.close();
  }
}

async function postgresReachable(): Promise<boolean> {
  const pool = createPostgresPool(PG_URL);
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await pool.end();
  }
}

function startProduct(port: number, origin: string, env: Record<string, string>): ChildProcess {
  // BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops (Node's --cpu-prof).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  return spawn(process.execPath, [...profile, serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const HEADER =
  '| scenario | connections | req/s | p50 ms | p99 ms | errors | of hello-world |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |';

function row(target: Target, figures: Figures, hello: number): string {
  const other = Object.entries(figures.statuses)
    .map(([code, count]) => `${count}×${code}`)
    .join(' ');
  const ratio = hello > 0 ? `${((100 * figures.perSecond) / hello).toFixed(1)} %` : '';
  return `| ${target.name} | ${target.connections}${target.pipelining ? ` (pipelining ${target.pipelining})` : ''} | ${figures.perSecond.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.errors}${other ? ` (${other})` : ''} | ${ratio} |`;
}

/** Milliseconds until /api/health/live answers within 50 ms three times in a row. */
async function recoveryMs(base: string): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 3 && performance.now() - started < 120_000) {
    const before = performance.now();
    const ok = await fetch(`${base}/api/health/live`, { signal: AbortSignal.timeout(5000) })
      .then((response) => response.ok)
      .catch(() => false);
    quick = ok && performance.now() - before < 50 ? quick + 1 : 0;
    if (quick < 3) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

/** /api/health under 10 connections while the 10,000-instance instances PDF is requested and prepared. */
async function healthDuringExport(
  base: string,
  headers: Record<string, string>,
  storyId: number,
): Promise<{ figures: Figures; exportMs: number }> {
  const health = run({ name: 'health', url: `${base}/api/health`, connections: 10 });
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const response = await fetch(`${base}/api/v1/stories/${storyId}/exports/ict?format=pdf`, {
    headers,
  });
  let location = response.headers.get('location');
  await response.arrayBuffer();
  while (location) {
    const job = (await (await fetch(`${base}${location}`, { headers })).json()) as {
      status: string;
    };
    if (job.status === 'done' || job.status === 'failed') location = null;
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const exportMs = performance.now() - started - 1000;
  return { figures: await health, exportMs };
}

/**
 * /api/health under 10 connections while one client edits an instance of the big story and reads
 * its summary again, over and over: every summary after an edit is a calculation of the story.
 */
async function healthDuringRecalculation(
  base: string,
  headers: Record<string, string>,
  generated: GeneratedStories,
): Promise<{ figures: Figures; summaries: number; summaryMs: number[] }> {
  const health = run({ name: 'health', url: `${base}/api/health`, connections: 10 });
  const url = `${base}/api/v1/stories/${generated.bigStoryId}/instances/${generated.editable.instanceId}`;
  const ends = performance.now() + SECONDS * 1000;
  const summaryMs: number[] = [];
  for (let value = 1; performance.now() < ends; value = (value % 20) + 1) {
    const instance = (await (await fetch(url, { headers })).json()) as Record<string, unknown> & {
      values: Record<string, unknown>;
    };
    const saved = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        name: instance.name,
        description: instance.description,
        optional: instance.optional,
        level: instance.level,
        values: { ...instance.values, [generated.editable.attribute]: value },
        labelIds: instance.labelIds,
        revision: instance.revision,
      }),
    });
    if (!saved.ok) throw new Error(`PUT ${url}: ${saved.status} ${await saved.text()}`);
    const started = performance.now();
    const summary = await fetch(`${base}/api/v1/stories/${generated.bigStoryId}/calculation`, {
      headers,
    });
    await summary.arrayBuffer();
    if (!summary.ok) throw new Error(`summary: ${summary.status}`);
    summaryMs.push(performance.now() - started);
  }
  summaryMs.sort((a, b) => a - b);
  return { figures: await health, summaries: summaryMs.length, summaryMs };
}

async function benchDatabase(kind: string, helloUrl: string): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const seedStarted = performance.now();
  const prepared = kind === 'pglite' ? await preparePglite(origin) : await preparePostgres(origin);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const server = startProduct(port, origin, prepared.env);
  try {
    await waitForHealth(`${origin}/api/health/ready`, Date.now() + 120_000);
    const headers = {
      ...bearer(prepared.token),
      ...xsrfHeaders(),
      'content-type': 'application/json',
    };
    const { generated } = prepared;
    const story = `${origin}/api/v1/stories/${generated.bigStoryId}`;
    const small = generated.smallStoryIds;
    const write: Target['body'] = (n) => ({
      path: `/api/v1/stories/${small[n % small.length]}/instances`,
      body: JSON.stringify({
        itemId: generated.repeatableItemId,
        name: `Load ${n}`,
        description: '',
        optional: false,
        level: 1,
        values: {},
        labelIds: [],
      }),
    });
    const hello = (connections: number): Target => ({
      name: 'hello-world (bare Fastify)',
      url: helloUrl,
      connections,
    });
    const storyList = (connections: number): Target => ({
      name: 'story list (50 of 1,000)',
      url: `${origin}/api/v1/stories?limit=50`,
      connections,
      headers,
    });
    const storyDetail = (connections: number): Target => ({
      name: 'story detail (GET story)',
      url: story,
      connections,
      headers,
    });
    const targets: Target[][] = [
      [
        hello(10),
        storyList(10),
        storyDetail(10),
        {
          name: `summary (${generated.instanceCount} instances)`,
          url: `${story}/calculation`,
          connections: 10,
          headers,
        },
        {
          name: 'instance write (POST)',
          url: origin,
          method: 'POST',
          connections: 10,
          headers,
          body: write,
        },
      ],
      [hello(100), storyList(100), storyDetail(100)],
    ];

    console.log(
      `\n### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (data in ${seedSeconds.toFixed(0)} s: ${generated.storyCount} stories, one of ${generated.instanceCount} instances; ${SECONDS} s per scenario)\n`,
    );
    console.log(HEADER);
    for (const group of targets) {
      let helloPerSecond = 0;
      for (const target of group) {
        if (ONLY && target.url !== helloUrl && !target.name.includes(ONLY)) continue;
        // A short warm-up, so that JIT and caches are not what the figures measure.
        await run({ ...target, seconds: 2 });
        const figures = await run(target);
        if (target.url === helloUrl) helloPerSecond = figures.perSecond;
        console.log(row(target, figures, helloPerSecond));
      }
    }

    if (!ONLY || 'recalculation'.includes(ONLY)) {
      const recalculating = await healthDuringRecalculation(origin, headers, generated);
      const median = recalculating.summaryMs[Math.floor(recalculating.summaryMs.length / 2)] ?? 0;
      console.log(
        row(
          {
            name: `/api/health during edits and recalculations of the ${generated.instanceCount}-instance story (${recalculating.summaries} summaries after an edit, median ${median.toFixed(0)} ms)`,
            url: '',
            connections: 10,
          },
          recalculating.figures,
          0,
        ),
      );
    }

    if (ONLY && !'/api/health during a PDF export; overload'.includes(ONLY)) return;
    const during = await healthDuringExport(origin, headers, generated.bigStoryId);
    console.log(
      row(
        {
          name: `/api/health during a ${generated.instanceCount}-instance PDF export (${(during.exportMs / 1000).toFixed(1)} s)`,
          url: '',
          connections: 10,
        },
        during.figures,
        0,
      ),
    );

    const burst: Target = { ...storyList(100), name: 'overload: story list', pipelining: 10 };
    console.log(row(burst, await run(burst), 0));
    console.log(
      `\nAfter the overload burst: /api/health/live answered three times within 50 ms after ${(await recoveryMs(origin)).toFixed(0)} ms.`,
    );
  } finally {
    await stopServer(server);
    await prepared.cleanup();
  }
}

async function main(): Promise<void> {
  if (!productIsBuilt()) process.exit(1);
  const helloPort = await freePort();
  const stopHello = await startHelloWorld(helloPort);
  console.log(`Load benchmark, Node ${process.version}, ${new Date().toISOString()}`);
  try {
    for (const kind of DATABASES) {
      if (kind === 'postgres' && !(await postgresReachable())) {
        console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
        continue;
      }
      await benchDatabase(kind, `http://127.0.0.1:${helloPort}${HELLO_WORLD_PATH}`);
    }
  } finally {
    stopHello();
  }
}

await main();
