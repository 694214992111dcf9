// createTestDatabase: a fresh, migrated, empty database per test file (PGlite clone, or PostgreSQL with TEST_PG_URL).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  createPostgresPool,
  type Database,
} from '../../src/db/database';
import { migrateDatabase } from '../../src/db/migrate';
import {
  TEST_DATABASE_PREFIX,
  createEmptyPostgresDatabase,
  dropPostgresDatabase,
} from './postgres-admin';

let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplatePath')).then((bytes) => new Blob([bytes]));
  return template;
}

/** Which engine the API tests run on: PostgreSQL when TEST_PG_URL is set, PGlite otherwise. */
export function testDatabaseKind(): Database['kind'] {
  return process.env.TEST_PG_URL ? 'postgres' : 'pglite';
}

/**
 * A database with the schema and no rows, and the same interface production uses.
 * `close()` releases it; on PostgreSQL it also drops the database.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ loadDataDir: await pgliteTemplate() });
    return createPgliteDatabase(client);
  }
  const name = `${TEST_DATABASE_PREFIX}${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
  const url = await createEmptyPostgresDatabase(adminUrl, name);
  const database = createPostgresDatabase(createPostgresPool(url));
  const closeConnections = database.close.bind(database);
  const testDatabase: Database = {
    ...database,
    async close() {
      await closeConnections();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
  try {
    await migrateDatabase(testDatabase);
  } catch (error) {
    await testDatabase.close();
    throw error;
  }
  return testDatabase;
}
