// The scale check (issue 15, `npm run scale:check`): three server processes behind nginx on one PostgreSQL database with a real SMTP sink; a journey across the processes (an export job among them), PostgreSQL going away under load, and kill -9 of one during 200 concurrent writes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@costory/shared';
import { selectRows, type Database } from '../../src/db/database';
import { uniqueEmail } from '../helpers/factories';
import { freePort } from '../helpers/listen';
import { NGINX_BINARY, startNginx, type Nginx } from '../helpers/nginx';
import { signIn } from '../helpers/oidc-flow';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openSse, type SseStream } from '../helpers/sse';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { proxyDatabaseUrl, type TcpProxy } from '../helpers/tcp-proxy';
import { createWallStory, storyBodies } from '../helpers/story-factories';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-db';

const PROCESSES = 3;
const WRITES = 200;
const XSRF = 'scale-check-xsrf-token-0123456789';

/** How long PostgreSQL stays away, and how long the load goes on before and after. */
const OUTAGE_MS = 3000;
const LOAD_AROUND_OUTAGE_MS = 2000;
const LOAD_CONNECTIONS = 8;

interface DatabaseOutage {
  name: string;
  down(): Promise<void>;
  up(): Promise<void>;
}

/**
 * How the check takes PostgreSQL away. `npm run scale:check` restarts the real server
 * (SCALE_CHECK_PG_CLUSTER="15 main": pg_ctlcluster, as root); in `npm test`, where other suites
 * share that server, every process reaches it through a proxy that drops every connection and
 * refuses new ones meanwhile, which is what the processes see of a restart.
 */
function databaseOutage(proxy: TcpProxy): DatabaseOutage {
  const cluster = process.env.SCALE_CHECK_PG_CLUSTER?.split(' ').filter(Boolean);
  if (cluster?.length === 2) {
    const ctl = (...args: string[]) =>
      promisify(execFile)('pg_ctlcluster', [...cluster, ...args]).then(() => undefined);
    return {
      name: `PostgreSQL ${cluster.join(' ')} stopped (pg_ctlcluster stop -m fast) and started`,
      down: () => ctl('stop', '-m', 'fast'),
      up: () => ctl('start'),
    };
  }
  return {
    name: 'PostgreSQL cut off at the proxy every process connects through',
    down: () => proxy.cut(),
    up: () => proxy.restore(),
  };
}

interface Timed {
  started: number;
  ended: number;
  status: number;
}

/** Prints a figure of the check (vitest shows it; `npm run scale:check` collects them). */
function report(line: string): void {
  process.stdout.write(`[scale-check] ${line}\n`);
}

// Needs PostgreSQL (several processes) and nginx; the PostgreSQL pass of `npm test` runs it.
describe.runIf(testDatabaseKind() === 'postgres' && NGINX_BINARY !== undefined)(
  'scale check: three server processes behind nginx on one PostgreSQL',
  () => {
    let database: Database;
    let proxy: TcpProxy;
    let smtp: TestSmtpServer;
    const servers: ServerProcess[] = [];
    let nginx: Nginx | undefined;
    let headers: Record<string, string>;
    let storyId: number;
    let itemId: number;
    let roleId: number;

    beforeAll(async () => {
      database = await createTestDatabase();
      if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const proxied = await proxyDatabaseUrl(String(database.client.options.connectionString));
      proxy = proxied.proxy;
      const databaseUrl = proxied.url;
      smtp = await startTestSmtpServer();
      const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
      const nginxPort = await freePort();
      const env = {
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        PUBLIC_ORIGIN: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: 'true',
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Every file export becomes a background job, so the journey can follow one.
        EXPORT_JOB_ROWS: '1',
      };
      const started = Date.now();
      // One after the other: on two cores, three processes compiling at once only slow each other.
      for (const port of ports) servers.push(await startServerProcess(port, env));
      nginx = await startNginx(nginxPort, ports);
      report(`${PROCESSES} processes and nginx ready in ${Date.now() - started} ms`);

      const db = database.db;
      const { admin, role, item, story } = await createWallStory(db);
      storyId = story.id;
      itemId = item.item.id;
      roleId = role.id;
      // Every step of the sign-in goes through nginx, so it lands on one process after another.
      const { tokens } = await signIn(nginx.url, { email: admin.email, password: admin.password });
      headers = {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        cookie: `${XSRF_COOKIE_NAME}=${XSRF}`,
        [XSRF_HEADER_NAME.toLowerCase()]: XSRF,
      };
    }, 300_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await smtp.close();
      await proxy.close();
      await database.close();
    });

    const call = (base: string, path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/v1${path}`, { ...init, headers: { ...headers, ...init.headers } });

    it('signs in through nginx, writes through one process, reads through another; one invite mail; jobs sent by one process complete', async () => {
      const [first, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
      const created = await call(second.url, `/stories/${storyId}/instances`, {
        method: 'POST',
        body: JSON.stringify(storyBodies.instance(itemId, { name: 'Across processes' })),
      });
      expect(created.status).toBe(201);
      const instance = (await created.json()) as { id: number; price: string };
      expect(instance.price).toBe('200.00');
      const read = await call(third.url, `/stories/${storyId}/instances/${instance.id}`);
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ name: 'Across processes', price: '200.00' });

      const invitee = uniqueEmail('scale-invite');
      const invited = await call(first.url, `/stories/${storyId}/invites`, {
        method: 'POST',
        body: JSON.stringify({ role: 'ICT_VERIFIER', email: invitee }),
      });
      expect(invited.status).toBe(201);
      await smtp.waitForMail((mail) => mail.to.includes(invitee), 20_000);
      // Every process polls the mail queue: give them time to send it again if they would.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const invites = smtp.mails.filter((mail) => mail.to.includes(invitee)).length;
      expect(invites).toBe(1);
      report(
        `journey: instance written on :${second.port}, read on :${third.port}; invite mails received: ${invites}`,
      );

      // A price change on one process queues a recalculation job; the story follows.
      const changed = await call(
        first.url,
        `/catalogs/${await catalogIdOf(storyId)}/roles/${roleId}`,
        {
          method: 'PUT',
          body: JSON.stringify({
            name: { en: 'Developer' },
            code: 'DEV',
            description: {},
            unit: 'MANDAYS',
            price: '150',
            version: 0,
          }),
        },
      );
      expect(changed.status).toBe(200);
      await expect
        .poll(
          async () =>
            ((await (await call(third.url, `/stories/${storyId}`)).json()) as { price: string })
              .price,
          { timeout: 15_000, interval: 200 },
        )
        .toBe('300.00');
      report('recalculation job sent on one process completed: story total 300.00');

      // An export job started on one process is rendered by whichever takes it; polled elsewhere.
      const accepted = await call(first.url, `/stories/${storyId}/exports/ict?format=pdf`);
      expect(accepted.status).toBe(202);
      const job = (await accepted.json()) as { id: string };
      await expect
        .poll(
          async () =>
            ((await (await call(third.url, `/export-jobs/${job.id}`)).json()) as { status: string })
              .status,
          { timeout: 30_000, interval: 250 },
        )
        .toBe('done');
      const file = await call(second.url, `/export-jobs/${job.id}/file`);
      expect(file.status).toBe(200);
      const pdf = Buffer.from(await file.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      report(
        `export job started on :${first.port}, done as seen on :${third.port}, ${pdf.length} bytes fetched on :${second.port}`,
      );
    }, 120_000);

    it('answers errors only while PostgreSQL is away under load, every process healthy within 5 s of its return', async () => {
      const outage = databaseOutage(proxy);
      const nginxUrl = nginx?.url ?? '';
      const requests: Timed[] = [];
      let loading = true;
      const load = async (connection: number) => {
        for (let index = 0; loading; index += 1) {
          const started = Date.now();
          const write = index % 2 === 1;
          const response = await call(
            nginxUrl,
            write ? `/stories/${storyId}/instances` : `/stories/${storyId}`,
            write
              ? {
                  method: 'POST',
                  body: JSON.stringify(
                    storyBodies.instance(itemId, { name: `Outage ${connection}-${index}` }),
                  ),
                }
              : {},
          ).catch(() => undefined);
          await response?.arrayBuffer();
          requests.push({ started, ended: Date.now(), status: response?.status ?? 0 });
          // An answer refused at once would otherwise spin this loop thousands of times.
          if (!response?.ok) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const loaders = Array.from({ length: LOAD_CONNECTIONS }, (_, connection) => load(connection));

      await new Promise((resolve) => setTimeout(resolve, LOAD_AROUND_OUTAGE_MS));
      const downAt = Date.now();
      await outage.down();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await outage.up();
      const upAt = Date.now();
      const healthy = await Promise.all(
        servers.map(async (server) => {
          for (;;) {
            if (server.child.exitCode !== null || Date.now() - upAt > 30_000) {
              throw new Error(
                `the process on :${server.port} did not recover:\n${server.output().slice(-3000)}`,
              );
            }
            const status = await fetch(`${server.url}/api/health/ready`)
              .then((response) => response.status)
              .catch(() => 0);
            if (status === 200) return Date.now() - upAt;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
      );
      const healthyAt = upAt + Math.max(...healthy);
      await new Promise((resolve) => setTimeout(resolve, LOAD_AROUND_OUTAGE_MS));
      loading = false;
      await Promise.all(loaders);

      const failed = requests.filter((request) => request.status < 200 || request.status >= 300);
      // In flight at some moment while the database was away, or before the processes noticed it was back.
      const duringOutage = (request: Timed) =>
        request.started <= healthyAt && request.ended >= downAt;
      const outside = failed.filter((request) => !duringOutage(request));
      const statuses = new Map<number, number>();
      for (const { status } of failed) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const afterUp = failed.filter((request) => request.started > upAt).length;
      report(
        `${outage.name} for ${upAt - downAt} ms under ${LOAD_CONNECTIONS} connections: ${requests.length} requests, ${failed.length} failed (${JSON.stringify(Object.fromEntries(statuses))}), ${afterUp} of them started after its return, ${outside.length} outside the outage; every process ready ${healthy.join(', ')} ms after its return`,
      );
      expect(requests.filter((request) => request.ended < downAt).length).toBeGreaterThan(0);
      expect(requests.filter((request) => request.started > healthyAt).length).toBeGreaterThan(0);
      expect(outside).toEqual([]);
      // The processes answer the outage as a problem the client can retry, not as a crash.
      expect([...statuses.keys()].every((status) => status === 503)).toBe(true);
      expect(Math.max(...healthy)).toBeLessThanOrEqual(5000);
    }, 120_000);

    it('keeps every acknowledged write, once, when a process is killed during 200 concurrent writes', async () => {
      const victim = servers[1] as ServerProcess;
      let acknowledged = 0;
      let killedAfter = -1;
      const results = await Promise.all(
        Array.from({ length: WRITES }, async (_, index) => {
          const name = `Concurrent ${index}`;
          const response = await call(nginx?.url ?? '', `/stories/${storyId}/instances`, {
            method: 'POST',
            body: JSON.stringify(storyBodies.instance(itemId, { name })),
          }).catch(() => undefined);
          const status = response?.status ?? 0;
          await response?.arrayBuffer();
          if (status === 201) {
            acknowledged += 1;
            if (acknowledged === 40) {
              killedAfter = acknowledged;
              victim.child.kill('SIGKILL');
            }
          }
          return { name, status };
        }),
      );
      const statuses = new Map<number, number>();
      for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(killedAfter, JSON.stringify(Object.fromEntries(statuses))).toBe(40);
      const rows = await selectRows<{ name: string; count: number }>(
        database.db,
        sql`select name, count(*)::int as count from story_instances
            where story_id = ${storyId} and name like 'Concurrent %' group by name`,
      );
      const stored = new Map(rows.map((row) => [row.name, row.count]));
      const ok = results.filter((result) => result.status === 201);
      for (const { name } of ok) expect(stored.get(name), name).toBe(1);
      expect(rows.every((row) => row.count === 1)).toBe(true);
      report(
        `kill -9 after ${killedAfter} acknowledged writes: ${ok.length} of ${WRITES} answered 201, each stored once; ${rows.length - ok.length} more stored whose answer the client lost; none twice; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );

      // The others keep answering, directly and through nginx.
      for (const server of servers.filter((server) => server !== victim)) {
        expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      }
      for (let index = 0; index < 6; index += 1) {
        expect((await call(nginx?.url ?? '', `/stories/${storyId}`)).status).toBe(200);
      }
    }, 120_000);

    it('streams a story live across processes and through nginx, and misses nothing through an outage of PostgreSQL or a killed process', async () => {
      // The kill above took servers[1]; these two are alive.
      const [first, , third] = servers as [ServerProcess, ServerProcess, ServerProcess];
      const nginxUrl = nginx?.url ?? '';
      const live = (base: string, lastEventId?: string) =>
        openSse(`${base}/api/v1/stories/${storyId}/live`, {
          authorization: headers.authorization ?? '',
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        });
      const write = async (name: string) => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const response = await call(third.url, `/stories/${storyId}/instances`, {
            method: 'POST',
            body: JSON.stringify(storyBodies.instance(itemId, { name })),
          }).catch(() => undefined);
          if (response?.status === 201) return ((await response.json()) as { id: number }).id;
          await response?.arrayBuffer();
          if (Date.now() > deadline) throw new Error(`${name}: ${String(response?.status)}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      const changeOf = async (stream: SseStream, instanceId: number, timeoutMs = 5000) => {
        for (;;) {
          const change = await stream.next('change', timeoutMs);
          if ((change.data as { instanceId: number }).instanceId === instanceId) return change;
        }
      };

      const onFirst = await live(first.url);
      const viaNginx = await live(nginxUrl);
      expect([onFirst.status, viaNginx.status]).toEqual([200, 200]);
      await Promise.all([onFirst.next('hello'), viaNginx.next('hello')]);
      const writtenAt = Date.now();
      const across = await write('Live across processes');
      const [seen] = await Promise.all([changeOf(onFirst, across), changeOf(viaNginx, across)]);
      expect(seen.data).toMatchObject({ type: 'INSTANCE_CREATED', instanceId: across });
      report(
        `live: a write on :${third.port} reached a stream on :${first.port} and one through nginx within ${Date.now() - writtenAt} ms`,
      );

      // PostgreSQL away and back: the processes listen again and read what they may have missed.
      const outage = databaseOutage(proxy);
      await outage.down();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await outage.up();
      const afterOutage = await write('Live after the outage');
      await changeOf(onFirst, afterOutage, 20_000);
      const resumeFrom = (await changeOf(viaNginx, afterOutage, 20_000)).id;
      report('live: streams kept through the outage; the write after it arrived on both');

      // The stream's process is killed: a reconnection through nginx (to another process) with
      // the last event id gets what was written meanwhile.
      first.child.kill('SIGKILL');
      await onFirst.rest(10_000);
      viaNginx.close();
      const meanwhile = await write('Live while reconnecting');
      const resumed = await live(nginxUrl, resumeFrom);
      expect(resumed.status).toBe(200);
      const caughtUp = await changeOf(resumed, meanwhile);
      expect(Number(caughtUp.id)).toBeGreaterThan(Number(resumeFrom));
      resumed.close();
      report(
        "live: after kill -9 of the stream's process, a reconnection with Last-Event-ID caught up",
      );
    }, 120_000);

    async function catalogIdOf(story: number): Promise<number> {
      const [row] = await selectRows<{ catalog_id: number }>(
        database.db,
        sql`select catalog_id from stories where id = ${story}`,
      );
      return row?.catalog_id ?? 0;
    }
  },
);
