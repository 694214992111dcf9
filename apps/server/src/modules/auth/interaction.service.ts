// Rules of the provider's interactions: find the one the browser is in, finish it with a sign-in, or consent for the first-party client.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as oidcErrors } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { OIDC_CLIENT_ID, type InteractionDetails, type Login } from '@costory/shared';
import type { NodeEnv } from '../../config';
import type { Db } from '../../db/database';
import { NotFoundError } from '../../errors';
import { getDemoLogin } from '../meta/meta.service';
import { AUTH_MOUNT_PATH } from './oidc-provider';
import { KNOWN_DEVICE_SECONDS, signInWithPassword } from './sign-in.service';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The interaction named by the browser's interaction cookie, when it is the one in the URL and
 * has not expired; undefined otherwise.
 */
export async function findInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
): Promise<Interaction | undefined> {
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (error instanceof oidcErrors.SessionNotFound) return undefined;
    throw error;
  }
  return interaction.uid === uid ? interaction : undefined;
}

/** Like findInteraction, but a missing one is 404: the SPA then starts signing in afresh. */
export async function loadInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
): Promise<Interaction> {
  const interaction = await findInteraction(provider, request, reply, uid);
  if (!interaction) throw new NotFoundError();
  return interaction;
}

function stringParam(interaction: Interaction, name: string): string | undefined {
  const value = interaction.params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function interactionDetails(
  db: Db,
  interaction: Interaction,
  nodeEnv: NodeEnv,
): Promise<InteractionDetails> {
  const demo = await getDemoLogin(db, nodeEnv);
  const details: InteractionDetails = {
    uid: interaction.uid,
    prompt: interaction.prompt.name,
    uiLocales: stringParam(interaction, 'ui_locales')?.split(' ').filter(Boolean) ?? [],
    demo: demo.demo,
  };
  const loginHint = stringParam(interaction, 'login_hint');
  if (loginHint !== undefined) details.loginHint = loginHint;
  const newUserUri = stringParam(interaction, 'new_user_uri');
  if (newUserUri !== undefined) details.newUserUri = newUserUri;
  if (demo.demoUser) details.demoUser = demo.demoUser;
  return details;
}

/** The known-device cookie (decision 0027): sent only to the login form's endpoints. */
const DEVICE_COOKIE = 'costory_device';

/**
 * Checks the e-mail and password and finishes the login prompt; returns where the browser goes
 * next. The browser is remembered as a device known to the account.
 */
export async function finishLogin(
  db: Db,
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  login: Login,
  publicOrigin: string,
): Promise<string> {
  const { user, deviceToken } = await signInWithPassword(db, login, {
    ipAddress: request.ip,
    deviceToken: request.cookies[DEVICE_COOKIE],
  });
  reply.setCookie(DEVICE_COOKIE, deviceToken, {
    path: `${AUTH_MOUNT_PATH}/interaction`,
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOrigin.startsWith('https:'),
    maxAge: KNOWN_DEVICE_SECONDS,
  });
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { login: { accountId: String(user.id) } },
    { mergeWithLastSubmission: false },
  );
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/**
 * The first-party client needs no consent screen: grant what the provider found missing and
 * return to it. (Normally the grant exists already; this covers an explicit prompt=consent.)
 */
export async function grantConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<string> {
  const clientId = stringParam(interaction, 'client_id');
  const accountId = interaction.session?.accountId;
  if (clientId !== OIDC_CLIENT_ID || accountId === undefined) throw new NotFoundError();
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details;
  const scopes = asStrings(details.missingOIDCScope);
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const claims = asStrings(details.missingOIDCClaims);
  if (claims.length > 0) grant.addOIDCClaims(claims);
  const resourceScopes = details.missingResourceScopes;
  if (typeof resourceScopes === 'object' && resourceScopes !== null) {
    for (const [resource, scope] of Object.entries(resourceScopes)) {
      const list = asStrings(scope);
      if (list.length > 0) grant.addResourceScope(resource, list.join(' '));
    }
  }
  const grantId = await grant.save();
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
