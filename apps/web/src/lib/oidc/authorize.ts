// The authorize request of the spec (section 7) plus PKCE, state and ui_locales, and the verifier and state kept until the answer.
import type { AuthConfig } from '@costory/shared';
import { createCodeChallenge, randomUrlSafeString } from './pkce';

/** Where the sign-in service sends the browser back (must match its client registration). */
export function redirectUriOf(origin: string): string {
  return `${origin}/oauth2-redirect`;
}

/** The spec's `new_user_uri`: the registration page. */
export function newUserUriOf(origin: string): string {
  return `${origin}/registration`;
}

export interface AuthorizeUrlInput {
  origin: string;
  codeChallenge: string;
  state: string;
  locale: string;
}

/**
 * The authorize URL: the spec's parameters exactly (client_id, scope space-separated,
 * response_type=code, new_user_uri, company_code, redirect_uri), then code_challenge with
 * code_challenge_method=S256, state and ui_locales.
 */
export function buildAuthorizeUrl(config: AuthConfig, input: AuthorizeUrlInput): string {
  const url = new URL(config.authorizationEndpoint, input.origin);
  const params = new URLSearchParams({
    client_id: config.clientId,
    scope: config.scopes.join(' '),
    response_type: 'code',
    new_user_uri: newUserUriOf(input.origin),
    company_code: config.companyCode,
    redirect_uri: redirectUriOf(input.origin),
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    state: input.state,
    ui_locales: input.locale,
  });
  // The endpoint never carries a query of its own in practice; one it had would be kept.
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.toString();
}

/** What waits in session storage between the authorize redirect and /oauth2-redirect. */
export interface SignInTransaction {
  state: string;
  codeVerifier: string;
}

// Our own keys, next to (not among) the spec's list; removed as soon as the answer is read.
const STATE_KEY = 'costory.signIn.state';
const VERIFIER_KEY = 'costory.signIn.codeVerifier';

export interface AuthorizeRequest {
  url: string;
  transaction: SignInTransaction;
}

/** A fresh verifier and state and the URL that carries their challenge; nothing is stored yet. */
export async function createAuthorizeRequest(
  config: AuthConfig,
  { origin, locale }: { origin: string; locale: string },
): Promise<AuthorizeRequest> {
  const transaction = { state: randomUrlSafeString(16), codeVerifier: randomUrlSafeString(32) };
  const codeChallenge = await createCodeChallenge(transaction.codeVerifier);
  return {
    url: buildAuthorizeUrl(config, { origin, codeChallenge, state: transaction.state, locale }),
    transaction,
  };
}

export function saveSignInTransaction(transaction: SignInTransaction): void {
  window.sessionStorage.setItem(STATE_KEY, transaction.state);
  window.sessionStorage.setItem(VERIFIER_KEY, transaction.codeVerifier);
}

/** Reads and removes the waiting transaction: a state and verifier are good for one answer. */
export function takeSignInTransaction(): SignInTransaction | null {
  const state = window.sessionStorage.getItem(STATE_KEY);
  const codeVerifier = window.sessionStorage.getItem(VERIFIER_KEY);
  window.sessionStorage.removeItem(STATE_KEY);
  window.sessionStorage.removeItem(VERIFIER_KEY);
  return state && codeVerifier ? { state, codeVerifier } : null;
}
