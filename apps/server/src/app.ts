// buildApp: assembles the Fastify app from plugins (external, then ours), then the API routes, then the SPA.
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@costory/shared';
import type { Config } from './config';
import type { Database } from './db/database';
import { createLogger } from './logger';
import { healthRoutes } from './modules/health/health.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it after the app. */
  database: Database;
  /** Defaults to a pino logger at config.logLevel. */
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Builds the app without listening. Routes may still be added before `ready()` / `listen()`,
 * which is how tests put probe routes on the real app.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger({ level: config.logLevel }),
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // The API speaks JSON only. Refusing text/plain also shuts the door on cross-site "simple"
  // form posts, which browsers send without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  // Echo the id that the logs carry, so a user's report can be matched to the server's log line.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins first, then ours.
  await app.register(securityPlugin);
  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(docsPlugin);

  // API routes.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(metaRoutes, { prefix: '/api/v1' });

  // Last, because it owns the not-found handling of everything above.
  await app.register(spaPlugin, { webDistDir: config.webDistDir });

  return app;
}
