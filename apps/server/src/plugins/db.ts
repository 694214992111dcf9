// Makes the open database reachable from every route as `app.database` (and its Drizzle handle as `app.db`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

// The caller owns the database (main.ts opens it before the app and closes it after), so the
// plugin does not close it on app.close(): tests can restart an app on the same database.
function dbPlugin(app: FastifyInstance, options: { database: Database }, done: () => void): void {
  app.decorate<Database>('database', options.database);
  app.decorate('db', options.database.db);
  done();
}

export default fp(dbPlugin, { name: 'costory-db' });
