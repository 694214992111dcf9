// Starts the real server as a child process (the sources through tsx, or the build when COSTORY_SERVER_ENTRY=dist), waits until it is ready, and kills it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { serverRoot } from '../../src/paths';

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

function entryArgs(): string[] {
  return process.env.COSTORY_SERVER_ENTRY === 'dist'
    ? [join(serverRoot(), 'dist', 'main.js')]
    : ['--import', 'tsx', join(serverRoot(), 'src', 'main.ts')];
}

async function waitUntilReady(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server on ${server.port} exited:\n${server.output().slice(-2000)}`);
    }
    const status = await fetch(`${server.url}/api/health/ready`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${server.port} not ready in time:\n${server.output().slice(-2000)}`);
}

/** Starts a server on `port` with `env` (DATABASE_URL or DATA_DIR, …) and resolves once ready. */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, entryArgs(), {
    cwd: serverRoot(),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitUntilReady(server, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}
