// The signed-in session kept in session storage (spec section 3), readable by React as a store.
import { useSyncExternalStore } from 'react';
import { IS_LOGGED_TRUE, SESSION_KEYS } from '@costory/shared';

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

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The user id from the `sub` claim of a JWT, or null when the token is no JWT or its subject is
 * not a positive integer. The signature is not checked: the id only picks which page to open,
 * the API decides what the user may see.
 */
export function userIdFromToken(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null || !('sub' in claims)) return null;
    const sub = String(claims.sub);
    return /^[1-9]\d*$/.test(sub) && Number.isSafeInteger(Number(sub)) ? Number(sub) : null;
  } catch {
    return null;
  }
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

/** Removes every key of the spec's session storage list. */
export function clearSession(): void {
  const target = storage();
  for (const name of Object.values(SESSION_KEYS)) target?.removeItem(name);
  notify();
}

export function rememberOriginalPath(path: string): void {
  setSessionValues({ originalPath: path });
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
 * Ends the session. Today it clears the spec's session keys and opens the home page; the sign-in
 * issue extends it with the provider's end-session redirect (spec section 7).
 */
export function logout(navigate: (path: string) => void): void {
  clearSession();
  navigate('/');
}
