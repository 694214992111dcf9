// The SPA's side of signing in: the redirect to the sign-in service and the return on /oauth2-redirect.
import { parseLocale } from '@costory/shared';
import {
  createAuthorizeRequest,
  exchangeAuthorizationCode,
  loadAuthConfig,
  redirectUriOf,
  safeReturnPath,
  saveSignInTransaction,
  takeSignInTransaction,
} from '@/lib/oidc';
import { storeTokens, takeOriginalPath } from '@/lib/session';
// The form is the likely next screen: its code loads while the service's round trips run.
import { lazyLoginForm } from '../components/lazy-login-form';

/** The SPA's own pages the built-in service's authorize request can end on. */
const IN_PAGE_ENDS = ['/login', '/oauth2-redirect'];

/**
 * Follows the authorize request of the built-in service (same origin) with `fetch` and returns where
 * it ended: the login form (/login?interaction=…) or, for someone the service already knows,
 * /oauth2-redirect with the code. The app then shows that page without loading itself a second
 * time, which on a phone costs seconds. Null when the browser must go itself: an external service,
 * a failure, or an end that is not one of our pages (the service's own error page).
 */
async function followAuthorizeInPage(url: string, origin: string): Promise<string | null> {
  if (new URL(url).origin !== origin) return null;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    // Only where the redirects ended matters, not the page they ended on.
    void response.body?.cancel();
    const end = new URL(response.url);
    if (end.origin !== origin || !IN_PAGE_ENDS.includes(end.pathname)) return null;
    if (end.pathname === '/login' && !end.searchParams.has('interaction')) return null;
    return `${end.pathname}${end.search}`;
  } catch {
    return null;
  }
}

/** Where signing in goes on: one of the app's pages (`page`), or the sign-in service itself (`leave`). */
export type SignInNext = { readonly page: string } | { readonly leave: string };

/**
 * Starts signing in: the verifier and state are stored, then the built-in service's authorize
 * request is followed in the page (see followAuthorizeInPage); an external service, or an end
 * that is not one of our pages, is for the browser to go to.
 */
async function beginSignIn(locale: string): Promise<SignInNext> {
  const origin = window.location.origin;
  const config = await loadAuthConfig(origin);
  const request = await createAuthorizeRequest(config, {
    origin,
    locale: parseLocale(locale),
  });
  saveSignInTransaction(request.transaction);
  const inPage = config.external ? null : await followAuthorizeInPage(request.url, origin);
  return inPage === null ? { leave: request.url } : { page: inPage };
}

interface SignInStart {
  readonly next: Promise<SignInNext>;
  settled: boolean;
  /** A page has acted, or will act, on it. */
  taken: boolean;
}

let started: SignInStart | null = null;

function newStart(locale: string): SignInStart {
  const start: SignInStart = { next: beginSignIn(locale), settled: false, taken: false };
  const settle = () => {
    start.settled = true;
  };
  start.next.then(settle, settle);
  started = start;
  return start;
}

/**
 * Signs in from /login's route, while its page's code downloads: starts (or keeps the start under
 * way) and loads the login form's code meanwhile. Answers the app's page to show next (the
 * service's login form, or the return with a code), which the route then shows instead of the
 * redirect page; null leaves the start to that page (the service itself, or a failure to show).
 */
export async function signInFromRoute(locale: string): Promise<string | null> {
  const start = started !== null && !started.settled ? started : newStart(locale);
  lazyLoginForm.preload().catch(() => {
    // The form's own Suspense loads it again when shown.
  });
  const next = await start.next.catch(() => null);
  if (next === null || !('page' in next) || start.taken) return null;
  start.taken = true;
  return next.page;
}

/**
 * The sign-in for the page that shows it: the one its route started (even if already settled),
 * one under way for this page (React's strict mode mounts a page twice), else a new one: a page
 * acts on its start as soon as it settles, so a settled one a page took is spent.
 */
export function takeSignIn(locale: string): Promise<SignInNext> {
  const start =
    started !== null && (!started.taken || !started.settled) ? started : newStart(locale);
  start.taken = true;
  return start.next;
}

/** Why the return from the sign-in service was not a sign-in. */
export type SignInFailure =
  | { reason: 'provider'; error: string }
  | { reason: 'cancelled' }
  | { reason: 'state' }
  | { reason: 'exchange' };

export class SignInError extends Error {
  readonly failure: SignInFailure;

  constructor(failure: SignInFailure) {
    super(`Sign-in failed: ${failure.reason}`);
    this.name = 'SignInError';
    this.failure = failure;
  }
}

// Returning to these would start another sign-in instead of showing a page.
const SIGN_IN_PAGES = ['/login', '/oauth2-redirect'];

function isSignInPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return SIGN_IN_PAGES.includes(pathname.toLowerCase());
}

/**
 * Completes the sign-in from the query of /oauth2-redirect: checks the state, exchanges the code
 * with the PKCE verifier, stores the session and returns where to go (the remembered path when it
 * is one of ours, else "/").
 */
export async function completeSignIn(params: URLSearchParams): Promise<string> {
  // Taken first, so that a state and verifier serve one answer only, whatever it says.
  const transaction = takeSignInTransaction();
  const error = params.get('error');
  if (error !== null) {
    throw new SignInError(
      error === 'access_denied' ? { reason: 'cancelled' } : { reason: 'provider', error },
    );
  }
  const code = params.get('code');
  const state = params.get('state');
  if (!transaction || !code || state !== transaction.state) {
    throw new SignInError({ reason: 'state' });
  }
  const origin = window.location.origin;
  const config = await loadAuthConfig(origin);
  try {
    storeTokens(
      await exchangeAuthorizationCode(config, {
        code,
        codeVerifier: transaction.codeVerifier,
        redirectUri: redirectUriOf(origin),
      }),
    );
  } catch {
    throw new SignInError({ reason: 'exchange' });
  }
  const target = safeReturnPath(takeOriginalPath(), origin);
  return target === null || isSignInPage(target) ? '/' : target;
}
