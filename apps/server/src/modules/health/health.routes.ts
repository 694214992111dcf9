// GET /api/health: readiness for load balancers and orchestrators (200 ready, 503 not ready).
import { healthSchema } from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service';

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
  done();
};
