// What the browser benchmarks share: the built product started on a PGlite folder, Debian Chromium, sign-in.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
// Another checkout's build can be measured with this repository's benchmarks (e.g. a before/after).
const root = process.env.BENCH_PRODUCT_ROOT ?? join(import.meta.dirname, '..');
const serverMain = join(root, 'apps/server/dist/main.js');
const webIndex = join(root, 'apps/web/dist/index.html');

/** False (with the reason printed) until `npm run build` has made the server and the web app. */
export const productRoot = root;

export function productIsBuilt(): boolean {
  if (existsSync(serverMain) && existsSync(webIndex)) return true;
  console.error(
    'Build the product first: npm run build (needs apps/server/dist and apps/web/dist)',
  );
  return false;
}

/** The value at or below which `fraction` of the values lie (nearest rank). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy at ${url}`);
}

export function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export function launchChromium(
  profileDir: string,
  extraArgs: readonly string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 850 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export async function signIn(
  page: Page,
  origin: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.waitForURL(/\/login\?interaction=/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !/^\/(login|oauth2-redirect)/.test(url.pathname));
  await page.waitForFunction(() => sessionStorage.getItem('isLogged') === 'true');
}
