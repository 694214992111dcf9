// Benchmark of the story API: a 10,000-instance story and 1,000 stories on the demo catalog (fresh PGlite in memory),
// timed through app.inject: the story list, the story detail's first reads, the summary (calculation), one edit, and the summary just after an edit.
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { generateStories } from './story-data';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const STORIES = Number(process.env.BENCH_STORIES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const ORIGIN = 'http://localhost:3000';

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const started = performance.now();
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const generated = await generateStories(database.db, { instances: INSTANCES, stories: STORIES });
  // What PostgreSQL's autovacuum gives a server database (PGlite runs none).
  await client.query('analyze');
  const generatedMs = performance.now() - started;

  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: ORIGIN }),
    seedDemo: false,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const headers = {
    ...bearer(await accessTokenFor(database.db, ORIGIN, generated.userId)),
    ...xsrfHeaders(),
  };
  const story = `/api/v1/stories/${generated.bigStoryId}`;

  async function get(url: string): Promise<number> {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.body.length;
  }

  const editUrl = `${story}/instances/${generated.editable.instanceId}`;
  let editValue = 1;
  async function edit(): Promise<number> {
    const current = await app.inject({ method: 'GET', url: editUrl, headers });
    const instance = current.json<Record<string, unknown> & { values: Record<string, unknown> }>();
    editValue = (editValue % 20) + 1;
    const started = performance.now();
    const response = await app.inject({
      method: 'PUT',
      url: editUrl,
      headers,
      payload: {
        name: instance.name,
        description: instance.description,
        optional: instance.optional,
        level: instance.level,
        values: { ...instance.values, [generated.editable.attribute]: editValue },
        labelIds: instance.labelIds,
        revision: instance.revision,
      },
    });
    if (response.statusCode !== 200)
      throw new Error(`PUT: ${response.statusCode} ${response.body}`);
    return performance.now() - started;
  }

  const scenarios: [string, () => Promise<number | { ms: number }>][] = [
    ['story list, first page (last activity)', () => get('/api/v1/stories?limit=50')],
    ['story list, by name', () => get('/api/v1/stories?limit=50&sort=name')],
    ['story list, favourites', () => get('/api/v1/stories?limit=50&filter=favourite')],
    ['story list, search "0042"', () => get('/api/v1/stories?limit=50&q=0042')],
    ['story detail: GET story', () => get(story)],
    ['story detail: GET catalog', () => get(`${story}/catalog`)],
    ['story detail: instances, first 100', () => get(`${story}/instances?limit=100`)],
    ['story detail: events, first 50', () => get(`${story}/events?limit=50`)],
    ['summary: GET calculation', () => get(`${story}/calculation`)],
    ['edit one attribute: PUT instance', async () => ({ ms: await edit() })],
    [
      'summary after one edit: GET calculation',
      async () => {
        await edit();
        const started = performance.now();
        await get(`${story}/calculation`);
        return { ms: performance.now() - started };
      },
    ],
  ];

  console.log(
    `\nStory API: ${generated.instanceCount} instances in one story, ${generated.storyCount} stories, ` +
      `demo catalog, PGlite in memory after ANALYZE, Node ${process.version}`,
  );
  console.log(
    `data generated in ${(generatedMs / 1000).toFixed(1)} s; ${RUNS} runs after ${WARM_UP} warm-up runs; ms per request\n`,
  );
  console.log(
    `${'scenario'.padEnd(42)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'bytes'.padStart(10)}`,
  );
  for (const [name, run] of scenarios) {
    for (let index = 0; index < WARM_UP; index += 1) await run();
    const times: number[] = [];
    let bytes = 0;
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      const result = await run();
      const elapsed = performance.now() - start;
      if (typeof result === 'number') {
        bytes = result;
        times.push(elapsed);
      } else times.push(result.ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(42)} ${percentile(times, 0.5).toFixed(1).padStart(9)} ${percentile(times, 0.95).toFixed(1).padStart(9)} ${(bytes > 0 ? String(bytes) : '').padStart(10)}`,
    );
  }
  await app.close();
  await database.close();
}

await main();
