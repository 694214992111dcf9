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
import { accountsRoutes } from './modules/accounts/accounts.routes';
import authPlugin from './modules/auth/auth.plugin';
import { catalogModuleRoutes } from './modules/catalogs/catalogs.module';
import { companyModuleRoutes } from './modules/companies/companies.module';
import { exportRoutes } from './modules/exports/exports.routes';
import { healthRoutes } from './modules/health/health.routes';
import jobsPlugin from './modules/jobs/jobs.plugin';
import mailPlugin from './modules/mail/mail.plugin';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import { storyModuleRoutes } from './modules/stories/stories.module';
import { CalculationThread } from './modules/stories/calculation/calculation-thread';
import { VersionReads } from './modules/stories/versions/version-reads';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { usersRoutes } from './modules/users/users.routes';
import changeNoticesPlugin from './plugins/change-notices';
import storyListCachePlugin from './modules/stories/stories/story-list-cache';
import storyLivePlugin from './modules/stories/live/live.plugin';
import authenticationPlugin, { authenticateByDefault } from './plugins/authentication';
import compressionPlugin from './plugins/compression';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import errorsPlugin, { replyWithProblem } from './plugins/errors';
import exportRendererPlugin from './plugins/export-renderer';
import loadSheddingPlugin from './plugins/load-shedding';
import metricsPlugin from './plugins/metrics';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import textInputPlugin from './plugins/text-input';
import xsrfPlugin from './plugins/xsrf';

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
    // request.ip (audit log, sign-in limits per address) comes from X-Forwarded-For only when told.
    trustProxy: config.trustProxy,
    // A URL that cannot be decoded (the bytes of a lone surrogate) is answered like any other
    // refusal: by the errors plugin, as problem+json.
    frameworkErrors: (error, request, reply) => {
      void replyWithProblem(error, request, reply);
    },
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
  await app.register(changeNoticesPlugin);
  await app.register(errorsPlugin);
  // Before any other request work: an overloaded process refuses at once what it cannot serve.
  await app.register(loadSheddingPlugin);
  // Before every route and the SPA's files, so that its hook sees all of their answers.
  await app.register(compressionPlugin);
  await app.register(textInputPlugin);
  await app.register(docsPlugin);
  await app.register(xsrfPlugin);
  // Durable background jobs (mail delivery, recalculation) on the database, then what uses them.
  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  // PDF and .xlsx exports render in worker threads, off the request path.
  await app.register(exportRendererPlugin, { concurrency: 1 });
  // Prometheus metrics (METRICS=true): before the routes, so that it counts every one.
  await app.register(metricsPlugin);
  // The sign-in service at /auth (or the external issuer), then API authentication on top of it.
  await app.register(authPlugin);
  await app.register(authenticationPlugin);
  await app.register(storyListCachePlugin);
  // The open live story streams of this process (decision 0046).
  await app.register(storyLivePlugin);

  // One per process: the story routes and the exports (comparisons) calculate on the same thread,
  // which keeps each story's calculator, and read versions through the same memory.
  const calculations = new CalculationThread({
    threadFromInstances: config.calculationThreadInstances,
  });
  app.addHook('onClose', () => calculations.close());
  const versionReads = new VersionReads();

  // API routes. Everything under /api/v1 needs a signed-in user unless it says `public: true`.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      authenticateByDefault(api);
      await api.register(metaRoutes);
      await api.register(accountsRoutes);
      await api.register(usersRoutes);
      await api.register(apiTokensRoutes);
      await api.register(companyModuleRoutes);
      await api.register(catalogModuleRoutes);
      await api.register(storyModuleRoutes, { calculations, versionReads });
      await api.register(exportRoutes, { calculations, versionReads });
    },
    { prefix: '/api/v1' },
  );

  // Mails kept without an SMTP server, readable in the browser; production answers 404.
  if (config.nodeEnv !== 'production') await app.register(mailboxRoutes);

  // Last, because it owns the not-found handling of everything above.
  await app.register(spaPlugin, { webDistDir: config.webDistDir });

  return app;
}
