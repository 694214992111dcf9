// Overload answered at once (issue 16): past MAX_REQUESTS_IN_FLIGHT API requests being worked on, one more gets 503 with Retry-After instead of a place in a queue that only grows.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../errors';

/** Seconds a refused client is asked to wait: the queue it would have joined drains by then. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const SERVER_BUSY = {
  en: 'The server is busy right now. Try again in a few seconds.',
  cs: 'Server je právě přetížený. Zkuste to znovu za několik sekund.',
} as const;

/** Health checks answer whatever the load: they are how a balancer learns the process lives. */
function shed(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/health');
}

function loadSheddingPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const limit = app.config.maxRequestsInFlight;
  if (limit === 0) {
    done();
    return;
  }
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!shed(request.url)) return;
    if (inFlight >= limit) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableError({ detail: SERVER_BUSY });
    }
    inFlight += 1;
    // 'close' follows every response, finished or cut off by the client, exactly once.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  done();
}

export default fp(loadSheddingPlugin, { name: 'costory-load-shedding' });
