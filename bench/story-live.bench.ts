// Benchmark of the live story stream (decision 0046): fan-out latency of a write to 200 open streams of one story, the server's memory per open stream at 200 and 2,000, and 2,000 streams receiving every change; the real server as a child process on a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { storyLivePath } from '@costory/shared';
import { createPostgresDatabase, createPostgresPool } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createUser, type CreatedUser } from '../apps/server/test/helpers/factories';
import { freePort } from '../apps/server/test/helpers/free-port';
import {
  createEmptyPostgresDatabase,
  dropPostgresDatabase,
} from '../apps/server/test/helpers/postgres-admin';
import { startServerProcess, type ServerProcess } from '../apps/server/test/helpers/server-process';
import {
  addStoryMember,
  createWallStory,
  storyBodies,
} from '../apps/server/test/helpers/story-factories';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { percentile } from './stats';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Streams of the fan-out scenario, and of the large one. */
const FAN_OUT = Number(process.env.BENCH_FAN_OUT ?? 200);
const LARGE = Number(process.env.BENCH_LARGE ?? 2000);
/** Writes of the fan-out scenario and of the large one, and the time between two. */
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const LARGE_WRITES = Number(process.env.BENCH_LARGE_WRITES ?? 10);
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 100);
/** Members the streams are spread over (round robin), each its own user with its own token. */
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 20);
/** Streams being opened at once. */
const OPENING = 50;

/** Every connection of the benchmark's client: no per-origin cap on sockets. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

interface Stream {
  /** performance.now() at which each change (by its instance id) arrived. */
  changes: Map<number, number>;
  errors: string[];
  ended: boolean;
  close: () => void;
}

/** Opens one stream over node:http; resolves at its `hello` (rejects on a non-200 or an early end). */
function openStream(url: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { changes: new Map(), errors: [], ended: false, close: () => {} };
    let helloSeen = false;
    const request = http.get(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream: ${String(response.statusCode)}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let event: string | undefined;
          let data = 'null';
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data = line.slice(5).trim();
          }
          if (event === 'hello' && !helloSeen) {
            helloSeen = true;
            resolve(stream);
          } else if (event === 'change') {
            const change = JSON.parse(data) as { instanceId: number | null };
            if (change.instanceId !== null && !stream.changes.has(change.instanceId)) {
              stream.changes.set(change.instanceId, now);
            }
          } else if (event === 'gone' || event === 'reset') {
            stream.errors.push(event);
          }
        }
      });
      response.on('end', () => {
        stream.ended = true;
        if (!helloSeen) reject(new Error('the stream ended before hello'));
      });
      response.on('error', () => {
        stream.ended = true;
      });
    });
    request.on('error', (error) => {
      stream.ended = true;
      stream.errors.push(error.message);
      if (!helloSeen) reject(error);
    });
    stream.close = () => request.destroy();
  });
}

/** Opens `count` streams, `OPENING` at a time; the streams and the errors of those that failed. */
async function openStreams(
  count: number,
  url: string,
  headersOf: (n: number) => Record<string, string>,
): Promise<{ streams: Stream[]; failures: string[]; seconds: number }> {
  const streams: Stream[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: OPENING }, async () => {
      while (next < count) {
        const n = next;
        next += 1;
        try {
          streams.push(await openStream(url, headersOf(n)));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  return { streams, failures, seconds: (performance.now() - started) / 1000 };
}

interface ServerMemory {
  rssMb: number;
  heapUsedMb: number;
}

/**
 * The server's RSS (/proc) and V8 heap in use (its Prometheus metrics): the lowest of 8 samples
 * 500 ms apart, the nearest to what is live that can be read without forcing a collection.
 */
async function serverMemory(server: ServerProcess): Promise<ServerMemory> {
  let rssMb = Number.POSITIVE_INFINITY;
  let heapUsedMb = Number.POSITIVE_INFINITY;
  for (let sample = 0; sample < 8; sample += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = readFileSync(`/proc/${String(server.child.pid)}/status`, 'utf8');
    rssMb = Math.min(rssMb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const heap = Number(/^nodejs_heap_size_used_bytes\s+(\S+)/m.exec(metrics)?.[1] ?? Number.NaN);
    heapUsedMb = Math.min(heapUsedMb, heap / 1024 / 1024);
  }
  return { rssMb, heapUsedMb };
}

interface Deliveries {
  /** Milliseconds from just before each write was sent to each stream's change. */
  fromSend: number[];
  /** Milliseconds from each write's HTTP answer to each stream's change (negative: the change came first). */
  fromAnswer: number[];
  missing: number;
  answerMs: number[];
}

/** `count` instance writes `SPACING_MS` apart; waits for every stream to have every change (or 10 s after the last). */
async function writeAndMeasure(
  streams: Stream[],
  count: number,
  write: () => Promise<number>,
): Promise<Deliveries> {
  const writes: { instanceId: number; sent: number; answered: number }[] = [];
  for (let n = 0; n < count; n += 1) {
    const sent = performance.now();
    const instanceId = await write();
    const answered = performance.now();
    writes.push({ instanceId, sent, answered });
    const wait = sent + SPACING_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const deadline = performance.now() + 10_000;
  const complete = () =>
    streams.every((stream) => writes.every((one) => stream.changes.has(one.instanceId)));
  while (!complete() && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const result: Deliveries = {
    fromSend: [],
    fromAnswer: [],
    missing: 0,
    answerMs: writes.map((one) => one.answered - one.sent),
  };
  for (const stream of streams) {
    for (const one of writes) {
      const at = stream.changes.get(one.instanceId);
      if (at === undefined) {
        result.missing += 1;
        continue;
      }
      result.fromSend.push(at - one.sent);
      result.fromAnswer.push(at - one.answered);
    }
  }
  return result;
}

const ms = (value: number) => value.toFixed(1);

function deliveryRows(label: string, deliveries: Deliveries): string[] {
  const row = (from: string, values: number[]) =>
    `| ${label}, from ${from} | ${values.length} | ${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.95))} | ${ms(percentile(values, 0.99))} | ${ms(Math.max(...values))} |`;
  return [
    row('just before the write was sent', deliveries.fromSend),
    row("the write's HTTP answer", deliveries.fromAnswer),
  ];
}

function ulimitOf(pid: number | undefined): string {
  const limits = readFileSync(`/proc/${pid === undefined ? 'self' : String(pid)}/limits`, 'utf8');
  const line = /Max open files\s+(\S+)\s+(\S+)/.exec(limits);
  return line ? `${line[1]} (hard ${line[2]})` : 'unknown';
}

async function main(): Promise<void> {
  console.log(`Live story stream benchmark, Node ${process.version}, ${new Date().toISOString()}`);
  const name = `costory_live_${randomBytes(4).toString('hex')}`;
  const url = await createEmptyPostgresDatabase(ADMIN_URL, name);
  const database = createPostgresDatabase(createPostgresPool(url));
  let server: ServerProcess | undefined;
  const open: Stream[] = [];
  try {
    await migrateDatabase(database);
    const db = database.db;
    const wall = await createWallStory(db);
    const storyId = wall.story.id;
    const writer = await addStoryMember(
      db,
      storyId,
      'ICT_MODELER',
      await createUser(db, { firstName: 'Wanda', lastName: 'Writer' }),
    );
    const subscribers: CreatedUser[] = [];
    for (let n = 0; n < SUBSCRIBERS; n += 1) {
      subscribers.push(
        await addStoryMember(
          db,
          storyId,
          n % 2 === 0 ? 'ICT_MODELER' : 'ICT_VERIFIER',
          await createUser(db, { firstName: 'Sub', lastName: `Scriber ${String(n)}` }),
        ),
      );
    }

    const port = await freePort();
    const origin = `http://127.0.0.1:${String(port)}`;
    server = await startServerProcess(port, {
      DATABASE_URL: url,
      PUBLIC_ORIGIN: origin,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      METRICS: 'true',
    });
    const live = `${origin}/api/v1${storyLivePath(storyId)}`;
    const tokens = await Promise.all(
      subscribers.map(async (user) => bearer(await accessTokenFor(db, origin, user.id))),
    );
    const headersOf = (n: number) => tokens[n % tokens.length] ?? {};
    const writeHeaders = {
      ...bearer(await accessTokenFor(db, origin, writer.id)),
      ...xsrfHeaders(),
      'content-type': 'application/json',
    };
    const write = async (): Promise<number> => {
      const response = await fetch(`${origin}/api/v1/stories/${String(storyId)}/instances`, {
        method: 'POST',
        headers: writeHeaders,
        body: JSON.stringify(storyBodies.instance(wall.item.item.id)),
      });
      const body = (await response.json()) as { id: number };
      if (response.status !== 201) throw new Error(`write: ${String(response.status)}`);
      return body.id;
    };

    console.log(
      `PostgreSQL (fresh database ${name}); the server from its sources (tsx) as a child process, pid ${String(server.child.pid)}; open files: bench ${ulimitOf(undefined)}, server ${ulimitOf(server.child.pid)}`,
    );
    console.log(
      `Streams spread round robin over ${String(SUBSCRIBERS)} members (ICT_MODELER and ICT_VERIFIER); the writer is one more ICT_MODELER. Clients: node:http, one socket per stream.\n`,
    );

    // Warm-up: a few streams and writes, so that JIT, pools and the LISTEN connection are ready.
    const warm = await openStreams(10, live, headersOf);
    await writeAndMeasure(warm.streams, 10, write);
    for (const stream of warm.streams) stream.close();

    const baseline = await serverMemory(server);

    const fan = await openStreams(FAN_OUT, live, headersOf);
    open.push(...fan.streams);
    const atFan = await serverMemory(server);
    const fanDeliveries = await writeAndMeasure(fan.streams, WRITES, write);

    const more = await openStreams(LARGE - FAN_OUT, live, headersOf);
    open.push(...more.streams);
    const atLarge = await serverMemory(server);
    const largeDeliveries = await writeAndMeasure(open, LARGE_WRITES, write);
    const streamErrors = open.flatMap((stream) => stream.errors);
    const ended = open.filter((stream) => stream.ended).length;

    const perConnection = (at: ServerMemory, from: ServerMemory, n: number) =>
      `${((1024 * (at.rssMb - from.rssMb)) / n).toFixed(1)} KB RSS, ${((1024 * (at.heapUsedMb - from.heapUsedMb)) / n).toFixed(1)} KB heap`;

    console.log(
      `Fan-out: ${String(fan.streams.length)} streams open (${String(fan.failures.length)} failed) in ${fan.seconds.toFixed(1)} s; ${String(WRITES)} instance writes ${String(SPACING_MS)} ms apart (answers: p50 ${ms(percentile(fanDeliveries.answerMs, 0.5))} ms, max ${ms(Math.max(...fanDeliveries.answerMs))} ms); ${String(fanDeliveries.missing)} deliveries missing\n`,
    );
    console.log('| delivery of a change | deliveries | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('| --- | --: | --: | --: | --: | --: |');
    for (const line of deliveryRows(`${String(FAN_OUT)} streams`, fanDeliveries)) console.log(line);
    for (const line of deliveryRows(`${String(LARGE)} streams`, largeDeliveries)) console.log(line);

    console.log(
      `\n${String(LARGE)} streams: ${String(open.length)} said hello (${String(more.failures.length)} failed: ${[...new Set(more.failures)].join(', ') || 'none'}), the last ${String(LARGE - FAN_OUT)} opened in ${more.seconds.toFixed(1)} s; ${String(LARGE_WRITES)} writes (answers: p50 ${ms(percentile(largeDeliveries.answerMs, 0.5))} ms, max ${ms(Math.max(...largeDeliveries.answerMs))} ms); ${String(largeDeliveries.missing)} of ${String(open.length * LARGE_WRITES)} deliveries missing; streams ended by the server: ${String(ended)}; gone/reset/errors: ${streamErrors.length === 0 ? 'none' : [...new Set(streamErrors)].join(', ')}\n`,
    );
    console.log('| server memory | RSS MB | heap used MB | per stream since no stream |');
    console.log('| --- | --: | --: | --- |');
    console.log(`| no stream open | ${ms(baseline.rssMb)} | ${ms(baseline.heapUsedMb)} | |`);
    console.log(
      `| ${String(FAN_OUT)} streams | ${ms(atFan.rssMb)} | ${ms(atFan.heapUsedMb)} | ${perConnection(atFan, baseline, FAN_OUT)} |`,
    );
    console.log(
      `| ${String(LARGE)} streams | ${ms(atLarge.rssMb)} | ${ms(atLarge.heapUsedMb)} | ${perConnection(atLarge, baseline, LARGE)} (from ${String(FAN_OUT)} to ${String(LARGE)}: ${perConnection(atLarge, atFan, LARGE - FAN_OUT)}) |`,
    );
  } finally {
    for (const stream of open) stream.close();
    agent.destroy();
    await server?.stop();
    await database.close();
    await dropPostgresDatabase(ADMIN_URL, name);
  }
}

await main();
