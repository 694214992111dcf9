// The ceiling the load benchmarks compare with: a bare Fastify answering {"hello":"world"} as a process of its own.
import { spawn } from 'node:child_process';
import { waitForHealth } from './browser-kit';

/** The path it answers on (the same as the product's liveness check, so nginx routes it alike). */
export const HELLO_WORLD_PATH = '/api/health/live';

/** Starts it on `port` and resolves once it answers; the result stops it. */
export async function startHelloWorld(port: number): Promise<() => void> {
  const script = `
    const fastify = require('fastify')();
    fastify.get('${HELLO_WORLD_PATH}', async () => ({ hello: 'world' }));
    fastify.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: new URL('../apps/server', import.meta.url).pathname,
    stdio: 'ignore',
  });
  await waitForHealth(`http://127.0.0.1:${port}${HELLO_WORLD_PATH}`, Date.now() + 30_000);
  return () => child.kill('SIGTERM');
}
