// A server started while PostgreSQL cannot be reached (issue 15): it says why in the log, is live but not ready (503 problem+json), retries with back-off, and starts by itself once the database answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { serverRoot } from '../src/paths';
import { freePort } from './helpers/listen';
import { proxyDatabaseUrl, type TcpProxy } from './helpers/tcp-proxy';
import { createTestDatabase, testDatabaseKind } from './helpers/test-db';

// PGlite cannot be unreachable; the PostgreSQL pass of the suite runs this.
describe.runIf(testDatabaseKind() === 'postgres')('starting while the database is down', () => {
  let database: Database;
  let proxy: TcpProxy;
  let server: ChildProcess;
  let output = '';
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const proxied = await proxyDatabaseUrl(database.client.options.connectionString ?? '');
    proxy = proxied.proxy;
    await proxy.cut();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', join(serverRoot(), 'src', 'main.ts')], {
      cwd: serverRoot(),
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: proxied.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }, 60_000);
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await proxy.close();
    await database.close();
  });

  const get = async (path: string) => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { 'accept-language': 'en' },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch {
      return { status: 0, body: {} };
    }
  };

  it('is live, not ready and says why until the database answers, then starts by itself', async () => {
    await expect
      .poll(() => output, { timeout: 30_000, interval: 200 })
      .toContain('the database cannot be reached; retrying');
    await expect
      .poll(async () => (await get('/api/health/live')).status, { timeout: 10_000 })
      .toBe(200);
    const ready = await get('/api/health/ready');
    expect(ready).toMatchObject({
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The database does not answer; requests are refused until it does.',
      },
    });
    expect((await get('/api/v1/catalogs')).status).toBe(503);
    expect(server.exitCode).toBeNull();

    await proxy.restore();
    await expect
      .poll(async () => (await get('/api/health/ready')).status, { timeout: 45_000, interval: 250 })
      .toBe(200);
    expect(output).toContain('database ready');
    expect(output).toContain('Costory is running');
  }, 90_000);
});
