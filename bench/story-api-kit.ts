// What the story API benchmarks share: a fresh in-memory PGlite with the demo data and generated stories, ANALYZEd, and the app answering through inject.
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPgliteDatabase, type Database } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { generateStories, type GeneratedStories } from './story-data';

const ORIGIN = 'http://localhost:3000';

export interface StoryApiBench {
  client: PGlite;
  database: Database;
  app: FastifyInstance;
  generated: GeneratedStories;
  /** The demo user's bearer token with the XSRF pair, for reads and writes. */
  headers: Record<string, string>;
  /** Seconds spent migrating, seeding and generating. */
  generatedSeconds: number;
  /** Changes one attribute of the big story's editable instance (GET, then PUT); answers the PUT's milliseconds. */
  edit: () => Promise<number>;
  close: () => Promise<void>;
}

export async function startStoryApiBench(options: {
  instances: number;
  stories: number;
}): Promise<StoryApiBench> {
  const started = performance.now();
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const generated = await generateStories(database.db, options);
  // What PostgreSQL's autovacuum gives a server database (PGlite runs none).
  await client.query('analyze');
  const generatedSeconds = (performance.now() - started) / 1000;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: ORIGIN }),
    seedDemo: false,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const headers = {
    ...bearer(await accessTokenFor(database.db, ORIGIN, generated.userId)),
    ...xsrfHeaders(),
  };
  const editUrl = `/api/v1/stories/${generated.bigStoryId}/instances/${generated.editable.instanceId}`;
  let editValue = 1;
  const edit = async (): Promise<number> => {
    const current = await app.inject({ method: 'GET', url: editUrl, headers });
    const instance = current.json<Record<string, unknown> & { values: Record<string, unknown> }>();
    editValue = (editValue % 20) + 1;
    const started = performance.now();
    const response = await app.inject({
      method: 'PUT',
      url: editUrl,
      headers,
      payload: {
        name: instance.name,
        description: instance.description,
        optional: instance.optional,
        level: instance.level,
        values: { ...instance.values, [generated.editable.attribute]: editValue },
        labelIds: instance.labelIds,
        revision: instance.revision,
      },
    });
    if (response.statusCode !== 200)
      throw new Error(`PUT: ${response.statusCode} ${response.body}`);
    return performance.now() - started;
  };
  return {
    client,
    database,
    app,
    generated,
    headers,
    generatedSeconds,
    edit,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
