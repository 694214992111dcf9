// The built-in OpenID Connect provider (decision 0009): one first-party public client, PKCE S256, JWT access tokens for the API, state in the database.
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  errors,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import {
  OIDC_API_SCOPES,
  OIDC_CLIENT_ID,
  OIDC_COMPANY_CODE,
  parseLocale,
  type Locale,
} from '@costory/shared';
import type { Db } from '../../db/database';
import { localeFromAcceptLanguage } from '../../plugins/errors/request-locale';
import { endAccessTokensOf, findUserById, type UserRecord } from '../users/users.repository';
import { ISSUED_AT_MS_CLAIM } from './access-tokens';
import { logoutPage, signedOutPage, signingOutPage, signInErrorPage } from './auth-pages';
import { createDatabaseAdapter } from './oidc-adapter';
import type { OidcKeys } from './oidc-keys';
import { recordSignOut } from './sign-in.service';

/** Where the provider is mounted in the server. */
export const AUTH_MOUNT_PATH = '/auth';
/** Lifetime of an API access token (decision 0009). */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

/** The OpenID scopes (the API scopes go to the resource server, not the ID token). */
const OPENID_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** Endpoint paths below the mount path; the SPA reads the full URLs from /api/v1/meta. */
export const AUTH_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  jwks: '/jwks',
  endSession: '/session/end',
  revocation: '/token/revocation',
} as const;

export function issuerOf(publicOrigin: string): string {
  return `${publicOrigin}${AUTH_MOUNT_PATH}`;
}

/** The resource indicator and audience of API access tokens. */
export function apiAudienceOf(publicOrigin: string): string {
  return `${publicOrigin}/api`;
}

export interface OidcProviderOptions {
  db: Db;
  publicOrigin: string;
  keys: OidcKeys;
  logger: FastifyBaseLogger;
}

/** The claims of the OpenID scopes; `sub` is the user id as a string. */
export function accountClaims(user: UserRecord): Record<string, unknown> & { sub: string } {
  return {
    sub: String(user.id),
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    company_id: user.companyId,
  };
}

async function findAccountUser(db: Db, accountId: string): Promise<UserRecord | undefined> {
  if (!/^\d{1,10}$/.test(accountId)) return undefined;
  return findUserById(db, Number(accountId));
}

/** The page language: the request's ui_locales when it names en or cs, else Accept-Language. */
function pageLocale(ctx: KoaContextWithOIDC): Locale {
  const requested = ctx.oidc?.params?.ui_locales;
  if (typeof requested === 'string') {
    const match = requested
      .split(' ')
      .map((tag) => tag.toLowerCase().split('-')[0])
      .find((language) => language === 'en' || language === 'cs');
    if (match !== undefined) return parseLocale(match);
  }
  return localeFromAcceptLanguage(ctx.get('accept-language') || undefined);
}

/**
 * Implicit consent for the first-party client: the grant it needs is created (or extended to what
 * this request asks) instead of asking the user. Other clients would get the provider's default.
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  if (!client || !session) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (client.clientId !== OIDC_CLIENT_ID || !session.accountId) return existing;

  const grant =
    existing ??
    new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const requested = [...oidc.requestParamScopes];
  const openidScopes = requested.filter((scope) =>
    (OPENID_SCOPES as readonly string[]).includes(scope),
  );
  if (openidScopes.length > 0) grant.addOIDCScope(openidScopes.join(' '));
  const apiScopes = requested.filter((scope) =>
    (OIDC_API_SCOPES as readonly string[]).includes(scope),
  );
  for (const resource of Object.keys(oidc.resourceServers ?? {})) {
    if (apiScopes.length > 0) grant.addResourceScope(resource, apiScopes.join(' '));
  }
  await grant.save();
  return grant;
}

export function createOidcProvider(options: OidcProviderOptions): Provider {
  const { db, publicOrigin, keys, logger } = options;
  const issuer = issuerOf(publicOrigin);
  const apiAudience = apiAudienceOf(publicOrigin);
  const appUrl = `${publicOrigin}/`;
  const secure = publicOrigin.startsWith('https:');
  const cookieOptions = { signed: true, httpOnly: true, sameSite: 'lax', secure } as const;

  const configuration: Configuration = {
    adapter: createDatabaseAdapter(db),
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_name: 'Costory',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicOrigin}/oauth2-redirect`],
        post_logout_redirect_uris: [appUrl],
      },
    ],
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      long: cookieOptions,
      short: cookieOptions,
      names: {
        session: 'costory_session',
        interaction: 'costory_interaction',
        resume: 'costory_resume',
        state: 'costory_state',
      },
    },
    routes: {
      authorization: AUTH_ROUTES.authorization,
      token: AUTH_ROUTES.token,
      jwks: AUTH_ROUTES.jwks,
      end_session: AUTH_ROUTES.endSession,
      revocation: AUTH_ROUTES.revocation,
    },
    scopes: [...OPENID_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'company_id'],
    },
    // The SPA shows the user's name from the ID token at once; it needs no userinfo call.
    conformIdTokenClaims: false,
    extraParams: {
      // The spec's authorize request carries these; new_user_uri is shown as "Register a company".
      new_user_uri(_ctx, value) {
        if (value !== undefined && !value.startsWith(`${publicOrigin}/`)) {
          throw new errors.InvalidRequest('new_user_uri must be a page of this application');
        }
      },
      company_code(_ctx, value) {
        if (value !== undefined && value !== OIDC_COMPANY_CODE) {
          throw new errors.InvalidRequest('company_code is not known');
        }
      },
    },
    pkce: { methods: ['S256'], required: () => true },
    // Authorization code only: no implicit or hybrid flows.
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      // Nothing here uses pushed authorization requests; fewer endpoints, less to defend.
      pushedAuthorizationRequests: { enabled: false },
      // Access tokens are for the API only; the SPA reads the user from the ID token or /api/v1/me.
      userinfo: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== apiAudience) throw new errors.InvalidTarget();
          return {
            scope: OIDC_API_SCOPES.join(' '),
            audience: apiAudience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          // The provider has checked the hint: a sign-out the app asked for with the user's own ID
          // token goes ahead; any other (a link from elsewhere) asks first.
          const fromApp = typeof ctx.oidc.params?.id_token_hint === 'string';
          ctx.body = (fromApp ? signingOutPage : logoutPage)(pageLocale(ctx), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(pageLocale(ctx), appUrl);
        },
      },
    },
    // The e-mail travels in the access token so that an API trusting an external issuer (which
    // cannot know our user ids) can match users by verified address (decision 0010).
    // The issue time in milliseconds lets the API refuse tokens older than a sign-out (0027).
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await findAccountUser(db, accountId) : undefined;
      return user
        ? {
            email: user.email,
            email_verified: user.emailVerifiedAt !== null,
            [ISSUED_AT_MS_CLAIM]: Date.now(),
          }
        : undefined;
    },
    findAccount: async (_ctx, sub) => {
      const user = await findAccountUser(db, sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => accountClaims(user) };
    },
    loadExistingGrant: loadFirstPartyGrant,
    // offline_access is dropped unless prompt=consent (OpenID Connect Core); the first-party SPA
    // gets its rotating refresh token anyway, as decision 0009 promises.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === OIDC_CLIENT_ID && client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: {
      url: (_ctx, interaction) => `${AUTH_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = signInErrorPage(pageLocale(ctx), appUrl, {
        code: out.error,
        description: out.error_description,
      });
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      // A rotated token keeps what its predecessor had left, so rotation never extends a sign-in.
      RefreshToken: (ctx) =>
        ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL_SECONDS,
    },
  };

  const provider = new Provider(issuer, configuration);
  // The server hands every request to the provider with Host and X-Forwarded-* rewritten to
  // PUBLIC_ORIGIN (see auth.plugin.ts), so the provider may trust them.
  provider.proxy = true;

  // Every sign-out at the end-session endpoint goes to the audit log and ends the user's access
  // tokens; so does revoking one of the user's tokens (decision 0027).
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (oidc?.route === 'revocation') {
      const revoked = oidc.entities.RefreshToken ?? oidc.entities.AccessToken;
      const user = revoked ? await findAccountUser(db, revoked.accountId) : undefined;
      if (user) await endAccessTokensOf(db, user.id);
      return;
    }
    if (oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
    // Without a provider session (already signed out) there is nobody to record.
    const accountId = oidc.session?.accountId;
    if (!accountId) return;
    await recordSignOut(db, await findAccountUser(db, accountId), { ipAddress: ctx.ip });
  });

  provider.on('server_error', (_ctx, error) =>
    logger.error({ err: error }, 'sign-in service error'),
  );
  // Without a listener Koa prints errors to stderr; the log is where they belong.
  provider.app.on('error', (error) => logger.error({ err: error }, 'sign-in service error'));
  return provider;
}
