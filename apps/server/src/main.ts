// Process entry point: open and prepare the database, build the app, listen, and shut down gracefully.
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, describeDatabase, type Database } from './db/database';
import { DEMO_USER_EMAIL } from './db/demo-account';
import { prepareDatabase } from './db/migrate';
import { startHoldingServer } from './holding-server';
import { isDatabaseUnavailable } from './lib/db-errors';
import { createLogger, type Logger } from './logger';

// Waits between attempts to reach the database at start: 1 s, 2 s, 4 s, … at most 30 s.
const START_RETRY_MAX_SECONDS = 30;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Migrates (and seeds) the database. While it cannot be reached, logs why, answers health checks
 * from a holding server on the app's port, and tries again with back-off; any other failure (a
 * broken migration, a wrong database name) ends the process with its reason. False when the
 * process should end.
 */
async function prepareWithRetries(
  config: Config,
  database: Database,
  logger: Logger,
  where: string,
): Promise<boolean> {
  let holding: FastifyInstance | undefined;
  let stopping = false;
  const stop = () => {
    stopping = true;
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    for (let attempt = 1; !stopping; attempt += 1) {
      try {
        const { fresh, seeded } = await prepareDatabase(database, {
          seedDemo: config.seedDemo,
          demoPassword: config.demoPassword,
        });
        logDatabaseReady(config, logger, where, fresh, seeded);
        return true;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) {
          logger.fatal({ err: error, database: where }, 'cannot prepare the database');
          break;
        }
        const retryInSeconds = Math.min(2 ** (attempt - 1), START_RETRY_MAX_SECONDS);
        logger.error(
          { err: error, database: where, attempt, retryInSeconds },
          'the database cannot be reached; retrying (/api/health/ready answers 503 meanwhile)',
        );
        holding ??= await startHoldingServer({ host: config.host, port: config.port, logger });
        await sleep(retryInSeconds * 1000);
      }
    }
    await database.close();
    process.exitCode = 1;
    return false;
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    await holding?.close();
  }
}

function logDatabaseReady(
  config: Config,
  logger: Logger,
  where: string,
  fresh: boolean,
  seeded: boolean,
): void {
  logger.info({ database: where, fresh, seeded }, 'database ready');
  if (seeded) {
    logger.info(
      `demo data loaded: sign in as ${DEMO_USER_EMAIL} with ${config.nodeEnv === 'production' ? 'the password in DEMO_PASSWORD' : 'the password in the README'}`,
    );
  } else if (fresh) {
    logger.info(
      'demo data not loaded (set SEED_DEMO=true, and DEMO_PASSWORD in production, to load it)',
    );
  }
}

async function start(): Promise<void> {
  // Stack traces from dist/main.js then point at the TypeScript sources (the build writes a map).
  process.setSourceMapsEnabled(true);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    const logger = createLogger({ level: 'info' });
    logger.fatal(error instanceof ConfigError ? error.message : { err: error }, 'cannot start');
    process.exitCode = 1;
    return;
  }
  const logger = createLogger({ level: config.logLevel });
  const where = describeDatabase(config);

  let database: Database;
  try {
    database = await createDatabase(config);
  } catch (error) {
    logger.fatal({ err: error, database: where }, 'cannot open the database');
    process.exitCode = 1;
    return;
  }
  const prepared = await prepareWithRetries(config, database, logger, where);
  if (!prepared) return;

  const app = await buildApp({ config, database, logger });

  // The database closes after the app, so in-flight requests finish first; PGlite must be closed
  // for its folder to be left consistent.
  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an uncaught error');
    else logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    logger.fatal({ err: error }, 'cannot listen');
    await app.close();
    await database.close();
    process.exitCode = 1;
    return;
  }
  logger.info(
    { url: config.publicOrigin, env: config.nodeEnv },
    `Costory is running at ${config.publicOrigin}`,
  );
}

await start();
