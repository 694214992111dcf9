// The app's one error handler: every failure becomes application/problem+json in the caller's language.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE } from '@costory/shared';
import { RateLimitedError } from '../../errors';
import { buildProblem, classify, type LocalizedFieldLabels } from './problem';
import { localeFromAcceptLanguage } from './request-locale';

export { localeFromAcceptLanguage } from './request-locale';
export { localizeFieldIssues, localizeRuleFailure } from './localize-issues';
export type { LocalizedFieldLabels } from './problem';

/** The request path without its query string, which may carry codes that must not be echoed. */
function instanceOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route's field errors name the fields, per language (default: the field's key). */
    fieldLabels?: LocalizedFieldLabels;
  }
}

/** Answers `error` as problem+json in the caller's language, logging what was ours to fix. */
export function replyWithProblem(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const classified = classify(error, request.routeOptions.config?.fieldLabels);
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  const problem = buildProblem(classified, locale, instanceOf(request));
  if (classified.internal) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: problem.code, status: problem.status }, 'request refused');
  }
  if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (problem.status === 503 && !reply.hasHeader('retry-after')) {
    // A database restart or a full queue passes within seconds.
    reply.header('retry-after', '5');
  }
  // Sent as a string so that no route's response schema gets in the way of the error body.
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

function errorsPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.setErrorHandler((error, request, reply) => replyWithProblem(error, request, reply));
  done();
}

export default fp(errorsPlugin, { name: 'costory-errors' });
