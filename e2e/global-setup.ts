// Starts the built server on a fresh embedded database for the journeys and removes it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from './playwright.config';

const root = join(import.meta.dirname, '..');

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // The server is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not become healthy at ${url}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'costory-e2e-'));
  const server = spawn('node', [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every journey registers its people from this one address.
      REGISTRATIONS_PER_CLIENT: '10000',
      // Exports of 40 rows or more render as background jobs (large-export.spec.ts); the other
      // journeys' exports stay well under it.
      EXPORT_JOB_ROWS: '40',
      // Every story is calculated on the calculation thread, so the journeys' summaries and
      // lineups go through the bundled worker (dist/calculation-worker.js) as a large story's do.
      CALCULATION_THREAD_INSTANCES: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${E2E_PORT}/api/health`, Date.now() + 60_000);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
