// buildTestApp: the real app on a fresh test database, with test settings; close() releases both.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OIDC_CLIENT_ID } from '@costory/shared';
import { buildApp, type App } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { DEMO_USER_PASSWORD } from '../../src/db/demo-account';
import { assertNoLeaks, captureLogs, type LogCapture } from './log-capture';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** The app's log lines (info level), checked for secrets when the app closes. */
  logs: LogCapture;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  config?: Partial<Config>;
  /** Use this database instead of a fresh one; the caller then closes it. */
  database?: Database;
  /** Adds routes (e.g. probes for the error handler) to the real app before it is loaded. */
  routes?: (app: App) => void;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'costory-unused-data-dir'),
    databaseUrl: undefined,
    nodeEnv: 'test',
    logLevel: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent',
    // No SPA unless a test points this at a folder it created.
    webDistDir: join(tmpdir(), 'costory-no-web-dist'),
    publicOrigin: 'http://localhost:3000',
    seedDemo: false,
    demoPassword: DEMO_USER_PASSWORD,
    smtpUrl: undefined,
    mailFrom: 'Costory <no-reply@localhost>',
    oidcIssuer: undefined,
    oidcClientId: OIDC_CLIENT_ID,
    trustProxy: false,
    apiDocs: true,
    registrationsPerClient: 20,
    jobWorkers: true,
    metrics: false,
    exportJobRows: 2000,
    calculationThreadInstances: 2000,
    maxRequestsInFlight: 256,
    ...overrides,
  };
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  try {
    const logs = captureLogs();
    const app = await buildApp({ config, database, logger: logs.logger });
    options.routes?.(app);
    await app.ready();
    return {
      app,
      database,
      config,
      logs,
      async close() {
        await app.close();
        if (ownsDatabase) await database.close();
        assertNoLeaks(logs);
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}
