// buildListeningApp: the real app listening on 127.0.0.1 with PUBLIC_ORIGIN set to where it listens, for HTTP flows.
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from './build-test-app';
import { freePort } from './free-port';

export { freePort } from './free-port';

export interface ListeningApp extends TestApp {
  /** Where the app listens, e.g. http://127.0.0.1:41234. */
  url: string;
}

export async function buildListeningApp(
  options: {
    config?: Partial<Config>;
    database?: Database;
    port?: number;
    routes?: BuildTestAppOptions['routes'];
  } = {},
): Promise<ListeningApp> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ctx = await buildTestApp({
    ...options,
    config: { publicOrigin: url, port, ...options.config },
  });
  try {
    await ctx.app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await ctx.close();
    throw error;
  }
  return { ...ctx, url };
}
