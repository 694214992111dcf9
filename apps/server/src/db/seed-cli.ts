// `npm run db:seed`: loads the demo data on demand (only into a database without companies).
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createDatabase, describeDatabase } from './database';
import { migrateDatabase } from './migrate';
import { seedDemoData } from './seed';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const database = await createDatabase(config);
try {
  // Migrating first lets the command work on an empty database too.
  await migrateDatabase(database);
  const seeded = await seedDemoData(database.db, config.demoPassword);
  logger.info(
    { database: describeDatabase(config), seeded },
    seeded ? 'demo data loaded' : 'demo data skipped: the database already has companies',
  );
} catch (error) {
  logger.error({ err: error }, 'seeding failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
