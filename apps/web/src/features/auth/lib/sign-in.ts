// The SPA's side of signing in: the redirect to the sign-in service and the return on /oauth2-redirect.
import { parseLocale } from '@costory/shared';
import { isLeavingPage, leavePage } from '@/lib/browser-location';
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

/**
 * Sends the browser to the sign-in service. The verifier and state are stored only when the
 * redirect really happens: `isCurrent` turns false when the page that asked is gone (React's
 * strict mode mounts it twice), and a page already on its way elsewhere starts nothing.
 */
export async function startSignIn(
  locale: string,
  isCurrent: () => boolean = () => true,
): Promise<void> {
  const origin = window.location.origin;
  const config = await loadAuthConfig(origin);
  const request = await createAuthorizeRequest(config, {
    origin,
    locale: parseLocale(locale),
  });
  if (!isCurrent() || isLeavingPage()) return;
  saveSignInTransaction(request.transaction);
  leavePage(request.url);
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
