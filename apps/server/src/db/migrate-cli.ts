// `npm run db:migrate`: applies pending migrations to the configured database, then exits.
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createDatabase, describeDatabase } from './database';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const database = await createDatabase(config);
try {
  const { fresh } = await migrateDatabase(database);
  logger.info({ database: describeDatabase(config), fresh }, 'migrations applied');
} catch (error) {
  logger.error({ err: error }, 'migration failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
