// Sign-in for the app: mounts the built-in provider at /auth (or trusts OIDC_ISSUER), and offers access-token verification and the SPA's sign-in settings.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { OIDC_CLIENT_ID, OIDC_COMPANY_CODE, OIDC_SCOPES, type AuthConfig } from '@costory/shared';
import {
  createExternalVerifier,
  createLocalVerifier,
  ExternalIssuer,
  type AccessTokenVerifier,
} from './access-tokens';
import { interactionRoutes } from './interaction.routes';
import { deleteExpiredPayloads } from './oidc.repository';
import { deleteStaleDevices } from './sign-in-devices.repository';
import { KNOWN_DEVICE_SECONDS } from './sign-in.service';
import { loadOidcKeys } from './oidc-keys';
import {
  apiAudienceOf,
  AUTH_MOUNT_PATH,
  AUTH_ROUTES,
  createOidcProvider,
  issuerOf,
} from './oidc-provider';
import { SIGN_OUT_SCRIPT, SIGN_OUT_SCRIPT_PATH } from './auth-pages';

export interface SignIn {
  /** The built-in provider; undefined when OIDC_ISSUER names an external one. */
  provider: Provider | undefined;
  /** Checks a Bearer token; throws 401 UNAUTHORIZED (or 503 when the issuer is unreachable). */
  verifyAccessToken: AccessTokenVerifier;
  /** Where and how the SPA signs in (GET /api/v1/meta). */
  authConfig(): Promise<AuthConfig>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signIn: SignIn;
  }
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The provider builds its URLs and cookie flags from the request, so every request reaches it as
 * if addressed to PUBLIC_ORIGIN: Host and X-Forwarded-Proto from the configuration, the client
 * address as Fastify determined it (TRUST_PROXY), and the /auth prefix moved to originalUrl, which
 * is how the provider learns where it is mounted.
 */
function asProviderRequest(request: FastifyRequest, origin: URL): IncomingMessage {
  const raw = request.raw;
  raw.headers.host = origin.host;
  raw.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  raw.headers['x-forwarded-for'] = request.ip;
  delete raw.headers['x-forwarded-host'];
  delete raw.headers.forwarded;
  const url = raw.url ?? '/';
  Object.assign(raw, { originalUrl: url, url: url.slice(AUTH_MOUNT_PATH.length) || '/' });
  return raw;
}

/** Headers Fastify has prepared (request id; helmet writes its own to the raw response already). */
function copyPreparedHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const origin = new URL(app.config.publicOrigin);
  const handle = provider.callback();
  // Its own scope, whose only body "parser" leaves the stream unread: the provider reads bodies
  // (form posts to the token and end-session endpoints) itself.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    scope.all(`${AUTH_MOUNT_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      copyPreparedHeaders(reply);
      reply.hijack();
      await handle(asProviderRequest(request, origin), reply.raw);
    });
    done();
  });
  await app.register(interactionRoutes, { provider });
  app.get(SIGN_OUT_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SIGN_OUT_SCRIPT),
  );
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const apiAudience = apiAudienceOf(config.publicOrigin);

  if (config.oidcIssuer !== undefined) {
    const external = new ExternalIssuer(config.oidcIssuer);
    app.decorate<SignIn>('signIn', {
      provider: undefined,
      verifyAccessToken: createExternalVerifier({
        issuer: external,
        clientId: config.oidcClientId,
        audience: apiAudience,
      }),
      async authConfig() {
        const document = await external.document();
        return {
          issuer: document.issuer,
          authorizationEndpoint: document.authorization_endpoint,
          tokenEndpoint: document.token_endpoint,
          endSessionEndpoint: document.end_session_endpoint ?? '',
          clientId: config.oidcClientId,
          companyCode: OIDC_COMPANY_CODE,
          scopes: [...OIDC_SCOPES],
          external: true,
        };
      },
    });
    return;
  }

  const keys = await loadOidcKeys(app.db);
  const provider = createOidcProvider({
    db: app.db,
    publicOrigin: config.publicOrigin,
    keys,
    logger: app.log,
  });
  const issuer = issuerOf(config.publicOrigin);
  const localConfig: AuthConfig = {
    issuer,
    authorizationEndpoint: `${issuer}${AUTH_ROUTES.authorization}`,
    tokenEndpoint: `${issuer}${AUTH_ROUTES.token}`,
    endSessionEndpoint: `${issuer}${AUTH_ROUTES.endSession}`,
    clientId: OIDC_CLIENT_ID,
    companyCode: OIDC_COMPANY_CODE,
    scopes: [...OIDC_SCOPES],
    external: false,
  };
  app.decorate<SignIn>('signIn', {
    provider,
    verifyAccessToken: createLocalVerifier({
      issuer,
      audience: apiAudience,
      keys: keys.verification,
    }),
    authConfig: () => Promise.resolve(localConfig),
  });
  await mountProvider(app, provider);

  // Expired rows are already ignored; removing them now and then keeps the tables small.
  let cleanup: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    cleanup = setInterval(() => {
      Promise.all([
        deleteExpiredPayloads(app.db),
        deleteStaleDevices(app.db, KNOWN_DEVICE_SECONDS),
      ]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not delete expired sign-in records'),
      );
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(cleanup);
    return Promise.resolve();
  });
}

export default fp(authPlugin, { name: 'costory-auth', dependencies: ['costory-db'] });
