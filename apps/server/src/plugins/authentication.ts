// API authentication: `Authorization: Bearer <JWT>` or a personal API token (`Bearer cst_…`, decision 0044) becomes `request.user`; every /api/v1 route needs it unless marked `config: { public: true }`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Me } from '@costory/shared';
import { UnauthorizedError } from '../errors';
import { redactUrl } from '../logger';
import { recordAuditEvent } from '../modules/audit/audit.repository';
import {
  checkApiToken,
  checkApiTokenScope,
  isApiTokenSecret,
  READ_METHODS,
  type ApiTokenUse,
} from '../modules/api-tokens/api-tokens.service';
import { registerUserCache, USER_CHANGES_CHANNEL, UserCache } from '../modules/users/user-cache';
import { findUserByEmail, findUserById, type UserRecord } from '../modules/users/users.repository';

/** The signed-in user of a request. */
export type AuthenticatedUser = Me;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a signed-in user (registration, confirmation, meta). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` (the default for /api/v1 routes); null on public routes. */
    user: AuthenticatedUser | null;
    /** Set when the request is authenticated with a personal API token rather than a sign-in. */
    apiToken: ApiTokenUse | null;
    /** When the request's credential (access or API token) expires, in ms; a live stream ends then. */
    credentialExpiresAtMs: number | null;
  }
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 UNAUTHORIZED unless the request carries a valid access token. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/;

/** The signed-in user of a route that is not public (authentication has run). */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

function authenticatedUser(user: UserRecord): AuthenticatedUser {
  return {
    id: user.id,
    companyId: user.companyId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

function authenticationPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  app.decorateRequest('credentialExpiresAtMs', null);
  // Each request's user is read once per process and kept until it changes (decision 0040).
  const users = new UserCache();
  app.changeNotices.subscribe(USER_CHANGES_CHANNEL, users);
  const unregister = registerUserCache(app.db, users);
  app.addHook('onClose', (_instance, next) => {
    unregister();
    next();
  });

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    // RFC 6750: tell the client which scheme the API expects.
    reply.header('www-authenticate', 'Bearer realm="costory"');
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new UnauthorizedError();
    const bearer = match[1];
    const readUser = (userId: number) =>
      users.read({ id: userId }, () => findUserById(app.db, userId));
    if (isApiTokenSecret(bearer)) {
      // A personal token acts as its user, with exactly their rights; only its scope narrows them.
      const token = await checkApiToken(app.db, bearer, request.log);
      // A token goes with its user (on delete cascade); this covers a user deleted a moment ago.
      const user = await readUser(token.userId);
      if (!user) throw new UnauthorizedError();
      reply.removeHeader('www-authenticate');
      request.user = authenticatedUser(user);
      request.apiToken = { id: token.id, name: token.name, scope: token.scope };
      request.credentialExpiresAtMs = token.expiresAtMs;
      checkApiTokenScope(request.apiToken, request.method);
      return;
    }
    const subject = await app.signIn.verifyAccessToken(bearer);
    const user =
      'userId' in subject
        ? await readUser(subject.userId)
        : await users.read({ email: subject.email }, () => findUserByEmail(app.db, subject.email));
    // A token may outlive its user; and an external issuer may vouch for an address we do not know.
    if (!user) throw new UnauthorizedError();
    // Signing out ends the tokens issued before it: at once in this process, in the others when
    // PostgreSQL's notification reaches them (0027, 0040). Personal API tokens are not sign-ins:
    // they live until they expire or are revoked.
    if (user.tokensValidAfter !== null && subject.issuedAtMs < user.tokensValidAfter.getTime()) {
      throw new UnauthorizedError();
    }
    reply.removeHeader('www-authenticate');
    request.user = authenticatedUser(user);
    request.credentialExpiresAtMs = subject.expiresAtMs;
  });
  done();
}

export default fp(authenticationPlugin, {
  name: 'costory-authentication',
  dependencies: ['costory-db', 'costory-auth', 'costory-change-notices'],
});

/**
 * Makes authentication the default of every route registered in `scope` (the /api/v1 routes):
 * a route opts out with `config: { public: true }`.
 */
export function authenticateByDefault(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public === true) return;
    await scope.authenticate(request, reply);
  });
  // Writes made with a personal API token are recorded, refused ones too (decision 0044). In
  // onSend, so the record exists when the caller has the answer.
  scope.addHook('onSend', async (request, reply) => {
    const token = request.apiToken;
    if (!token || !request.user || READ_METHODS.has(request.method)) return;
    try {
      await recordAuditEvent(scope.db, {
        type: 'api_token_write',
        userId: request.user.id,
        companyId: request.user.companyId,
        ipAddress: request.ip,
        apiTokenId: token.id,
        apiTokenName: token.name,
        method: request.method,
        // The route's path with its secret segments (invitation and access codes) and parameters hidden.
        path: redactUrl(request.url),
        status: reply.statusCode,
      });
    } catch (error) {
      // The write has happened: its answer must still reach the caller.
      request.log.error({ err: error }, 'recording an API token write in the audit log failed');
    }
  });
}
