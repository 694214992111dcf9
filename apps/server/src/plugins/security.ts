// Security headers (helmet, with a CSP the Vite-built React + MUI SPA passes), cookie parsing and the rate limiter with its counters in the database.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../errors';
import { databaseRateLimitStore, deleteEndedRateLimits } from './rate-limit-store';

/** Ended rate-limit counters are removed every 10 minutes, an hour after their window. */
const RATE_LIMIT_CLEANUP_MS = 10 * 60_000;
const RATE_LIMIT_KEEP_MS = 60 * 60_000;

/** The content security policy of every answer; Swagger UI derives its own from it (plugins/docs). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI (emotion) injects <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/** The same policy as a header value. */
export function cspHeaderValue(
  directives: Record<string, readonly string[]> = CSP_DIRECTIVES,
): string {
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs on a LAN.
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
      ),
    },
    // The legacy twin of frame-ancestors 'none', for browsers that ignore CSP.
    frameguard: { action: 'deny' },
    // Strict-Transport-Security over plain http would tell browsers to insist on an https that a
    // LAN install does not have; it is sent only when users reach the app over https.
    strictTransportSecurity: app.config.publicOrigin.startsWith('https://'),
  });
  // Cookies are read and set by the XSRF double-submit (plugins/xsrf.ts); nothing is signed with them.
  await app.register(cookie);
  // Off by default: routes that need it (access codes, catalog invitations) opt in with
  // `config.rateLimit`. The counters are in the database, so every server process counts them.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(() => app.db),
    errorResponseBuilder: () => new RateLimitedError(),
  });
  let cleanup: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    cleanup = setInterval(() => {
      deleteEndedRateLimits(app.db, RATE_LIMIT_KEEP_MS).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not delete ended rate-limit counters'),
      );
    }, RATE_LIMIT_CLEANUP_MS);
    cleanup.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(cleanup);
    return Promise.resolve();
  });
}

export default fp(securityPlugin, { name: 'costory-security' });
