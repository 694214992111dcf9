// GET /api/health (readiness, as before), /api/health/live (the process answers) and /api/health/ready (database reachable, migrations applied; else 503 problem+json) for load balancers and orchestrators.
import { healthSchema } from '@costory/shared';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ServiceUnavailableError } from '../../errors';
import { checkHealth, checkReadiness } from './health.service';

export const NOT_READY = {
  database: {
    en: 'The database does not answer; requests are refused until it does.',
    cs: 'Databáze neodpovídá; požadavky jsou odmítány, dokud neodpoví.',
  },
  migrations: {
    en: 'The database schema is not this version’s yet: migrations are pending.',
    cs: 'Schéma databáze ještě neodpovídá této verzi: čekají migrace.',
  },
} as const;

const statusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: whether the server and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (it does not ask the database)',
        response: { 200: statusSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers and every migration of this version is applied (else 503 problem+json SERVICE_UNAVAILABLE)',
        response: { 200: statusSchema },
      },
    },
    async () => {
      const readiness = await checkReadiness(app.database, app.db);
      if (!readiness.ready) {
        throw new ServiceUnavailableError({ detail: NOT_READY[readiness.reason] });
      }
      return { status: 'ok' as const };
    },
  );
  done();
};
