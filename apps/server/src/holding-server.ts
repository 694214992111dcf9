// What the port answers while the database cannot be reached at start: live, not ready, every other request 503 problem+json saying why.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { ServiceUnavailableError } from './errors';
import { NOT_READY } from './modules/health/health.routes';
import errorsPlugin from './plugins/errors';

/**
 * Listens on the app's port until the real app replaces it, so that an orchestrator sees a live
 * process that is not ready (and why) instead of a crash loop.
 */
export async function startHoldingServer(options: {
  host: string;
  port: number;
  logger: FastifyBaseLogger;
}): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: options.logger });
  await server.register(errorsPlugin);
  server.get('/api/health/live', () => ({ status: 'ok' }));
  server.get('/api/health', (_request, reply) =>
    reply.code(503).send({ status: 'degraded', db: 'down' }),
  );
  server.setNotFoundHandler(() => {
    throw new ServiceUnavailableError({ detail: NOT_READY.database });
  });
  await server.listen({ host: options.host, port: options.port });
  return server;
}
