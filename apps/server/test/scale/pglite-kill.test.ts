// The scale check's one-process case (issue 15): a server on a PGlite folder killed with SIGKILL during writes reopens the folder, and every acknowledged write is there, once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@costory/shared';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../src/db/demo-account';
import { freePort } from '../helpers/listen';
import { signIn } from '../helpers/oidc-flow';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { testDatabaseKind } from '../helpers/test-db';

const XSRF = 'scale-check-xsrf-token-0123456789';
const WRITES = 60;
const KILL_AFTER = 20;

function report(line: string): void {
  process.stdout.write(`[scale-check] ${line}\n`);
}

// The PGlite pass of `npm test` runs it (the folder is the database there).
describe.runIf(testDatabaseKind() === 'pglite')('kill -9 of a server on a PGlite folder', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'costory-kill-'));
    port = await freePort();
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startServerProcess(port, {
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    });

  async function session(url: string) {
    const { tokens } = await signIn(url, { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD });
    const headers = {
      authorization: `Bearer ${tokens.access_token}`,
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE_NAME}=${XSRF}`,
      [XSRF_HEADER_NAME.toLowerCase()]: XSRF,
    };
    const stories = (await (await fetch(`${url}/api/v1/stories`, { headers })).json()) as {
      items: { id: number }[];
    };
    const storyId = stories.items[0]?.id;
    if (storyId === undefined) throw new Error('the demo story is missing');
    return { headers, labelsUrl: `${url}/api/v1/stories/${storyId}/labels` };
  }

  it('reopens the folder with every acknowledged write, once', async () => {
    server = await start();
    const before = await session(server.url);
    const victim = server;
    let acknowledged = 0;
    const results = await Promise.all(
      Array.from({ length: WRITES }, async (_, index) => {
        const title = `Killed ${index}`;
        const response = await fetch(before.labelsUrl, {
          method: 'POST',
          headers: before.headers,
          body: JSON.stringify({ title, description: '', color: '#336699' }),
        }).catch(() => undefined);
        await response?.arrayBuffer();
        if (response?.status === 201) {
          acknowledged += 1;
          if (acknowledged === KILL_AFTER) victim.child.kill('SIGKILL');
        }
        return { title, status: response?.status ?? 0 };
      }),
    );
    if (victim.child.exitCode === null && victim.child.signalCode === null) {
      await new Promise((resolve) => victim.child.once('exit', resolve));
    }
    const ok = results.filter((result) => result.status === 201).map((result) => result.title);
    expect(ok.length).toBeGreaterThanOrEqual(KILL_AFTER);

    server = await start();
    const after = await session(server.url);
    const labels = (await (await fetch(after.labelsUrl, { headers: after.headers })).json()) as {
      title: string;
    }[];
    const titles = labels
      .map((label) => label.title)
      .filter((title) => title.startsWith('Killed '));
    for (const title of ok)
      expect(
        titles.filter((stored) => stored === title),
        title,
      ).toHaveLength(1);
    expect(new Set(titles).size).toBe(titles.length);
    report(
      `PGlite kill -9 after ${KILL_AFTER} acknowledged writes: ${ok.length} of ${WRITES} answered 201, all ${ok.length} present once after reopening; ${titles.length} stored in all`,
    );
  }, 240_000);
});
