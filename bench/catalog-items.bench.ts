// Benchmark of the catalog item list: 2,000 items (attributes, labels, two-level groups) on a fresh PGlite, timed through app.inject.
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { generateCatalog } from './catalog-data';
import { percentile } from './stats';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const PAGE = 50;
const ORIGIN = 'http://localhost:3000';
interface Result {
  scenario: string;
  rows: number;
  median: number;
  p95: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  await migrateDatabase(database);
  const generated = await generateCatalog(database.db, ITEMS);
  const generatedMs = performance.now() - started;

  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: ORIGIN }),
    seedDemo: false,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const headers = {
    admin: bearer(await accessTokenFor(database.db, ORIGIN, generated.adminId)),
    reader: bearer(await accessTokenFor(database.db, ORIGIN, generated.readerId)),
  };
  const base = `/api/v1/catalogs/${generated.catalogId}/items`;

  async function list(query: string, as: 'admin' | 'reader' = 'admin') {
    const response = await app.inject({
      method: 'GET',
      url: `${base}?${query}`,
      headers: headers[as],
    });
    if (response.statusCode !== 200)
      throw new Error(`${query}: ${response.statusCode} ${response.body}`);
    return response.json<{ items: unknown[]; nextCursor: string | null }>();
  }

  async function measure(scenario: string, run: () => Promise<number>): Promise<Result> {
    for (let index = 0; index < WARM_UP; index += 1) await run();
    const times: number[] = [];
    let rows = 0;
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      rows = await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { scenario, rows, median: percentile(times, 0.5), p95: percentile(times, 0.95) };
  }

  const [firstLabel = 0, secondLabel = 0] = generated.labelIds;
  const single =
    (query: string, as: 'admin' | 'reader' = 'admin') =>
    async () =>
      (await list(`limit=${PAGE}&${query}`, as)).items.length;
  let pages = 0;
  const scenarios: [string, () => Promise<number>][] = [
    ['first page', single('')],
    ['first page as a reader (COMPLETE only)', single('', 'reader')],
    ['state=COMPLETE', single('state=COMPLETE')],
    ['groupId (a top group with 5 sub-groups)', single(`groupId=${generated.topGroupId}`)],
    ['labelIds (one label)', single(`labelIds=${firstLabel}`)],
    ['labelIds (two labels, both required)', single(`labelIds=${firstLabel},${secondLabel}`)],
    ['q=vykop (text, accents folded)', single('q=vykop')],
    [
      'state + group + label + q',
      single(`state=COMPLETE&groupId=${generated.topGroupId}&labelIds=${firstLabel}&q=a`),
    ],
    [
      `every page to the end (limit ${PAGE})`,
      async () => {
        let cursor: string | null = null;
        let rows = 0;
        pages = 0;
        do {
          const page = await list(`limit=${PAGE}${cursor === null ? '' : `&cursor=${cursor}`}`);
          rows += page.items.length;
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor !== null);
        return rows;
      },
    ],
  ];
  // PGlite runs no autovacuum: a fresh embedded database plans without statistics until
  // something runs ANALYZE. Both are measured; PostgreSQL analyzes by itself.
  const fresh: Result[] = [];
  for (const [name, run] of scenarios) fresh.push(await measure(name, run));
  await client.query('analyze');
  const analyzed: Result[] = [];
  for (const [name, run] of scenarios) analyzed.push(await measure(name, run));
  await app.close();
  await database.close();

  const fixed = (value: number) => value.toFixed(1).padStart(9);
  console.log(`\nCatalog item list: ${ITEMS} items, PGlite in memory, Node ${process.version}`);
  console.log(
    `data generated and migrated in ${(generatedMs / 1000).toFixed(1)} s; ` +
      `${RUNS} runs after ${WARM_UP} warm-up runs; times in ms\n`,
  );
  console.log(
    `${''.padEnd(44)} ${''.padStart(5)}  ${'no statistics'.padStart(19)}  ${'after ANALYZE'.padStart(19)}`,
  );
  console.log(
    `${'scenario'.padEnd(44)} ${'rows'.padStart(5)}  ${'median'.padStart(9)} ${'p95'.padStart(9)}  ${'median'.padStart(9)} ${'p95'.padStart(9)}`,
  );
  fresh.forEach((result, index) => {
    const after = analyzed[index];
    console.log(
      `${result.scenario.padEnd(44)} ${String(result.rows).padStart(5)}  ${fixed(result.median)} ${fixed(result.p95)}  ${fixed(after?.median ?? Number.NaN)} ${fixed(after?.p95 ?? Number.NaN)}`,
    );
  });
  const walk = analyzed.at(-1);
  if (walk) {
    console.log(
      `\nthe full walk is ${pages} pages: ${(walk.median / pages).toFixed(1)} ms per page (median, after ANALYZE)`,
    );
  }
}

await main();
