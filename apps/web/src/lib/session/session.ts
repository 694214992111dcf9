// The signed-in session kept in session storage (spec section 3), readable by React as a store; sign-in results and logout.
import { useSyncExternalStore } from 'react';
import { IS_LOGGED_TRUE, SESSION_KEYS } from '@costory/shared/constants';
import { leavePage } from '../browser-location';
import { currentLocale } from '@/i18n';
import {
  buildEndSessionUrl,
  loadAuthConfig,
  numericSubject,
  tokenExpiresAt,
  usernameFromTokens,
  type TokenSet,
} from '../oidc';

export type SessionKey = keyof typeof SESSION_KEYS;

export interface Session {
  isLogged: boolean;
  username: string | null;
  accessToken: string | null;
  /** The `sub` claim of the access token when it is a JWT with a numeric subject. */
  userId: number | null;
}

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: SessionKey): string | null {
  return storage()?.getItem(SESSION_KEYS[key]) ?? null;
}

/**
 * The user id from the `sub` claim of a JWT, or null when the token is no JWT or its subject is
 * not a positive integer. The signature is not checked: the id only picks which page to open,
 * the API decides what the user may see.
 */
export function userIdFromToken(token: string | null): number | null {
  return numericSubject(token);
}

let cachedKey = '';
let cachedSession: Session | null = null;

/** The current session; the same object is returned until something changes. */
export function getSession(): Session {
  const isLogged = read('isLogged') === IS_LOGGED_TRUE;
  const username = read('username');
  const accessToken = read('accessToken');
  const key = JSON.stringify([isLogged, username, accessToken]);
  if (cachedSession === null || key !== cachedKey) {
    cachedKey = key;
    cachedSession = { isLogged, username, accessToken, userId: userIdFromToken(accessToken) };
  }
  return cachedSession;
}

/** How long before expiry the keeper renews the access token, so no request meets an expired one. */
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;

/**
 * Signed in with an access token the keeper will not renew before the next minute is out: a call
 * made now, before the app (and with it the keeper's renewal on a 401) runs, is answered.
 */
export function hasFreshAccessToken(now: number = Date.now()): boolean {
  const { isLogged, accessToken } = getSession();
  const expiresAt = isLogged ? tokenExpiresAt(accessToken) : null;
  return expiresAt !== null && expiresAt - now > REFRESH_BEFORE_EXPIRY_MS;
}

/** Signed in only when `isLogged` is exactly "true" (spec section 4). */
export function isLoggedIn(): boolean {
  return getSession().isLogged;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Writes session keys (null removes one) and tells every component that reads the session. */
export function setSessionValues(values: Partial<Record<SessionKey, string | null>>): void {
  const target = storage();
  if (!target) return;
  for (const [key, value] of Object.entries(values) as [SessionKey, string | null][]) {
    if (value === null) target.removeItem(SESSION_KEYS[key]);
    else target.setItem(SESSION_KEYS[key], value);
  }
  notify();
}

/**
 * Our own key beside the spec's list: the ID token, kept only to name the session to end at
 * logout (`id_token_hint`).
 */
const ID_TOKEN_KEY = 'costory.idToken';

/** Removes every key of the spec's session storage list (and the ID token kept beside it). */
export function clearSession(): void {
  const target = storage();
  for (const name of Object.values(SESSION_KEYS)) target?.removeItem(name);
  target?.removeItem(ID_TOKEN_KEY);
  notify();
}

/** The refresh token of the current session, if any. */
export function getRefreshToken(): string | null {
  return read('refreshToken');
}

/**
 * Starts or renews the session from the token endpoint's answer: the spec's keys, with the name
 * for the header taken from the tokens at once. A renewal without a new refresh token or ID token
 * keeps the previous ones.
 */
export function storeTokens(tokens: TokenSet): void {
  const idToken = tokens.idToken ?? storage()?.getItem(ID_TOKEN_KEY) ?? null;
  if (tokens.idToken) storage()?.setItem(ID_TOKEN_KEY, tokens.idToken);
  setSessionValues({
    accessToken: tokens.accessToken,
    tokenType: tokens.tokenType,
    ...(tokens.refreshToken === undefined ? {} : { refreshToken: tokens.refreshToken }),
    username: usernameFromTokens(idToken, tokens.accessToken) ?? read('username'),
    isLogged: IS_LOGGED_TRUE,
  });
}

export function rememberOriginalPath(path: string): void {
  setSessionValues({ originalPath: path });
}

/** Reads and forgets the path the guard remembered (it is used once, after sign-in). */
export function takeOriginalPath(): string | null {
  const path = read('originalPath');
  setSessionValues({ originalPath: null });
  return path;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * Ends the session (spec section 7): clears the session keys, then leaves for the sign-in
 * service's end-session page, which returns to the app root. The address is worked out before
 * anything is cleared, so nothing (e.g. the guard's sign-in redirect) can start in between.
 */
export async function logout(): Promise<void> {
  const origin = window.location.origin;
  const idToken = storage()?.getItem(ID_TOKEN_KEY) ?? null;
  const config = await loadAuthConfig(origin);
  const url = buildEndSessionUrl(config, { origin, idToken, locale: currentLocale() });
  clearSession();
  leavePage(url);
}
