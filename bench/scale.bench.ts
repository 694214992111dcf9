// Benchmark of several server processes behind nginx on one PostgreSQL (issue 15): throughput and p99 of the story list and of one instance write with 1 and 3 processes, next to a bare Fastify hello-world; optionally a soak with its memory curve.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createPostgresDatabase, createPostgresPool } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { freePort } from '../apps/server/test/helpers/free-port';
import { startNginx, type Nginx } from '../apps/server/test/helpers/nginx';
import {
  createEmptyPostgresDatabase,
  dropPostgresDatabase,
} from '../apps/server/test/helpers/postgres-admin';
import { startServerProcess, type ServerProcess } from '../apps/server/test/helpers/server-process';
import { createStory, createWallStory } from '../apps/server/test/helpers/story-factories';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { HELLO_WORLD_PATH, startHelloWorld } from './hello-world';
import { percentile } from './stats';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 0);
const SOAK_CONNECTIONS = 50;
const STORIES = 40;

interface Figures {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** `connections` loops sending `request(n)` for `seconds`; latencies of answered requests. */
async function load(
  connections: number,
  seconds: number,
  request: (worker: number, n: number) => Promise<Response>,
  expected: number,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const started = performance.now();
        try {
          const response = await request(worker, n);
          await response.arrayBuffer();
          if (response.status === expected) latencies.push(performance.now() - started);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

function row(scenario: string, processes: string, figures: Figures): string {
  return `| ${scenario} | ${processes} | ${figures.perSecond.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.errors} |`;
}

function rssMegabytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function main(): Promise<void> {
  const name = `costory_bench_${randomBytes(4).toString('hex')}`;
  const url = await createEmptyPostgresDatabase(ADMIN_URL, name);
  const database = createPostgresDatabase(createPostgresPool(url));
  const lines: string[] = [];
  try {
    await migrateDatabase(database);
    const db = database.db;
    const { catalog, admin, item, story } = await createWallStory(db);
    const storyIds: number[] = [story.id];
    while (storyIds.length < STORIES) {
      storyIds.push((await createStory(db, { catalogId: catalog.id, admin })).story.id);
    }

    const helloPort = await freePort();
    const stopHello = await startHelloWorld(helloPort);
    for (const processes of [1, 3]) {
      const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
      const nginxPort = await freePort();
      const origin = `http://127.0.0.1:${nginxPort}`;
      const servers: ServerProcess[] = [];
      for (const port of ports) {
        servers.push(
          await startServerProcess(port, {
            DATABASE_URL: url,
            PUBLIC_ORIGIN: origin,
            TRUST_PROXY: 'true',
            NODE_ENV: 'production',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
          }),
        );
      }
      const nginx: Nginx = await startNginx(nginxPort, ports);
      const hello = await startNginx(await freePort(), [helloPort]);
      try {
        let auth = bearer(await accessTokenFor(db, origin, admin.id));
        const writeHeaders = { ...auth, ...xsrfHeaders(), 'content-type': 'application/json' };
        const list = () => fetch(`${origin}/api/v1/stories?limit=20`, { headers: auth });
        // Warm-up: the first requests compile and fill the pools.
        await load(CONCURRENCY, 2, list, 200);
        const label = `${processes}`;
        lines.push(
          row(
            'hello-world (bare Fastify)',
            '1',
            await load(CONCURRENCY, SECONDS, () => fetch(`${hello.url}${HELLO_WORLD_PATH}`), 200),
          ),
        );
        lines.push(
          row('story list (20 of 40)', label, await load(CONCURRENCY, SECONDS, list, 200)),
        );
        lines.push(
          row(
            'instance write (each connection its own story)',
            label,
            await load(
              CONCURRENCY,
              SECONDS,
              (worker, n) =>
                fetch(`${origin}/api/v1/stories/${storyIds[worker % STORIES]}/instances`, {
                  method: 'POST',
                  headers: writeHeaders,
                  body: JSON.stringify({
                    itemId: item.item.id,
                    name: `Bench ${worker}-${n}`,
                    description: '',
                    optional: false,
                    level: 1,
                    values: {},
                    labelIds: [],
                  }),
                }),
              201,
            ),
          ),
        );
        if (processes === 3 && SOAK_MINUTES > 0) {
          const curve: string[] = [];
          let errors = 0;
          for (let minute = 1; minute <= SOAK_MINUTES; minute += 1) {
            // An access token lives 10 minutes: a fresh one each minute, as a client refreshes.
            auth = bearer(await accessTokenFor(db, origin, admin.id));
            const figures = await load(SOAK_CONNECTIONS, 60, list, 200);
            errors += figures.errors;
            const rss = servers.map((server) => rssMegabytes(server.child.pid).toFixed(0));
            curve.push(
              `| ${minute} | ${figures.perSecond.toFixed(0)} | ${figures.p99.toFixed(1)} | ${figures.errors} | ${rss.join(' / ')} |`,
            );
            process.stdout.write(`${curve.at(-1)}\n`);
          }
          lines.push(
            '',
            `Soak: ${SOAK_MINUTES} min, ${SOAK_CONNECTIONS} connections, story list, errors ${errors}`,
          );
          lines.push(
            '| minute | req/s | p99 ms | errors | RSS MB per process |',
            '| --: | --: | --: | --: | --- |',
            ...curve,
          );
        }
      } finally {
        await hello.stop();
        await nginx.stop();
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    stopHello();
  } finally {
    await database.close();
    await dropPostgresDatabase(ADMIN_URL, name);
  }
  console.log(
    [
      `Through nginx, ${CONCURRENCY} connections, ${SECONDS} s each (ms per request):`,
      '',
      '| scenario | processes | req/s | p50 ms | p99 ms | errors |',
      '| --- | --: | --: | --: | --: | --: |',
      ...lines,
    ].join('\n'),
  );
}

await main();
