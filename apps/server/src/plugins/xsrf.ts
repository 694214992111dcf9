// XSRF double-submit (decision 0009): every /api answer sets the XSRF-TOKEN cookie when missing; writes must echo it in X-XSRF-TOKEN.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_TOKEN_MARKER,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  XSRF_WRITE_METHODS,
} from '@costory/shared';
import { XsrfMismatchError } from '../errors';
import { randomToken, sameSecret } from '../lib/codes';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function xsrfPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const secure = app.config.publicOrigin.startsWith('https:');
  const headerName = XSRF_HEADER_NAME.toLowerCase();

  // onRequest runs before the body is read, so a refused write costs nothing and changes nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const cookie = request.cookies[XSRF_COOKIE_NAME];
    if (!cookie) {
      // Readable by the SPA's script (that is the point), SameSite=Strict so no other site's
      // request carries it.
      reply.setCookie(XSRF_COOKIE_NAME, randomToken(), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure,
      });
    }
    if (!XSRF_WRITE_METHODS.has(request.method)) return;
    // A personal API token (decision 0044) is sent by scripts such as curl, which have no cookie;
    // a browser never adds an Authorization header to another site's request on its own, so a
    // request carrying one cannot be forged across sites. A wrong token is refused by authentication.
    if (request.headers.authorization?.startsWith(`Bearer ${API_TOKEN_MARKER}`) === true) return;
    const header = request.headers[headerName];
    if (!cookie || typeof header !== 'string' || !sameSecret(header, cookie)) {
      throw new XsrfMismatchError();
    }
  });
  done();
}

export default fp(xsrfPlugin, { name: 'costory-xsrf', dependencies: ['@fastify/cookie'] });
