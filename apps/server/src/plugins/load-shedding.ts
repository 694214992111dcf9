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

/**
 * How long the slot of a request whose client went away stays taken while its work may still run:
 * its work ends it sooner; this bound only matters for work that never answers.
 */
const ABANDONED_WORK_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends this request's claim on a slot once its answer is made and its connection closed. */
    loadSlot: {
      workDone(): void;
      /** The answer is a long-lived stream (decision 0046): its slot is freed once it is open. */
      release(): void;
    } | null;
  }
}

function loadSheddingPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const limit = app.config.maxRequestsInFlight;
  if (limit === 0) {
    done();
    return;
  }
  let inFlight = 0;
  app.decorateRequest('loadSlot', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!shed(request.url)) return;
    if (inFlight >= limit) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableError({ detail: SERVER_BUSY });
    }
    inFlight += 1;
    // The slot is taken until the request's work has made its answer and the connection is done
    // with it: a client that goes away does not free it while the work goes on, so abandoned
    // requests and their retries cannot pile up past the limit.
    let released = false;
    let answered = false;
    let closed = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    };
    request.loadSlot = {
      workDone() {
        answered = true;
        if (closed) release();
      },
      release,
    };
    reply.raw.once('close', () => {
      closed = true;
      if (answered) release();
      else setTimeout(release, ABANDONED_WORK_MS).unref();
    });
  });
  // Every answer, an error's too, passes onSend once the work behind it is over.
  app.addHook('onSend', (request, _reply, payload, next) => {
    request.loadSlot?.workDone();
    next(null, payload);
  });
  done();
}

export default fp(loadSheddingPlugin, { name: 'costory-load-shedding' });
