// Process entry point: open and prepare the database, build the app, listen, and shut down gracefully.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, describeDatabase, type Database } from './db/database';
import { DEMO_USER_EMAIL } from './db/demo-account';
import { prepareDatabase } from './db/migrate';
import { createLogger } from './logger';

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
  try {
    const { fresh, seeded } = await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      demoPassword: config.demoPassword,
    });
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
  } catch (error) {
    logger.fatal({ err: error, database: where }, 'cannot prepare the database');
    await database.close();
    process.exitCode = 1;
    return;
  }

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
