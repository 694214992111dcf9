// Serves the built SPA outside /api: files from WEB_DIST_DIR, and index.html for client-side routes.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors';

export interface SpaOptions {
  webDistDir: string;
}

// Vite puts content-hashed files under /assets: a new build means new names, so they may be
// cached for a year. index.html names the current assets and must be revalidated every time.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Paths owned by the server, never the SPA: the API, the sign-in service (its routes answer under
 * /auth/; what reaches this handler is /auth itself, or anything there with an external issuer),
 * and the dev pages (/dev/mailbox, absent in production).
 */
const SERVER_PREFIXES = ['/api', '/auth', '/dev'];

function hasPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

const NOT_BUILT_TEXT = [
  'Costory: the web app has not been built yet.',
  '',
  'Run `npm run build` in the repository root, then restart the server.',
  'The API is available meanwhile under /api (documentation at /api/docs).',
  '',
].join('\n');

async function spaPlugin(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const indexFile = join(options.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      index: 'index.html',
      // The build writes .br and .gz copies (apps/web/build/precompress-plugin.ts): sent as they
      // are to a browser that accepts them, never compressed again per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const inAssets = relative(options.webDistDir, filePath).startsWith(`assets${sep}`);
        res.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
        // The same address answers brotli, gzip or plain bytes: a shared cache must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn(
      { webDistDir: options.webDistDir },
      'web app not built: pages answer 503 until `npm run build`',
    );
  }

  // The app's only not-found handler, so that it can tell API misses from client-side routes.
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a stale tab asking for an old build's chunk: answering index.html
    // would make the browser parse HTML as JavaScript, so it gets a real 404 instead.
    if (
      !isPage ||
      SERVER_PREFIXES.some((prefix) => hasPrefix(url, prefix)) ||
      hasPrefix(url, '/assets')
    ) {
      throw new NotFoundError();
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_TEXT);
    }
    return reply.code(200).header('cache-control', REVALIDATE).sendFile('index.html');
  });
}

export default fp(spaPlugin, { name: 'costory-spa' });
