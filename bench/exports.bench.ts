// Benchmark of the exports: PDF and .xlsx of a 1,000- and a 10,000-instance story (time, size, the process's memory; large ones
// followed through their background job to the file; a PDF too large refused), and the story list's latency while a 10,000-instance PDF is made.
import { performance } from 'node:perf_hooks';
import { median, percentile } from './stats';
import { startStoryApiBench } from './story-api-kit';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const STORIES = Number(process.env.BENCH_STORIES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 100);
const MB = 1024 * 1024;

/** The process's resident memory (main thread, export worker and PGlite), sampled every 10 ms. */
function sampleMemory(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

async function benchSize(instances: number): Promise<void> {
  const { app, generated, headers, close } = await startStoryApiBench({
    instances,
    stories: STORIES,
  });
  const story = `/api/v1/stories/${generated.bigStoryId}`;

  async function inject(url: string) {
    return app.inject({ method: 'GET', url, headers });
  }

  /**
   * The answer's time and size; a large export (202) followed through its job until its file is
   * fetched; a PDF refused for its size (400) answered as `refused`.
   */
  async function get(url: string): Promise<{ ms: number; bytes: number; refused?: boolean }> {
    const started = performance.now();
    let response = await inject(url);
    const location = response.headers.location;
    if (response.statusCode === 202 && typeof location === 'string') {
      for (;;) {
        const job = (await inject(location)).json<{ status: string }>();
        if (job.status === 'failed') throw new Error(`${url}: the export job failed`);
        if (job.status === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      response = await inject(`${location}/file`);
    }
    const ms = performance.now() - started;
    if (response.statusCode === 400 && url.includes('format=pdf')) {
      return { ms, bytes: 0, refused: true };
    }
    if (response.statusCode !== 200) {
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return { ms, bytes: response.rawPayload.length };
  }

  const baseline = process.memoryUsage().rss;
  console.log(
    `\n${instances} instances (${generated.storyCount} stories in the list); RSS before exporting ${(baseline / MB).toFixed(0)} MiB`,
  );
  console.log(
    `${'export'.padEnd(34)} ${'median ms'.padStart(10)} ${'min ms'.padStart(8)} ${'KiB'.padStart(8)} ${'peak RSS MiB'.padStart(13)}`,
  );
  for (const [name, url] of [
    ['instances (ict), PDF', `${story}/exports/ict?format=pdf`],
    ['instances (ict), .xlsx', `${story}/exports/ict?format=xlsx`],
    ['story summary, PDF', `${story}/exports/story?format=pdf`],
    ['instances (ict), JSON preview', `${story}/exports/ict?format=json`],
  ] as const) {
    // The first export starts the worker thread (about 0.65 s from the bundle, more under tsx).
    await get(url);
    const times: number[] = [];
    let bytes = 0;
    let refused = false;
    const peak = sampleMemory();
    for (let run = 0; run < RUNS; run += 1) {
      const result = await get(url);
      times.push(result.ms);
      bytes = result.bytes;
      refused = result.refused ?? false;
    }
    const peakRss = peak();
    console.log(
      `${(refused ? `${name} (refused: too many rows)` : name).padEnd(34)} ${median(times).toFixed(0).padStart(10)} ${Math.min(
        ...times,
      )
        .toFixed(0)
        .padStart(8)} ${(bytes / 1024).toFixed(0).padStart(8)} ${(peakRss / MB)
        .toFixed(0)
        .padStart(13)}`,
    );
  }

  // The story list alone, then while the instance PDF of this story renders.
  const list = '/api/v1/stories?limit=50';
  for (let run = 0; run < 5; run += 1) await get(list);
  const idle: number[] = [];
  for (let run = 0; run < LIST_RUNS; run += 1) idle.push((await get(list)).ms);
  const during: number[] = [];
  let exporting = true;
  const exportStarted = performance.now();
  const exportDone = get(`${story}/exports/ict?format=pdf`).finally(() => {
    exporting = false;
  });
  while (exporting) {
    during.push((await get(list)).ms);
    // A list answered from memory never waits for I/O: let the export's timers and messages run.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const exportMs = performance.now() - exportStarted;
  await exportDone;
  const describe = (times: number[]) => {
    const sorted = times.toSorted((a, b) => a - b);
    return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} requests)`;
  };
  console.log(`story list alone:            ${describe(idle)}`);
  console.log(
    `story list during the export: ${describe(during)}; the export took ${exportMs.toFixed(0)} ms`,
  );
  await close();
}

for (const size of SIZES) await benchSize(size);
