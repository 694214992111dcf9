// Benchmark of the story API: a 10,000-instance story and 1,000 stories on the demo catalog (fresh PGlite in memory),
// timed through app.inject: the story list, the story detail's first reads, the summary (calculation), one edit, and the summary just after an edit.
import { percentile } from './stats';
import { startStoryApiBench } from './story-api-kit';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const STORIES = Number(process.env.BENCH_STORIES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;

async function main(): Promise<void> {
  const { app, generated, headers, generatedSeconds, edit, close } = await startStoryApiBench({
    instances: INSTANCES,
    stories: STORIES,
  });
  const story = `/api/v1/stories/${generated.bigStoryId}`;

  async function get(url: string): Promise<number> {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.body.length;
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
    `data generated in ${generatedSeconds.toFixed(1)} s; ${RUNS} runs after ${WARM_UP} warm-up runs; ms per request\n`,
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
  await close();
}

await main();
