// Runs once per test run: builds a migrated PGlite template that every test file clones in under a second.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase } from '../src/db/database';
import { migrateDatabase } from '../src/db/migrate';
import { dropRunDatabases } from './helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, empty PGlite data directory (PGlite's dumpDataDir). */
    pgliteTemplatePath: string;
    /** Distinguishes this run's PostgreSQL test databases, so teardown drops exactly those. */
    testRunId: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'costory-test-template-'));
  // initdb takes seconds; doing it once here keeps each test file's fresh database cheap.
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  try {
    await migrateDatabase(database);
    const dump = await client.dumpDataDir('none');
    const templatePath = join(dir, 'template.tar');
    await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', templatePath);
  } finally {
    await database.close();
  }

  const testRunId = randomBytes(4).toString('hex');
  project.provide('testRunId', testRunId);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    // Each test file drops its own database; this catches those of a worker that crashed.
    const adminUrl = process.env.TEST_PG_URL;
    if (adminUrl) await dropRunDatabases(adminUrl, testRunId);
  };
}
