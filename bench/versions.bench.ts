// Benchmark of story versions (issue 19): freezing a 10,000-instance story, reading a version's summaries, comparing two
// versions and a version with the live story, exporting a comparison, and the storage a version takes (fresh PGlite in memory, app.inject).
import { percentile } from './stats';
import { startStoryApiBench } from './story-api-kit';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 3;

async function main(): Promise<void> {
  const bench = await startStoryApiBench({ instances: INSTANCES, stories: 1 });
  const { app, client, generated, headers, edit } = bench;
  const story = `/api/v1/stories/${generated.bigStoryId}`;

  async function request(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const response = await app.inject({ method, url, headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  }

  let frozen = 0;
  async function freeze(): Promise<number> {
    frozen += 1;
    const response = await request('POST', `${story}/versions`, {
      name: `Bench version ${frozen}`,
      note: 'Frozen by the benchmark',
    });
    return response.json<{ id: number }>().id;
  }

  // Two versions one edit apart, and the live story one more edit on.
  const first = await freeze();
  await edit();
  const second = await freeze();
  await edit();

  /** The time of `read` on a version frozen just before, which this process has not read yet. */
  async function firstRead(url: (version: number) => string): Promise<{ ms: number }> {
    const version = await freeze();
    const started = performance.now();
    await request('GET', url(version));
    return { ms: performance.now() - started };
  }

  const scenarios: [string, () => Promise<unknown>][] = [
    ['freeze a version: POST versions', freeze],
    [
      'a version’s first read: GET version',
      () => firstRead((version) => `${story}/versions/${version}`),
    ],
    [
      'first comparison of a new version',
      () => firstRead((version) => `${story}/versions/compare?from=${first}&to=${version}`),
    ],
    [
      'a version with its summaries: GET version',
      () => request('GET', `${story}/versions/${first}`),
    ],
    ['the version list: GET versions', () => request('GET', `${story}/versions`)],
    [
      'compare two versions',
      () => request('GET', `${story}/versions/compare?from=${first}&to=${second}`),
    ],
    [
      'compare a version with the live story',
      () => request('GET', `${story}/versions/compare?from=${second}&to=live`),
    ],
    [
      'comparison export, .xlsx',
      () =>
        request('GET', `${story}/versions/compare/export?from=${first}&to=${second}&format=xlsx`),
    ],
  ];

  console.log(
    `\nStory versions: ${generated.instanceCount} instances in one story, demo catalog, PGlite in memory after ANALYZE, Node ${process.version}`,
  );
  console.log(
    `data generated in ${bench.generatedSeconds.toFixed(1)} s; ${RUNS} runs after ${WARM_UP} warm-up runs; ms per request\n`,
  );
  console.log(`${'scenario'.padEnd(46)} ${'median'.padStart(9)} ${'p95'.padStart(9)}`);
  for (const [name, run] of scenarios) {
    for (let index = 0; index < WARM_UP; index += 1) await run();
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const started = performance.now();
      const result = await run();
      const measured = (result as { ms?: unknown }).ms;
      times.push(typeof measured === 'number' ? measured : performance.now() - started);
    }
    console.log(
      `${name.padEnd(46)} ${percentile(times, 0.5).toFixed(1).padStart(9)} ${percentile(times, 0.95).toFixed(1).padStart(9)}`,
    );
  }

  // Stored size (after TOAST compression) and raw size of each part of one version.
  const sizes = await client.query<Record<string, string>>(
    `select pg_column_size(catalog) as catalog, octet_length(catalog::text) as catalog_raw,
            pg_column_size(instances) as instances, octet_length(instances) as instances_raw,
            pg_column_size(names) as names, octet_length(names::text) as names_raw,
            pg_column_size(lineups) as lineups, octet_length(lineups::text) as lineups_raw,
            pg_column_size(story_versions.*) as row
       from story_versions where id = $1`,
    [first],
  );
  const total = await client.query<{ bytes: string; versions: string }>(
    `select pg_total_relation_size('story_versions') as bytes, count(*) as versions from story_versions`,
  );
  const size = sizes.rows[0] ?? {};
  const kb = (value: string | undefined) => `${(Number(value) / 1024).toFixed(1)} KB`;
  console.log(`\nStorage of one version of ${generated.instanceCount} instances (stored / raw):`);
  for (const part of ['catalog', 'instances', 'names', 'lineups'])
    console.log(`  ${part.padEnd(10)} ${kb(size[part]).padStart(10)} / ${kb(size[`${part}_raw`])}`);
  console.log(`  ${'row'.padEnd(10)} ${kb(size.row).padStart(10)}`);
  const table = total.rows[0];
  if (table)
    console.log(
      `story_versions with indexes and TOAST: ${kb(table.bytes)} for ${table.versions} versions (${kb(String(Number(table.bytes) / Number(table.versions)))} each)`,
    );
  await bench.close();
}

await main();
